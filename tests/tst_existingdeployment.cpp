// An existing deployment, before any operator has acted on it, as a new user
// meets it at 4 a.m.: a java-handler table on MySQL and a go-middleware table
// on PostgreSQL each with the audit log pointed at the service's own
// database, foreign layouts whose SQLite audit file does not exist yet, and a
// native Redis store with no audit keys. Every reading command of idemctl,
// the dry runs and the console's open work there, a log that does not exist
// yet reads as an empty one, and nothing is created until the first action,
// which in a service's database creates idem_audit and idem_audit_head only.
// The SQL rows get a database of their own (the servers let user idem create
// idem_… databases), Redis rows a database number of their own.
#include "app/ops/auditverifier.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/sqlstore.h"
#include "app/store/storeurl.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

#include <hiredis/hiredis.h>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.trimmed().split('\n').constLast()).object(); }
};

Run idemctl(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(IDEMCTL_PATH), arguments);
    if (!process.waitForFinished(120000))
        process.kill();
    process.waitForFinished();
    return Run{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
               process.readAllStandardError()};
}

// A time as Go's encoding/json writes a time.Time in Asia/Shanghai.
QByteArray goTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(8 * 3600)).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")).toLatin1()
           + "+08:00";
}

// IdempotencyRecord as the Go middleware's SetInFlight marshals it.
QByteArray goInFlight(const QByteArray &key, qint64 createdMs)
{
    return "{\"key\":\"" + key + "\",\"status_code\":0,\"headers\":null,\"body\":null,\"created_at\":\"" + goTime(createdMs)
           + "\",\"expires_at\":\"" + goTime(createdMs + 86400000) + "\",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":true}";
}

RedisSettings redisSettings(const StoreUrl &url)
{
    RedisSettings settings;
    settings.host = url.host.toUtf8();
    settings.port = url.port;
    settings.database = url.database.toInt();
    return settings;
}

// The URL in `variable` (scheme://user@host:port/database, as tools/test.sh
// sets it) with another database (SQL) or database number (Redis).
QString withDatabase(const char *variable, const QString &database)
{
    const QString url = qEnvironmentVariable(variable);
    return url.left(url.lastIndexOf(QLatin1Char('/')) + 1) + database;
}

} // namespace

class ExistingDeploymentTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_run;
    QString m_orders; // a SQLite orders table for reconcile's dry run
    QStringList m_databases; // "variable database" to drop at the end

    // A connection to `url` behind idemctl's back.
    QSqlDatabase sql(const QString &url, const QString &name)
    {
        const Result<StoreUrl> parsed = StoreUrl::parse(url);
        QSqlDatabase db =
            QSqlDatabase::contains(name) ? QSqlDatabase::database(name) : QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (!db.isOpen() && !db.open())
            qWarning() << "cannot open" << parsed->displayString() << db.lastError().text();
        return db;
    }

    static bool exec(QSqlDatabase db, const QString &statement, const QVariantList &values = {})
    {
        QSqlQuery q(db);
        const bool prepared = values.isEmpty() || q.prepare(statement);
        for (const QVariant &v : values)
            q.addBindValue(v);
        if (!prepared || !(values.isEmpty() ? q.exec(statement) : q.exec())) {
            qWarning() << statement << q.lastError().text();
            return false;
        }
        return true;
    }

    // A fresh database named idem_deploy_<run> on the server of `variable`.
    QString freshDatabase(const char *variable)
    {
        const QString name = QStringLiteral("idem_deploy_") + m_run;
        QSqlDatabase admin = sql(qEnvironmentVariable(variable), QString::fromLatin1(variable) + QStringLiteral("-admin"));
        exec(admin, QStringLiteral("DROP DATABASE IF EXISTS ") + name);
        if (!exec(admin, QStringLiteral("CREATE DATABASE ") + name))
            return QString();
        m_databases << QString::fromLatin1(variable) + QLatin1Char(' ') + name;
        return withDatabase(variable, name);
    }

    static QStringList tables(QSqlDatabase db)
    {
        QStringList names = db.tables();
        for (QString &n : names)
            n = n.toLower();
        names.sort();
        return names;
    }

    // Every reading command and both dry runs, each exiting 0; `audit verify`
    // says the log is empty.
    void readEverything(const QStringList &store, const QString &scope, const QString &key, bool javaHandler)
    {
        const QStringList cache = javaHandler ? QStringList{QStringLiteral("--no-cache")} : QStringList();
        const QList<QStringList> reads{
            {QStringLiteral("inflight")},
            {QStringLiteral("inflight"), QStringLiteral("--older-than"), QStringLiteral("10m")},
            {QStringLiteral("stats")},
            {QStringLiteral("records"), QStringLiteral("--state"), QStringLiteral("any")},
            {QStringLiteral("get"), QStringLiteral("--scope"), scope, QStringLiteral("--key"), key},
            {QStringLiteral("audit"), QStringLiteral("list")},
            {QStringLiteral("report"), QStringLiteral("--from"), QDateTime::currentDateTimeUtc().addSecs(-7200).toString(Qt::ISODate),
             QStringLiteral("--to"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate), QStringLiteral("--format"),
             QStringLiteral("json"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("report-%1.json").arg(m_run))},
            QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--dry-run")}
                + cache,
            QStringList{QStringLiteral("reconcile"), QStringLiteral("--dry-run"), QStringLiteral("--orders"), m_orders,
                        QStringLiteral("--table"), QStringLiteral("orders"), QStringLiteral("--key-column"), QStringLiteral("order_no"),
                        QStringLiteral("--status-column"), QStringLiteral("status"), QStringLiteral("--done-values"),
                        QStringLiteral("PAID")}
                + cache,
        };
        for (const QStringList &command : reads) {
            const Run r = idemctl(command + store);
            QVERIFY2(r.exitCode == 0, qPrintable(command.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(r.err)));
        }
        const Run verify = idemctl(QStringList{QStringLiteral("audit"), QStringLiteral("verify")} + store);
        QVERIFY2(verify.exitCode == 0, verify.err.constData());
        QVERIFY2(verify.out.contains("empty (0 entries)"), verify.out.constData());
        const Run verifyJson = idemctl(QStringList{QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--json")} + store);
        QCOMPARE(verifyJson.exitCode, 0);
        QCOMPARE(verifyJson.json().value(QStringLiteral("ok")).toBool(), true);
        QCOMPARE(verifyJson.json().value(QStringLiteral("empty")).toBool(), true);
        QCOMPARE(verifyJson.json().value(QStringLiteral("entries")).toInteger(), 0);
    }

    // The console's open: writable, and still nothing created by reading.
    void readAsTheConsole(const QString &url)
    {
        Result<std::unique_ptr<Store>> opened = openStore(url, OpenMode::ReadWrite);
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        Store &store = *opened.value();
        QVERIFY(store.inFlight(RecordQuery()));
        QVERIFY(store.countByState(QString()));
        const Result<QList<AuditEntry>> entries = store.auditEntries(AuditQuery());
        QVERIFY2(entries, qPrintable(entries ? QString() : entries.error().message));
        QVERIFY(entries->isEmpty());
        const Result<AuditVerdict> verdict = AuditVerifier::verify(store);
        QVERIFY2(verdict, qPrintable(verdict ? QString() : verdict.error().message));
        QVERIFY(verdict->ok);
        QCOMPARE(verdict->entries, 0);
    }

    // The first action: applied, and the log holds it.
    void firstAction(const QStringList &store, bool javaHandler)
    {
        QStringList sweep{QStringLiteral("sweep"),
                          QStringLiteral("--older-than"),
                          QStringLiteral("10m"),
                          QStringLiteral("--reason"),
                          QStringLiteral("stuck since the channel outage"),
                          QStringLiteral("--json")};
        if (javaHandler)
            sweep << QStringLiteral("--release") << QStringLiteral("--no-cache");
        const Run applied = idemctl(sweep + store);
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QCOMPARE(applied.json().value(QStringLiteral("applied")).toInteger(), 2);
        const Run verify = idemctl(QStringList{QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--json")} + store);
        QCOMPARE(verify.exitCode, 0);
        QCOMPARE(verify.json().value(QStringLiteral("entries")).toInteger(), 2);
        QCOMPARE(verify.json().value(QStringLiteral("empty")).toBool(), false);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_run = QString::number(QCoreApplication::applicationPid()) + QLatin1Char('_')
                + QString::number(QRandomGenerator::global()->bounded(1u << 20));
        const QString file = m_dir.filePath(QStringLiteral("orders.db"));
        m_orders = QStringLiteral("sqlite://") + file;
        QSqlDatabase orders = sql(m_orders, QStringLiteral("orders"));
        QVERIFY(exec(orders, QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT)")));
        QVERIFY(exec(orders, QStringLiteral("INSERT INTO orders VALUES ('B1', 'PAID')")));
    }

    void cleanupTestCase()
    {
        // A database in use cannot be dropped (PostgreSQL): close ours first.
        for (const QString &name : QSqlDatabase::connectionNames()) {
            if (!name.endsWith(QLatin1String("-admin")))
                QSqlDatabase::database(name, false).close();
        }
        for (const QString &entry : std::as_const(m_databases)) {
            const QString variable = entry.section(QLatin1Char(' '), 0, 0);
            QSqlDatabase admin = sql(qEnvironmentVariable(variable.toLatin1().constData()), variable + QStringLiteral("-admin"));
            exec(admin, QStringLiteral("DROP DATABASE IF EXISTS ") + entry.section(QLatin1Char(' '), 1));
        }
    }

    // java-handler on MySQL, its audit log in the service's own database.
    void javaHandlerOnMySqlWithTheAuditInItsDatabase()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
        const QString url = freshDatabase("IDEM_TEST_MYSQL_URL");
        QVERIFY(!url.isEmpty());
        QSqlDatabase db = sql(url, QStringLiteral("java"));
        QVERIFY(exec(db, QStringLiteral("CREATE TABLE idempotent_record (idempotent_id VARCHAR(64) PRIMARY KEY, biz_type VARCHAR(32), "
                                        "biz_no VARCHAR(64), status VARCHAR(16) NOT NULL, request_body TEXT, response_body TEXT, "
                                        "create_time DATETIME DEFAULT CURRENT_TIMESTAMP, "
                                        "update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP) ENGINE=InnoDB")));
        QVERIFY(exec(
            db, QStringLiteral("INSERT INTO idempotent_record (idempotent_id, biz_type, biz_no, status, create_time, update_time) VALUES "
                               "('pay-1', 'payment', 'B1', 'PROCESSING', NOW() - INTERVAL 30 MINUTE, NOW() - INTERVAL 30 MINUTE), "
                               "('pay-2', 'payment', 'B2', 'PROCESSING', NOW() - INTERVAL 20 MINUTE, NOW() - INTERVAL 20 MINUTE), "
                               "('pay-3', 'payment', 'B3', 'SUCCESS', NOW(), NOW())")));
        const QStringList store{QStringLiteral("--store"), url, QStringLiteral("--layout"), QStringLiteral("java-handler"),
                                QStringLiteral("--audit"), url};
        readEverything(store, QStringLiteral("payment"), QStringLiteral("pay-1"), true);
        readAsTheConsole(url + QStringLiteral("?layout=java-handler&audit=") + QString::fromLatin1(QUrl::toPercentEncoding(url)));
        QCOMPARE(tables(db), QStringList{QStringLiteral("idempotent_record")});
        firstAction(store, true);
        QCOMPARE(tables(db),
                 (QStringList{QStringLiteral("idem_audit"), QStringLiteral("idem_audit_head"), QStringLiteral("idempotent_record")}));
    }

    // go-middleware on PostgreSQL, its audit log in the service's own database.
    void goMiddlewareOnPostgresqlWithTheAuditInItsDatabase()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
        const QString url = freshDatabase("IDEM_TEST_POSTGRESQL_URL");
        QVERIFY(!url.isEmpty());
        QSqlDatabase db = sql(url, QStringLiteral("go"));
        QVERIFY(exec(
            db, QStringLiteral("CREATE TABLE idempotency_records (key TEXT PRIMARY KEY, request_hash TEXT NOT NULL, status_code INTEGER, "
                               "headers JSONB, body BYTEA, in_flight BOOLEAN NOT NULL DEFAULT TRUE, "
                               "created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(), expires_at TIMESTAMPTZ NOT NULL)")));
        QVERIFY(exec(db, QStringLiteral("INSERT INTO idempotency_records (key, request_hash, in_flight, created_at, expires_at) VALUES "
                                        "('pay-1', 'h1', TRUE, NOW() - INTERVAL '30 minutes', NOW() + INTERVAL '1 day'), "
                                        "('pay-2', 'h2', TRUE, NOW() - INTERVAL '20 minutes', NOW() + INTERVAL '1 day')")));
        const QStringList store{QStringLiteral("--store"), url, QStringLiteral("--layout"), QStringLiteral("go-middleware"),
                                QStringLiteral("--audit"), url};
        const Run listed = idemctl(QStringList{QStringLiteral("inflight"), QStringLiteral("--json")} + store);
        QCOMPARE(listed.exitCode, 0);
        const QString scope =
            listed.json().value(QStringLiteral("records")).toArray().first().toObject().value(QStringLiteral("scope")).toString();
        QVERIFY2(!scope.isEmpty(), listed.out.constData());
        readEverything(store, scope, QStringLiteral("pay-1"), false);
        readAsTheConsole(url + QStringLiteral("?layout=go-middleware&audit=") + QString::fromLatin1(QUrl::toPercentEncoding(url)));
        QCOMPARE(tables(db), QStringList{QStringLiteral("idempotency_records")});
        firstAction(store, false);
        QCOMPARE(tables(db),
                 (QStringList{QStringLiteral("idem_audit"), QStringLiteral("idem_audit_head"), QStringLiteral("idempotency_records")}));
    }

    // A foreign layout whose SQLite audit file does not exist yet: read, the
    // file still absent; the first action creates it.
    void foreignLayoutWithoutItsAuditFile()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        const QString url = withDatabase("IDEM_TEST_REDIS_URL", QStringLiteral("13"));
        RedisConnection redis(redisSettings(StoreUrl::parse(url).value()));
        QVERIFY(redis.command({"FLUSHDB"}));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QVERIFY(redis.command({"SET", "idemp:pay-1", goInFlight("pay-1", now - 30 * 60000), "EX", "86400"}));
        QVERIFY(redis.command({"SET", "idemp:pay-2", goInFlight("pay-2", now - 20 * 60000), "EX", "86400"}));
        const QString audit = m_dir.filePath(QStringLiteral("not-yet/audit.db"));
        const QStringList store{QStringLiteral("--store"),  url,
                                QStringLiteral("--layout"), QStringLiteral("go-middleware"),
                                QStringLiteral("--audit"),  QStringLiteral("sqlite://") + audit};
        const Run listed = idemctl(QStringList{QStringLiteral("inflight"), QStringLiteral("--json")} + store);
        QCOMPARE(listed.exitCode, 0);
        const QString scope =
            listed.json().value(QStringLiteral("records")).toArray().first().toObject().value(QStringLiteral("scope")).toString();
        readEverything(store, scope, QStringLiteral("pay-1"), false);
        readAsTheConsole(url + QStringLiteral("?layout=go-middleware&audit=")
                         + QString::fromLatin1(QUrl::toPercentEncoding(QStringLiteral("sqlite://") + audit)));
        QVERIFY(!QFileInfo::exists(audit));
        QVERIFY(!QFileInfo::exists(QFileInfo(audit).absolutePath()));
        firstAction(store, false);
        QVERIFY(QFileInfo::exists(audit));
        QVERIFY(redis.command({"FLUSHDB"}));
    }

    // A native Redis store nobody has acted on: no audit keys, and reading
    // adds none.
    void nativeRedisWithoutAuditKeys()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        const QString url = withDatabase("IDEM_TEST_REDIS_URL", QStringLiteral("14"));
        RedisConnection redis(redisSettings(StoreUrl::parse(url).value()));
        QVERIFY(redis.command({"FLUSHDB"}));
        {
            Result<std::unique_ptr<Store>> service = openStore(url, OpenMode::Create);
            QVERIFY(service);
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            for (int i = 1; i <= 2; ++i) {
                ClaimRequest claim;
                claim.scope = QStringLiteral("payment");
                claim.key = QStringLiteral("pay-%1").arg(i);
                claim.bizNo = QStringLiteral("B%1").arg(i);
                claim.fingerprint = QString(64, QLatin1Char('a'));
                claim.owner = QStringLiteral("svc:1");
                claim.nowMs = now - (10 + 10 * i) * 60000;
                QCOMPARE(service.value()->claim(claim)->outcome, ClaimOutcome::Claimed);
            }
            QVERIFY(service.value()->flushCounters());
        }
        const auto keys = [&redis] {
            Result<RedisReply> reply = redis.command({"KEYS", "*"});
            QStringList names;
            for (size_t i = 0; reply && i < reply.value()->elements; ++i)
                names << QString::fromUtf8(RedisConnection::bytes(reply.value()->element[i]));
            names.sort();
            return names;
        };
        const QStringList before = keys();
        QVERIFY(!before.filter(QStringLiteral(":audit")).size());
        readEverything({QStringLiteral("--store"), url}, QStringLiteral("payment"), QStringLiteral("pay-1"), false);
        readAsTheConsole(url);
        QCOMPARE(keys(), before);
        firstAction({QStringLiteral("--store"), url}, false);
        QVERIFY(keys().filter(QStringLiteral(":audit")).size() > 0);
        QVERIFY(redis.command({"FLUSHDB"}));
    }
};

QTEST_GUILESS_MAIN(ExistingDeploymentTest)
#include "tst_existingdeployment.moc"
