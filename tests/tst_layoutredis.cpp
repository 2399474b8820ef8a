// Foreign layouts on Redis: the go-middleware JSON codec (golden
// bytes as Go 1.22's encoding/json writes them), GoRedisStore's SCAN listing,
// progress and cancel, its compare-and-set actions with their audit entries,
// unreadable values, and JavaRedisStore's PROCESSING/SUCCESS cache.
// Runs twice: against IDEM_TEST_REDIS_URL (TestLayoutRedis), then against
// the Redis Cluster of IDEM_TEST_REDIS_CLUSTER_URL (TestLayoutRedisCluster:
// every case again, the records written through the routed link so that they
// spread over the masters, plus the cluster's own cases). Without its URL a
// pass fails under tools/test.sh and is skipped when run by hand
// (tests/serverrequirement.h). Every store gets a key prefix of its own, so runs
// and tests never see each other's keys.
#include "app/ops/auditverifier.h"
#include "app/store/goredisstore.h"
#include "app/store/gojson.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/redisconnectionpool.h"
#include "tests/serverrequirement.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <hiredis/hiredis.h>

#include <thread>

using namespace Qt::StringLiterals;

namespace {

// Exactly what json.Marshal writes for the article's IdempotencyRecord.
const QByteArray kInFlight1001 =
    R"({"key":"order-1001","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T14:20:00.123456789+08:00","expires_at":"2026-12-01T14:20:00.123456789+08:00","request_hash":"9f86d081884c7d65","in_flight":true})"_ba;
const QByteArray kInFlight1002 =
    R"({"key":"order-1002","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T06:25:00Z","request_hash":"1b4f0e9851971998","in_flight":true})"_ba;
const QByteArray kInFlight1003 =
    R"({"key":"order-1003","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T01:10:00.5-05:00","expires_at":"2026-12-01T01:10:00.5-05:00","request_hash":"60303ae22b998861","in_flight":true})"_ba;
const QByteArray kRefund1 =
    R"({"key":"refund-1","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T06:30:00Z","expires_at":"2026-12-01T06:30:00Z","request_hash":"fd61a03af4f77d87","in_flight":true})"_ba;
const QByteArray kDone1000 =
    R"({"key":"order-1000","status_code":201,"headers":{"Content-Type":"application/json","X-Request-Id":"r-1"},"body":"eyJvayI6dHJ1ZX0=","created_at":"2026-11-30T06:20:00Z","expires_at":"2026-12-01T06:20:00Z","request_hash":"a1b2c3d4e5f60718","in_flight":false})"_ba;

constexpr qint64 k0620123 = 1796019600123; // 2026-11-30T06:20:00.123Z
constexpr qint64 k0625 = 1796019900000;
constexpr qint64 k0610500 = 1796019000500;
constexpr qint64 k0621 = 1796019660000;
constexpr qint64 k0700250 = 1796022000250;

QByteArray goValue(const QByteArray &key, const QByteArray &createdAt, bool inFlight)
{
    return R"({"key":")" + key + R"(","status_code":0,"headers":null,"body":null,"created_at":")" + createdAt
           + R"(","expires_at":"2026-12-01T06:25:00Z","request_hash":"0123456789abcdef","in_flight":)" + (inFlight ? "true" : "false")
           + "}";
}

QString sha1(const QByteArray &v)
{
    return QString::fromLatin1(QCryptographicHash::hash(v, QCryptographicHash::Sha1).toHex());
}

QStringList keysOf(const QList<Record> &rows)
{
    QStringList keys;
    for (const Record &r : rows)
        keys.append(r.key);
    return keys;
}

} // namespace

class TestLayoutRedis : public QObject {
    Q_OBJECT

public:
    explicit TestLayoutRedis(const char *urlVariable = "IDEM_TEST_REDIS_URL")
        : m_urlVariable(urlVariable)
    {
    }

protected:
    const char *const m_urlVariable;
    StoreUrl m_base;
    QTemporaryDir m_dir;
    // The test's own writes and reads, routed by key on a cluster as the
    // services' clients route them.
    std::unique_ptr<RedisConnectionPool> m_pool;
    RedisLink *m_raw = nullptr;
    QByteArray m_run = QByteArray::number(QRandomGenerator::global()->generate64(), 36);
    int m_stores = 0;
    QByteArray m_prefix; // the prefix of the store openStore() made last

    RedisReply redis(const RedisCommand &command)
    {
        Result<RedisReply> reply = m_raw->command(command);
        if (!reply)
            qFatal("redis: %s", qPrintable(reply.error().message));
        return reply.value();
    }

    // This run's keys with `prefix` on each master (SCAN of each; one entry on a single server).
    QHash<QString, QList<QByteArray>> keysByMaster(const QByteArray &prefix)
    {
        QHash<QString, QList<QByteArray>> keys;
        const Result<QList<RedisNodeInfo>> masters = m_raw->masters();
        if (!masters)
            qFatal("redis: %s", qPrintable(masters.error().message));
        for (const RedisNodeInfo &node : masters.value()) {
            QByteArray cursor = "0";
            do {
                const Result<QList<RedisReply>> r =
                    m_raw->pipelineOn(node.address, {{"SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000"}});
                if (!r)
                    qFatal("redis: %s", qPrintable(r.error().message));
                const redisReply &reply = *r->constFirst();
                cursor = RedisConnection::bytes(reply.element[0]);
                for (size_t i = 0; i < reply.element[1]->elements; ++i)
                    keys[node.address].append(RedisConnection::bytes(reply.element[1]->element[i]));
            } while (cursor != "0");
        }
        return keys;
    }

