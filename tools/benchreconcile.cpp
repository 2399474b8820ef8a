// Benchmark, not a test (tools/bench-reconcile.sh runs it). Headless:
//   idem-bench-reconcile --store URL --orders URL [--fill-orders N --fill-stuck M] [--table T]
// With --fill-*: writes an order table of N rows and M stuck in-flight
// records (scope "bench") in bulk, straight into the tables (setup only: the
// rows are not claimed through the store). Then times, in this one process
// and on the same data, the reconcile dry run twice: with the batched
// lookup (ReconcilePlan::build, one order query per 500 records) and with
// one order query per record (OrderLookup::lookupOne over the same keyset
// pages), checks both proposed the same, and prints one JSON line.
//
// --rtt-us N puts the orders connection behind a relay in this process
// that holds every chunk N/2 µs in each direction: the business database
// across a network instead of on loopback. Both runs go through the same
// relay; the store stays direct. 0 (the default): no relay.
#include "app/ops/reconcileplan.h"
#include "app/store/openstore.h"
#include "app/store/sqlstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "idem-bench-reconcile: %s\n", qPrintable(message));
    return 1;
}

// A TCP relay on 127.0.0.1 that delays each chunk by half a round trip in
// each direction, in order. Bench only: threads per connection, no limits.
class LatencyRelay final {
public:
    LatencyRelay(QString targetHost, int targetPort, std::chrono::microseconds oneWay)
        : m_host(std::move(targetHost))
        , m_port(targetPort)
        , m_oneWay(oneWay)
    {
    }
    ~LatencyRelay()
    {
        m_stop = true;
        if (m_listener >= 0)
            ::shutdown(m_listener, SHUT_RDWR), ::close(m_listener);
        for (std::thread &t : m_threads)
            t.detach(); // blocked in recv on sockets the process closes at exit
    }

    // The port it listens on, or 0.
    int start()
    {
        m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in any{};
        any.sin_family = AF_INET;
        any.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof any;
        if (m_listener < 0 || ::bind(m_listener, reinterpret_cast<sockaddr *>(&any), len) != 0 || ::listen(m_listener, 16) != 0
            || ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&any), &len) != 0)
            return 0;
        m_threads.emplace_back([this] { acceptLoop(); });
        return ntohs(any.sin_port);
    }

private:
    void acceptLoop()
    {
        while (!m_stop) {
            const int client = ::accept(m_listener, nullptr, nullptr);
            if (client < 0)
                return;
            const int server = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in to{};
            to.sin_family = AF_INET;
            to.sin_port = htons(quint16(m_port));
            ::inet_pton(AF_INET, qPrintable(m_host == QLatin1String("localhost") ? QStringLiteral("127.0.0.1") : m_host), &to.sin_addr);
            if (::connect(server, reinterpret_cast<sockaddr *>(&to), sizeof to) != 0) {
                ::close(client);
                ::close(server);
                continue;
            }
            for (int fd : {client, server}) {
                const int one = 1;
                ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            }
            m_threads.emplace_back([this, client, server] { pump(client, server); });
            m_threads.emplace_back([this, client, server] { pump(server, client); });
        }
    }

    // Each chunk leaves half a round trip after it arrived.
    void pump(int from, int to)
    {
        std::vector<char> buffer(1 << 16);
        for (;;) {
            const ssize_t n = ::recv(from, buffer.data(), buffer.size(), 0);
            if (n <= 0)
                break;
            std::this_thread::sleep_until(std::chrono::steady_clock::now() + m_oneWay);
            for (ssize_t sent = 0; sent < n;) {
                const ssize_t w = ::send(to, buffer.data() + sent, size_t(n - sent), MSG_NOSIGNAL);
                if (w <= 0)
                    return;
                sent += w;
            }
        }
        ::shutdown(to, SHUT_WR);
    }

    const QString m_host;
    const int m_port;
    const std::chrono::microseconds m_oneWay;
    std::atomic<bool> m_stop{false};
    int m_listener = -1;
    std::vector<std::thread> m_threads;
};

