#pragma once
// What the Redis store's suites share (tst_redisstorecorrupt,
// tst_redisstorescripts, tst_redisstoreconnection, tst_redisstorelistings):
// a store on IDEM_TEST_REDIS_URL opened once per suite, a plain hiredis
// connection behind its back, a scope of its own per test, and the keys a
// test broke on purpose, deleted after it.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/redisstore.h"
#include "tests/teststore.h"

#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <thread>

inline constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)

// A plain hiredis connection: the test's view behind the store's back.
class RawRedis final {
public:
    ~RawRedis()
    {
        if (m_context)
            redisFree(m_context);
    }

    bool connect(const StoreUrl &url)
    {
        m_context = redisConnectWithTimeout(url.host.toUtf8().constData(), url.port, timeval{5, 0});
        if (!m_context || m_context->err)
            return false;
        const QString password = url.password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url.password;
        if (!password.isEmpty()
            && !ok(url.user.isEmpty() ? run({"AUTH", password.toUtf8()}) : run({"AUTH", url.user.toUtf8(), password.toUtf8()})))
            return false;
        return url.database.isEmpty() || ok(run({"SELECT", url.database.toUtf8()}));
    }

    // The reply flattened: a string/status/error text, an integer, or array items.
    struct Reply {
        int type = REDIS_REPLY_NIL;
        QByteArray text;
        long long integer = 0;
        QByteArrayList items;
    };

    Reply run(const QByteArrayList &args)
    {
        std::vector<const char *> argv;
        std::vector<size_t> lengths;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lengths.push_back(size_t(a.size()));
        }
        Reply result;
        auto *r = static_cast<redisReply *>(redisCommandArgv(m_context, int(argv.size()), argv.data(), lengths.data()));
        if (!r) {
            result.type = REDIS_REPLY_ERROR;
            result.text = m_context->errstr;
            return result;
        }
        result.type = r->type;
        result.integer = r->integer;
        if (r->str)
            result.text = QByteArray(r->str, qsizetype(r->len));
        for (size_t i = 0; i < r->elements; ++i)
            result.items << QByteArray(r->element[i]->str, r->element[i]->str ? qsizetype(r->element[i]->len) : 0);
        freeReplyObject(r);
        return result;
    }

    static bool ok(const Reply &r) { return r.type != REDIS_REPLY_ERROR; }

    // INFO commandstats as command → calls ("evalsha", "script|load", …).
    QHash<QByteArray, qint64> commandCalls()
    {
        QHash<QByteArray, qint64> calls;
        for (const QByteArray &line : run({"INFO", "commandstats"}).text.split('\n')) {
            if (!line.startsWith("cmdstat_"))
                continue;
            const qsizetype colon = line.indexOf(':');
            const qsizetype from = line.indexOf("calls=") + 6;
            calls.insert(line.mid(8, colon - 8), line.mid(from, line.indexOf(',', from) - from).toLongLong());
        }
        return calls;
    }

private:
    redisContext *m_context = nullptr;
};

inline GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body = QByteArrayLiteral("{\"amount\":100}"))
{
    GuardRequest r;
    r.scope = scope;
    r.key = key;
    r.path = "/api/payments";
    r.body = body;
    return r;
}

inline ClaimRequest claimOf(const QString &scope, const QString &key, qint64 now = T0)
{
    ClaimRequest r;
    r.scope = scope;
    r.key = key;
    r.fingerprint = QStringLiteral("fp");
    r.owner = QStringLiteral("test-host:1");
    r.nowMs = now;
    return r;
}

inline Response okResponse()
{
    return Response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
}

// An operator's action on the record as a preview saw it.
inline OperatorAction actionOn(const Record &r, OperatorActionKind kind, qint64 now)
{
    OperatorAction a;
    a.kind = kind;
    a.scope = r.scope;
    a.key = r.key;
    a.lease = r.lease;
    a.expectedState = r.state;
    a.startedBeforeMs = r.updatedAt + 1; // the age the preview chose: just old enough
    a.nowMs = now;
    a.retentionMs = 3600'000;
    a.response = okResponse();
    a.audit.operatorName = QStringLiteral("alice");
    a.audit.host = QStringLiteral("ops-1");
    a.audit.batchId = QStringLiteral("batch-1");
    a.audit.reason = QStringLiteral("stuck since the deploy");
    a.audit.evidence = "{\"order\":\"SO1\"}";
    return a;
}

