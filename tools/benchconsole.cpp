// Benchmark, not a test (tools/bench-console.sh runs it). Headless:
//   idem-bench-console --store URL --fill TOTAL --in-flight N
//       writes TOTAL records of which N are in flight (all older than the
//       10-minute timeout: stuck), straight into the store's own layout, in bulk;
//   idem-bench-console --store URL --measure
//       opens a session the way the console does and prints one JSON line:
//       connect → first page of the in-flight model (ms), the stuck list
//       (count + first page, ms), and the process's peak RSS after the model
//       holds 10,000 rows.
#include "models/inflightrecordmodel.h"
#include "models/storesession.h"

#include "app/store/sqlstore.h"
#include "app/store/storeurl.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QEventLoop>
#include <QGuiApplication>
#include <QTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <hiredis/hiredis.h>

#include <cstdio>

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "idem-bench-console: %s\n", qPrintable(message));
    return 1;
}

qint64 peakRssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').constFirst().toLongLong();
    }
    return -1;
}

// Completed records are written in the same statement shape as in-flight
// ones; 'bench' scope; created over the last days, in-flight ones 11–60 min old.
QString fillSql(const StoreUrl &url, qint64 total, qint64 inFlight, qint64 now)
{
    const QString series = url.kind == StoreUrl::Kind::Postgres ? QStringLiteral("generate_series(1, %1) AS g(i)").arg(total) : QString();
    return QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                          "headers, body, created_at, updated_at, expires_at, reconciled) "
                          "SELECT 'bench', 'key-' || lpad(i::text, 8, '0'), CASE WHEN i <= %1 THEN 'IN_FLIGHT' ELSE 'COMPLETED' END, "
                          "md5(i::text), md5((i * 7)::text), 'svc-' || (i % 16) || ':' || (1000 + i % 97), 1, 'SO' || (10000000 + i), "
                          "CASE WHEN i <= %1 THEN 0 ELSE 201 END, "
                          "CASE WHEN i <= %1 THEN NULL ELSE convert_to('[[\"Content-Type\",\"application/json\"]]', 'UTF8') END, "
                          "CASE WHEN i <= %1 THEN NULL ELSE convert_to('{\"order\":' || i || ',\"status\":\"PAID\"}', 'UTF8') END, "
                          "%2 - i * 60, CASE WHEN i <= %1 THEN %3 - i * 30 ELSE %2 - i * 60 END, "
                          "CASE WHEN i <= %1 THEN 0 ELSE %4 END, 0 FROM %5")
        .arg(inFlight)
        .arg(now)
        .arg(now - 11 * 60000)
        .arg(now + 7 * 86400000LL)
        .arg(series);
}

int fillPostgres(const StoreUrl &url, qint64 total, qint64 inFlight)
{
    // The schema first, through the store itself.
    SqlStore store(url);
    if (Result<void> opened = store.open(); !opened)
        return fail(opened.error().message);
    Result<QSqlDatabase> db = store.connection();
    if (!db)
        return fail(db.error().message);
    QSqlQuery q(db.value());
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const QString &sql :
         {QStringLiteral("TRUNCATE idem_records"), fillSql(url, total, inFlight, now), QStringLiteral("ANALYZE idem_records")}) {
        if (!q.exec(sql))
            return fail(q.lastError().text());
    }
    return 0;
}

int fillRedis(const StoreUrl &url, qint64 total, qint64 inFlight)
{
    redisContext *c = redisConnect(url.host.toUtf8().constData(), url.port);
    if (!c || c->err)
        return fail(QStringLiteral("cannot connect to Redis: %1").arg(c ? QString::fromUtf8(c->errstr) : QStringLiteral("out of memory")));
    auto command = [&](const QList<QByteArray> &args) -> bool {
        QList<const char *> argv;
        QList<size_t> lengths;
        for (const QByteArray &a : args) {
            argv << a.constData();
            lengths << size_t(a.size());
        }
        auto *reply = static_cast<redisReply *>(redisCommandArgv(c, int(argv.size()), argv.data(), lengths.data()));
        const bool ok = reply && reply->type != REDIS_REPLY_ERROR;
        if (reply && !ok)
            std::fprintf(stderr, "redis: %s\n", reply->str);
        freeReplyObject(reply);
        return ok;
    };
    if (!url.database.isEmpty() && !command({"SELECT", url.database.toUtf8()}))
        return 1;
    command({"FLUSHDB"});
    // The native layout (resources/lua/record.lua), written server-side in
    // batches so a million records take seconds, not a million round trips.
    static const QByteArray script = R"lua(
local first, last, inflight, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local prefix = 'idem:{bench}:'
for i = first, last do
  local key = string.format('key-%08d', i)
  local rec = prefix .. 'r:' .. key
  if i <= inflight then
    local started = now - 660000 - i * 30
    redis.call('HSET', rec, 'state', 'IN_FLIGHT', 'fingerprint', 'fp' .. i, 'lease', 'l' .. i, 'owner', 'svc-' .. (i % 16) .. ':' .. (1000 + i % 97),
      'attempts', 1, 'biz_no', 'SO' .. (10000000 + i), 'status_code', 0, 'created_at', started, 'updated_at', started, 'expires_at', 0, 'reconciled', 0)
    redis.call('ZADD', prefix .. 'inflight', started, key)
  else
    local created = now - i * 60
    local expires = now + 7 * 86400000
    redis.call('HSET', rec, 'state', 'COMPLETED', 'fingerprint', 'fp' .. i, 'lease', 'l' .. i, 'owner', 'svc:1', 'attempts', 1,
      'biz_no', 'SO' .. (10000000 + i), 'status_code', 201, 'headers', '[["Content-Type","application/json"]]',
      'body', '{"order":' .. i .. ',"status":"PAID"}', 'created_at', created, 'updated_at', created, 'expires_at', expires, 'reconciled', 0)
    redis.call('ZADD', prefix .. 'completed', expires, key)
  end
end
redis.call('SADD', 'idem:scopes', 'bench')
return last
)lua";
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (qint64 first = 1; first <= total; first += 20000) {
        const qint64 last = qMin(total, first + 19999);
        if (!command({"EVAL", script, "0", QByteArray::number(first), QByteArray::number(last), QByteArray::number(inFlight),
                      QByteArray::number(now)}))
            return 1;
    }
    redisFree(c);
    return 0;
}