// Orders SO10000001…: 70% PAID, 20% PENDING, 10% FAILED. Stuck record i
// (1…M) names order 10000000 + i * (N / M); one in 20 names no order.
Result<void> fill(const StoreUrl &storeUrl, const StoreUrl &ordersUrl, const QString &table, qint64 orders, qint64 stuck)
{
    if (storeUrl.kind != StoreUrl::Kind::Postgres || ordersUrl.kind != StoreUrl::Kind::Postgres)
        return makeError(ErrorKind::InvalidArgument, QStringLiteral("--fill-* needs PostgreSQL for the store and the orders"));
    SqlStore store(storeUrl);
    if (Result<void> opened = store.open(); !opened)
        return opened;
    Result<QSqlDatabase> db = store.connection();
    if (!db)
        return db.error();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 stride = qMax<qint64>(1, orders / qMax<qint64>(1, stuck));
    const QStringList statements = {
        QStringLiteral("DELETE FROM idem_records WHERE scope = 'bench'"),
        QStringLiteral("DROP TABLE IF EXISTS %1").arg(table),
        QStringLiteral("CREATE TABLE %1 (order_no VARCHAR(64) PRIMARY KEY, status VARCHAR(16) NOT NULL, "
                       "amount_cents BIGINT NOT NULL, created_at BIGINT NOT NULL)")
            .arg(table),
        QStringLiteral("INSERT INTO %1 SELECT 'SO' || (10000000 + i), CASE WHEN i % 10 < 7 THEN 'PAID' WHEN i % 10 < 9 THEN 'PENDING' "
                       "ELSE 'FAILED' END, 100 + i % 100000, %2 - i FROM generate_series(1, %3) AS g(i)")
            .arg(table)
            .arg(now)
            .arg(orders),
        QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                       "headers, body, created_at, updated_at, expires_at, reconciled) "
                       "SELECT 'bench', 'key-' || lpad(i::text, 8, '0'), 'IN_FLIGHT', md5(i::text), md5((i * 7)::text), "
                       "'svc-' || (i % 16) || ':' || (1000 + i % 97), 1, "
                       "CASE WHEN i % 20 = 0 THEN 'SX' ELSE 'SO' END || (10000000 + i * %1), 0, NULL, NULL, "
                       "%2 - i * 30, %2 - i * 30, 0, 0 FROM generate_series(1, %3) AS g(i)")
            .arg(stride)
            .arg(now - 11 * 60000)
            .arg(stuck),
        QStringLiteral("ANALYZE %1").arg(table),
        QStringLiteral("ANALYZE idem_records"),
    };
    QSqlQuery q(db.value());
    for (const QString &sql : statements) {
        if (!q.exec(sql))
            return makeError(ErrorKind::Unavailable, sql.left(60) + QStringLiteral("…: ") + q.lastError().text());
    }
    return {};
}

