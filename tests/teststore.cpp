#include "tests/teststore.h"

#include "app/store/openstore.h"
#include "app/store/redisbuckets.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redislayout.h"
#include "app/store/sqlstore.h"

#include <hiredis/hiredis.h>

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <QCoreApplication>
#include <QRandomGenerator>

TestStore::TestStore()
    : m_backend(qEnvironmentVariable("IDEM_TEST_BACKEND", QStringLiteral("sqlite")))
{
    if (m_backend == QLatin1String("sqlite")) {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("records.db"));
    } else {
        m_urlVariable = "IDEM_TEST_" + m_backend.toUpper().toLatin1() + "_URL";
        m_url = qEnvironmentVariable(m_urlVariable.constData());
    }
}

std::unique_ptr<Store> TestStore::open(QString *whyNot)
{
    if (m_url.isEmpty()) {
        *whyNot = ServerRequirement::unsetMessage(m_urlVariable.constData());
        return nullptr;
    }
    Result<std::unique_ptr<Store>> store = openStore(m_url);
    if (!store) {
        *whyNot = store.error().message;
        return nullptr;
    }
    return std::move(store).value();
}

QString TestStore::scope(const QString &base) const
{
    static const QString run = QString::number(QRandomGenerator::global()->bounded(1000000));
    return base + QLatin1Char('-') + QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-') + run;
}

namespace {

// Runs `before` (a failing statement there is a bypass this server does not
// know, and is skipped), then `sql`, which must change exactly one row, then
// `after`, which must succeed.
bool rawSql(const QString &url, const QString &sql, const QVariantList &values, const QStringList &before = {},
            const QStringList &after = {})
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed || parsed->kind == StoreUrl::Kind::Redis)
        return false;
    const QString name = QStringLiteral("test-raw");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (db.open()) {
            QSqlQuery q(db);
            for (const QString &statement : before)
                q.exec(statement);
            q.prepare(sql);
            for (const QVariant &v : values)
                q.addBindValue(v);
            ok = q.exec() && q.numRowsAffected() == 1;
            for (const QString &statement : after)
                ok = ok && q.exec(statement);
            if (!ok)
                qWarning("raw SQL on %s failed: %s", qPrintable(parsed->displayString()), qPrintable(q.lastError().text()));
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// Commands behind the store's back, as another program would send them:
// through a connection pool of its own, so that on a Redis Cluster each
// command reaches the master of its key's slot.
class RawRedis {
public:
    explicit RawRedis(const QString &url)
        : m_pool(StoreUrl::parse(url).value_or(StoreUrl()))
    {
    }

    RedisReply run(const QList<QByteArray> &args)
    {
        Result<RedisLink *> c = m_pool.connection();
        if (!c)
            return nullptr;
        Result<RedisReply> reply = c.value()->command(args);
        return reply ? reply.value() : nullptr;
    }
    bool ok(const QList<QByteArray> &args)
    {
        const RedisReply reply = run(args);
        return reply && reply->type != REDIS_REPLY_ERROR;
    }
    bool cluster()
    {
        Result<RedisLink *> c = m_pool.connection();
        return c && c.value()->isCluster();
    }
    // The scope's buckets as the store keeps them (one on a single server).
    ScopeBuckets buckets(const QString &scope)
    {
        if (!cluster())
            return RedisBuckets::make(scope, 1);
        const RedisReply count = run({"HGET", RedisBuckets::countsKey(), scope.toUtf8()});
        return RedisBuckets::make(scope, count && count->type == REDIS_REPLY_STRING ? RedisConnection::bytes(count.get()).toInt() : 1);
    }
    QByteArray recordKey(const QString &scope, const QString &key)
    {
        return RedisLayout::recordKey(buckets(scope).tagOf(key.toUtf8()), key);
    }

private:
    RedisConnectionPool m_pool;
};

// HSET of one field that must already exist (HSET answers 0 when it
// overwrote a field).
bool rawRedisOverwrite(const QString &url, const QString &scope, const QString &key, const QByteArray &field, const QByteArray &value)
{
    RawRedis redis(url);
    const RedisReply reply = redis.run({"HSET", redis.recordKey(scope, key), field, value});
    return reply && reply->type == REDIS_REPLY_INTEGER && reply->integer == 0;
}

} // namespace