struct Timed {
    double ms = -1; // first page
    double listMs = -1; // first page and count
    qint64 count = -1;
    int rows = 0;
};

// A fresh model on the session: the time until its first page arrives, and
// until both the page and the count are there (the stuck list as shown).
Timed firstPage(StoreSession &session, const RecordQuery &filter)
{
    InFlightRecordModel model(&session);
    model.setPageSize(500);
    QEventLoop loop;
    QElapsedTimer timer;
    Timed t;
    double pageMs = -1, countMs = -1;
    QObject::connect(&model, &InFlightRecordModel::pageLoaded, &loop, [&] {
        if (pageMs < 0)
            pageMs = timer.nsecsElapsed() / 1e6;
        if (countMs >= 0)
            loop.quit();
    });
    QObject::connect(&model, &InFlightRecordModel::matchingCountChanged, &loop, [&] {
        countMs = timer.nsecsElapsed() / 1e6;
        if (pageMs >= 0)
            loop.quit();
    });
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    timer.start();
    model.setFilter(filter);
    loop.exec();
    if (pageMs < 0 || countMs < 0)
        return {};
    t.ms = pageMs;
    t.listMs = qMax(pageMs, countMs);
    t.count = model.matchingCount();
    t.rows = model.rowCount();
    return t;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL (redis:// or postgresql://)."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("fill"), QStringLiteral("Write this many records."), QStringLiteral("total")});
    parser.addOption({QStringLiteral("in-flight"), QStringLiteral("Of which this many in flight (stuck)."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("measure"), QStringLiteral("Measure first page, stuck list and RSS.")});
    parser.addHelpOption();
    parser.process(app);
    const Result<StoreUrl> url = StoreUrl::parse(parser.value(QStringLiteral("store")));
    if (!url)
        return fail(url.error().message);

    if (parser.isSet(QStringLiteral("fill"))) {
        const qint64 total = parser.value(QStringLiteral("fill")).toLongLong();
        const qint64 inFlight = parser.value(QStringLiteral("in-flight")).toLongLong();
        if (total < 1 || inFlight < 0 || inFlight > total)
            return fail(QStringLiteral("--fill TOTAL --in-flight N with 0 <= N <= TOTAL"));
        if (url->kind == StoreUrl::Kind::Redis)
            return fillRedis(url.value(), total, inFlight);
        if (url->kind == StoreUrl::Kind::Postgres)
            return fillPostgres(url.value(), total, inFlight);
        return fail(QStringLiteral("filling is written for redis:// and postgresql:// stores"));
    }

    // As the console does: a session whose worker thread opens the store, a
    // model that pages the in-flight records.
    QElapsedTimer connect;
    connect.start();
    StoreSession session(parser.value(QStringLiteral("store")));
    const Timed first = firstPage(session, RecordQuery{});
    if (first.ms < 0)
        return fail(QStringLiteral("the first page never arrived"));

    RecordQuery stuckFilter;
    stuckFilter.startedBeforeMs = QDateTime::currentMSecsSinceEpoch() - 10 * 60000;
    QList<double> stuckMs;
    qint64 stuckCount = 0;
    for (int run = 0; run < 5; ++run) {
        const Timed t = firstPage(session, stuckFilter);
        stuckMs << t.listMs;
        stuckCount = t.count;
    }
    std::sort(stuckMs.begin(), stuckMs.end());

    // Scroll to 10,000 rows, as an operator paging down would.
    InFlightRecordModel model(&session);
    model.setPageSize(500);
    model.reload();
    while (model.rowCount() < 10000 && QTest::qWaitFor([&] { return !model.isLoading(); }, 120000) && model.canFetchMore({}))
        model.fetchMore({});
    (void)QTest::qWaitFor([&] { return !model.isLoading(); }, 120000);

    std::printf("%s\n", QJsonDocument(QJsonObject{
                                          {QStringLiteral("store"), url->displayString()},
                                          {QStringLiteral("first_page_ms"), first.ms},
                                          {QStringLiteral("first_page_rows"), first.rows},
                                          {QStringLiteral("in_flight"), first.count},
                                          {QStringLiteral("stuck_list_ms_median"), stuckMs.at(stuckMs.size() / 2)},
                                          {QStringLiteral("stuck"), stuckCount},
                                          {QStringLiteral("rows_fetched"), model.rowCount()},
                                          {QStringLiteral("peak_rss_mb"), peakRssKb() / 1024.0},
                                      })
                            .toJson(QJsonDocument::Compact)
                            .constData());
    return 0;
}
