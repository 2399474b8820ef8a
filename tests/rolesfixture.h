#pragma once
// What tst_roles and tst_proposals share: a store of their own on each
// server (PostgreSQL and MySQL/MariaDB: the database idem_roles; Redis:
// database 3), its roles set up by `idemctl init --roles` as its owner,
// login users for each role, idemctl run as one of them, stuck records.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/storeurl.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

namespace RolesFixture {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.trimmed().split('\n').constLast()).object(); }
    QByteArray all() const { return out + err; }
};

inline Run idemctl(const QStringList &arguments, const QByteArray &redisPassword = QByteArray())
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("IDEM_STORE"));
    if (!redisPassword.isEmpty())
        env.insert(QStringLiteral("IDEM_REDIS_PASSWORD"), QString::fromLatin1(redisPassword));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(IDEMCTL_PATH), arguments);
    if (!process.waitForFinished(120000))
        process.kill();
    process.waitForFinished();
    return Run{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
               process.readAllStandardError()};
}

// The backend's server URL variable, from its name.
inline const char *urlVariable(const QString &backend)
{
    if (backend == QLatin1String("postgresql"))
        return "IDEM_TEST_POSTGRESQL_URL";
    if (backend == QLatin1String("mysql"))
        return "IDEM_TEST_MYSQL_URL";
    return "IDEM_TEST_REDIS_URL";
}

// One role's login: its user name on the server and its URL.
struct Login {
    QString user;
    QString url;
    QByteArray redisPassword; // Redis only
};

struct Fixture {
    QString backend;
    QString ownerUrl; // the store's owner (idem): init --roles, seeding
    Login viewer, operatorLogin, approver, approver2;
};

inline QString withUser(const QString &url, const QString &user)
{
    QUrl u(url);
    u.setUserName(user);
    return u.toString();
}