inline AuditEntry alertIn(const QString &scope, qint64 at)
{
    AuditEntry e;
    e.scope = scope;
    e.atMs = at;
    e.operatorName = QStringLiteral("monitor");
    e.host = QStringLiteral("ops-1");
    e.action = QStringLiteral("alert");
    e.reason = QStringLiteral("hit rate over 30%");
    return e;
}

// What Redis Cluster hashes a key by: the text of its first {…}, else the key.
inline QByteArray hashTagOf(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    const qsizetype close = open < 0 ? -1 : key.indexOf('}', open + 1);
    return close > open + 1 ? key.mid(open + 1, close - open - 1) : key;
}

// The chain as verification reads it: "" when every link holds, else the first break.
inline QString chainBreak(const QList<AuditEntry> &chain, const AuditChainHead &head)
{
    QString prev = AuditEntry::genesisHash();
    for (qsizetype i = 0; i < chain.size(); ++i) {
        const AuditEntry &e = chain.at(i);
        if (e.seq != i + 1)
            return QStringLiteral("seq %1 at position %2").arg(e.seq).arg(i + 1);
        if (e.prevHash != prev)
            return QStringLiteral("seq %1 does not link to the entry before it").arg(e.seq);
        if (e.hash != e.computeHash())
            return QStringLiteral("seq %1 has a wrong hash").arg(e.seq);
        prev = e.hash;
    }
    if (head.seq != chain.size() || (!chain.isEmpty() && head.hash != prev))
        return QStringLiteral("head (%1, %2) is not the last entry").arg(head.seq).arg(head.hash);
    return QString();
}

// Commands a guarded request may send outside its scripts; the scripts' own
// inner calls (HSET, ZADD, …) show in commandstats too, so they are not counted.
inline qint64 topLevelCalls(const QHash<QByteArray, qint64> &before, const QHash<QByteArray, qint64> &after, qint64 *evalsha)
{
    static const QSet<QByteArray> insideScripts{"type", "hmget",   "hset",    "hdel",      "persist",          "zadd",
                                                "zrem", "hincrby", "pexpire", "pexpireat", "zremrangebyscore", "time",
                                                "del",  "info",    "exists"};
    qint64 other = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const qint64 delta = it.value() - before.value(it.key());
        if (it.key() == "evalsha")
            *evalsha = delta;
        else if (!insideScripts.contains(it.key()))
            other += delta;
    }
    return other;
}

class RedisStoreFixture {
protected:
    QString m_urlText;
    StoreUrl m_url;
    std::unique_ptr<RedisStore> m_store;
    RawRedis m_raw;
    QString m_scope;
    int m_case = 0;

    QByteArrayList m_damaged; // keys a test broke on purpose, deleted after it

    RedisStore &store() { return *m_store; }
    Guard::Clock clock()
    {
        return [] { return T0; };
    }

    // Opens the store and the raw connection on IDEM_TEST_REDIS_URL (initTestCase).
    void openRedisStore()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_URL");
        m_urlText = url;
        const Result<StoreUrl> parsed = StoreUrl::parse(m_urlText);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
        m_url = parsed.value();
        QCOMPARE(m_url.kind, StoreUrl::Kind::Redis);
        m_store = std::make_unique<RedisStore>(m_url);
        const Result<void> opened = m_store->open();
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        QVERIFY2(m_raw.connect(m_url), "cannot connect to IDEM_TEST_REDIS_URL with hiredis");
    }

    // A scope of the test's own (init).
    void nameScope()
    {
        m_scope = QStringLiteral("rtest-%1-%2-%3")
                      .arg(QCoreApplication::applicationPid())
                      .arg(QRandomGenerator::global()->bounded(1000000))
                      .arg(++m_case);
    }

    // A broken in-flight record would (rightly) fail every later listing of
    // all scopes on this server, a broken audit chain every verification.
    void deleteDamaged()
    {
        for (const QByteArray &key : std::as_const(m_damaged))
            m_raw.run({"DEL", key});
        m_damaged.clear();
    }

    Result<AuditChainHead> headOf(const QString &scope)
    {
        const Result<QList<AuditChainHead>> heads = store().auditHeads();
        if (!heads)
            return heads.error();
        for (const AuditChainHead &h : heads.value()) {
            if (h.scope == scope)
                return h;
        }
        return AuditChainHead{scope, 0, QString(), QString()};
    }
};