    void setMany(const QList<QPair<QByteArray, QByteArray>> &values, const QByteArray &ttlSeconds = "86400")
    {
        QList<RedisCommand> batch;
        for (const auto &[key, value] : values) {
            batch.append(RedisCommand{"SET", m_prefix + key, value, "EX", ttlSeconds});
            if (batch.size() == 1000 || key == values.constLast().first) {
                QVERIFY(m_raw->pipeline(batch).ok());
                batch.clear();
            }
        }
    }

    // A store of `base` layout under a prefix of its own, its audit log in a
    // fresh SQLite file.
    std::unique_ptr<Store> open(const char *base, const QMap<QString, QString> &options = {}, OpenMode mode = OpenMode::Create)
    {
        const QString name = u"%1-%2"_s.arg(QLatin1String(base)).arg(++m_stores);
        m_prefix = "t" + m_run + ":" + QByteArray::number(m_stores) + ":";
        const QString layoutFile = m_dir.filePath(name + u".json"_s);
        QFile file(layoutFile);
        if (!file.open(QIODevice::WriteOnly))
            return nullptr;
        file.write(R"({"name":")" + name.toUtf8() + R"(","base":")" + base + R"(","redis":{"key_prefix":")" + m_prefix + R"("}})");
        file.close();
        StoreUrl url = m_base;
        url.options = options;
        url.options.insert(u"layout"_s, layoutFile);
        url.options.insert(u"audit"_s, u"sqlite://"_s + m_dir.filePath(name + u"-audit.db"_s));
        Result<std::unique_ptr<Store>> store = openStore(url, mode);
        if (!store)
            qWarning("%s", qPrintable(store.error().message));
        return store ? std::move(store).value() : nullptr;
    }

    OperatorAction action(OperatorActionKind kind, const Record &seen, qint64 nowMs)
    {
        OperatorAction a;
        a.kind = kind;
        a.scope = seen.scope;
        a.key = seen.key;
        a.lease = seen.lease;
        a.expectedState = seen.state;
        a.startedBeforeMs = seen.updatedAt + 1; // the age the preview chose: just old enough
        a.nowMs = nowMs;
        a.retentionMs = 86400000;
        a.audit.operatorName = u"ops-li"_s;
        a.audit.host = u"desk-7"_s;
        a.audit.batchId = u"b-1"_s;
        a.audit.reason = u"stuck since the gateway timeout"_s;
        return a;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Without its URL the pass connects to nothing and each test reports
        // the missing server (init()): a QSKIP here would leave QtTest (6.4)
        // skipping the next pass in this process as well, silently.
        const QString url = qEnvironmentVariable(m_urlVariable);
        if (url.isEmpty())
            return;
        Result<StoreUrl> parsed = StoreUrl::parse(url);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
        m_base = parsed.value();
        m_pool = std::make_unique<RedisConnectionPool>(m_base);
        Result<RedisLink *> link = m_pool->connection();
        QVERIFY2(link.ok(), qPrintable(link.error().message));
        m_raw = link.value();
    }

    void init() { IDEM_REQUIRE_SERVER_URL(m_urlVariable); }

    void cleanupTestCase()
    {
        if (!m_raw)
            return;
        // Drop this run's keys (SCAN of each master, as the store does; one
        // DEL per key, since a cluster refuses a DEL across slots).
        for (const QList<QByteArray> &keys : keysByMaster("t" + m_run + ":")) {
            QList<RedisCommand> dels;
            for (const QByteArray &key : keys)
                dels.append(RedisCommand{"DEL", key});
            QVERIFY(m_raw->pipeline(dels).ok());
        }
    }

    // --- the codec, no server needed beyond initTestCase ---

    void encoderGolden()
    {
        const QByteArray in = "a\"b\\c\n\r\t\b\f\x01\x1f<>&\x7f\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xff\xed\xa0\x80\xef\xbf\xbd/"_ba;
        QCOMPARE(
            GoJson::quote(in),
            "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\\u003c\\u003e\\u0026\x7f\xc3\xa9\\u2028\\u2029\\ufffd\\ufffd\\ufffd\\ufffd\xef\xbf\xbd/\""_ba);

        GoTime t = GoTime::fromMs(k0620123, 0);
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00.123Z"_ba);
        t.nanos = 120000000;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00.12Z"_ba);
        t.nanos = 0;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00Z"_ba);
        t.nanos = 1;
        t.offsetSeconds = -(5 * 3600 + 30 * 60);
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T00:50:00.000000001-05:30"_ba);
        t.offsetSeconds = 8 * 3600;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T14:20:00.000000001+08:00"_ba);

        GoRecord r;
        r.key = "k<1>";
        r.statusCode = 200;
        r.createdAt = GoTime::fromMs(k0625, 0);
        r.expiresAt = GoTime::fromMs(k0625 + 86400000, 0);
        r.requestHash = "h";
        QCOMPARE(
            GoJson::encode(r),
            R"({"key":"k\u003c1\u003e","status_code":200,"headers":null,"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T06:25:00Z","request_hash":"h","in_flight":false})"_ba);
        r.body = QByteArray(""); // empty, not nil
        r.headers.emplace();
        QVERIFY(GoJson::encode(r).contains(R"("headers":{},"body":"",)"));
        r.headers->insert("b", "2");
        r.headers->insert("a", "1");
        r.headers->insert("B", "\n");
        r.body = QByteArray("\x00\xff", 2);
        QVERIFY(GoJson::encode(r).contains(R"("headers":{"B":"\n","a":"1","b":"2"},"body":"AP8=",)"));

        // Decoding Go's bytes and encoding them again gives the same bytes.
        for (const QByteArray &stored : {kInFlight1001, kInFlight1003, kDone1000}) {
            Result<GoRecord> decoded = GoJson::decode(stored);
            QVERIFY2(decoded.ok(), qPrintable(decoded.error().message));
            QCOMPARE(GoJson::encode(decoded.value()), stored);
            decoded->createdAt.text.clear(); // formatted instead of kept: Go's output too
            decoded->expiresAt.text.clear();
            QCOMPARE(GoJson::encode(decoded.value()), stored);
        }
    }

