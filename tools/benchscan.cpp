// Benchmark, not a test (tools/bench-scan.sh runs it): GoRedisStore's
// in-flight listing, which has no index and SCANs the whole key space,
// against a bare SCAN loop over the same keys (no value read, no decoding)
// in the same process on the same data. Prints one JSON line.
//
//   idem-bench-scan --url redis://127.0.0.1:PORT/0 [--fill 1000000 --in-flight 10000] [--scan-count 1000]
//
// --fill writes the go-middleware keys first (pipelined SETs of Go's JSON,
// 10,000 per round trip): completed records with headers and a small body,
// and every (fill / in-flight)-th one in flight.
#include "app/store/gojson.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/redisscan.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <hiredis/hiredis.h>

namespace {

qint64 vmHwmKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

[[noreturn]] void fail(const QString &what)
{
    QTextStream(stderr) << "idem-bench-scan: " << what << '\n';
    std::exit(1);
}

QByteArray goValue(qint64 i, bool inFlight, qint64 baseMs)
{
    GoRecord r;
    r.key = "order-" + QByteArray::number(i);
    r.createdAt = GoTime::fromMs(baseMs - i * 37 % 86400000, 8 * 3600);
    r.expiresAt = GoTime::fromMs(r.createdAt.msSinceEpoch() + 86400000, 8 * 3600);
    r.requestHash = QByteArray::number(quint64(i) * 2654435761u, 16).rightJustified(16, '0');
    r.inFlight = inFlight;
    if (!inFlight) {
        r.statusCode = 201;
        r.headers.emplace();
        r.headers->insert("Content-Type", "application/json");
        r.headers->insert("X-Request-Id", "req-" + QByteArray::number(i));
        r.body = R"({"transaction_id":"txn_)" + QByteArray::number(i) + R"(","status":"success"})";
    }
    return GoJson::encode(r);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("GoRedisStore's SCAN listing against a bare SCAN loop."));
    parser.addHelpOption();
    const QCommandLineOption urlOption(QStringLiteral("url"), QStringLiteral("The Redis server (redis://host:port/db)."),
                                       QStringLiteral("url"));
    const QCommandLineOption fillOption(QStringLiteral("fill"), QStringLiteral("Write this many idemp: keys first."), QStringLiteral("n"),
                                        QStringLiteral("0"));
    const QCommandLineOption inFlightOption(QStringLiteral("in-flight"), QStringLiteral("Of which this many in flight."),
                                            QStringLiteral("n"), QStringLiteral("10000"));
    const QCommandLineOption countOption(QStringLiteral("scan-count"), QStringLiteral("SCAN COUNT (default: the layout's, 1000)."),
                                         QStringLiteral("n"), QStringLiteral("1000"));
    parser.addOptions({urlOption, fillOption, inFlightOption, countOption});
    parser.process(app);
    Result<StoreUrl> url = StoreUrl::parse(parser.value(urlOption));
    if (!url || url->kind != StoreUrl::Kind::Redis)
        fail(QStringLiteral("--url needs a redis:// URL"));
    const qint64 fill = parser.value(fillOption).toLongLong();
    const qint64 inFlight = std::max<qint64>(1, parser.value(inFlightOption).toLongLong());
    const QByteArray scanCount = parser.value(countOption).toLatin1();

    RedisSettings settings;
    settings.host = url->host.toUtf8();
    settings.port = url->port;
    settings.database = url->database.toInt();
    settings.commandTimeoutMs = 60000;
    settings.display = url->displayString();
    RedisConnection raw(settings);

    QElapsedTimer timer;
    qint64 fillMs = 0;
    if (fill > 0) {
        timer.start();
        const qint64 every = std::max<qint64>(1, fill / inFlight);
        const qint64 baseMs = 1796019600000;
        QList<RedisCommand> batch;
        for (qint64 i = 0; i < fill; ++i) {
            batch.append(RedisCommand{"SET", "idemp:order-" + QByteArray::number(i), goValue(i, i % every == 0, baseMs), "EX", "86400"});
            if (batch.size() == 10000 || i + 1 == fill) {
                if (Result<QList<RedisReply>> r = raw.pipeline(batch); !r)
                    fail(r.error().message);
                batch.clear();
            }
        }
        fillMs = timer.elapsed();
    }
    Result<RedisReply> size = raw.command({"DBSIZE"});
    if (!size)
        fail(size.error().message);
    const qint64 keys = size.value()->integer;

