#include "app/sim/salessimulator.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QUuid>

#include "app/sim/salesrequests.h"

struct SalesSimulator::Journey {
    SalesOrder order; // scope, key, order number, amount: what the client's requests say (salesrequests.h)
    enum class Fate { Normal, Declined, ServerError, Slow, LostFinalisation } fate = Fate::Normal;
    std::atomic<bool> serverErrorUsed{false};
};

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

SalesSimulator::SalesSimulator(Store &store, OrderTable &orders, SimulatorConfig config)
    : m_store(store)
    , m_orders(orders)
    , m_config(config)
    , m_guard(store)
    , m_random(config.seed ? config.seed : QRandomGenerator::system()->generate())
{
    m_pool.setMaxThreadCount(qMax(2, config.workerThreads));
}

SalesSimulator::~SalesSimulator()
{
    stop();
}

quint32 SalesSimulator::random(quint32 bound)
{
    std::lock_guard lock(m_randomMutex);
    return m_random.bounded(bound);
}

Result<void> SalesSimulator::start()
{
    if (m_running.exchange(true))
        return {};
    if (Result<void> created = m_orders.create(); !created) {
        m_running = false;
        return created;
    }
    m_nextOrder = nowMs() % 100000000 * 100;

    // Records left stuck before the console was opened (the Java article's
    // lost finalisations): some orders were paid, some are pending, some were
    // never written. Their attempts started 11–40 minutes ago. A restarted
    // demo continues its store: only what its backlog lacks is added, counted
    // in every state (an operator's fix is not undone by a restart), so
    // restarts do not pile it up.
    RecordQuery leftOver;
    leftOver.state.reset();
    leftOver.keyPrefix = QStringLiteral("backlog-");
    const Result<qint64> existing = m_store.countRecords(leftOver);
    const int missing = qMax(0, m_config.backlogStuck - int(qMin<qint64>(existing.value_or(0), m_config.backlogStuck)));
    for (int i = 0; i < missing; ++i) {
        auto journey = std::make_shared<Journey>();
        SalesOrder &order = journey->order;
        order.scope = i % 3 == 0 ? QStringLiteral("order") : QStringLiteral("payment");
        order.orderNo = QStringLiteral("SO%1").arg(m_nextOrder.fetch_add(1));
        order.key = QStringLiteral("backlog-") + order.orderNo;
        order.amountCents = 100 + random(90000);
        order.seed = random(0xffffffffu);
        crashAfterCharge(journey, i % 3 != 2, nowMs() - (11 + random(30)) * 60000LL);
    }
    m_driver = std::thread([this] { driverLoop(); });
    return {};
}

void SalesSimulator::pause(qint64 ms)
{
    // Work that takes time (a hanging external call) ends at once on stop(),
    // so quitting the console never waits for a simulated delay.
    std::unique_lock lock(m_mutex);
    m_stopping.wait_for(lock, std::chrono::milliseconds(ms), [this] { return !m_running; });
}

void SalesSimulator::stop()
{
    if (!m_running.exchange(false))
        return;
    {
        std::lock_guard lock(m_mutex); // a pause() between its check and its wait sees the stop
    }
    m_stopping.notify_all();
    m_wake.notify_all();
    if (m_driver.joinable())
        m_driver.join();
    m_pool.waitForDone();
    (void)m_store.flushCounters();
}

void SalesSimulator::schedule(qint64 delayMs, std::function<void()> task)
{
    {
        std::lock_guard lock(m_mutex);
        m_due.emplace(nowMs() + delayMs, std::move(task));
    }
    m_wake.notify_one();
}

void SalesSimulator::driverLoop()
{
    const qint64 tickMs = 100;
    qint64 nextTick = nowMs();
    double owed = 0;
    while (m_running) {
        const qint64 now = nowMs();
        if (now >= nextTick) {
            owed += m_config.journeysPerSecond * double(tickMs) / 1000.0;
            for (; owed >= 1; owed -= 1)
                m_pool.start([this] { beginJourney(); });
            nextTick += tickMs;
        }
        std::unique_lock lock(m_mutex);
        while (!m_due.empty() && m_due.begin()->first <= now) {
            auto task = std::move(m_due.begin()->second);
            m_due.erase(m_due.begin());
            m_pool.start(std::move(task));
        }
        const qint64 wakeAt = m_due.empty() ? nextTick : qMin(nextTick, m_due.begin()->first);
        m_wake.wait_for(lock, std::chrono::milliseconds(qMax<qint64>(1, wakeAt - nowMs())));
    }
}