    void decodeAccepted()
    {
        // Go matches names case-insensitively (K and ſ fold to ASCII), the last duplicate wins,
        // unknown fields are skipped, headers merge, a body may be an array of bytes.
        const QByteArray json = R"({"KEY":"first","\u212aey":"k2","\u017ftatus_code":7,"Created_At":"2026-11-30T06:20:00.123456789999Z",
            "EXPIRES_AT":"2026-11-30T06:20:00Z","request_hash":"h","In_Flight":true,"extra":{"a":[1,2,{"b":null}],"c":-1.5e3},
            "headers":{"a":"1"},"headers":{"b":"2","c":null},"body":[104,105]} )"_ba;
        Result<GoRecord> r = GoJson::decode(json);
        QVERIFY2(r.ok(), qPrintable(r.error().message));
        QCOMPARE(r->key, "k2"_ba);
        QCOMPARE(r->statusCode, 7);
        QCOMPARE(r->createdAt.nanos, 123456789); // digits past nine are dropped
        QCOMPARE(r->createdAt.msSinceEpoch(), k0620123);
        QVERIFY(r->inFlight);
        QCOMPARE(r->headers->value("a"), "1"_ba);
        QCOMPARE(r->headers->value("b"), "2"_ba);
        QVERIFY(r->headers->contains("c"));
        QCOMPARE(r->body.value(), "hi"_ba);

        Result<GoRecord> escaped = GoJson::decode(
            R"({"key":"\ud83d\ude00\ud800x","created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":false,"body":"aGk\u003d\n"})"_ba);
        QVERIFY2(escaped.ok(), qPrintable(escaped.error().message));
        QCOMPARE(escaped->key, "\xf0\x9f\x98\x80\xef\xbf\xbdx"_ba);
        QCOMPARE(escaped->body.value(), "hi"_ba);
    }

    void decodeRejected_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        const QByteArray rest = R"("created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h")"_ba;
        QTest::newRow("invalid json") << "{not json"_ba << u"not valid JSON"_s;
        QTest::newRow("trailing") << R"({"key":"k"} x)"_ba << u"not valid JSON"_s;
        QTest::newRow("control char") << "{\"key\":\"a\x01\"}"_ba << u"control character"_s;
        QTest::newRow("array") << "[1,2]"_ba << u"the value is an array, expected a JSON object"_s;
        QTest::newRow("in_flight string") << R"({"key":"k",)" + rest + R"(,"in_flight":"yes"})"
                                          << u"in_flight is a string, expected true/false"_s;
        QTest::newRow("missing created_at") << R"({"key":"k","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
                                            << u"created_at is missing"_s;
        QTest::newRow("null key") << R"({"key":null,)" + rest + R"(,"in_flight":true})" << u"key is null"_s;
        QTest::newRow("bad base64") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"body":"!!!!"})" << u"body is not valid base64"_s;
        QTest::newRow("no padding") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"body":"aGk"})" << u"body is not valid base64"_s;
        QTest::newRow("bad time")
            << R"({"key":"k","created_at":"2026-11-30 06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
            << u"created_at is not an RFC 3339 time"_s;
        QTest::newRow("no such day")
            << R"({"key":"k","created_at":"2026-02-29T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
            << u"created_at is not an RFC 3339 time"_s;
        QTest::newRow("status fraction") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"status_code":1.5})" << u"status_code is 1.5"_s;
        QTest::newRow("status string") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"status_code":"200"})"
                                       << u"status_code is a string"_s;
        QTest::newRow("header number") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"headers":{"a":1}})"
                                       << u"headers[\"a\"] is a number"_s;
    }

    void decodeRejected()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        Result<GoRecord> r = GoJson::decode(json);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    }

    // --- GoRedisStore on the server ---

    void listing()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001},
                 {"order-1002", kInFlight1002},
                 {"order-1003", kInFlight1003},
                 {"refund-1", kRefund1},
                 {"order-1000", kDone1000}});
        InFlightQuery q;
        Result<QList<Record>> all = store->inFlight(q);
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(keysOf(all.value()), (QStringList{u"order-1003"_s, u"order-1001"_s, u"order-1002"_s, u"refund-1"_s}));
        QCOMPARE(all->at(0).updatedAt, k0610500);
        QCOMPARE(all->at(1).createdAt, k0620123);
        QCOMPARE(all->at(1).lease, sha1(kInFlight1001));
        QCOMPARE(all->at(1).fingerprint, u"9f86d081884c7d65"_s);
        QCOMPARE(all->at(1).bizNo, u"order-1001"_s);
        QCOMPARE(all->at(1).scope, u"default"_s);

        // Keyset pages, both orders.
        q.limit = 2;
        Result<QList<Record>> first = store->inFlight(q);
        QCOMPARE(keysOf(first.value()), (QStringList{u"order-1003"_s, u"order-1001"_s}));
        q.after = InFlightQuery::Position{first->last().updatedAt, first->last().scope, first->last().key};
        QCOMPARE(keysOf(store->inFlight(q).value()), (QStringList{u"order-1002"_s, u"refund-1"_s}));
        q.after.reset();
        q.newestFirst = true;
        first = store->inFlight(q);
        QCOMPARE(keysOf(first.value()), (QStringList{u"refund-1"_s, u"order-1002"_s}));
        q.after = InFlightQuery::Position{first->last().updatedAt, first->last().scope, first->last().key};
        QCOMPARE(keysOf(store->inFlight(q).value()), (QStringList{u"order-1001"_s, u"order-1003"_s}));

        // Age and key prefix filters; no owners, no TIMED_OUT in this layout.
        InFlightQuery old;
        old.startedBeforeMs = k0621;
        QCOMPARE(keysOf(store->inFlight(old).value()), (QStringList{u"order-1003"_s, u"order-1001"_s}));
        // A cutoff before the epoch is a filter that matches nothing, never "no filter".
        for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) {
            old.startedBeforeMs = cutoff;
            QCOMPARE(store->inFlight(old)->size(), 0);
            QCOMPARE(store->countInFlight(old).value(), 0);
        }
        InFlightQuery orders;
        orders.keyPrefix = u"order-"_s;
        QCOMPARE(store->inFlight(orders)->size(), 3);
        QCOMPARE(store->countInFlight(orders).value(), 3);
        orders.bizNoPrefix = u"refund"_s;
        QCOMPARE(store->inFlight(orders)->size(), 0);
        InFlightQuery owned;
        owned.owner = u"host:1"_s;
        QCOMPARE(store->inFlight(owned)->size(), 0);
        InFlightQuery timedOut;
        timedOut.state = RecordState::TimedOut;
        QCOMPARE(store->inFlight(timedOut)->size(), 0);
        InFlightQuery completed;
        completed.state = RecordState::Completed;
        // The record browser: a scan that keeps the completed records too
        // (in summary: key, business number, times).
        const Result<QList<Record>> done = store->records(completed);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(keysOf(done.value()), QStringList{u"order-1000"_s});
        QCOMPARE(done->first().state, RecordState::Completed);
        QCOMPARE(done->first().scope, u"default"_s);
        QCOMPARE(done->first().bizNo, u"order-1000"_s);
        QCOMPARE(store->countRecords(completed).value_or(-1), 1);
        completed.keyPrefix = u"refund"_s;
        QCOMPARE(store->countRecords(completed).value_or(-1), 0);
        RecordQuery any;
        any.state.reset();
        any.limit = 3;
        QStringList every;
        for (int page = 0; page < 5; ++page) {
            const Result<QList<Record>> rows = store->records(any);
            QVERIFY2(rows.ok(), qPrintable(rows.error().message));
            every += keysOf(rows.value());
            if (rows->size() < any.limit)
                break;
            any.after = RecordQuery::Position{rows->last().updatedAt, rows->last().scope, rows->last().key};
        }
        QCOMPARE(every.size(), 5);
        QVERIFY(every.contains(u"order-1000"_s));
        every.removeDuplicates();
        QCOMPARE(every.size(), 5);
        any.after.reset();
        QCOMPARE(store->countRecords(any).value_or(-1), 5);
        QCOMPARE(store->inFlight(InFlightQuery::ofScope(u"other"_s))->size(), 0);

        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts.size(), 2);
        QCOMPARE(counts[0].count, 4);
        QCOMPARE(counts[1].state, RecordState::Completed);
        QCOMPARE(counts[1].count, 1);
        // Created per minute, by state now: 06:20 has order-1001 and order-1000.
        const QList<ActivityRow> rows = store->activity(QString(), k0620123 / 60000, k0620123 / 60000).value();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].inFlight, 1);
        QCOMPARE(rows[0].completed, 1);
        QCOMPARE(store->activity(QString(), 0, std::numeric_limits<qint64>::max())->size(), 4);
    }

    // A read-only open never creates the audit file; without one
    // the log reads as empty, and the records are listed all the same.
    void readOnlyOpenCreatesNoAuditFile()
    {
        std::unique_ptr<Store> store = open("go-middleware", {}, OpenMode::ReadOnly);
        QVERIFY(store);
        const QString audit = m_dir.filePath(u"go-middleware-%1-audit.db"_s.arg(m_stores));
        setMany({{"order-1001", kInFlight1001}});
        QCOMPARE(store->inFlight(InFlightQuery())->size(), 1);
        QVERIFY(store->auditEntries(AuditQuery()).value().isEmpty());
        QVERIFY(store->auditHeads().value().isEmpty());
        QVERIFY2(!QFileInfo::exists(audit), qPrintable(audit));
        QCOMPARE(
            store->applyAction(action(OperatorActionKind::MarkTimedOut, store->inFlight(InFlightQuery())->first(), k0621)).error().kind,
            ErrorKind::Refused);
        QVERIFY(!QFileInfo::exists(audit));
        redis(RedisCommand{"DEL", m_prefix + "order-1001"});
    }

    void detail()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1000", kDone1000}});
        Result<std::optional<Record>> got = store->get(u"default"_s, u"order-1000"_s);
        QVERIFY2(got.ok(), qPrintable(got.error().message));
        QVERIFY(got->has_value());
        const Record &r = *got.value();
        QCOMPARE(r.state, RecordState::Completed);
        QCOMPARE(r.statusCode, 201);
        QCOMPARE(decodeHeaders(r.headers).value(), (HeaderList{{"Content-Type", "application/json"}, {"X-Request-Id", "r-1"}}));
        QCOMPARE(r.body, R"({"ok":true})"_ba);
        QCOMPARE(r.fingerprint, u"a1b2c3d4e5f60718"_s);
        QCOMPARE(r.expiresAt, 1796019600000 + 86400000);
        QVERIFY(r.readError.isEmpty());
        QVERIFY(!store->get(u"default"_s, u"nope"_s)->has_value());
        QVERIFY(!store->get(u"other-scope"_s, u"order-1000"_s)->has_value());
        QCOMPARE(store->layoutName(), u"go-middleware-%1"_s.arg(m_stores));
        QVERIFY(!store->keepsCounters());
    }

    void progressAndCancel()
    {
        std::unique_ptr<Store> store = open("go-middleware", {{u"scan_count"_s, u"10"_s}});
        QVERIFY(store);
        QList<QPair<QByteArray, QByteArray>> values;
        const int total = 20000;
        for (int i = 0; i < total; ++i) {
            const QByteArray key = "k" + QByteArray::number(i);
            values.append({key, goValue(key, "2026-11-30T06:20:00Z", i % 4 == 0)});
        }
        setMany(values);
        std::shared_ptr<ScanProgress> progress = store->scanProgress();
        QVERIFY(progress);
        QCOMPARE(progress->count.load(), 10);

        // A whole scan: every key looked at, every fourth in flight.
        Result<qint64> count = store->countInFlight(InFlightQuery());
        QVERIFY2(count.ok(), qPrintable(count.error().message));
        QCOMPARE(count.value(), total / 4);
        QVERIFY(progress->scanned.load() >= total);
        QCOMPARE(progress->found.load(), total / 4);
        QVERIFY(!progress->running.load());
        QVERIFY(!progress->lastCancelled.load());
        QVERIFY(progress->finishedAtMs.load() > 0);

        // The snapshot serves a second count; a new COUNT scans again.
        qint64 finished = progress->finishedAtMs.load();
        QTest::qWait(5);
        QCOMPARE(store->countInFlight(InFlightQuery()).value(), total / 4);
        QCOMPARE(progress->finishedAtMs.load(), finished);
        progress->count = 1000;
        QCOMPARE(store->countInFlight(InFlightQuery()).value(), total / 4);
        QVERIFY(progress->finishedAtMs.load() > finished);
        progress->count = 10;

        // Cancelled from another thread while it runs: a partial list.
        QTest::qWait(1100); // past the snapshot's 1 s: inFlight() scans again
        Result<QList<Record>> partial = QList<Record>();
        std::thread worker([&] { partial = store->inFlight(InFlightQuery()); });
        QElapsedTimer waited;
        waited.start();
        bool sawRunning = false;
        while (waited.elapsed() < 20000) {
            sawRunning = progress->running.load();
            if (sawRunning && progress->scanned.load() >= 500)
                break;
            std::this_thread::yield();
        }
        progress->cancel();
        worker.join();
        QVERIFY(sawRunning);
        QVERIFY2(partial.ok(), qPrintable(partial.error().message));
        QVERIFY(progress->lastCancelled.load());
        QVERIFY2(progress->scanned.load() < total, qPrintable(QString::number(progress->scanned.load())));
        QVERIFY(partial->size() < total / 4);
        QVERIFY(!progress->running.load());

        // The next scan starts afresh.
        QTest::qWait(1100);
        QCOMPARE(store->inFlight(InFlightQuery())->size(), 500); // the default limit
        QVERIFY(!progress->lastCancelled.load());
    }

    void timeoutDeletesAndAudits()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        Result<ActionResult> done = store->applyAction(action(OperatorActionKind::MarkTimedOut, seen, k0700250));
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        QVERIFY(!done->current);
        QVERIFY(done->audit);
        QCOMPARE(redis({"EXISTS", m_prefix + "order-1001"})->integer, 0);

        const QList<AuditEntry> entries = store->auditEntries(AuditQuery()).value();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].action, u"timeout"_s);
        QCOMPARE(entries[0].key, u"order-1001"_s);
        QCOMPARE(entries[0].operatorName, u"ops-li"_s);
        QCOMPARE(entries[0].stateBefore, u"IN_FLIGHT"_s);
        QCOMPARE(entries[0].stateAfter, u"DELETED"_s); // go-middleware has no TIMED_OUT: the record is gone
        Result<AuditVerdict> verdict = AuditVerifier::verify(*store);
        QVERIFY2(verdict.ok(), qPrintable(verdict.error().message));
        QVERIFY(verdict->ok);
        QCOMPARE(verdict->entries, 1);
        QVERIFY(QFile::exists(m_dir.filePath(u"go-middleware-%1-audit.db"_s.arg(m_stores))));

        // Gone now: NotFound, no entry.
        QCOMPARE(store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250))->outcome, TransitionOutcome::NotFound);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 1);
    }

    void staleLease()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        // The middleware finished it after the operator's preview.
        QByteArray finished = kInFlight1001;
        finished.replace(R"("in_flight":true)", R"("in_flight":false)");
        setMany({{"order-1001", finished}});
        Result<ActionResult> done = store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250));
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::StaleLease);
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "order-1001"}).get()), finished);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);

        // The race inside the write: the script compares the SHA1 of the value
        // it reads itself, so a change after the store's read loses too.
        QFile script(u":/lua/goaction.lua"_s);
        QVERIFY(script.open(QIODevice::ReadOnly));
        const QByteArray text = script.readAll();
        const QByteArray key = m_prefix + "order-1001";
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key, sha1(kInFlight1001).toLatin1(), "del"}).get()), "stale"_ba);
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key + "x", sha1(finished).toLatin1(), "del"}).get()), "gone"_ba);
        redis({"HSET", key + "h", "f", "v"});
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key + "h", sha1(finished).toLatin1(), "del"}).get()), "stale"_ba);
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key, sha1(finished).toLatin1(), "del"}).get()), "applied"_ba);
        QCOMPARE(redis({"EXISTS", key})->integer, 0);
    }

    void reconcileComplete()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        OperatorAction a = action(OperatorActionKind::ReconcileComplete, seen, k0700250);
        a.response.status = 200;
        a.response.headers = {{"Content-Type", "application/json"}, {"X-A", "1"}, {"X-A", "2"}};
        a.response.body = R"({"paid":true})";
        Result<ActionResult> done = store->applyAction(a);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        const QByteArray expected =
            R"({"key":"order-1001","status_code":200,"headers":{"Content-Type":"application/json","X-A":"2"},"body":"eyJwYWlkIjp0cnVlfQ==","created_at":"2026-11-30T14:20:00.123456789+08:00","expires_at":"2026-12-01T15:00:00.25+08:00","request_hash":"9f86d081884c7d65","in_flight":false})"_ba;
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "order-1001"}).get()), expected);
        const qint64 pttl = redis({"PTTL", m_prefix + "order-1001"})->integer;
        QVERIFY2(pttl > 86400000 - 60000 && pttl <= 86400000, qPrintable(QString::number(pttl)));
        QVERIFY(done->current);
        QCOMPARE(done->current->state, RecordState::Completed);
        QCOMPARE(done->current->body, R"({"paid":true})"_ba);
        QCOMPARE(store->auditEntries(AuditQuery())->first().stateAfter, u"COMPLETED"_s);

        // An empty body is Go's nil slice: null.
        setMany({{"order-1002", kInFlight1002}});
        const Record second = store->get(u"default"_s, u"order-1002"_s)->value();
        a = action(OperatorActionKind::ReconcileComplete, second, k0700250);
        a.response.status = 204;
        QCOMPARE(store->applyAction(a)->outcome, TransitionOutcome::Applied);
        QCOMPARE(
            RedisConnection::bytes(redis({"GET", m_prefix + "order-1002"}).get()),
            R"({"key":"order-1002","status_code":204,"headers":{},"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T07:00:00.25Z","request_hash":"1b4f0e9851971998","in_flight":false})"_ba);
        // Completed records are not acted on.
        const Record completed = store->get(u"default"_s, u"order-1002"_s)->value();
        QCOMPARE(store->applyAction(action(OperatorActionKind::MarkTimedOut, completed, k0700250)).error().kind,
                 ErrorKind::InvalidArgument);
    }

    void malformedValues()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        const QByteArray rest = R"("created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h")"_ba;
        setMany({{"ok-1", QByteArray(kInFlight1001).replace("order-1001", "ok-1")},
                 {"bad-json", "{not json"},
                 {"bad-type", R"({"key":"bad-type",)" + rest + R"(,"in_flight":"yes"})"},
                 {"bad-missing", R"({"key":"bad-missing","in_flight":true})"},
                 {"bad-base64", R"({"key":"bad-base64",)" + rest + R"(,"in_flight":false,"body":"@@"})"},
                 {"bad-key", R"({"key":"someone-else",)" + rest + R"(,"in_flight":true})"}});
        redis({"HSET", m_prefix + "bad-hash", "key", "bad-hash"});

        Result<QList<Record>> all = store->inFlight(InFlightQuery());
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(all->size(), 7);
        QHash<QString, Record> byKey;
        for (const Record &r : all.value())
            byKey.insert(r.key, r);
        QVERIFY(byKey.value(u"ok-1"_s).readError.isEmpty());
        const QHash<QString, QString> expected{{u"bad-json"_s, u"not valid JSON"_s},
                                               {u"bad-type"_s, u"in_flight is a string, expected true/false"_s},
                                               {u"bad-missing"_s, u"created_at is missing"_s},
                                               {u"bad-base64"_s, u"body is not valid base64"_s},
                                               {u"bad-key"_s, u"someone-else"_s},
                                               {u"bad-hash"_s, u"holds a Redis hash"_s}};
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const Record r = byKey.value(it.key());
            QVERIFY2(r.readError.startsWith(QString::fromUtf8(m_prefix) + it.key() + u": "_s),
                     qPrintable(it.key() + u" → "_s + r.readError));
            QVERIFY2(r.readError.contains(it.value()), qPrintable(r.readError));
            QCOMPARE(r.state, RecordState::InFlight);
        }
        QCOMPARE(byKey.value(u"bad-json"_s).body, "{not json"_ba);
        QCOMPARE(store->activity(QString(), 0, std::numeric_limits<qint64>::max()).value().constFirst().unreadable, 6);

        // Detail reads it the same way; every action is refused as Corrupt.
        const Record hash = store->get(u"default"_s, u"bad-hash"_s)->value();
        QVERIFY(hash.readError.contains(u"holds a Redis hash"_s));
        for (const QString &key : expected.keys()) {
            const Record seen = store->get(u"default"_s, key)->value();
            Result<ActionResult> done = store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250));
            QVERIFY(!done.ok());
            QCOMPARE(done.error().kind, ErrorKind::Corrupt);
        }
        QCOMPARE(redis({"EXISTS", m_prefix + "bad-json"})->integer, 1);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);
    }

    // --- JavaRedisStore ---

    void javaCache()
    {
        std::unique_ptr<Store> store = open("java-handler");
        QVERIFY(store);
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        redis({"SET", m_prefix + "pay-1", "PROCESSING", "PX", QByteArray::number(600000 - 120000)}); // set 2 minutes ago
        redis({"SET", m_prefix + "pay-2", "PROCESSING", "PX", QByteArray::number(600000 - 5000)});
        redis({"SET", m_prefix + "pay-3", "SUCCESS", "EX", "86400"});
        redis({"SET", m_prefix + "pay-4", "MAYBE", "EX", "60"});
        Result<QList<Record>> all = store->inFlight(InFlightQuery());
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(keysOf(all.value()), (QStringList{u"pay-4"_s, u"pay-1"_s, u"pay-2"_s}));
        QVERIFY(all->at(0).readError.contains(u"\"MAYBE\""_s));
        const Record &oldest = all->at(1);
        QVERIFY(oldest.readError.isEmpty());
        QVERIFY2(oldest.updatedAt >= before - 120000 - 100 && oldest.updatedAt <= after - 120000 + 100,
                 qPrintable(QString::number(after - oldest.updatedAt)));
        QVERIFY(oldest.fingerprint.isEmpty() && oldest.body.isEmpty());
        InFlightQuery old;
        old.startedBeforeMs = after - 60000;
        QCOMPARE(keysOf(store->inFlight(old).value()), (QStringList{u"pay-4"_s, u"pay-1"_s}));
        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts[0].count, 3);
        QCOMPARE(counts[1].count, 1);

        const Record done = store->get(u"default"_s, u"pay-3"_s)->value();
        QCOMPARE(done.state, RecordState::Completed);
        const Record seen = store->get(u"default"_s, u"pay-1"_s)->value();
        QCOMPARE(seen.state, RecordState::InFlight);
        Result<ActionResult> refused = store->applyAction(action(OperatorActionKind::MarkTimedOut, seen, after));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().kind, ErrorKind::Refused);
        QVERIFY2(refused.error().message.contains(u"MySQL"_s) && refused.error().message.contains(u"cache=redis://"_s),
                 qPrintable(refused.error().message));
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "pay-1"}).get()), "PROCESSING"_ba);
    }
};