    QTemporaryDir dir;
    StoreUrl storeUrl = url.value();
    storeUrl.options.insert(QStringLiteral("layout"), QStringLiteral("go-middleware"));
    storeUrl.options.insert(QStringLiteral("scan_count"), QString::fromLatin1(scanCount));
    storeUrl.options.insert(QStringLiteral("audit"), QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("audit.db")));
    Result<std::unique_ptr<Store>> store = openStore(storeUrl);
    if (!store)
        fail(store.error().message);

    const qint64 hwmBefore = vmHwmKb();
    RecordQuery query;
    query.limit = 10000;
    timer.restart();
    Result<QList<Record>> listed = store.value()->inFlight(query);
    const qint64 listMs = std::max<qint64>(1, timer.elapsed());
    const qint64 hwmAfter = vmHwmKb();
    if (!listed)
        fail(listed.error().message);
    const std::shared_ptr<ScanProgress> progress = store.value()->scanProgress();

    // The same SCAN (MATCH, COUNT) with nothing read or decoded.
    timer.restart();
    QByteArray cursor = "0";
    qint64 bare = 0;
    qint64 roundTrips = 0;
    const QByteArray pattern = RedisScan::matchPattern("idemp:");
    do {
        Result<RedisReply> r = raw.command({"SCAN", cursor, "MATCH", pattern, "COUNT", scanCount});
        if (!r || r.value()->type != REDIS_REPLY_ARRAY)
            fail(QStringLiteral("bare SCAN failed"));
        cursor = RedisConnection::bytes(r.value()->element[0]);
        bare += qint64(r.value()->element[1]->elements);
        ++roundTrips;
    } while (cursor != "0");
    const qint64 bareMs = std::max<qint64>(1, timer.elapsed());

    // The same SCAN with every value fetched (GET pipelined per batch) but
    // not decoded: what the server and the transfer cost, apart from decoding.
    timer.restart();
    qint64 valueBytes = 0;
    do {
        Result<RedisReply> r = raw.command({"SCAN", cursor, "MATCH", pattern, "COUNT", scanCount});
        if (!r || r.value()->type != REDIS_REPLY_ARRAY)
            fail(QStringLiteral("SCAN failed"));
        cursor = RedisConnection::bytes(r.value()->element[0]);
        QList<RedisCommand> gets;
        for (size_t i = 0; i < r.value()->element[1]->elements; ++i)
            gets.append(RedisCommand{"GET", RedisConnection::bytes(r.value()->element[1]->element[i])});
        Result<QList<RedisReply>> values = raw.pipeline(gets);
        if (!values)
            fail(values.error().message);
        for (const RedisReply &v : values.value())
            valueBytes += qint64(v->len);
    } while (cursor != "0");
    const qint64 fetchMs = std::max<qint64>(1, timer.elapsed());

    QTextStream out(stdout);
    out << "{\"keys\":" << keys << ",\"fill_ms\":" << fillMs << ",\"scan_count\":" << scanCount.constData()
        << ",\"listed\":" << listed->size() << ",\"scanned\":" << progress->scanned.load() << ",\"found\":" << progress->found.load()
        << ",\"list_ms\":" << listMs << ",\"keys_per_s\":" << qint64(double(progress->scanned.load()) * 1000 / double(listMs))
        << ",\"bare_scan_ms\":" << bareMs << ",\"bare_keys\":" << bare << ",\"bare_round_trips\":" << roundTrips
        << ",\"bare_keys_per_s\":" << qint64(double(bare) * 1000 / double(bareMs)) << ",\"ratio\":" << double(listMs) / double(bareMs)
        << ",\"scan_get_ms\":" << fetchMs << ",\"value_mb\":" << valueBytes / (1024 * 1024) << ",\"vmhwm_before_kb\":" << hwmBefore
        << ",\"vmhwm_after_kb\":" << hwmAfter << "}\n";
    return 0;
}