inline bool sqlExec(const QString &url, const QStringList &statements, QString *error = nullptr)
{
    const StoreUrl parsed = StoreUrl::parse(url).value();
    const QString name = QStringLiteral("rolesfixture-%1").arg(QRandomGenerator::global()->generate());
    bool ok = true;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(parsed.kind == StoreUrl::Kind::Postgres ? QStringLiteral("QPSQL") : QStringLiteral("QMYSQL"), name);
        db.setHostName(parsed.host);
        db.setPort(parsed.port);
        db.setUserName(parsed.user);
        db.setDatabaseName(parsed.database);
        if (!db.open()) {
            if (error)
                *error = db.lastError().text();
            ok = false;
        }
        for (const QString &s : statements) {
            if (!ok)
                break;
            QSqlQuery q(db);
            if (!q.exec(s)) {
                if (error)
                    *error = q.lastError().text();
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

inline int redisCli(const QString &url, const QStringList &args, QByteArray *out = nullptr, const QString &user = QString(),
                    const QByteArray &password = QByteArray())
{
    const StoreUrl parsed = StoreUrl::parse(url).value();
    QStringList full{QStringLiteral("-h"), parsed.host, QStringLiteral("-p"), QString::number(parsed.port)};
    if (!user.isEmpty())
        full << QStringLiteral("--user") << user << QStringLiteral("--pass") << QString::fromLatin1(password)
             << QStringLiteral("--no-auth-warning");
    QProcess p;
    p.start(QStringLiteral("redis-cli"), full + args);
    p.waitForFinished(30000);
    if (out)
        *out = p.readAllStandardOutput() + p.readAllStandardError();
    return p.exitCode();
}

// The backend's own store (database idem_roles / Redis db 3), its roles set
// up and one login per role. Fails the calling test (QVERIFY) on the way.
inline bool setUp(const QString &backend, Fixture *f, QString *why)
{
    f->backend = backend;
    const QString server = qEnvironmentVariable(urlVariable(backend));
    if (backend == QLatin1String("redis")) {
        QUrl u(server);
        u.setPath(QStringLiteral("/3"));
        f->ownerUrl = u.toString();
    } else {
        QUrl u(server);
        const bool pg = backend == QLatin1String("postgresql");
        QString error;
        // Its own database: the policy and grants stay out of the shared one.
        if (pg) {
            if (!sqlExec(server, {QStringLiteral("SELECT 1")}, &error)) {
                *why = error;
                return false;
            }
            sqlExec(server, {QStringLiteral("CREATE DATABASE idem_roles")}); // exists after the first run
        } else if (!sqlExec(server, {QStringLiteral("CREATE DATABASE IF NOT EXISTS idem_roles")}, &error)) {
            *why = error;
            return false;
        }
        u.setPath(QStringLiteral("/idem_roles"));
        f->ownerUrl = u.toString();
        QStringList users;
        for (const QString &name :
             {QStringLiteral("r_viewer"), QStringLiteral("r_operator"), QStringLiteral("r_approver"), QStringLiteral("r_approver2")}) {
            users << (pg ? QStringLiteral("DO $$BEGIN CREATE ROLE %1 LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END$$").arg(name)
                         : QStringLiteral("CREATE USER IF NOT EXISTS '%1'@'%'").arg(name));
        }
        if (!sqlExec(server, users, &error)) {
            *why = error;
            return false;
        }
    }
    // A fresh store: every record and proposal of an earlier run gone.
    if (backend == QLatin1String("redis")) {
        redisCli(f->ownerUrl, {QStringLiteral("-n"), QStringLiteral("3"), QStringLiteral("FLUSHDB")});
    } else {
        for (const QString &table : {QStringLiteral("idem_proposals"), QStringLiteral("idem_policy"), QStringLiteral("idem_records"),
                                     QStringLiteral("idem_audit"), QStringLiteral("idem_audit_head"), QStringLiteral("idem_counters")})
            sqlExec(f->ownerUrl, {QStringLiteral("DROP TABLE IF EXISTS ") + table});
    }
    QStringList init{QStringLiteral("init"), QStringLiteral("--store"), f->ownerUrl, QStringLiteral("--roles")};
    if (backend != QLatin1String("redis"))
        init << QStringLiteral("--grant") << QStringLiteral("viewer:r_viewer") << QStringLiteral("--grant")
             << QStringLiteral("operator:r_operator") << QStringLiteral("--grant") << QStringLiteral("approver:r_approver")
             << QStringLiteral("--grant") << QStringLiteral("approver:r_approver2");
    const Run ran = idemctl(init);
    if (ran.exitCode != 0) {
        *why = QString::fromUtf8(ran.all());
        return false;
    }
    if (backend == QLatin1String("redis")) {
        // The roles are the ACL users; an administrator gives them passwords.
        const QList<std::pair<QString, Login *>> users{{QStringLiteral("idem-viewer"), &f->viewer},
                                                       {QStringLiteral("idem-operator"), &f->operatorLogin},
                                                       {QStringLiteral("idem-approver"), &f->approver}};
        for (const auto &[user, login] : users) {
            login->user = user;
            login->redisPassword = "pw-" + user.toLatin1();
            login->url = withUser(f->ownerUrl, user);
            redisCli(f->ownerUrl,
                     {QStringLiteral("ACL"), QStringLiteral("SETUSER"), user, QStringLiteral("on"), QStringLiteral(">pw-") + user});
        }
        f->approver2 = f->approver;
    } else {
        f->viewer = {QStringLiteral("r_viewer"), withUser(f->ownerUrl, QStringLiteral("r_viewer")), {}};
        f->operatorLogin = {QStringLiteral("r_operator"), withUser(f->ownerUrl, QStringLiteral("r_operator")), {}};
        f->approver = {QStringLiteral("r_approver"), withUser(f->ownerUrl, QStringLiteral("r_approver")), {}};
        f->approver2 = {QStringLiteral("r_approver2"), withUser(f->ownerUrl, QStringLiteral("r_approver2")), {}};
    }
    return true;
}

// `count` in-flight records of `scope`, claimed 30 minutes ago, never completed.
inline bool seedStuck(const QString &url, const QString &scope, int count, const QString &prefix = QStringLiteral("stuck-"))
{
    Result<std::unique_ptr<Store>> store = openStore(url, OpenMode::Create);
    if (!store)
        return false;
    const qint64 then = QDateTime::currentMSecsSinceEpoch() - 30 * 60000;
    Guard guard(*store.value(), ScopePolicies(), [then] { return then; });
    for (int i = 0; i < count; ++i) {
        GuardRequest r;
        r.scope = scope;
        r.key = prefix + QString::number(i);
        r.path = "/api/" + scope.toUtf8();
        r.body = "{}";
        if (!store.value()->claim(guard.claimFor(r)).ok())
            return false;
    }
    return true;
}

inline std::optional<Record> record(const QString &url, const QString &scope, const QString &key)
{
    Result<std::unique_ptr<Store>> store = openStore(url, OpenMode::ReadOnly);
    if (!store)
        return std::nullopt;
    Result<std::optional<Record>> r = store.value()->get(scope, key);
    return r ? r.value() : std::nullopt;
}

inline QStringList args(const QStringList &list, const Login &login)
{
    return QStringList(list) << QStringLiteral("--store") << login.url;
}

// A data row per server backend: postgresql, mysql, redis (column "backend").
inline void backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
    QTest::newRow("mysql") << QStringLiteral("mysql");
    QTest::newRow("redis") << QStringLiteral("redis");
}

} // namespace RolesFixture

// The row's backend set up as `f` in a test function whose _data() gave
// backends(): fails or skips (tests/serverrequirement.h) without its server.
#define ROLES_FIXTURE(f)                                                                                                                   \
    QFETCH(QString, backend);                                                                                                              \
    IDEM_REQUIRE_SERVER_URL(RolesFixture::urlVariable(backend));                                                                           \
    RolesFixture::Fixture f;                                                                                                               \
    {                                                                                                                                      \
        QString why;                                                                                                                       \
        QVERIFY2(RolesFixture::setUp(backend, &f, &why), qPrintable(why));                                                                 \
    }