// The same cases on a Redis Cluster, and what only a cluster has: records
// spread over the masters, a master that stops answering mid-listing.
class TestLayoutRedisCluster final : public TestLayoutRedis {
    Q_OBJECT

public:
    TestLayoutRedisCluster()
        : TestLayoutRedis("IDEM_TEST_REDIS_CLUSTER_URL")
    {
    }

private:
    QStringList masters()
    {
        QStringList addresses;
        const Result<QList<RedisNodeInfo>> nodes = m_raw->masters();
        for (const RedisNodeInfo &node : nodes.value())
            addresses.append(node.address);
        return addresses;
    }

    // The masters the store's nodeHealth() (the status bar's cluster line) finds up.
    static QStringList mastersUp(Store &store)
    {
        const Result<QList<StoreNode>> health = store.nodeHealth();
        if (!health)
            return {health.error().message};
        QStringList up;
        for (const StoreNode &node : health.value()) {
            if (node.up && node.roundTripMs >= 0)
                up.append(node.address);
        }
        return up;
    }

    // `n` go-middleware records, every other one in flight, in the store open() made last.
    QStringList writeSpread(int n)
    {
        QList<QPair<QByteArray, QByteArray>> values;
        QStringList inFlight;
        for (int i = 0; i < n; ++i) {
            const QByteArray key = "spread-" + QByteArray::number(i);
            values.append({key, goValue(key, "2026-11-30T06:20:00Z", i % 2 == 0)});
            if (i % 2 == 0)
                inFlight.append(QString::fromLatin1(key));
        }
        setMany(values);
        return inFlight;
    }

private slots:
    void clusterListsEveryMaster()
    {
        QVERIFY(m_pool->isCluster());
        const QStringList nodes = masters();
        QCOMPARE(nodes.size(), 3);
        std::unique_ptr<Store> store = open("go-middleware", {{u"scan_count"_s, u"7"_s}});
        QVERIFY(store);
        QStringList expected = writeSpread(90);
        const QHash<QString, QList<QByteArray>> placed = keysByMaster(m_prefix);
        for (const QString &node : nodes)
            QVERIFY2(placed.value(node).size() >= 5, qPrintable(node)); // each master holds some: the scan must visit all

        Result<QList<Record>> all = store->inFlight(InFlightQuery());
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QStringList listed = keysOf(all.value());
        listed.sort();
        expected.sort();
        QCOMPARE(listed, expected);
        const std::shared_ptr<ScanProgress> progress = store->scanProgress();
        QVERIFY(progress->scanned.load() >= 90); // SCAN may return a key twice
        QCOMPARE(progress->node().count, 3);
        QCOMPARE(progress->node().index, 3);
        QCOMPARE(progress->node().address, nodes.last());
        QVERIFY(!progress->lastCancelled.load());
        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts[0].count, 45);
        QCOMPARE(counts[1].count, 45);
        QCOMPARE(mastersUp(*store), nodes);

