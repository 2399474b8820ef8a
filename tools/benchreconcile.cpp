// Benchmark, not a test (tools/bench-reconcile.sh runs it). Headless:
//   idem-bench-reconcile --store URL --orders URL [--fill-orders N --fill-stuck M] [--table T]
// With --fill-*: writes an order table of N rows and M stuck in-flight
// records (scope "bench") in bulk, straight into the tables (setup only: the
// rows are not claimed through the store). Then times, in this one process
// and on the same data, the reconcile dry run twice: with the batched
// lookup (ReconcilePlan::build, one order query per 500 records) and with
// one order query per record (OrderLookup::lookupOne over the same keyset
// pages), checks both proposed the same, and prints one JSON line.
#include "ops/reconcileplan.h"
#include "store/openstore.h"
#include "store/sqlstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdio>

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "idem-bench-reconcile: %s\n", qPrintable(message));
    return 1;
}

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
                       "amount_cents BIGINT NOT NULL, created_at BIGINT NOT NULL)").arg(table),
        QStringLiteral("INSERT INTO %1 SELECT 'SO' || (10000000 + i), CASE WHEN i % 10 < 7 THEN 'PAID' WHEN i % 10 < 9 THEN 'PENDING' "
                       "ELSE 'FAILED' END, 100 + i % 100000, %2 - i FROM generate_series(1, %3) AS g(i)")
            .arg(table).arg(now).arg(orders),
        QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                       "headers, body, created_at, updated_at, expires_at, reconciled) "
                       "SELECT 'bench', 'key-' || lpad(i::text, 8, '0'), 'IN_FLIGHT', md5(i::text), md5((i * 7)::text), "
                       "'svc-' || (i % 16) || ':' || (1000 + i % 97), 1, "
                       "CASE WHEN i % 20 = 0 THEN 'SX' ELSE 'SO' END || (10000000 + i * %1), 0, NULL, NULL, "
                       "%2 - i * 30, %2 - i * 30, 0, 0 FROM generate_series(1, %3) AS g(i)")
            .arg(stride).arg(now - 11 * 60000).arg(stuck),
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
    InFlightQuery query;
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
            rows.append(ReconcilePlan::propose(ActionTarget::of(r), orders.mapping(), order.value()));
        }
        if (page->size() < query.limit)
            break;
        query.after = InFlightQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
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
    parser.addOption({QStringLiteral("table"), QStringLiteral("Order table (default bench_orders)."), QStringLiteral("name"), QStringLiteral("bench_orders")});
    parser.addOption({QStringLiteral("fill-orders"), QStringLiteral("Write this many orders first."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("fill-stuck"), QStringLiteral("Write this many stuck records first."), QStringLiteral("n")});
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
        const Result<void> filled = fill(storeUrl.value(), ordersUrl.value(), table, parser.value(QStringLiteral("fill-orders")).toLongLong(),
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
        InFlightQuery query;
        query.scope = criteria.scope;
        query.startedBeforeMs = now - criteria.olderThanMs;
        query.limit = OrderLookup::MaxBatch;
        for (;;) {
            const Result<QList<Record>> page = store.value()->inFlight(query);
            if (!page)
                return fail(page.error().message);
            if (page->size() < query.limit)
                break;
            query.after = InFlightQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
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
    const QJsonObject out{{QStringLiteral("records"), a.matched},
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