bool TestStore::corruptHeaders(const QString &scope, const QString &key)
{
    if (isRedis())
        return rawRedisOverwrite(m_url, scope, key, "headers", "{not json");
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET headers = ? WHERE scope = ? AND idem_key = ?"),
                  {QByteArray("{not json"), scope, key});
}

bool TestStore::corruptState(const QString &scope, const QString &key)
{
    if (isRedis())
        return rawRedisOverwrite(m_url, scope, key, "state", "HALF_DONE");
    // The schema's CHECK constraint on state would refuse this; a disk fault
    // or another program with the constraint dropped would not. SQLite and
    // MariaDB can switch the check off for one connection; MySQL 8 stops
    // enforcing it for everyone; PostgreSQL drops it and adds it back NOT
    // VALID (enforced for new rows, old rows unchecked) in one transaction.
    QStringList before, after;
    if (m_backend == QLatin1String("sqlite")) {
        before << QStringLiteral("PRAGMA ignore_check_constraints = ON");
    } else if (m_backend == QLatin1String("mysql")) {
        before << QStringLiteral("SET SESSION check_constraint_checks = OFF")
               << QStringLiteral("ALTER TABLE idem_records ALTER CHECK idem_records_state_known NOT ENFORCED");
    } else if (m_backend == QLatin1String("postgresql")) {
        before << QStringLiteral("BEGIN") << QStringLiteral("ALTER TABLE idem_records DROP CONSTRAINT IF EXISTS idem_records_state_known");
        after << QStringLiteral("ALTER TABLE idem_records ADD CONSTRAINT idem_records_state_known "
                                "CHECK (state IN ('IN_FLIGHT', 'COMPLETED', 'TIMED_OUT')) NOT VALID")
              << QStringLiteral("COMMIT");
    }
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET state = ? WHERE scope = ? AND idem_key = ?"),
                  {QStringLiteral("HALF_DONE"), scope, key}, before, after);
}

bool TestStore::restoreState(const QString &scope, const QString &key)
{
    if (isRedis())
        return rawRedisOverwrite(m_url, scope, key, "state", "COMPLETED");
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET state = 'COMPLETED' WHERE scope = ? AND idem_key = ?"), {scope, key});
}

namespace {

// Statements run in one transaction; each must succeed and, when its count
// is not negative, change exactly that many rows. Rolled back otherwise.
struct RawStatement {
    QString sql;
    QVariantList values;
    int rows = 1;
};

bool rawSqlTransaction(const QString &url, const QList<RawStatement> &statements)
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed || parsed->kind == StoreUrl::Kind::Redis)
        return false;
    const QString name = QStringLiteral("test-raw-tx");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (db.open() && db.transaction()) {
            QSqlQuery q(db);
            ok = true;
            for (const RawStatement &s : statements) {
                q.prepare(s.sql);
                for (const QVariant &v : s.values)
                    q.addBindValue(v);
                if (!q.exec() || (s.rows >= 0 && q.numRowsAffected() != s.rows)) {
                    qWarning("raw SQL '%s' on %s failed (%d rows): %s", qPrintable(s.sql), qPrintable(parsed->displayString()),
                             q.numRowsAffected(), qPrintable(q.lastError().text()));
                    ok = false;
                    break;
                }
            }
            q = QSqlQuery();
            ok = ok ? db.commit() : (db.rollback(), false);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

struct StreamEntry {
    QByteArray id;
    QList<QByteArray> fields; // name, value, name, value, …

    qint64 seq() const
    {
        for (qsizetype i = 0; i + 1 < fields.size(); i += 2) {
            if (fields.at(i) == "seq")
                return fields.at(i + 1).toLongLong();
        }
        return 0;
    }
};

// The chain tampered with is the scope's chain of sameChainKeys(): its only
// one on a single server, the bucket of an entry about no record on a cluster.
bool tamperRedisAudit(const QString &url, const QString &scope, TestStore::AuditTamper how, qint64 seq)
{
    RawRedis redis(url);
    const QByteArray stream = RedisLayout::auditKey(redis.buckets(scope).tagOf(QByteArrayView()));
    QList<StreamEntry> entries;
    if (const RedisReply reply = redis.run({"XRANGE", stream, "-", "+"})) {
        for (size_t i = 0; reply->type == REDIS_REPLY_ARRAY && i < reply->elements; ++i) {
            const redisReply *item = reply->element[i];
            StreamEntry e{QByteArray(item->element[0]->str, qsizetype(item->element[0]->len)), {}};
            for (size_t j = 0; j < item->element[1]->elements; ++j)
                e.fields << QByteArray(item->element[1]->element[j]->str, qsizetype(item->element[1]->element[j]->len));
            entries << e;
        }
    }
    qsizetype at = -1;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (entries.at(i).seq() == seq)
            at = i;
    }
    bool ok = at >= 0;
    if (ok && how == TestStore::AuditTamper::Delete) {
        ok = redis.ok({"XDEL", stream, entries.at(at).id});
    } else if (ok) {
        if (how == TestStore::AuditTamper::EditReason) {
            QList<QByteArray> &fields = entries[at].fields;
            const qsizetype reason = fields.indexOf(QByteArray("reason"));
            ok = reason >= 0 && reason % 2 == 0;
            if (ok)
                fields[reason + 1] = "nothing to see here";
        } else {
            ok = at + 1 < entries.size();
            if (ok)
                std::swap(entries[at].fields, entries[at + 1].fields); // contents trade places, ids stay in order
        }
        ok = ok && redis.ok({"DEL", stream});
        for (const StreamEntry &e : std::as_const(entries)) {
            if (ok)
                ok = redis.ok(QList<QByteArray>{"XADD", stream, e.id} + e.fields);
        }
    }
    return ok;
}

} // namespace