// The dry run with one order query per record: the same store pages and
// proposals as ReconcilePlan::build, only the lookup differs.
Result<QList<ReconcileRow>> perRecordDryRun(Store &store, OrderLookup &orders, const ReconcileCriteria &criteria, qint64 nowMs)
{
    RecordQuery query;
    query.scope = criteria.scope;
    query.startedBeforeMs = nowMs - criteria.olderThanMs;
    query.limit = OrderLookup::MaxBatch;
    QList<ReconcileRow> rows;
    for (;;) {
        const Result<QList<Record>> page = store.inFlight(query);
        if (!page)
            return page.error();
        for (const Record &r : page.value()) {
            const Result<std::optional<OrderRow>> order = orders.lookupOne(r.bizNo);
            if (!order)
                return order.error();
            rows.append(ReconcilePlan::propose(ActionTarget::of(r, query.startedBeforeMs), orders.mapping(), order.value()));
        }
        if (page->size() < query.limit)
            break;
        query.after = RecordQuery::Position::after(page->constLast());
    }
    return rows;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL (PostgreSQL for --fill-*)."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("orders"), QStringLiteral("Orders database URL."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("table"), QStringLiteral("Order table (default bench_orders)."), QStringLiteral("name"),
                      QStringLiteral("bench_orders")});
    parser.addOption({QStringLiteral("fill-orders"), QStringLiteral("Write this many orders first."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("fill-stuck"), QStringLiteral("Write this many stuck records first."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("rtt-us"), QStringLiteral("Round trip added to the orders connection (µs)."), QStringLiteral("us"),
                      QStringLiteral("0")});
    parser.process(app);
    const Result<StoreUrl> storeUrl = StoreUrl::parse(parser.value(QStringLiteral("store")));
    const Result<StoreUrl> ordersUrl = StoreUrl::parse(parser.value(QStringLiteral("orders")));
    if (!storeUrl || !ordersUrl)
        return fail(QStringLiteral("--store and --orders take URLs"));
    const QString table = parser.value(QStringLiteral("table"));
    if (!OrderMapping::isIdentifier(table))
        return fail(QStringLiteral("--table must be a plain name"));
    if (parser.isSet(QStringLiteral("fill-orders"))) {
        QElapsedTimer t;
        t.start();
        const Result<void> filled =
            fill(storeUrl.value(), ordersUrl.value(), table, parser.value(QStringLiteral("fill-orders")).toLongLong(),
                 parser.value(QStringLiteral("fill-stuck")).toLongLong());
        if (!filled)
            return fail(filled.error().message);
        std::fprintf(stderr, "filled in %.1f s\n", t.nsecsElapsed() / 1e9);
    }

    Result<std::unique_ptr<Store>> store = openStore(storeUrl.value());
    if (!store)
        return fail(store.error().message);
    OrderMapping mapping;
    mapping.ordersUrl = parser.value(QStringLiteral("orders"));
    const qint64 rttUs = parser.value(QStringLiteral("rtt-us")).toLongLong();
    std::unique_ptr<LatencyRelay> relay;
    if (rttUs > 0) {
        relay = std::make_unique<LatencyRelay>(ordersUrl->host, ordersUrl->port, std::chrono::microseconds(rttUs / 2));
        const int port = relay->start();
        if (port == 0)
            return fail(QStringLiteral("cannot start the latency relay"));
        mapping.ordersUrl.replace(QStringLiteral(":%1/").arg(ordersUrl->port), QStringLiteral(":%1/").arg(port));
    }
    mapping.table = table;
    mapping.keyColumn = QStringLiteral("order_no");
    mapping.statusColumn = QStringLiteral("status");
    mapping.doneValues = {QStringLiteral("PAID")};
    mapping.pendingValues = {QStringLiteral("PENDING")};
    mapping.failedValues = {QStringLiteral("FAILED")};
    ReconcileCriteria criteria;
    criteria.scope = QStringLiteral("bench");
    criteria.includeTimedOut = false;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();

    // The store's share of both: the same keyset pages with no lookup.
    QElapsedTimer timer;
    timer.start();
    {
        RecordQuery query;
        query.scope = criteria.scope;
        query.startedBeforeMs = now - criteria.olderThanMs;
        query.limit = OrderLookup::MaxBatch;
        for (;;) {
            const Result<QList<Record>> page = store.value()->inFlight(query);
            if (!page)
                return fail(page.error().message);
            if (page->size() < query.limit)
                break;
            query.after = RecordQuery::Position::after(page->constLast());
        }
    }
    const double pagingMs = timer.nsecsElapsed() / 1e6;

    // Batched first, then per record; each with a fresh connection.
    OrderLookup batchedOrders(mapping);
    if (Result<void> opened = batchedOrders.open(); !opened)
        return fail(opened.error().message);
    timer.start();
    const Result<QList<ReconcileRow>> batched = ReconcilePlan::build(*store.value(), batchedOrders, criteria, now);
    const double batchedMs = timer.nsecsElapsed() / 1e6;
    if (!batched)
        return fail(batched.error().message);

    OrderLookup oneOrders(mapping);
    if (Result<void> opened = oneOrders.open(); !opened)
        return fail(opened.error().message);
    timer.restart();
    const Result<QList<ReconcileRow>> perRecord = perRecordDryRun(*store.value(), oneOrders, criteria, now);
    const double perRecordMs = timer.nsecsElapsed() / 1e6;
    if (!perRecord)
        return fail(perRecord.error().message);

    const ReconcileSummary a = ReconcilePlan::summarise(batched.value());
    const ReconcileSummary b = ReconcilePlan::summarise(perRecord.value());
    const bool same = a.matched == b.matched && a.complete == b.complete && a.release == b.release && a.review == b.review;
    const QJsonObject out{{QStringLiteral("rtt_us"), rttUs},
                          {QStringLiteral("records"), a.matched},
                          {QStringLiteral("complete"), a.complete},
                          {QStringLiteral("release"), a.release},
                          {QStringLiteral("review"), a.review},
                          {QStringLiteral("same_plan"), same},
                          {QStringLiteral("store_paging_ms"), pagingMs},
                          {QStringLiteral("batched_ms"), batchedMs},
                          {QStringLiteral("batched_queries"), batchedOrders.queryCount()},
                          {QStringLiteral("per_record_ms"), perRecordMs},
                          {QStringLiteral("per_record_queries"), oneOrders.queryCount()},
                          {QStringLiteral("ratio"), perRecordMs / qMax(0.001, batchedMs)},
                          // Both runs read the same keyset pages of the store;
                          // without that shared part, the order lookups alone.
                          {QStringLiteral("lookup_ratio"), (perRecordMs - pagingMs) / qMax(0.001, batchedMs - pagingMs)}};
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return same ? 0 : 1;
}
