#include "tests/teststore.h"

#include "app/store/openstore.h"
#include "app/store/redislayout.h"
#include "app/store/sqlstore.h"

#include <hiredis/hiredis.h>

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <QCoreApplication>
#include <QRandomGenerator>

TestStore::TestStore()
    : m_backend(qEnvironmentVariable("IDEM_TEST_BACKEND", QStringLiteral("sqlite")))
{
    if (m_backend == QLatin1String("sqlite"))
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("records.db"));
    else
        m_url = qEnvironmentVariable(QByteArray(QByteArray("IDEM_TEST_") + m_backend.toUpper().toLatin1() + QByteArray("_URL")).constData());
}

std::unique_ptr<Store> TestStore::open(QString *whyNot)
{
    if (m_url.isEmpty()) {
        *whyNot = QStringLiteral("IDEM_TEST_%1_URL is not set (tools/test.sh sets it)").arg(m_backend.toUpper());
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

// HSET of one field that must already exist (HSET answers 0 when it
// overwrote a field), straight through hiredis as another program would.
bool rawRedisOverwrite(const QString &url, const QString &scope, const QString &key, const QByteArray &field, const QByteArray &value)
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed || parsed->kind != StoreUrl::Kind::Redis)
        return false;
    redisContext *c = redisConnectWithTimeout(parsed->host.toUtf8().constData(), parsed->port, timeval{5, 0});
    if (!c || c->err) {
        if (c)
            redisFree(c);
        return false;
    }
    auto run = [c](QList<QByteArray> args) {
        std::vector<const char *> argv;
        std::vector<size_t> lengths;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lengths.push_back(size_t(a.size()));
        }
        auto *reply = static_cast<redisReply *>(redisCommandArgv(c, int(argv.size()), argv.data(), lengths.data()));
        const bool ok = reply && reply->type != REDIS_REPLY_ERROR && !(reply->type == REDIS_REPLY_INTEGER && reply->integer != 0);
        if (reply)
            freeReplyObject(reply);
        return ok;
    };
    const QString password = parsed->password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : parsed->password;
    bool ok = true;
    if (!password.isEmpty())
        ok = parsed->user.isEmpty() ? run({"AUTH", password.toUtf8()}) : run({"AUTH", parsed->user.toUtf8(), password.toUtf8()});
    if (ok && !parsed->database.isEmpty())
        ok = run({"SELECT", parsed->database.toUtf8()});
    ok = ok && run({"HSET", RedisLayout::recordKey(scope, key), field, value});
    redisFree(c);
    return ok;
}

} // namespace

bool TestStore::corruptHeaders(const QString &scope, const QString &key)
{
    if (m_backend == QLatin1String("redis"))
        return rawRedisOverwrite(m_url, scope, key, "headers", "{not json");
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET headers = ? WHERE scope = ? AND idem_key = ?"),
                  {QByteArray("{not json"), scope, key});
}

bool TestStore::corruptState(const QString &scope, const QString &key)
{
    if (m_backend == QLatin1String("redis"))
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
    if (m_backend == QLatin1String("redis"))
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

// A plain hiredis connection to the test server, authenticated and on the
// URL's database; nullptr when that fails.
redisContext *rawRedisConnect(const QString &url)
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed || parsed->kind != StoreUrl::Kind::Redis)
        return nullptr;
    redisContext *c = redisConnectWithTimeout(parsed->host.toUtf8().constData(), parsed->port, timeval{5, 0});
    if (!c || c->err) {
        if (c)
            redisFree(c);
        return nullptr;
    }
    QList<QList<QByteArray>> setup;
    const QString password = parsed->password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : parsed->password;
    if (!password.isEmpty())
        setup << (parsed->user.isEmpty() ? QList<QByteArray>{"AUTH", password.toUtf8()}
                                         : QList<QByteArray>{"AUTH", parsed->user.toUtf8(), password.toUtf8()});
    if (!parsed->database.isEmpty())
        setup << QList<QByteArray>{"SELECT", parsed->database.toUtf8()};
    for (const QList<QByteArray> &args : std::as_const(setup)) {
        std::vector<const char *> argv;
        std::vector<size_t> lengths;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lengths.push_back(size_t(a.size()));
        }
        auto *reply = static_cast<redisReply *>(redisCommandArgv(c, int(argv.size()), argv.data(), lengths.data()));
        const bool ok = reply && reply->type != REDIS_REPLY_ERROR;
        if (reply)
            freeReplyObject(reply);
        if (!ok) {
            redisFree(c);
            return nullptr;
        }
    }
    return c;
}