bool TestStore::tamperAudit(const QString &scope, AuditTamper how, qint64 seq)
{
    if (isRedis())
        return tamperRedisAudit(m_url, scope, how, seq);
    switch (how) {
    case AuditTamper::EditReason:
        return rawSqlTransaction(m_url, {{QStringLiteral("UPDATE idem_audit SET reason = ? WHERE scope = ? AND seq = ?"),
                                          {QStringLiteral("nothing to see here"), scope, seq}}});
    case AuditTamper::Delete:
        return rawSqlTransaction(m_url, {{QStringLiteral("DELETE FROM idem_audit WHERE scope = ? AND seq = ?"), {scope, seq}}});
    case AuditTamper::SwapWithNext: {
        // (scope, seq) is the primary key: go through a free seq.
        const QString move = QStringLiteral("UPDATE idem_audit SET seq = ? WHERE scope = ? AND seq = ?");
        return rawSqlTransaction(m_url,
                                 {{move, {qint64(-1), scope, seq}}, {move, {seq, scope, seq + 1}}, {move, {seq + 1, scope, qint64(-1)}}});
    }
    }
    return false;
}

bool TestStore::dropAuditChain(const QString &scope)
{
    if (isRedis()) {
        RawRedis redis(m_url);
        bool ok = true;
        for (const QString &chain : redis.buckets(scope).tags)
            ok = redis.ok({"DEL", RedisLayout::auditKey(chain), RedisLayout::auditHeadKey(chain)}) && ok;
        return ok;
    }
    return rawSqlTransaction(m_url, {{QStringLiteral("DELETE FROM idem_audit WHERE scope = ?"), {scope}, -1},
                                     {QStringLiteral("DELETE FROM idem_audit_head WHERE scope = ?"), {scope}, -1}});
}

bool TestStore::execSql(const QString &sql, const QVariantList &values, int rows)
{
    return rawSqlTransaction(m_url, {{sql, values, rows}});
}

