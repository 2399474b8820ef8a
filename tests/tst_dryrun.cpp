// A dry run checks what the run checks: every input sweep and reconcile
// refuse (reason, operator, cutoff, cache options, URL options) is refused
// with --dry-run too, with the same message and exit code, and nothing is
// changed either way. A java-handler table on MySQL (IDEM_TEST_MYSQL_URL)
// stands for the cache option's case.
#include "app/store/openstore.h"
#include "app/store/sqlstore.h"
#include "tests/idemctlrun.h"
#include "tests/reconcileoptions.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

class DryRunTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_orders;
    QString m_javaTable;

    bool mysql(const QString &statement)
    {
        const Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_MYSQL_URL"));
        bool ok = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QMYSQL"), QStringLiteral("java"));
            configureSqlDatabase(db, url.value());
            QSqlQuery q(db);
            ok = db.open() && q.exec(statement);
            if (!ok)
                qWarning() << statement << q.lastError().text();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("java"));
        return ok;
    }

    QStringList java() const
    {
        const QString layout = m_dir.filePath(QStringLiteral("java.json"));
        return {QStringLiteral("--store"),  qEnvironmentVariable("IDEM_TEST_MYSQL_URL"),
                QStringLiteral("--layout"), layout,
                QStringLiteral("--audit"),  QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("java-audit.db"))};
    }

    QStringList reconcile() const { return QStringList{QStringLiteral("reconcile")} + ordersMapping(m_orders); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("store.db"));
        QCOMPARE(idemctl({QStringLiteral("init"), QStringLiteral("--store"), m_store}).exitCode, 0);
        m_orders = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("orders.db"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("orders"));
            db.setDatabaseName(m_dir.filePath(QStringLiteral("orders.db")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT)")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("orders"));
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
        m_javaTable = QStringLiteral("idem_dryrun_java_%1").arg(QCoreApplication::applicationPid());
        QVERIFY(mysql(QStringLiteral("CREATE TABLE %1 (idempotent_id VARCHAR(64) PRIMARY KEY, biz_type VARCHAR(32), biz_no VARCHAR(64), "
                                     "status VARCHAR(16) NOT NULL, request_body TEXT, response_body TEXT, create_time DATETIME, "
                                     "update_time DATETIME)")
                          .arg(m_javaTable)));
        QVERIFY(mysql(QStringLiteral("INSERT INTO %1 VALUES ('pay-1', 'payment', 'B1', 'PROCESSING', '{}', NULL, "
                                     "NOW() - INTERVAL 30 MINUTE, NOW() - INTERVAL 30 MINUTE)")
                          .arg(m_javaTable)));
        QFile layout(m_dir.filePath(QStringLiteral("java.json")));
        QVERIFY(layout.open(QIODevice::WriteOnly));
        layout.write(QStringLiteral("{\"base\": \"java-handler\", \"sql\": {\"table\": \"%1\"}}").arg(m_javaTable).toUtf8());
    }

    void cleanupTestCase()
    {
        if (!m_javaTable.isEmpty())
            mysql(QStringLiteral("DROP TABLE IF EXISTS %1").arg(m_javaTable));
    }

    void refusedAlikeWithAndWithoutDryRun_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("hint");
        const QStringList sweep{QStringLiteral("sweep"), QStringLiteral("--store"), m_store, QStringLiteral("--older-than"),
                                QStringLiteral("10m")};
        const QString ok = QStringLiteral("stuck since the outage");
        QTest::newRow("sweep: a reason with an escape sequence")
            << sweep + QStringList{QStringLiteral("--reason"), QStringLiteral("x\x1b[2Jy")} << QByteArray("control characters");
        QTest::newRow("sweep: an operator with a control character")
            << sweep + QStringList{QStringLiteral("--reason"), ok, QStringLiteral("--operator"), QStringLiteral("ops\x07")}
            << QByteArray("operator name");
        QTest::newRow("sweep: an operator name of 101 characters")
            << sweep + QStringList{QStringLiteral("--reason"), ok, QStringLiteral("--operator"), QString(101, QLatin1Char('o'))}
            << QByteArray("100 characters");
        QTest::newRow("sweep: a reason of 2001 characters")
            << sweep + QStringList{QStringLiteral("--reason"), QString(2001, QLatin1Char('r'))} << QByteArray("2000 characters");
        QTest::newRow("sweep: an age before the epoch")
            << QStringList{QStringLiteral("sweep"),  QStringLiteral("--store"),  m_store, QStringLiteral("--older-than"),
                           QStringLiteral("30000d"), QStringLiteral("--reason"), ok}
            << QByteArray("1970");
        QTest::newRow("sweep: a zero age")
            << QStringList{QStringLiteral("sweep"), QStringLiteral("--store"),  m_store, QStringLiteral("--older-than"),
                           QStringLiteral("0m"),    QStringLiteral("--reason"), ok}
            << QByteArray("positive");
        QTest::newRow("sweep: --cache and --no-cache")
            << sweep
                   + QStringList{QStringLiteral("--reason"), ok, QStringLiteral("--cache"), QStringLiteral("redis://127.0.0.1:1/0"),
                                 QStringLiteral("--no-cache")}
            << QByteArray("contradict");
        QTest::newRow("sweep: java-handler without its cache option")
            << QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--reason"), ok}
                   + java()
            << QByteArray("--no-cache");
        QTest::newRow("sweep: a cache URL that is not Redis") << QStringList{QStringLiteral("sweep"),
                                                                             QStringLiteral("--older-than"),
                                                                             QStringLiteral("10m"),
                                                                             QStringLiteral("--reason"),
                                                                             ok,
                                                                             QStringLiteral("--cache"),
                                                                             QStringLiteral("mysql://x@127.0.0.1:1/y")}
                                                                     + java()
                                                              << QByteArray("cache=");
        QTest::newRow("reconcile: a reason with an escape sequence")
            << reconcile() + QStringList{QStringLiteral("--store"), m_store, QStringLiteral("--reason"), QStringLiteral("x\x1b[2Jy")}
            << QByteArray("control characters");
        QTest::newRow("reconcile: java-handler without its cache option")
            << reconcile() + QStringList{QStringLiteral("--reason"), ok} + java() << QByteArray("--no-cache");
    }

    void refusedAlikeWithAndWithoutDryRun()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, hint);
        const Run run = idemctl(arguments);
        const Run dry = idemctl(arguments + QStringList{QStringLiteral("--dry-run")});
        QVERIFY2(run.exitCode == 2, run.err.constData());
        QCOMPARE(dry.exitCode, run.exitCode);
        QCOMPARE(dry.err, run.err);
        QVERIFY2(run.err.contains(hint), run.err.constData());
        QVERIFY2(!dry.out.contains("Dry run"), dry.out.constData());
    }

    // What a dry run does not need, it does not ask for: no reason; and
    // with everything right it previews and changes nothing.
    void aDryRunNeedsNoReason()
    {
        const Run dry = idemctl({QStringLiteral("sweep"), QStringLiteral("--store"), m_store, QStringLiteral("--older-than"),
                                 QStringLiteral("10m"), QStringLiteral("--dry-run")});
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QVERIFY(dry.out.contains("Dry run: nothing changed."));
        const Run java = idemctl(QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), QStringLiteral("10m"),
                                             QStringLiteral("--dry-run"), QStringLiteral("--no-cache")}
                                 + this->java());
        QVERIFY2(java.exitCode == 0, java.err.constData());
        QVERIFY(java.out.contains("payment/pay-1"));
    }
};

QTEST_GUILESS_MAIN(DryRunTest)
#include "tst_dryrun.moc"
