// readDashboard() (the dashboard's store reads, kept below the ui),
// once per backend: the counters of the range, the in-flight and stuck
// counts, and a failing store's error instead of a partial reading. Records
// and counters are written through the real store at real times, since the
// reading takes "now" from the clock. Server backends share their database
// with the other tests: counters are compared for this test's own scope,
// the store-wide counts as differences to a reading taken just before
// (RESOURCE_LOCK keeps other tests off the server meanwhile).
#include "models/dashboardreading.h"
#include "tests/teststore.h"

#include "app/guard/scopepolicy.h"
#include "app/store/redisstore.h"
#include "app/store/sqlstore.h"
#include "app/store/storeurl.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QScopeGuard>
#include <QtTest>

namespace {

constexpr qint64 Minute = 60'000;
constexpr qint64 Hour = 60 * Minute;

ClaimRequest claimOf(const QString &scope, const QString &key, qint64 now, const QString &fingerprint = QStringLiteral("fp"))
{
    ClaimRequest r;
    r.scope = scope;
    r.key = key;
    r.fingerprint = fingerprint;
    r.owner = QStringLiteral("test-host:1");
    r.bizNo = QStringLiteral("SO-") + key;
    r.nowMs = now;
    return r;
}

Response okResponse()
{
    return Response{201, {{"Content-Type", "application/json"}}, QByteArrayLiteral("{\"ok\":true}")};
}

// The dashboard's 15-minute preset ending at now (DashboardView::rangeMs()).
std::pair<qint64, qint64> last15Minutes(qint64 now)
{
    return {now - 15 * Minute + Minute, now};
}

} // namespace

class DashboardReadingTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    int m_case = 0;

    Store &store() { return *m_store; }
    QString freshScope() { return m_env.scope(QStringLiteral("dash%1").arg(++m_case)); }

    // A new record claimed at `now`, in flight under the returned lease (empty on failure).
    QString claimNew(const QString &scope, const QString &key, qint64 now)
    {
        const Result<ClaimResult> c = store().claim(claimOf(scope, key, now));
        if (!c) {
            qWarning("claim %s failed: %s", qPrintable(key), qPrintable(c.error().message));
            return QString();
        }
        return c->outcome == ClaimOutcome::Claimed ? c->record.lease : QString();
    }

    bool claimAndComplete(const QString &scope, const QString &key, qint64 now)
    {
        const QString lease = claimNew(scope, key, now);
        if (lease.isEmpty())
            return false;
        const Result<Transition> done = store().complete(scope, key, lease, okResponse(), now, Hour);
        return done.ok() && done->outcome == TransitionOutcome::Applied;
    }

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void countersOfTheRange()
    {
        const QString scope = freshScope();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const auto [fromMs, toMs] = last15Minutes(now);
        QVERIFY(claimAndComplete(scope, QStringLiteral("k1"), now)); // executed, this minute
        const Result<ClaimResult> replay = store().claim(claimOf(scope, QStringLiteral("k1"), now));
        QVERIFY(replay.ok() && replay->outcome == ClaimOutcome::Replay); // replayed
        const Result<ClaimResult> mismatch = store().claim(claimOf(scope, QStringLiteral("k1"), now, QStringLiteral("other")));
        QVERIFY(mismatch.ok() && mismatch->outcome == ClaimOutcome::Mismatch); // mismatch
        QVERIFY(claimAndComplete(scope, QStringLiteral("k2"), now - 5 * Minute)); // executed, 5 minutes ago
        QVERIFY(claimAndComplete(scope, QStringLiteral("old"), now - 30 * Minute)); // before the range
        QVERIFY(store().flushCounters().ok());

        QElapsedTimer elapsed;
        elapsed.start();
        const Result<DashboardReading> reading = readDashboard(store(), fromMs, toMs);
        QVERIFY2(reading.ok(), qPrintable(reading.error().message));
        QVERIFY(reading->keepsCounters);
        QVERIFY(reading->activity.isEmpty());
        QCOMPARE(reading->fromMinute, fromMs / Minute);
        QCOMPARE(reading->toMinute, toMs / Minute);
        QVERIFY(reading->readAtMs >= now);
        QVERIFY(reading->roundTripMs >= 0 && reading->roundTripMs <= elapsed.elapsed());

        QHash<qint64, CounterSet> mine;
        for (const CounterRow &row : reading->counters) {
            QVERIFY2(row.minute >= reading->fromMinute && row.minute <= reading->toMinute, qPrintable(QString::number(row.minute)));
            if (row.scope == scope)
                mine[row.minute] += row.counts;
        }
        QCOMPARE(mine.size(), 2);
        const CounterSet thisMinute = mine.value(now / Minute);
        QCOMPARE(thisMinute[Counter::Executed], 1);
        QCOMPARE(thisMinute[Counter::Replayed], 1);
        QCOMPARE(thisMinute[Counter::Mismatch], 1);
        const CounterSet earlier = mine.value((now - 5 * Minute) / Minute);
        QCOMPARE(earlier[Counter::Executed], 1);
        QCOMPARE(earlier[Counter::Replayed], 0);
    }

    void inFlightAndStuckCounts()
    {
        const QString scope = freshScope();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const auto [fromMs, toMs] = last15Minutes(now);
        const Result<DashboardReading> before = readDashboard(store(), fromMs, toMs);
        QVERIFY2(before.ok(), qPrintable(before.error().message));

        // The reading's stuck count uses ScopePolicy's default timeout (10 min).
        const qint64 timeout = ScopePolicy().inFlightTimeoutMs;
        const QList<std::pair<QString, qint64>> inFlight = {
            {QStringLiteral("fresh"), now},
            {QStringLiteral("nearly-stuck"), now - timeout + Minute},
            {QStringLiteral("stuck"), now - timeout - Minute},
        };
        QHash<QString, QString> leases;
        // Released again however the test ends: no stuck record stays on a shared server.
        const auto cleanup = qScopeGuard([&] {
            for (auto it = leases.cbegin(); it != leases.cend(); ++it)
                (void)store().release(scope, it.key(), it.value(), QDateTime::currentMSecsSinceEpoch());
        });
        for (const auto &[key, at] : inFlight) {
            const QString lease = claimNew(scope, key, at);
            QVERIFY2(!lease.isEmpty(), qPrintable(key));
            leases.insert(key, lease);
        }
        QVERIFY(claimAndComplete(scope, QStringLiteral("done"), now)); // completed: in neither count

        const Result<DashboardReading> during = readDashboard(store(), fromMs, toMs);
        QVERIFY2(during.ok(), qPrintable(during.error().message));
        QCOMPARE(during->inFlight - before->inFlight, 3);
        QCOMPARE(during->stuck - before->stuck, 1);
        if (m_env.backend() == QLatin1String("sqlite")) { // a fresh file: nothing but ours
            QCOMPARE(during->inFlight, 3);
            QCOMPARE(during->stuck, 1);
        }

        for (auto it = leases.cbegin(); it != leases.cend(); ++it) {
            const Result<Transition> released = store().release(scope, it.key(), it.value(), QDateTime::currentMSecsSinceEpoch());
            QVERIFY(released.ok() && released->outcome == TransitionOutcome::Applied);
        }
        leases.clear();
        const Result<DashboardReading> after = readDashboard(store(), fromMs, toMs);
        QVERIFY2(after.ok(), qPrintable(after.error().message));
        QCOMPARE(after->inFlight, before->inFlight);
        QCOMPARE(after->stuck, before->stuck);
    }

    // Stuck records per scope: a scope with traffic in the range, and one
    // whose only record is older than the range (found by the listing of
    // the oldest in-flight records), each with its own count.
    void stuckCountsPerScope()
    {
        const QString busy = freshScope();
        const QString quiet = freshScope();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const auto [fromMs, toMs] = last15Minutes(now);
        const qint64 timeout = ScopePolicy().inFlightTimeoutMs;
        QList<std::tuple<QString, QString, QString>> leases; // scope, key, lease
        const auto cleanup = qScopeGuard([&] {
            for (const auto &[scope, key, lease] : std::as_const(leases))
                (void)store().release(scope, key, lease, QDateTime::currentMSecsSinceEpoch());
        });
        const QList<std::tuple<QString, QString, qint64>> claims = {
            {busy, QStringLiteral("fresh"), now},
            {busy, QStringLiteral("stuck-1"), now - timeout - Minute},
            {busy, QStringLiteral("stuck-2"), now - timeout - 2 * Minute},
            {quiet, QStringLiteral("ancient"), now - 72 * Hour}, // its claim is counted days before the range
        };
        for (const auto &[scope, key, at] : claims) {
            const QString lease = claimNew(scope, key, at);
            QVERIFY2(!lease.isEmpty(), qPrintable(key));
            leases.append({scope, key, lease});
        }
        QVERIFY(store().flushCounters().ok());

        const Result<DashboardReading> reading = readDashboard(store(), fromMs, toMs);
        QVERIFY2(reading.ok(), qPrintable(reading.error().message));
        bool quietInRange = false;
        for (const CounterRow &row : reading->counters)
            quietInRange = quietInRange || row.scope == quiet;
        QVERIFY(!quietInRange);
        QCOMPARE(reading->stuckOf(busy), 2);
        QCOMPARE(reading->stuckOf(quiet), 1);
        QCOMPARE(reading->stuckOf(freshScope()), 0);
        QCOMPARE(reading->stuckOf(QString()), reading->stuck);
        qint64 sum = 0;
        for (const DashboardReading::ScopeCounts &c : reading->byScope)
            sum += c.stuck;
        QVERIFY(sum <= reading->stuck);
        if (m_env.backend() == QLatin1String("sqlite"))
            QCOMPARE(sum, reading->stuck); // a fresh file: every stuck record is attributed
    }

    // A store that cannot answer gives its error, not a reading with zeros.
    void unreachableStoreGivesItsError()
    {
        Result<StoreUrl> url = StoreUrl::parse(m_env.url());
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        std::unique_ptr<Store> dead;
        if (url->kind == StoreUrl::Kind::Redis) {
            url->port = 1; // nothing listens on port 1
            dead = std::make_unique<RedisStore>(url.value());
        } else {
            if (url->kind == StoreUrl::Kind::Sqlite)
                url->path = QStringLiteral("/nonexistent-idem-dir/records.db");
            else
                url->port = 1;
            dead = std::make_unique<SqlStore>(url.value());
        }
        dead->setOpenMode(OpenMode::ReadOnly);
        const auto [fromMs, toMs] = last15Minutes(QDateTime::currentMSecsSinceEpoch());
        const Result<DashboardReading> reading = readDashboard(*dead, fromMs, toMs);
        QVERIFY(!reading.ok());
        QVERIFY(!reading.error().message.isEmpty());
    }
};

QTEST_GUILESS_MAIN(DashboardReadingTest)
#include "tst_dashboardreading.moc"