bool TestStore::execDdl(const QString &sql)
{
    const Result<StoreUrl> parsed = StoreUrl::parse(m_url);
    if (!parsed || parsed->kind == StoreUrl::Kind::Redis)
        return false;
    const QString name = QStringLiteral("test-raw-ddl");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(sql);
            if (!ok)
                qWarning("raw DDL '%s' on %s failed: %s", qPrintable(sql), qPrintable(parsed->displayString()),
                         qPrintable(q.lastError().text()));
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

bool TestStore::rawRecord(const QString &scope, const QString &key, QMap<QString, QByteArray> *fields)
{
    fields->clear();
    if (isRedis()) {
        RawRedis redis(m_url);
        const RedisReply reply = redis.run({"HGETALL", redis.recordKey(scope, key)});
        if (!reply || reply->type != REDIS_REPLY_ARRAY)
            return false;
        for (size_t i = 0; i + 1 < reply->elements; i += 2)
            fields->insert(QString::fromUtf8(RedisConnection::bytes(reply->element[i])), RedisConnection::bytes(reply->element[i + 1]));
        return true;
    }
    const Result<StoreUrl> parsed = StoreUrl::parse(m_url);
    if (!parsed)
        return false;
    const QString name = QStringLiteral("test-raw-record");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.prepare(QStringLiteral("SELECT * FROM idem_records WHERE scope = ? AND idem_key = ?"));
            q.addBindValue(scope);
            q.addBindValue(key);
            ok = ok && q.exec();
            if (ok && q.next()) {
                for (int i = 0; i < q.record().count(); ++i) {
                    if (!q.value(i).isNull())
                        fields->insert(q.record().fieldName(i).toLower(), q.value(i).toByteArray());
                }
            }
            if (!ok)
                qWarning("raw read on %s failed: %s", qPrintable(parsed->displayString()), qPrintable(q.lastError().text()));
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

bool TestStore::rawRedis(const QList<QByteArray> &args)
{
    return RawRedis(m_url).ok(args);
}

QByteArray TestStore::redisRecordKey(const QString &scope, const QString &key)
{
    return RawRedis(m_url).recordKey(scope, key);
}

ScopeBuckets TestStore::bucketsOf(const QString &scope)
{
    const ScopeBuckets buckets = isRedis() ? RawRedis(m_url).buckets(scope) : ScopeBuckets{scope, {scope}};
    // A scope not written yet on a cluster gets the store's default count.
    return buckets.count() == 1 && m_backend == QLatin1String("redis_cluster") ? RedisBuckets::make(scope, RedisBuckets::kDefaultCount)
                                                                               : buckets;
}

QString TestStore::sameChain(const QString &scope)
{
    return bucketsOf(scope).tagOf(QByteArrayView());
}

QStringList TestStore::sameChainKeys(const QString &scope, const QString &base, int n)
{
    QStringList keys;
    const ScopeBuckets chosen = bucketsOf(scope);
    const QString &chain = chosen.tagOf(QByteArrayView());
    for (int i = 0; keys.size() < n; ++i) {
        const QString key = base + QString::number(i);
        if (chosen.tagOf(key.toUtf8()) == chain)
            keys << key;
    }
    return keys;
}

QList<AuditEntry> scopeAudit(Store &s, const QString &scope)
{
    const Result<QList<AuditChainHead>> heads = s.auditHeads();
    if (!heads)
        qFatal("auditHeads failed: %s", qPrintable(heads.error().message));
    QList<AuditEntry> all;
    int chains = 0;
    for (const AuditChainHead &head : heads.value()) {
        if (head.scope != scope)
            continue;
        ++chains;
        QString after;
        for (;;) {
            const Result<QList<AuditEntry>> page = s.auditChain(head.chainName(), after, 100);
            if (!page)
                qFatal("auditChain failed: %s", qPrintable(page.error().message));
            all += page.value();
            if (page->size() < 100)
                break;
            after = page->constLast().storeId;
        }
    }
    if (chains > 1)
        std::stable_sort(all.begin(), all.end(), [](const AuditEntry &a, const AuditEntry &b) { return a.atMs < b.atMs; });
    return all;
}

OperatorAction operatorTimeout(const Record &seen, qint64 nowMs, qint64 retentionMs)
{
    OperatorAction a;
    a.kind = OperatorActionKind::MarkTimedOut;
    a.scope = seen.scope;
    a.key = seen.key;
    a.lease = seen.lease;
    a.expectedState = seen.state;
    a.startedBeforeMs = seen.updatedAt + 1;
    a.nowMs = nowMs;
    a.retentionMs = retentionMs;
    a.audit.operatorName = QStringLiteral("ops-test");
    a.audit.host = QStringLiteral("test-host");
    a.audit.batchId = QStringLiteral("b-test-timeout");
    a.audit.reason = QStringLiteral("the attempt is stuck (test)");
    return a;
}