redisReply *rawRedisRun(redisContext *c, const QList<QByteArray> &args)
{
    std::vector<const char *> argv;
    std::vector<size_t> lengths;
    for (const QByteArray &a : args) {
        argv.push_back(a.constData());
        lengths.push_back(size_t(a.size()));
    }
    return static_cast<redisReply *>(redisCommandArgv(c, int(argv.size()), argv.data(), lengths.data()));
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

bool tamperRedisAudit(const QString &url, const QString &scope, TestStore::AuditTamper how, qint64 seq)
{
    redisContext *c = rawRedisConnect(url);
    if (!c)
        return false;
    const QByteArray stream = RedisLayout::auditKey(scope);
    QList<StreamEntry> entries;
    if (redisReply *reply = rawRedisRun(c, {"XRANGE", stream, "-", "+"})) {
        for (size_t i = 0; reply->type == REDIS_REPLY_ARRAY && i < reply->elements; ++i) {
            const redisReply *item = reply->element[i];
            StreamEntry e{QByteArray(item->element[0]->str, qsizetype(item->element[0]->len)), {}};
            for (size_t j = 0; j < item->element[1]->elements; ++j)
                e.fields << QByteArray(item->element[1]->element[j]->str, qsizetype(item->element[1]->element[j]->len));
            entries << e;
        }
        freeReplyObject(reply);
    }
    qsizetype at = -1;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (entries.at(i).seq() == seq)
            at = i;
    }
    bool ok = at >= 0;
    const auto run = [c](const QList<QByteArray> &args) {
        redisReply *reply = rawRedisRun(c, args);
        const bool good = reply && reply->type != REDIS_REPLY_ERROR;
        if (reply)
            freeReplyObject(reply);
        return good;
    };
    if (ok && how == TestStore::AuditTamper::Delete) {
        ok = run({"XDEL", stream, entries.at(at).id});
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
        ok = ok && run({"DEL", stream});
        for (const StreamEntry &e : std::as_const(entries)) {
            if (ok)
                ok = run(QList<QByteArray>{"XADD", stream, e.id} + e.fields);
        }
    }
    redisFree(c);
    return ok;
}

} // namespace

bool TestStore::tamperAudit(const QString &scope, AuditTamper how, qint64 seq)
{
    if (m_backend == QLatin1String("redis"))
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
        return rawSqlTransaction(m_url, {{move, {qint64(-1), scope, seq}}, {move, {seq, scope, seq + 1}}, {move, {seq + 1, scope, qint64(-1)}}});
    }
    }
    return false;
}

bool TestStore::dropAuditChain(const QString &scope)
{
    if (m_backend == QLatin1String("redis")) {
        redisContext *c = rawRedisConnect(m_url);
        if (!c)
            return false;
        redisReply *reply = rawRedisRun(c, {"DEL", RedisLayout::auditKey(scope), RedisLayout::auditHeadKey(scope)});
        const bool ok = reply && reply->type != REDIS_REPLY_ERROR;
        if (reply)
            freeReplyObject(reply);
        redisFree(c);
        return ok;
    }
    return rawSqlTransaction(m_url, {{QStringLiteral("DELETE FROM idem_audit WHERE scope = ?"), {scope}, -1},
                                     {QStringLiteral("DELETE FROM idem_audit_head WHERE scope = ?"), {scope}, -1}});
}

bool TestStore::execSql(const QString &sql, const QVariantList &values, int rows)
{
    return rawSqlTransaction(m_url, {{sql, values, rows}});
}

bool TestStore::rawRedis(const QList<QByteArray> &args)
{
    redisContext *c = rawRedisConnect(m_url);
    if (!c)
        return false;
    redisReply *reply = rawRedisRun(c, args);
    const bool ok = reply && reply->type != REDIS_REPLY_ERROR;
    if (reply)
        freeReplyObject(reply);
    redisFree(c);
    return ok;
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