        // java-handler on the same cluster.
        std::unique_ptr<Store> java = open("java-handler");
        QVERIFY(java);
        QList<QPair<QByteArray, QByteArray>> values;
        for (int i = 0; i < 60; ++i)
            values.append({"pay-" + QByteArray::number(i), i % 3 == 0 ? "SUCCESS" : "PROCESSING"});
        setMany(values);
        for (const QString &node : nodes)
            QVERIFY2(!keysByMaster(m_prefix).value(node).isEmpty(), qPrintable(node));
        Result<QList<Record>> processing = java->inFlight(InFlightQuery());
        QVERIFY2(processing.ok(), qPrintable(processing.error().message));
        QCOMPARE(processing->size(), 40);
        QCOMPARE(java->countByState(QString()).value().at(1).count, 20);
        QCOMPARE(mastersUp(*java), nodes);
    }

    // An action on a key held by a master other than the first: the script
    // names only its own key, so it runs on that key's master.
    void clusterActionOnLaterMaster()
    {
        const QStringList nodes = masters();
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        const QStringList inFlight = writeSpread(40);
        const QHash<QString, QList<QByteArray>> placed = keysByMaster(m_prefix);
        QList<QByteArray> later; // in-flight keys of the second and third master
        for (const QString &node : nodes.mid(1)) {
            for (const QByteArray &key : placed.value(node)) {
                if (inFlight.contains(QString::fromUtf8(key.sliced(m_prefix.size())))) {
                    later.append(key);
                    break;
                }
            }
        }
        QCOMPARE(later.size(), 2);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const OperatorActionKind kinds[] = {OperatorActionKind::MarkTimedOut, OperatorActionKind::ReconcileRelease};
        for (int i = 0; i < 2; ++i) {
            const QString key = QString::fromUtf8(later[i].sliced(m_prefix.size()));
            const Record seen = store->get(u"default"_s, key)->value();
            Result<ActionResult> done = store->applyAction(action(kinds[i], seen, now));
            QVERIFY2(done.ok(), qPrintable(done.error().message));
            QCOMPARE(done->outcome, TransitionOutcome::Applied);
            QCOMPARE(redis({"EXISTS", later[i]})->integer, 0);
        }
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 2);
        QCOMPARE(store->countInFlight(InFlightQuery()).value(), 18);
    }

    // A master that does not answer (CLIENT PAUSE, longer than the store's
    // timeout) fails the listing with its name; no partial list.
    void clusterMasterNotAnswering()
    {
        const QStringList nodes = masters();
        std::unique_ptr<Store> store = open("go-middleware", {{u"timeout_ms"_s, u"300"_s}});
        QVERIFY(store);
        writeSpread(30);
        QCOMPARE(store->inFlight(InFlightQuery())->size(), 15);
        QTest::qWait(1100); // past the 1 s snapshot: the next listing scans again

        const QString paused = nodes.at(1);
        QVERIFY(m_raw->pipelineOn(paused, {{"CLIENT", "PAUSE", "1500"}}).ok());
        const auto unpause = qScopeGuard([&] { (void)m_raw->pipelineOn(paused, {{"CLIENT", "UNPAUSE"}}); });
        Result<QList<Record>> failed = store->inFlight(InFlightQuery());
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().message.contains(paused) && failed.error().message.contains(u"2 of 3"_s),
                 qPrintable(failed.error().message));
        QVERIFY(!store->scanProgress()->running.load());
        QTest::qWait(1600); // the pause is over

        // Answering again: the whole list (after the connection's backoff).
        Result<QList<Record>> again = QList<Record>();
        for (int attempt = 0; attempt < 50; ++attempt) {
            again = store->inFlight(InFlightQuery());
            if (again.ok())
                break;
            QTest::qWait(200);
        }
        QVERIFY2(again.ok(), qPrintable(again.error().message));
        QCOMPARE(again->size(), 15);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestLayoutRedis single;
    const int failed = QTest::qExec(&single, argc, argv);
    TestLayoutRedisCluster cluster;
    return failed + QTest::qExec(&cluster, argc, argv);
}
#include "tst_layoutredis.moc"
