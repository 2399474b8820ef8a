#include "teststore.h"

#include "store/openstore.h"
#include "store/redislayout.h"
#include "store/sqlstore.h"

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