void SalesSimulator::beginJourney()
{
    m_tally.journeys++;
    auto journey = std::make_shared<Journey>();
    SalesOrder &order = journey->order;
    const quint32 kind = random(100);
    order.scope = kind < 50 ? QStringLiteral("payment") : kind < 85 ? QStringLiteral("order") : QStringLiteral("callback");
    order.orderNo = QStringLiteral("SO%1").arg(m_nextOrder.fetch_add(1));
    // Callbacks are keyed by the business number (Java article); clients send a UUID.
    order.key = order.scope == QLatin1String("callback") ? QStringLiteral("PAY-") + order.orderNo
                                                         : QUuid::createUuid().toString(QUuid::WithoutBraces);
    order.amountCents = 100 + random(90000);
    order.seed = random(0xffffffffu);
    const quint32 fate = random(1000);
    journey->fate = fate < 15    ? Journey::Fate::LostFinalisation
                    : fate < 60  ? Journey::Fate::Slow
                    : fate < 100 ? Journey::Fate::ServerError
                    : fate < 150 ? Journey::Fate::Declined
                                 : Journey::Fate::Normal;

    if (journey->fate == Journey::Fate::LostFinalisation) {
        crashAfterCharge(journey, random(3) != 0, nowMs());
        return;
    }
    const QByteArray body = salesRequestBody(order, order.amountCents);
    const quint32 duplicate = random(100);
    if (duplicate < 15) {
        schedule(random(80), [this, journey, body] { send(journey, body, 0); }); // double click
    } else if (duplicate < 25) {
        schedule(300 + random(1200), [this, journey, body] { send(journey, body, 0); }); // gateway retry
    } else if (duplicate < 27) {
        // A client bug: the same key with another amount (422).
        schedule(200 + random(800),
                 [this, journey] { send(journey, salesRequestBody(journey->order, journey->order.amountCents + 1), 0); });
    }
    const int redeliveries = order.scope == QLatin1String("callback") && random(100) < 30 ? 1 + int(random(3)) : 0;
    send(journey, body, redeliveries);
}

void SalesSimulator::send(const std::shared_ptr<Journey> &journey, const QByteArray &body, int redeliveries)
{
    m_tally.requests++;
    const GuardRequest request = salesRequest(journey->order, body);
    const GuardResult result = m_guard.handle(request, [&] { return runBusiness(*journey, body); });
    switch (result.outcome) {
    case GuardOutcome::Executed:
        m_tally.executed++;
        if (result.response.status >= 500) {
            m_tally.failed5xx++;
            schedule(800 + random(1500), [this, journey, body] { send(journey, body, 0); }); // the client retries
        }
        break;
    case GuardOutcome::Replayed:
        m_tally.replayed++;
        break;
    case GuardOutcome::InProgress:
        m_tally.inProgress++;
        break;
    case GuardOutcome::Mismatch:
        m_tally.mismatch++;
        break;
    case GuardOutcome::StoreUnavailable:
    case GuardOutcome::CorruptRecord:
    case GuardOutcome::InvalidKey:
    case GuardOutcome::ExecutedUnguarded:
        m_tally.unavailable++;
        break;
    }
    if (redeliveries > 0 && m_running) // MQ redelivers the callback
        schedule(500 + random(2000), [this, journey, body, redeliveries] { send(journey, body, redeliveries - 1); });
}

Response SalesSimulator::runBusiness(Journey &journey, const QByteArray &body)
{
    Response response;
    response.headers = {{"Content-Type", "application/json"}};
    switch (journey.fate) {
    case Journey::Fate::ServerError:
        if (!journey.serverErrorUsed.exchange(true)) {
            pause(30 + random(100));
            response.status = 503;
            response.body = R"({"error":"upstream_unavailable"})";
            return response;
        }
        break;
    case Journey::Fate::Slow:
        pause(2000 + random(4000)); // the external payment call hangs
        break;
    case Journey::Fate::Declined:
        pause(20 + random(60));
        (void)m_orders.put(journey.order.orderNo, QStringLiteral("FAILED"), journey.order.amountCents, nowMs());
        response.status = 402;
        response.body = R"({"error":"card_declined"})";
        return response;
    case Journey::Fate::Normal:
    case Journey::Fate::LostFinalisation:
        break;
    }
    pause(20 + random(80));
    (void)m_orders.put(journey.order.orderNo, QStringLiteral("PAID"), journey.order.amountCents, nowMs());
    response.status = 201;
    response.body = QJsonDocument(QJsonObject{{QStringLiteral("order_no"), journey.order.orderNo},
                                              {QStringLiteral("status"), QStringLiteral("PAID")},
                                              {QStringLiteral("amount_cents"), journey.order.amountCents},
                                              {QStringLiteral("request_bytes"), body.size()}})
                        .toJson(QJsonDocument::Compact);
    return response;
}

void SalesSimulator::crashAfterCharge(const std::shared_ptr<Journey> &journey, bool chargeLanded, qint64 claimedAt)
{
    // The service claimed the record, called the payment gateway and died
    // before complete(): the record stays in flight. If the charge landed the
    // order is PAID (or PENDING when the gateway never answered); otherwise
    // there is no order at all.
    // Claimed as the guard claims (fingerprint, kept request), at that time.
    const SalesOrder &order = journey->order;
    ClaimRequest claim = m_guard.claimFor(salesRequest(order, salesRequestBody(order, order.amountCents)));
    claim.owner = QStringLiteral("pay-svc-%1:%2").arg(random(4)).arg(1000 + random(9000));
    claim.nowMs = claimedAt;
    const Result<ClaimResult> claimed = m_store.claim(claim);
    if (!claimed || claimed->outcome != ClaimOutcome::Claimed) {
        m_tally.unavailable++;
        return;
    }
    m_tally.lostFinalisations++;
    if (chargeLanded)
        (void)m_orders.put(order.orderNo, random(4) == 0 ? QStringLiteral("PENDING") : QStringLiteral("PAID"), order.amountCents,
                           claimedAt);
}
