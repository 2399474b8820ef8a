// idemctl on a whole store: press prints exactly once and consistent, the
// demo moves counters and leaves stuck records, a report to a full disk
// exits 1 and leaves nothing, reading a missing SQLite store or an empty
// PostgreSQL database creates nothing, traffic commands refuse a foreign
// layout.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "tests/idemctlfixture.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <sys/mount.h>
#include <unistd.h>

class IdemctlStoreTest : public QObject, private IdemctlFixture {
    Q_OBJECT

private slots:
    void pressPrintsExactlyOnceAndConsistent()
    {
        const Run r =
            idemctl({QStringLiteral("press"), QStringLiteral("--store"), store(), QStringLiteral("--concurrency"), QStringLiteral("200"),
                     QStringLiteral("--requests"), QStringLiteral("200"), QStringLiteral("--retry-in-progress"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char *field : {"requests", "keys", "executed", "replayed", "in_progress", "mismatch", "errors", "exactly_once",
                                  "consistent", "p50_ms", "p99_ms"})
            QVERIFY2(o.contains(QLatin1String(field)), field);
        QCOMPARE(o.value(QStringLiteral("executed")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("replayed")).toInt(), 199);
        QCOMPARE(o.value(QStringLiteral("exactly_once")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("consistent")).toBool(), true);

        const Run got = idemctl({QStringLiteral("get"), QStringLiteral("--store"), store(), QStringLiteral("--scope"),
                                 QStringLiteral("press"), QStringLiteral("--key"), QStringLiteral("press-0"), QStringLiteral("--json")});
        QCOMPARE(got.exitCode, 0);
        QCOMPARE(got.json().value(QStringLiteral("state")).toString(), QStringLiteral("COMPLETED"));
        QCOMPARE(got.json().value(QStringLiteral("body")).toString(), QStringLiteral("{\"key\":\"press-0\",\"execution\":1}"));

        const Run stats = idemctl({QStringLiteral("stats"), QStringLiteral("--store"), store(), QStringLiteral("--json")});
        QCOMPARE(stats.exitCode, 0);
        const QJsonArray scopes = stats.json().value(QStringLiteral("scopes")).toArray();
        QCOMPARE(scopes.size(), 1);
        const QJsonObject counters = scopes.at(0).toObject().value(QStringLiteral("counters")).toObject();
        QCOMPARE(counters.value(QStringLiteral("executed")).toInt(), 1);
        QCOMPARE(counters.value(QStringLiteral("replayed")).toInt(), 199);
    }

    void demoMovesCountersAndLeavesStuckRecords()
    {
        const QString demoStore = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("demo.db"));
        const Run r = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), demoStore, QStringLiteral("--rate"), QStringLiteral("40"),
                               QStringLiteral("--seconds"), QStringLiteral("4"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        const QJsonObject last = QJsonDocument::fromJson(lines.constLast()).object();
        QVERIFY(last.value(QStringLiteral("executed")).toInt() > 0);
        QVERIFY(last.value(QStringLiteral("stuck")).toInt() > 0); // the backlog of lost finalisations
        const qint64 firstExecuted = QJsonDocument::fromJson(lines.constFirst()).object().value(QStringLiteral("executed")).toInteger();
        QVERIFY(last.value(QStringLiteral("executed")).toInteger() > firstExecuted);

        const Run stuck = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), demoStore, QStringLiteral("--older-than"),
                                   QStringLiteral("10m"), QStringLiteral("--json")});
        QCOMPARE(stuck.exitCode, 0);
        const QJsonArray records = stuck.json().value(QStringLiteral("records")).toArray();
        QVERIFY(!records.isEmpty());
        for (const QJsonValue &v : records) {
            QVERIFY(v.toObject().value(QStringLiteral("age_ms")).toInteger() >= 10 * 60 * 1000);
            QVERIFY(v.toObject().value(QStringLiteral("biz_no")).toString().startsWith(QStringLiteral("SO")));
        }

        // Orders sit beside the records: paid, pending and missing ones.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        db.setDatabaseName(m_dir.filePath(QStringLiteral("demo.db")));
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM orders WHERE status = 'PAID'")) && q.next());
        QVERIFY(q.value(0).toInt() > 0);
        QVERIFY(q.exec(QStringLiteral(
                    "SELECT COUNT(*) FROM idem_records r LEFT JOIN orders o ON o.order_no = r.biz_no "
                    "WHERE r.state = 'IN_FLIGHT' AND o.order_no IS NULL AND r.updated_at < strftime('%s','now') * 1000 - 600000"))
                && q.next());
        QVERIFY(q.value(0).toInt() > 0); // stuck without an order: to be released
        QVERIFY(q.exec(QStringLiteral(
                    "SELECT COUNT(*) FROM idem_records r JOIN orders o ON o.order_no = r.biz_no "
                    "WHERE r.state = 'IN_FLIGHT' AND o.status = 'PAID' AND r.updated_at < strftime('%s','now') * 1000 - 600000"))
                && q.next());
        QVERIFY(q.value(0).toInt() > 0); // stuck with a paid order: to be completed
        q = QSqlQuery();
        db.close();
    }

    // `report --out /dev/full` once said "Report written" and exited 0
    // (and, as root, replaced the device with a regular file); on a 12 KiB
    // tmpfs it left a truncated file. Now: exit 1, no "written", nothing left.
    void reportToAFullDiskExitsOneAndLeavesNothing()
    {
        const QString demoStore = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("fullreport.db"));
        const Run demo = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), demoStore, QStringLiteral("--rate"),
                                  QStringLiteral("40"), QStringLiteral("--seconds"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        const QString from = QDateTime::currentDateTimeUtc().addSecs(-3600).toString(Qt::ISODate);
        const QString to = QDateTime::currentDateTimeUtc().addSecs(60).toString(Qt::ISODate);
        const auto report = [&](const QString &format, const QString &out) {
            return idemctl({QStringLiteral("report"), QStringLiteral("--store"), demoStore, QStringLiteral("--from"), from,
                            QStringLiteral("--to"), to, QStringLiteral("--format"), format, QStringLiteral("--out"), out});
        };
        QTemporaryDir tinyDir;
        const bool tiny = ::geteuid() == 0 && ::mount("tmpfs", QFile::encodeName(tinyDir.path()).constData(), "tmpfs", 0, "size=12k") == 0;
        for (const QString &format : {QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("json")}) {
            const Run full = report(format, QStringLiteral("/dev/full"));
            QCOMPARE(full.exitCode, 1);
            QVERIFY2(!full.out.contains("written"), full.out.constData());
            QVERIFY2(full.err.contains("/dev/full"), full.err.constData());
            QVERIFY(QFileInfo(QStringLiteral("/dev/full")).exists() && !QFileInfo(QStringLiteral("/dev/full")).isFile());
            if (tiny) {
                // Fill the tmpfs but for a few bytes, so that no report fits.
                QFile filler(tinyDir.filePath(QStringLiteral("filler")));
                QVERIFY(filler.open(QIODevice::WriteOnly));
                while (filler.write(QByteArray(512, 'x')) == 512 && filler.flush()) { }
                filler.close();
                const QString out = tinyDir.filePath(QStringLiteral("report.") + format);
                const Run onTiny = report(format, out);
                QCOMPARE(onTiny.exitCode, 1);
                QVERIFY2(!QFileInfo::exists(out), qPrintable(out));
                QCOMPARE(QDir(tinyDir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("filler")});
                QVERIFY(filler.remove());
            }
        }
        if (tiny)
            ::umount(QFile::encodeName(tinyDir.path()).constData());
        // And the same report on a disk with room is written whole.
        const QString ok = m_dir.filePath(QStringLiteral("fine.json"));
        const Run fine = report(QStringLiteral("json"), ok);
        QVERIFY2(fine.exitCode == 0, fine.err.constData());
        QVERIFY(QFileInfo(ok).size() > 0);
    }

    // Stats, inflight and report on a mistyped SQLite path once created
    // the folders and an empty store, then said "No records". Reading never
    // creates anything: exit 2 naming the path, and the path stays absent.
    // Only init (or a service's guard, demo, press) creates a store.
    void readingAMissingSqliteStoreCreatesNothing()
    {
        const QString folder = m_dir.filePath(QStringLiteral("typo-folder"));
        const QString missing = QStringLiteral("sqlite://") + folder + QStringLiteral("/sub/store.db");
        const QString from = QDateTime::currentDateTimeUtc().addSecs(-3600).toString(Qt::ISODate);
        const QString to = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        const QList<QStringList> readers = {
            {QStringLiteral("stats")},
            {QStringLiteral("inflight")},
            {QStringLiteral("records"), QStringLiteral("--state"), QStringLiteral("completed")},
            {QStringLiteral("get"), QStringLiteral("--scope"), QStringLiteral("order"), QStringLiteral("--key"), QStringLiteral("k1")},
            {QStringLiteral("audit"), QStringLiteral("verify")},
            {QStringLiteral("audit"), QStringLiteral("list")},
            {QStringLiteral("sweep"), QStringLiteral("--dry-run")},
            {QStringLiteral("sweep"), QStringLiteral("--read-only"), QStringLiteral("--dry-run")},
            {QStringLiteral("sweep"), QStringLiteral("--reason"), QStringLiteral("acting on a typo"), QStringLiteral("--operator"),
             QStringLiteral("ops")},
            {QStringLiteral("report"), QStringLiteral("--from"), from, QStringLiteral("--to"), to, QStringLiteral("--format"),
             QStringLiteral("json"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("typo-report.json"))},
        };
        for (const QStringList &command : readers) {
            const Run r = idemctl(command + QStringList{QStringLiteral("--store"), missing});
            QVERIFY2(r.exitCode == 2,
                     qPrintable(command.join(u' ') + QStringLiteral(": exit %1 ").arg(r.exitCode) + QString::fromUtf8(r.err)));
            QVERIFY2(r.err.contains("No store at"), r.err.constData());
            QVERIFY2(!QFileInfo::exists(folder), qPrintable(command.join(u' ') + QStringLiteral(" created ") + folder));
        }
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("typo-report.json"))));

        const Run init = idemctl({QStringLiteral("init"), QStringLiteral("--store"), missing});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QVERIFY(QFileInfo::exists(folder + QStringLiteral("/sub/store.db")));
        const Run stats = idemctl({QStringLiteral("stats"), QStringLiteral("--store"), missing, QStringLiteral("--json")});
        QVERIFY2(stats.exitCode == 0, stats.err.constData());
        const Run again = idemctl({QStringLiteral("init"), QStringLiteral("--store"), missing});
        QCOMPARE(again.exitCode, 0); // idempotent
        const Run foreign = idemctl({QStringLiteral("init"), QStringLiteral("--store"), QStringLiteral("redis://127.0.0.1:1/0"),
                                     QStringLiteral("--layout"), QStringLiteral("go-middleware")});
        QCOMPARE(foreign.exitCode, 2);
        QVERIFY2(foreign.err.contains("go-middleware"), foreign.err.constData());
    }

    // On an empty PostgreSQL database, stats and even
    // `sweep --read-only --dry-run` once created the idem tables. Now they
    // exit 2 and the database stays empty; init creates the tables.
    void readingAnEmptyPostgresqlDatabaseCreatesNothing()
    {
        IDEM_FETCH_SERVER_URL(base, "IDEM_TEST_POSTGRESQL_URL");
        const QUrl url(base);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("empty-pg"));
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setUserName(url.userName());
        db.setDatabaseName(url.path().mid(1));
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
        const QString schema = QStringLiteral("empty_%1").arg(QCoreApplication::applicationPid());
        QSqlQuery q(db);
        QVERIFY2(q.exec(QStringLiteral("CREATE SCHEMA ") + schema), qPrintable(q.lastError().text()));
        const auto tables = [&] {
            QSqlQuery count(db);
            if (!count.exec(QStringLiteral("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '%1'").arg(schema))
                || !count.next())
                return -1;
            return count.value(0).toInt();
        };
        const QString store = base + QStringLiteral("?options=-c%20search_path%3D") + schema;
        for (const QStringList &command :
             QList<QStringList>{{QStringLiteral("stats")},
                                {QStringLiteral("inflight")},
                                {QStringLiteral("sweep"), QStringLiteral("--read-only"), QStringLiteral("--dry-run")},
                                {QStringLiteral("sweep"), QStringLiteral("--dry-run")},
                                {QStringLiteral("audit"), QStringLiteral("verify")}}) {
            const Run r = idemctl(command + QStringList{QStringLiteral("--store"), store});
            QVERIFY2(r.exitCode == 2,
                     qPrintable(command.join(u' ') + QStringLiteral(": exit %1 ").arg(r.exitCode) + QString::fromUtf8(r.err)));
            QVERIFY2(r.err.contains("holds no idempotency store"), r.err.constData());
            QCOMPARE(tables(), 0);
        }
        const Run init = idemctl({QStringLiteral("init"), QStringLiteral("--store"), store});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QVERIFY(tables() >= 3);
        const Run stats = idemctl({QStringLiteral("stats"), QStringLiteral("--store"), store});
        QVERIFY2(stats.exitCode == 0, stats.err.constData());
        QVERIFY(q.exec(QStringLiteral("DROP SCHEMA %1 CASCADE").arg(schema)));
        q = QSqlQuery();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("empty-pg"));
    }

    // Foreign layouts end to end on a real Redis: records the Go middleware
    // wrote are listed and reconciled by idemctl with --layout; the
    // reconciled one is rewritten as Go's Finalize would write it, the
    // order-less one is deleted, and the audit chain in the chosen SQLite
    // file verifies.
    // demo and press claim keys: on a store in a foreign layout, whose own
    // service owns the claims, they are refused before any traffic runs,
    // and nothing is written.
    void trafficCommandsRefuseAForeignLayout()
    {
        IDEM_FETCH_SERVER_URL(redisUrl, "IDEM_TEST_REDIS_URL");
        const QString layoutFile = m_dir.filePath(QStringLiteral("go-traffic.json"));
        const QByteArray prefix = "idemp:traffic" + QByteArray::number(QCoreApplication::applicationPid()) + ':';
        {
            QFile f(layoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"base\": \"go-middleware\", \"scope\": \"pay\", \"redis\": {\"key_prefix\": \"" + prefix + "\"}}");
        }
        const QStringList storeArgs{QStringLiteral("--store"), redisUrl, QStringLiteral("--layout"), layoutFile};
        const Run press = idemctl(QStringList{QStringLiteral("press"), QStringLiteral("--concurrency"), QStringLiteral("2"),
                                              QStringLiteral("--requests"), QStringLiteral("4"), QStringLiteral("--json")}
                                  + storeArgs);
        QCOMPARE(press.exitCode, 1);
        QVERIFY2(press.out.contains("\"refused\""), press.out.constData());
        const Run demo = idemctl(QStringList{QStringLiteral("demo"), QStringLiteral("--seconds"), QStringLiteral("1")} + storeArgs);
        QCOMPARE(demo.exitCode, 1);
        QVERIFY2(demo.err.contains("claims keys itself"), demo.err.constData());
        RedisConnection redis(redisSettings(redisUrl));
        const Result<RedisReply> keys = redis.command({"KEYS", prefix + '*'});
        QVERIFY(keys.ok());
        QCOMPARE(keys.value()->elements, size_t(0));
    }
};

QTEST_GUILESS_MAIN(IdemctlStoreTest)
#include "tst_idemctlstore.moc"
