#pragma once
// What the foreign-layout suites on Redis share (tst_layoutrediscodec,
// tst_layoutredislisting, tst_layoutredisactions, tst_layoutrediscluster): the
// go-middleware values as Go's encoding/json writes them, a connection of the
// test's own to the server or cluster whose URL variable a pass names, stores
// of a layout under a key prefix of their own (so runs and tests never see
// each other's keys) with their audit log in a fresh SQLite file, and an
// operator's action. A pass without its URL connects to nothing and each test
// reports the missing server.
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

// Exactly what json.Marshal writes for the article's IdempotencyRecord.
inline const QByteArray kInFlight1001 =
    R"({"key":"order-1001","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T14:20:00.123456789+08:00","expires_at":"2026-12-01T14:20:00.123456789+08:00","request_hash":"9f86d081884c7d65","in_flight":true})"_ba;
inline const QByteArray kInFlight1002 =
    R"({"key":"order-1002","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T06:25:00Z","request_hash":"1b4f0e9851971998","in_flight":true})"_ba;
inline const QByteArray kInFlight1003 =
    R"({"key":"order-1003","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T01:10:00.5-05:00","expires_at":"2026-12-01T01:10:00.5-05:00","request_hash":"60303ae22b998861","in_flight":true})"_ba;
inline const QByteArray kRefund1 =
    R"({"key":"refund-1","status_code":0,"headers":null,"body":null,"created_at":"2026-11-30T06:30:00Z","expires_at":"2026-12-01T06:30:00Z","request_hash":"fd61a03af4f77d87","in_flight":true})"_ba;
inline const QByteArray kDone1000 =
    R"({"key":"order-1000","status_code":201,"headers":{"Content-Type":"application/json","X-Request-Id":"r-1"},"body":"eyJvayI6dHJ1ZX0=","created_at":"2026-11-30T06:20:00Z","expires_at":"2026-12-01T06:20:00Z","request_hash":"a1b2c3d4e5f60718","in_flight":false})"_ba;

inline constexpr qint64 k0620123 = 1796019600123; // 2026-11-30T06:20:00.123Z
inline constexpr qint64 k0625 = 1796019900000;
inline constexpr qint64 k0610500 = 1796019000500;
inline constexpr qint64 k0621 = 1796019660000;
inline constexpr qint64 k0700250 = 1796022000250;

inline QByteArray goValue(const QByteArray &key, const QByteArray &createdAt, bool inFlight)
{
    return R"({"key":")" + key + R"(","status_code":0,"headers":null,"body":null,"created_at":")" + createdAt
           + R"(","expires_at":"2026-12-01T06:25:00Z","request_hash":"0123456789abcdef","in_flight":)" + (inFlight ? "true" : "false")
           + "}";
}

inline QString sha1(const QByteArray &v)
{
    return QString::fromLatin1(QCryptographicHash::hash(v, QCryptographicHash::Sha1).toHex());
}

inline QStringList keysOf(const QList<Record> &rows)
{
    QStringList keys;
    for (const Record &r : rows)
        keys.append(r.key);
    return keys;
}

class LayoutRedisFixture : public QObject {
    Q_OBJECT

public:
    explicit LayoutRedisFixture(const char *urlVariable)
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
};
