// idemctl as an operator uses it: exit codes, messages, JSON output.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/storeurl.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

#include <sys/mount.h>
#include <unistd.h>

#include <hiredis/hiredis.h>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.trimmed().split('\n').constLast()).object(); }
};

Run idemctl(const QStringList &arguments, int timeoutMs = 120000)
{
    QProcess process;
    process.start(QStringLiteral(IDEMCTL_PATH), arguments);
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished();
    return Run{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
               process.readAllStandardError()};
}

// A time as Go's encoding/json writes a time.Time from time.Now() in
// Asia/Shanghai: RFC 3339, nanoseconds with trailing zeros trimmed.
QByteArray goTime(qint64 ms, int extraNanos)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(8 * 3600));
    QByteArray fraction = QByteArray::number((ms % 1000) * 1000000 + extraNanos).rightJustified(9, '0');
    while (fraction.endsWith('0'))
        fraction.chop(1);
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")).toLatin1() + (fraction.isEmpty() ? QByteArray() : '.' + fraction) + "+08:00";
}

// IdempotencyRecord as the Go middleware's SetInFlight marshals it.
QByteArray goInFlight(const QByteArray &key, qint64 createdMs)
{
    return "{\"key\":\"" + key + "\",\"status_code\":0,\"headers\":null,\"body\":null,\"created_at\":\"" + goTime(createdMs, 417)
           + "\",\"expires_at\":\"" + goTime(createdMs + 86400000, 417) + "\",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":true}";
}

// A connection of the test's own to the Redis at `url`, behind idemctl's back.
RedisSettings redisSettings(const QString &url)
{
    const StoreUrl parsed = StoreUrl::parse(url).value();
    RedisSettings settings;
    settings.host = parsed.host.toUtf8();
    settings.port = parsed.port;
    settings.database = parsed.database.toInt();
    return settings;
}

} // namespace

class IdemctlTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString store() const { return QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("ctl.db")); }

private slots:
    void helpAndVersion()
    {
        const Run help = idemctl({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("press"));
        const Run pressHelp = idemctl({QStringLiteral("press"), QStringLiteral("--help")});
        QCOMPARE(pressHelp.exitCode, 0);
        QVERIFY(pressHelp.out.contains("--retry-in-progress"));
        const Run version = idemctl({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("idemctl "));
    }

    void badInputExitsTwoWithAMessage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("hint");
        QTest::newRow("no command") << QStringList{} << QByteArray("Usage");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << QByteArray("unknown command 'frobnicate'");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("stats"), QStringLiteral("--colour")} << QByteArray("colour");
        QTest::newRow("press without counts") << QStringList{QStringLiteral("press"), QStringLiteral("--store"),
                                                             QStringLiteral("sqlite:///tmp/x.db")}
                                              << QByteArray("--concurrency");
        QTest::newRow("bad concurrency") << QStringList{QStringLiteral("press"), QStringLiteral("--concurrency"), QStringLiteral("lots"),
                                                        QStringLiteral("--requests"), QStringLiteral("5")}
                                         << QByteArray("--concurrency");
        QTest::newRow("bad duration") << QStringList{QStringLiteral("inflight"), QStringLiteral("--older-than"), QStringLiteral("soon")}
                                      << QByteArray("duration");
        QTest::newRow("relative sqlite") << QStringList{QStringLiteral("stats"), QStringLiteral("--store"), QStringLiteral("sqlite://x.db")}
                                         << QByteArray("three slashes");
        QTest::newRow("hostile scope") << QStringList{QStringLiteral("press"),
                                                      QStringLiteral("--scope"),
                                                      QStringLiteral("x'; DROP TABLE idem_records;--"),
                                                      QStringLiteral("--concurrency"),
                                                      QStringLiteral("1"),
                                                      QStringLiteral("--requests"),
                                                      QStringLiteral("1")}
                                       << QByteArray("scope");
        QTest::newRow("no store") << QStringList{QStringLiteral("stats")} << QByteArray("--store");
        QTest::newRow("sweep without reason") << QStringList{
            QStringLiteral("sweep"), QStringLiteral("--store"), QStringLiteral("sqlite:///tmp/x.db"), QStringLiteral("--older-than"),
            QStringLiteral("10m")} << QByteArray("--reason");
        QTest::newRow("sweep bad age") << QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), QStringLiteral("ten"),
                                                      QStringLiteral("--dry-run")}
                                       << QByteArray("--older-than");
        QTest::newRow("sweep zero age") << QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), QStringLiteral("0s"),
                                                       QStringLiteral("--dry-run")}
                                        << QByteArray("--older-than");
        QTest::newRow("audit without subcommand") << QStringList{QStringLiteral("audit")} << QByteArray("verify or list");
        QTest::newRow("audit unknown subcommand") << QStringList{QStringLiteral("audit"), QStringLiteral("fix")} << QByteArray("'fix'");
        // A reason with an escape sequence is refused, as an operator name with one is.
        QTest::newRow("reason with escape") << QStringList{QStringLiteral("sweep"),
                                                           QStringLiteral("--store"),
                                                           QStringLiteral("sqlite:///tmp/none.db"),
                                                           QStringLiteral("--older-than"),
                                                           QStringLiteral("10m"),
                                                           QStringLiteral("--reason"),
                                                           QStringLiteral("stuck\x1b]0;pwned\x07\x1b[2J")}
                                            << QByteArray("control characters");
        // An impossible time is refused, never read as midnight.
        for (const char *from :
             {"2026-02-01T25:00:00Z", "2026-02-01T12:61:00Z", "2026-02-01T99:99:99Z", "2026-02-01Tgarbage", "2026-02-30"})
            QTest::addRow("report --from %s", from) << QStringList{QStringLiteral("report"),
                                                                   QStringLiteral("--store"),
                                                                   QStringLiteral("sqlite:///tmp/none.db"),
                                                                   QStringLiteral("--from"),
                                                                   QString::fromLatin1(from),
                                                                   QStringLiteral("--to"),
                                                                   QStringLiteral("2026-02-02T00:00:00Z"),
                                                                   QStringLiteral("--format"),
                                                                   QStringLiteral("csv"),
                                                                   QStringLiteral("--out"),
                                                                   QStringLiteral("/tmp/idem-report-never.csv")}
                                                    << QByteArray("--from");
        // URL options nothing reads, or values they cannot take.
        for (const char *url :
             {"sqlite:///tmp/none.db?foo=bar", "sqlite:///tmp/none.db?busy_timeout_ms=abc", "sqlite:///tmp/none.db?busy_timeout_ms=-5",
              "mysql://idem@127.0.0.1:1/idem?MYSQL_OPT_LOCAL_INFILE=1", "redis://127.0.0.1:1/0?timeout_ms=soon"}) {
            const QByteArray option = QString::fromLatin1(url).section(QLatin1Char('?'), 1).section(QLatin1Char('='), 0, 0).toLatin1();
            QTest::addRow("--store %s", url) << QStringList{QStringLiteral("stats"), QStringLiteral("--store"), QString::fromLatin1(url)}
                                             << option;
            QTest::addRow("--audit %s", url) << QStringList{
                QStringLiteral("inflight"), QStringLiteral("--store"),       QStringLiteral("redis://127.0.0.1:1/0"),
                QStringLiteral("--layout"), QStringLiteral("go-middleware"), QStringLiteral("--audit"),
                QString::fromLatin1(url)} << option;
            QTest::addRow("--orders %s", url) << QStringList{QStringLiteral("reconcile"),
                                                             QStringLiteral("--store"),
                                                             QStringLiteral("sqlite:///tmp/none.db"),
                                                             QStringLiteral("--orders"),
                                                             QString::fromLatin1(url),
                                                             QStringLiteral("--table"),
                                                             QStringLiteral("orders"),
                                                             QStringLiteral("--key-column"),
                                                             QStringLiteral("order_no"),
                                                             QStringLiteral("--status-column"),
                                                             QStringLiteral("status"),
                                                             QStringLiteral("--done-values"),
                                                             QStringLiteral("PAID"),
                                                             QStringLiteral("--dry-run")}
                                              << option;
        }
        {
            const QString twice = m_dir.filePath(QStringLiteral("twice.json"));
            QFile f(twice);
            if (f.open(QIODevice::WriteOnly))
                f.write(R"({"base": "go-middleware", "redis": {"key_prefix": "a:", "key_prefix": "b:"}})");
            QTest::newRow("layout with a key twice")
                << QStringList{QStringLiteral("inflight"), QStringLiteral("--store"), QStringLiteral("redis://127.0.0.1:1/0"),
                               QStringLiteral("--layout"), twice}
                << QByteArray("\"redis.key_prefix\" twice");
        }
        // The commands that must write say why they cannot run read-only.
        for (const char *command : {"demo", "press", "init"}) {
            QStringList arguments{QString::fromLatin1(command), QStringLiteral("--read-only"), QStringLiteral("--store"),
                                  QStringLiteral("sqlite:///tmp/idem-never.db")};
            if (qstrcmp(command, "press") == 0)
                arguments << QStringLiteral("--concurrency") << QStringLiteral("1") << QStringLiteral("--requests") << QStringLiteral("1");
            QTest::addRow("%s --read-only", command) << arguments << QByteArray(command) + " cannot run read-only";
        }
        QTest::newRow("audit list bad since") << QStringList{QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--since"),
                                                             QStringLiteral("yesterday")}
                                              << QByteArray("--since");
    }

    // Every URL-taking option and IDEM_STORE, malformed: exit 2
    // with a message, and the password nowhere in stdout or stderr.
    void malformedUrlsKeepTheirSecrets_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("storeVariable");
        const QStringList bad{QStringLiteral("redis://u:S3cretPW@127.0.0.1:99999"),
                              QStringLiteral("postgresql://a:S3cretPW@127.0.0.1:99999/x"), QStringLiteral("mysql://a:S3cretPW@[::1/x"),
                              QStringLiteral("postgresql://a:S3cret PW@host/x")};
        for (qsizetype i = 0; i < bad.size(); ++i) {
            const QString &url = bad.at(i);
            QTest::addRow("--store %lld", qlonglong(i))
                << QStringList{QStringLiteral("stats"), QStringLiteral("--store"), url} << QString();
            QTest::addRow("IDEM_STORE %lld", qlonglong(i)) << QStringList{QStringLiteral("inflight")} << url;
            QTest::addRow("--audit %lld", qlonglong(i)) << QStringList{QStringLiteral("inflight"),
                                                                       QStringLiteral("--store"),
                                                                       QStringLiteral("redis://127.0.0.1:1/0"),
                                                                       QStringLiteral("--layout"),
                                                                       QStringLiteral("go-middleware"),
                                                                       QStringLiteral("--audit"),
                                                                       url}
                                                        << QString();
            QTest::addRow("--cache %lld", qlonglong(i)) << QStringList{QStringLiteral("sweep"),
                                                                       QStringLiteral("--store"),
                                                                       QStringLiteral("mysql://idem@127.0.0.1:1/idem"),
                                                                       QStringLiteral("--layout"),
                                                                       QStringLiteral("java-handler"),
                                                                       QStringLiteral("--cache"),
                                                                       url,
                                                                       QStringLiteral("--dry-run")}
                                                        << QString();
            QTest::addRow("--orders %lld", qlonglong(i)) << QStringList{QStringLiteral("reconcile"),
                                                                        QStringLiteral("--store"),
                                                                        QStringLiteral("sqlite:///tmp/none.db"),
                                                                        QStringLiteral("--orders"),
                                                                        url,
                                                                        QStringLiteral("--table"),
                                                                        QStringLiteral("orders"),
                                                                        QStringLiteral("--key-column"),
                                                                        QStringLiteral("order_no"),
                                                                        QStringLiteral("--status-column"),
                                                                        QStringLiteral("status"),
                                                                        QStringLiteral("--done-values"),
                                                                        QStringLiteral("PAID"),
                                                                        QStringLiteral("--dry-run")}
                                                         << QString();
        }
    }

    void malformedUrlsKeepTheirSecrets()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, storeVariable);
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("IDEM_STORE"));
        if (!storeVariable.isEmpty())
            env.insert(QStringLiteral("IDEM_STORE"), storeVariable);
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(IDEMCTL_PATH), arguments);
        QVERIFY(process.waitForFinished(60000));
        const QByteArray out = process.readAllStandardOutput(), err = process.readAllStandardError();
        const QByteArray both = out + err;
        QVERIFY2(!both.contains("S3cret"), both.constData());
        QVERIFY2(process.exitCode() != 0, both.constData());
        QVERIFY2(!err.trimmed().isEmpty() || !out.trimmed().isEmpty(), "no message");
    }

    void badInputExitsTwoWithAMessage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, hint);
        const Run r = idemctl(arguments);
        QCOMPARE(r.exitCode, 2);
        const QByteArray all = r.err + r.out;
        QVERIFY2(all.contains(hint), all.constData());
    }

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

    // Reconcile on a demo store whose orders table sits in the same SQLite file.
    // --older-than 500000h once made now - age negative, which every store
    // read as "no age filter": sweep timed out attempts that had just started,
    // and reconcile released records whose business was still running. Such
    // an age is a usage error (exit 2) and nothing changes.
    void anAgeBeforeTheEpochExitsTwoAndChangesNothing()
    {
        const QString demoStore = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("epoch.db"));
        const Run demo = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), demoStore, QStringLiteral("--rate"),
                                  QStringLiteral("40"), QStringLiteral("--seconds"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        const auto inFlight = [&] {
            const Run r = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), demoStore, QStringLiteral("--json")});
            return r.exitCode == 0 ? r.json().value(QStringLiteral("matched")).toInteger() : -1;
        };
        const qint64 before = inFlight();
        QVERIFY(before > 0);
        const QStringList act{QStringLiteral("--store"),    demoStore,
                              QStringLiteral("--operator"), QStringLiteral("night-ops"),
                              QStringLiteral("--reason"),   QStringLiteral("regression: an age before the epoch")};
        const QStringList orders{QStringLiteral("--orders"),        demoStore,
                                 QStringLiteral("--table"),         QStringLiteral("orders"),
                                 QStringLiteral("--key-column"),    QStringLiteral("order_no"),
                                 QStringLiteral("--status-column"), QStringLiteral("status"),
                                 QStringLiteral("--done-values"),   QStringLiteral("PAID"),
                                 QStringLiteral("--failed-values"), QStringLiteral("FAILED"),
                                 QStringLiteral("--match"),         QStringLiteral("key")};
        for (const QString &age :
             {QStringLiteral("500000h"), QStringLiteral("24855d"), QStringLiteral("2147483648s"), QStringLiteral("99999999h")}) {
            const Run sweep = idemctl(QStringList{QStringLiteral("sweep"), QStringLiteral("--older-than"), age} + act);
            QCOMPARE(sweep.exitCode, 2);
            QVERIFY2(sweep.err.contains("1970"), sweep.err.constData());
            const Run reconcile = idemctl(QStringList{QStringLiteral("reconcile"), QStringLiteral("--older-than"), age} + act + orders);
            QCOMPARE(reconcile.exitCode, 2);
            QVERIFY2(reconcile.err.contains("1970"), reconcile.err.constData());
            const Run list =
                idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), demoStore, QStringLiteral("--older-than"), age});
            QCOMPARE(list.exitCode, 2);
        }
        const Run zero =
            idemctl(QStringList{QStringLiteral("reconcile"), QStringLiteral("--older-than"), QStringLiteral("0s")} + act + orders);
        QCOMPARE(zero.exitCode, 2);
        QCOMPARE(inFlight(), before);
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

    void reconcileDryRunThenApplyOnDemoStore()
    {
        const QString file = m_dir.filePath(QStringLiteral("reconcile.db"));
        const QString demoStore = QStringLiteral("sqlite://") + file;
        const Run demo = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), demoStore, QStringLiteral("--rate"),
                                  QStringLiteral("40"), QStringLiteral("--seconds"), QStringLiteral("3"), QStringLiteral("--json")});
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        const QStringList mapping{QStringLiteral("reconcile"),
                                  QStringLiteral("--store"),
                                  demoStore,
                                  QStringLiteral("--orders"),
                                  demoStore,
                                  QStringLiteral("--table"),
                                  QStringLiteral("orders"),
                                  QStringLiteral("--key-column"),
                                  QStringLiteral("order_no"),
                                  QStringLiteral("--status-column"),
                                  QStringLiteral("status"),
                                  QStringLiteral("--done-values"),
                                  QStringLiteral("PAID"),
                                  QStringLiteral("--pending-values"),
                                  QStringLiteral("PENDING"),
                                  QStringLiteral("--failed-values"),
                                  QStringLiteral("FAILED"),
                                  QStringLiteral("--json")};
        const Run dry = idemctl(mapping + QStringList{QStringLiteral("--dry-run")});
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        const QJsonObject plan = dry.json();
        for (const char *field :
             {"matched", "complete", "release", "review", "applied", "skipped", "failed", "batch_id", "dry_run", "rows"})
            QVERIFY2(plan.contains(QLatin1String(field)), field);
        QVERIFY(plan.value(QStringLiteral("dry_run")).toBool());
        const qint64 matched = plan.value(QStringLiteral("matched")).toInteger();
        const qint64 complete = plan.value(QStringLiteral("complete")).toInteger();
        const qint64 release = plan.value(QStringLiteral("release")).toInteger();
        QVERIFY(complete > 0 && release > 0); // the demo leaves paid and order-less stuck records
        QCOMPARE(complete + release + plan.value(QStringLiteral("review")).toInteger(), matched);
        QCOMPARE(plan.value(QStringLiteral("applied")).toInteger(), 0);
        QVERIFY(plan.value(QStringLiteral("order_queries")).toInteger() <= (matched + 499) / 500 + 1);
        for (const QJsonValue &v : plan.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            if (row.value(QStringLiteral("proposal")).toString() == QLatin1String("complete"))
                QCOMPARE(row.value(QStringLiteral("order")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("PAID"));
        }

        const Run noReason = idemctl(mapping);
        QCOMPARE(noReason.exitCode, 2);
        QVERIFY(noReason.err.contains("--reason"));

        const Run applied = idemctl(mapping
                                    + QStringList{QStringLiteral("--operator"), QStringLiteral("carol"), QStringLiteral("--reason"),
                                                  QStringLiteral("demo reconcile")});
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        const QJsonObject done = applied.json();
        QVERIFY(!done.value(QStringLiteral("dry_run")).toBool());
        QVERIFY(done.value(QStringLiteral("batch_id")).toString().startsWith(QStringLiteral("b-")));
        QCOMPARE(done.value(QStringLiteral("applied")).toInteger() + done.value(QStringLiteral("skipped")).toInteger(),
                 done.value(QStringLiteral("complete")).toInteger() + done.value(QStringLiteral("release")).toInteger());
        QCOMPARE(done.value(QStringLiteral("failed")).toInteger(), 0);

        // What is left is for review only.
        const Run after = idemctl(mapping + QStringList{QStringLiteral("--dry-run")});
        QCOMPARE(after.exitCode, 0);
        QCOMPARE(after.json().value(QStringLiteral("complete")).toInteger() + after.json().value(QStringLiteral("release")).toInteger(),
                 done.value(QStringLiteral("skipped")).toInteger());

        // A hostile table name runs nothing and says which field is wrong.
        QStringList hostile = mapping;
        hostile[hostile.indexOf(QStringLiteral("orders"))] = QStringLiteral("orders; DROP TABLE orders");
        const Run refused = idemctl(hostile + QStringList{QStringLiteral("--dry-run")});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("table name"), refused.err.constData());
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("reconcile-check"));
        db.setDatabaseName(file);
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM orders")) && q.next());
            QVERIFY(q.value(0).toInt() > 0);
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("reconcile-check"));
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

    void goMiddlewareInflightAndReconcile()
    {
        IDEM_FETCH_SERVER_URL(redisUrl, "IDEM_TEST_REDIS_URL");
        RedisConnection redis(redisSettings(redisUrl));
        // A prefix of this run only, so other tests' keys are not listed.
        const QByteArray prefix = "idemp:ctl" + QByteArray::number(QCoreApplication::applicationPid()) + ':';
        const QString layoutFile = m_dir.filePath(QStringLiteral("go.json"));
        {
            QFile f(layoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"base\": \"go-middleware\", \"scope\": \"pay\", \"redis\": {\"key_prefix\": \"" + prefix
                    + "\", \"scan_count\": 50}}");
        }
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (const QByteArray &key : {QByteArrayLiteral("PAY-1001"), QByteArrayLiteral("PAY-1002"), QByteArrayLiteral("PAY-1003")}) {
            Result<RedisReply> set = redis.command({"SET", prefix + key, goInFlight(key, now - 3600000), "EX", "86400"});
            QVERIFY(set.ok());
        }
        const QByteArray fresh = goInFlight("PAY-1004", now - 1000); // in flight but not stuck: left alone
        QVERIFY(redis.command({"SET", prefix + "PAY-1004", fresh, "EX", "86400"}).ok());

        const QString ordersFile = m_dir.filePath(QStringLiteral("go-orders.db"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("go-orders"));
            db.setDatabaseName(ordersFile);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT, amount INTEGER)")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO orders VALUES ('PAY-1001', 'PAID', 4200), ('PAY-1003', 'PENDING', 990)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("go-orders"));

        const QString audit = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("go-audit.db"));
        const QStringList storeArgs{QStringLiteral("--store"), redisUrl, QStringLiteral("--layout"), layoutFile,
                                    QStringLiteral("--audit"), audit};
        const Run listed = idemctl(QStringList{QStringLiteral("inflight"), QStringLiteral("--json")} + storeArgs);
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("records")).toArray();
        QStringList keys;
        for (const QJsonValue &v : rows)
            keys << v.toObject().value(QStringLiteral("key")).toString();
        QCOMPARE(keys, (QStringList{QStringLiteral("PAY-1001"), QStringLiteral("PAY-1002"), QStringLiteral("PAY-1003"),
                                    QStringLiteral("PAY-1004")}));

        const QStringList reconcile = QStringList{QStringLiteral("reconcile"),
                                                  QStringLiteral("--orders"),
                                                  QStringLiteral("sqlite://") + ordersFile,
                                                  QStringLiteral("--table"),
                                                  QStringLiteral("orders"),
                                                  QStringLiteral("--key-column"),
                                                  QStringLiteral("order_no"),
                                                  QStringLiteral("--status-column"),
                                                  QStringLiteral("status"),
                                                  QStringLiteral("--done-values"),
                                                  QStringLiteral("PAID"),
                                                  QStringLiteral("--pending-values"),
                                                  QStringLiteral("PENDING"),
                                                  QStringLiteral("--match"),
                                                  QStringLiteral("key"),
                                                  QStringLiteral("--operator"),
                                                  QStringLiteral("night-ops"),
                                                  QStringLiteral("--reason"),
                                                  QStringLiteral("INC-7 gateway timeouts"),
                                                  QStringLiteral("--json")}
                                      + storeArgs;
        const Run applied = idemctl(reconcile);
        QVERIFY2(applied.exitCode == 0, QByteArray(applied.err + applied.out).constData());
        const QJsonObject done = applied.json();
        QCOMPARE(done.value(QStringLiteral("matched")).toInteger(), 3);
        QCOMPARE(done.value(QStringLiteral("complete")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("release")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("review")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("applied")).toInteger(), 2);

        // PAY-1001: finished as Go's Finalize writes it, so a retry replays.
        Result<RedisReply> finished = redis.command({"GET", prefix + "PAY-1001"});
        QVERIFY(finished.ok());
        const QByteArray value = RedisConnection::bytes(finished->get());
        const QJsonObject go = QJsonDocument::fromJson(value).object();
        QCOMPARE(go.keys(), (QStringList{QStringLiteral("body"), QStringLiteral("created_at"), QStringLiteral("expires_at"),
                                         QStringLiteral("headers"), QStringLiteral("in_flight"), QStringLiteral("key"),
                                         QStringLiteral("request_hash"), QStringLiteral("status_code")}));
        QVERIFY2(value.startsWith("{\"key\":\"PAY-1001\",\"status_code\":200,\"headers\":{"), value.constData());
        QVERIFY2(value.endsWith(",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":false}"), value.constData());
        QVERIFY(value.contains(QByteArray("\"created_at\":\"" + goTime(now - 3600000, 417) + '"'))); // kept as the service wrote it
        QVERIFY(!QByteArray::fromBase64(go.value(QStringLiteral("body")).toString().toLatin1()).isEmpty());
        Result<RedisReply> ttl = redis.command({"PTTL", prefix + "PAY-1001"});
        QVERIFY(ttl.ok() && ttl.value()->integer > 0);
        // PAY-1002 (no order): deleted, so the client may resubmit. PAY-1003 and the fresh one: untouched.
        QCOMPARE(redis.command({"EXISTS", prefix + "PAY-1002"}).value()->integer, 0LL);
        QCOMPARE(RedisConnection::bytes(redis.command({"GET", prefix + "PAY-1004"}).value().get()), fresh);

        const Run verify = idemctl(QStringList{QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--json")} + storeArgs);
        QVERIFY2(verify.exitCode == 0, verify.err.constData());
        QVERIFY(verify.json().value(QStringLiteral("ok")).toBool());
        QCOMPARE(verify.json().value(QStringLiteral("entries")).toInteger(), 2);

        // A claim is the service's: idemctl press on this store is refused with the layout named.
        const Run press = idemctl(QStringList{QStringLiteral("press"), QStringLiteral("--concurrency"), QStringLiteral("2"),
                                              QStringLiteral("--requests"), QStringLiteral("2")}
                                  + storeArgs);
        QVERIFY(press.exitCode != 0);
        QVERIFY2(press.err.contains("layout"), press.err.constData());

        for (const QByteArray &key : {QByteArrayLiteral("PAY-1001"), QByteArrayLiteral("PAY-1003"), QByteArrayLiteral("PAY-1004")})
            QVERIFY(redis.command({"DEL", prefix + key}).ok());
    }

    // An escape sequence someone stored in a key, owner or
    // biz_no (native SQLite and Redis, a SQLite BLOB key, a go-middleware
    // key) reaches the terminal escaped by inflight, get, the sweep's
    // preview and audit list; --json escapes it as JSON does.
    void controlCharactersAreShownEscaped()
    {
        const QString hostile = QStringLiteral("K\x1b]0;pwned\x07\x1b[2J");
        const QByteArray shown = "K\\x1b]0;pwned\\x07\\x1b[2J";
        const auto clean = [](const QByteArray &out) { return !out.contains('\x1b') && !out.contains('\x07'); };
        IDEM_FETCH_SERVER_URL(redisUrl, "IDEM_TEST_REDIS_URL");
        const QStringList stores{QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("hostile.db")), redisUrl};
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600000;
        const QString scope = QStringLiteral("esc%1").arg(QCoreApplication::applicationPid());
        for (const QString &url : stores) {
            {
                Result<std::unique_ptr<Store>> store = openStore(url);
                QVERIFY2(store.ok(), qPrintable(store.error().message));
                ClaimRequest claim;
                claim.scope = scope;
                claim.key = hostile;
                claim.fingerprint = QStringLiteral("f");
                claim.owner = QStringLiteral("pod\x1b[31m-1");
                claim.bizNo = QStringLiteral("SO\u202e1");
                claim.nowMs = hourAgo;
                QVERIFY(store.value()->claim(claim).ok());
            }
            const QStringList at{QStringLiteral("--store"), url, QStringLiteral("--scope"), scope};
            const Run listed = idemctl(QStringList{QStringLiteral("inflight")} + at);
            QVERIFY2(listed.exitCode == 0, listed.err.constData());
            QVERIFY2(clean(listed.out) && listed.out.contains(shown), listed.out.constData());
            QVERIFY2(listed.out.contains("owner=pod\\x1b[31m-1") && listed.out.contains("biz_no=SO\\u{202e}1"), listed.out.constData());
            const Run got = idemctl(QStringList{QStringLiteral("get"), QStringLiteral("--key"), hostile} + at);
            QVERIFY2(got.exitCode == 0 && clean(got.out) && got.out.contains(shown), got.out.constData());
            const Run json = idemctl(QStringList{QStringLiteral("get"), QStringLiteral("--key"), hostile, QStringLiteral("--json")} + at);
            QVERIFY2(json.out.contains("K\\u001b]0;pwned\\u0007"), json.out.constData());
            QCOMPARE(json.json().value(QStringLiteral("key")).toString(), hostile);
            const QStringList sweep = QStringList{QStringLiteral("sweep"),      QStringLiteral("--older-than"), QStringLiteral("10m"),
                                                  QStringLiteral("--operator"), QStringLiteral("night-ops"),    QStringLiteral("--reason"),
                                                  QStringLiteral("INC-9")}
                                      + at;
            const Run preview = idemctl(sweep + QStringList{QStringLiteral("--dry-run")});
            QVERIFY2(preview.exitCode == 0 && clean(preview.out), preview.out.constData());
            QVERIFY2(preview.out.contains("Owners: pod\\x1b[31m-1 (1)") && preview.out.contains(shown), preview.out.constData());
            const Run applied = idemctl(sweep);
            QVERIFY2(applied.exitCode == 0 && clean(applied.out), QByteArray(applied.out + applied.err).constData());
            const Run audit = idemctl(
                {QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--store"), url, QStringLiteral("--scope"), scope});
            QVERIFY2(audit.exitCode == 0 && clean(audit.out) && audit.out.contains(shown), audit.out.constData());
        }

        // A key SQLite holds as a BLOB: read as text, shown escaped.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("hostile"));
            db.setDatabaseName(m_dir.filePath(QStringLiteral("hostile.db")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral(
                                "INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, created_at, updated_at) "
                                "VALUES ('blob', X'4231621b5d303b78071b5b324a', 'IN_FLIGHT', 'f', 'l', 'o', %1, %1)")
                                .arg(hourAgo)),
                     qPrintable(q.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("hostile"));
        const Run blob = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), stores.constFirst(), QStringLiteral("--scope"),
                                  QStringLiteral("blob")});
        QVERIFY2(blob.exitCode == 0 && clean(blob.out) && blob.out.contains("B1b\\x1b]0;x\\x07\\x1b[2J"), blob.out.constData());

        // A go-middleware key (the Redis key's suffix and the JSON's "key").
        RedisConnection redis(redisSettings(redisUrl));
        const QByteArray prefix = "idemp:esc" + QByteArray::number(QCoreApplication::applicationPid()) + ':';
        const QString layoutFile = m_dir.filePath(QStringLiteral("go-esc.json"));
        {
            QFile f(layoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"base\": \"go-middleware\", \"scope\": \"pay\", \"redis\": {\"key_prefix\": \"" + prefix + "\"}}");
        }
        const QByteArray goKey = "PAY\x1b]0;x\x07";
        QByteArray value = goInFlight("PAY\\u001b]0;x\\u0007", hourAgo);
        QVERIFY(redis.command({"SET", prefix + goKey, value, "EX", "600"}).ok());
        const Run go =
            idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), redisUrl, QStringLiteral("--layout"), layoutFile,
                     QStringLiteral("--audit"), QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("go-esc-audit.db"))});
        QVERIFY(redis.command({"DEL", prefix + goKey}).ok());
        QVERIFY2(go.exitCode == 0 && clean(go.out) && go.out.contains("PAY\\x1b]0;x\\x07"), QByteArray(go.out + go.err).constData());
    }

    // `idemctl get` shows the request the record kept: --json as a "request"
    // object (masked fields listed, the cut marked with the original size,
    // a binary body as base64), text as an escaped block; null and a reason
    // when none was kept.
    void getShowsTheKeptRequest()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("request.db"));
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600000;
        {
            Result<std::unique_ptr<Store>> store = openStore(url);
            QVERIFY2(store.ok(), qPrintable(store.error().message));
            ScopePolicies policies;
            ScopePolicy off = ScopePolicies::defaultFor(QStringLiteral("order"));
            off.keepRequest = false;
            policies.set(QStringLiteral("order"), off);
            Guard guard(*store.value(), policies, [hourAgo] { return hourAgo; });
            GuardRequest r;
            r.scope = QStringLiteral("payment");
            r.key = QStringLiteral("pay-1");
            r.path = "/api/payments";
            r.headers = {{"Content-Type", "application/json"}, {"X-Request-Id", "req\x1b[2J-1"}, {"Authorization", "Bearer secret"}};
            r.body = R"({"order_no":"SO1","card_number":"6222021234567890","amount":"88.00"})";
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
            r.key = QStringLiteral("pay-big");
            r.body = QByteArray(1024 * 1024, '\xfe');
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
            r.scope = QStringLiteral("order");
            r.key = QStringLiteral("ord-1");
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
        }
        const auto get = [&url](const QString &scope, const QString &key, bool json) {
            QStringList args{
                QStringLiteral("get"), QStringLiteral("--store"), url, QStringLiteral("--scope"), scope, QStringLiteral("--key"), key};
            if (json)
                args << QStringLiteral("--json");
            return idemctl(args);
        };
        const Run json = get(QStringLiteral("payment"), QStringLiteral("pay-1"), true);
        QVERIFY2(json.exitCode == 0, json.err.constData());
        QVERIFY2(!json.out.contains("6222021234567890") && !json.out.contains("secret"), json.out.constData());
        const QJsonObject request = json.json().value(QStringLiteral("request")).toObject();
        QCOMPARE(request.value(QStringLiteral("method")).toString(), QStringLiteral("POST"));
        QCOMPARE(request.value(QStringLiteral("path")).toString(), QStringLiteral("/api/payments"));
        QCOMPARE(request.value(QStringLiteral("headers")).toObject(),
                 (QJsonObject{{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                              {QStringLiteral("X-Request-Id"), QString(QStringLiteral("req") + QChar(0x1b) + QStringLiteral("[2J-1"))}}));
        QCOMPARE(request.value(QStringLiteral("body")).toString(),
                 QStringLiteral(R"({"order_no":"SO1","card_number":"[REDACTED]","amount":"88.00"})"));
        QCOMPARE(request.value(QStringLiteral("truncated")).toBool(), false);
        QCOMPARE(request.value(QStringLiteral("original_bytes")).toInt(), 68);
        QCOMPARE(request.value(QStringLiteral("redacted")).toArray(), QJsonArray{QStringLiteral("card_number")});
        QVERIFY(!request.contains(QStringLiteral("body_base64")));

        const Run big = get(QStringLiteral("payment"), QStringLiteral("pay-big"), true);
        const QJsonObject cut = big.json().value(QStringLiteral("request")).toObject();
        QVERIFY2(cut.value(QStringLiteral("truncated")).toBool(), big.out.constData());
        QCOMPARE(cut.value(QStringLiteral("original_bytes")).toInt(), 1024 * 1024);
        const QByteArray kept = QByteArray::fromBase64(cut.value(QStringLiteral("body_base64")).toString().toLatin1());
        QVERIFY(kept.size() > 2000 && kept == QByteArray(kept.size(), '\xfe'));
        QVERIFY(!cut.contains(QStringLiteral("body")));

        const Run none = get(QStringLiteral("order"), QStringLiteral("ord-1"), true);
        QVERIFY2(none.exitCode == 0 && none.json().contains(QStringLiteral("request"))
                     && none.json().value(QStringLiteral("request")).isNull(),
                 none.out.constData());

        // Text: the block after the fields, escaped, with the markers.
        const Run text = get(QStringLiteral("payment"), QStringLiteral("pay-1"), false);
        QVERIFY2(text.exitCode == 0 && !text.out.contains('\x1b') && !text.out.contains("6222021234567890"), text.out.constData());
        QVERIFY2(
            text.out.contains("request:\n    POST /api/payments\n    Content-Type: application/json\n    X-Request-Id: req\\x1b[2J-1\n"),
            text.out.constData());
        QVERIFY2(text.out.contains("-- Masked before it was stored: card_number."), text.out.constData());
        const Run cutText = get(QStringLiteral("payment"), QStringLiteral("pay-big"), false);
        QVERIFY2(cutText.out.contains("-- Cut to the 4 KiB kept per record") && cutText.out.contains("of the body's 1048576 bytes"),
                 cutText.out.constData());
        const Run noneText = get(QStringLiteral("order"), QStringLiteral("ord-1"), false);
        QVERIFY2(noneText.out.contains("request:\n    No request was kept with this record"), noneText.out.constData());
    }

    // The operator's night: preview, apply, verify the audit log, notice tampering.
    // `idemctl records`: the timed-out records left for manual review are
    // found by key and by business number, completed ones too; a bad
    // --state exits 2; reading creates and changes nothing.
    void recordsFindsEveryStateByKeyOrBusinessNumber()
    {
        const QString path = m_dir.filePath(QStringLiteral("records.db"));
        const QString url = QStringLiteral("sqlite://") + path;
        {
            Result<std::unique_ptr<Store>> opened = openStore(url);
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
            Store &s = *opened.value();
            const qint64 t = QDateTime::currentMSecsSinceEpoch() - 3600'000;
            for (int i = 0; i < 5; ++i) {
                ClaimRequest c;
                c.scope = QStringLiteral("payment");
                c.key = QStringLiteral("pay-%1").arg(i);
                c.fingerprint = QStringLiteral("fp");
                c.owner = QStringLiteral("api-1:7");
                c.bizNo = QStringLiteral("PO-%1").arg(700 + i);
                c.nowMs = t + i * 1000;
                const Result<ClaimResult> claimed = s.claim(c);
                QVERIFY(claimed.ok());
                if (i < 2) {
                    QVERIFY(s.complete(c.scope, c.key, claimed->record.lease, Response{200, {}, "ok"}, c.nowMs + 10, 86400'000).ok());
                } else if (i < 4) {
                    OperatorAction a;
                    a.kind = OperatorActionKind::MarkTimedOut;
                    a.scope = c.scope;
                    a.key = c.key;
                    a.lease = claimed->record.lease;
                    a.startedBeforeMs = c.nowMs + 1;
                    a.nowMs = t + 20 * 60'000;
                    a.retentionMs = 86400'000;
                    a.audit.operatorName = QStringLiteral("ops");
                    a.audit.host = QStringLiteral("h");
                    a.audit.batchId = QStringLiteral("b-1");
                    a.audit.reason = QStringLiteral("stuck");
                    QVERIFY(s.applyAction(a).ok());
                }
            }
        }
        const QByteArray before = [&] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
        }();
        const QStringList base{QStringLiteral("records"), QStringLiteral("--store"), url, QStringLiteral("--json")};

        Run r = idemctl(base);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 5);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().size(), 5);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-3")); // newest first: timed out last

        r = idemctl(
            base
            + QStringList{QStringLiteral("--state"), QStringLiteral("timed_out"), QStringLiteral("--key-prefix"), QStringLiteral("pay-3")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 1);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("TIMED_OUT"));
        // Not in flight: `inflight` does not find it, `records` does.
        const Run inflight = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), url, QStringLiteral("--json")});
        QCOMPARE(inflight.json().value(QStringLiteral("matched")).toInteger(), 1);

        r = idemctl(
            base
            + QStringList{QStringLiteral("--state"), QStringLiteral("completed"), QStringLiteral("--biz-no"), QStringLiteral("PO-701")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 1);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-1"));

        r = idemctl(base
                    + QStringList{QStringLiteral("--state"), QStringLiteral("completed"), QStringLiteral("--limit"), QStringLiteral("1"),
                                  QStringLiteral("--oldest-first")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 2);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-0"));
        QCOMPARE(r.json().value(QStringLiteral("next_after")).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("pay-0"));

        r = idemctl({QStringLiteral("records"), QStringLiteral("--store"), url, QStringLiteral("--scope"), QStringLiteral("payment"),
                     QStringLiteral("--state"), QStringLiteral("timed_out")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("2 record(s) match") && r.out.contains("pay-2") && r.out.contains("TIMED_OUT"), r.out.constData());

        const Run bad = idemctl(base + QStringList{QStringLiteral("--state"), QStringLiteral("done")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--state"), bad.err.constData());
        const Run missing = idemctl({QStringLiteral("records"), QStringLiteral("--store"),
                                     QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("none.db"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("No store at"), missing.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.db"))));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
        f.close();

        // A store written before the completed listing had its index: read
        // as it is (nothing added), completed by the first ReadWrite open.
        const auto hasIndex = [&] {
            bool found = false;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("records-index"));
                db.setDatabaseName(path);
                if (db.open()) {
                    QSqlQuery q(db);
                    found = q.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = 'idem_records_completed'")) && q.next()
                            && q.value(0).toInt() == 1;
                }
            }
            QSqlDatabase::removeDatabase(QStringLiteral("records-index"));
            return found;
        };
        QVERIFY(hasIndex());
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("records-drop"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("DROP INDEX idem_records_completed")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("records-drop"));
        r = idemctl(base + QStringList{QStringLiteral("--state"), QStringLiteral("completed")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 2);
        QVERIFY(!hasIndex());
        QVERIFY(openStore(url, OpenMode::ReadWrite).ok());
        QVERIFY(hasIndex());
    }

    void sweepPreviewApplyAndAuditVerify()
    {
        const QString path = m_dir.filePath(QStringLiteral("sweep.db"));
        const QString sweepStore = QStringLiteral("sqlite://") + path;
        const Run demo = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), sweepStore, QStringLiteral("--rate"),
                                  QStringLiteral("40"), QStringLiteral("--seconds"), QStringLiteral("3"), QStringLiteral("--json")});
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        const auto stuckCount = [&] {
            const Run r = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), sweepStore, QStringLiteral("--older-than"),
                                   QStringLiteral("10m"), QStringLiteral("--json")});
            return r.exitCode == 0 ? r.json().value(QStringLiteral("matched")).toInteger() : -1;
        };
        const qint64 stuck = stuckCount();
        QVERIFY(stuck > 0);

        const QStringList sweep{QStringLiteral("sweep"),        QStringLiteral("--store"), sweepStore,
                                QStringLiteral("--older-than"), QStringLiteral("10m"),     QStringLiteral("--json")};
        const Run dry = idemctl(sweep + QStringList{QStringLiteral("--dry-run")});
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QJsonObject o = dry.json();
        for (const char *field : {"matched", "applied", "skipped", "failed", "batch_id", "dry_run", "oldest_age_ms", "owners", "targets"})
            QVERIFY2(o.contains(QLatin1String(field)), field);
        QCOMPARE(o.value(QStringLiteral("dry_run")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("matched")).toInteger(), stuck);
        QCOMPARE(o.value(QStringLiteral("applied")).toInt(), 0);
        QVERIFY(o.value(QStringLiteral("batch_id")).isNull());
        QVERIFY(o.value(QStringLiteral("oldest_age_ms")).toInteger() >= 10 * 60 * 1000);
        QVERIFY(!o.value(QStringLiteral("owners")).toObject().isEmpty());
        QCOMPARE(stuckCount(), stuck); // a dry run changes nothing

        const Run noReason = idemctl(sweep);
        QCOMPARE(noReason.exitCode, 2);
        QVERIFY2(noReason.err.contains("--reason"), noReason.err.constData());
        const Run readOnly =
            idemctl(sweep + QStringList{QStringLiteral("--reason"), QStringLiteral("test"), QStringLiteral("--read-only")});
        QCOMPARE(readOnly.exitCode, 1);
        QVERIFY2(readOnly.err.contains("read-only"), readOnly.err.constData());
        QCOMPARE(stuckCount(), stuck);

        const Run applied = idemctl(sweep
                                    + QStringList{QStringLiteral("--operator"), QStringLiteral("night-ops"), QStringLiteral("--reason"),
                                                  QStringLiteral("stuck after the failover drill")});
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        o = applied.json();
        for (const char *field :
             {"matched", "applied", "skipped", "failed", "batch_id", "dry_run", "oldest_age_ms", "owners", "skipped_keys", "failed_keys"})
            QVERIFY2(o.contains(QLatin1String(field)), field);
        QCOMPARE(o.value(QStringLiteral("dry_run")).toBool(), false);
        QCOMPARE(o.value(QStringLiteral("matched")).toInteger(), stuck);
        QCOMPARE(o.value(QStringLiteral("applied")).toInteger(), stuck); // the demo has stopped: nothing changed meanwhile
        QCOMPARE(o.value(QStringLiteral("skipped")).toInt(), 0);
        QCOMPARE(o.value(QStringLiteral("failed")).toInt(), 0);
        const QString batch = o.value(QStringLiteral("batch_id")).toString();
        QVERIFY(batch.startsWith(QStringLiteral("b-")));
        QCOMPARE(stuckCount(), 0);

        const QStringList verify{QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--store"), sweepStore,
                                 QStringLiteral("--json")};
        Run verified = idemctl(verify);
        QVERIFY2(verified.exitCode == 0, verified.err.constData());
        o = verified.json();
        QCOMPARE(o.value(QStringLiteral("entries")).toInteger(), stuck);
        QCOMPARE(o.value(QStringLiteral("ok")).toBool(), true);
        QVERIFY(o.contains(QStringLiteral("first_bad")) && o.value(QStringLiteral("first_bad")).isNull());

        const Run listed =
            idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--store"), sweepStore, QStringLiteral("--batch"),
                     batch, QStringLiteral("--operator"), QStringLiteral("night-ops"), QStringLiteral("--since"), QStringLiteral("1h"),
                     QStringLiteral("--limit"), QStringLiteral("1000"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        const QJsonArray entries = listed.json().value(QStringLiteral("entries")).toArray();
        QCOMPARE(entries.size(), stuck);
        QCOMPARE(entries.at(0).toObject().value(QStringLiteral("action")).toString(), QStringLiteral("timeout"));
        QCOMPARE(entries.at(0).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("stuck after the failover drill"));

        // One JSON form of an entry and of a verdict: the report's
        // "actions" and "audit" are what audit list and audit verify print.
        const QString reportFile = m_dir.filePath(QStringLiteral("sweep-report.json"));
        const Run reported = idemctl({QStringLiteral("report"), QStringLiteral("--store"), sweepStore, QStringLiteral("--from"),
                                      QDateTime::currentDateTimeUtc().addSecs(-3600).toString(Qt::ISODate), QStringLiteral("--to"),
                                      QDateTime::currentDateTimeUtc().addSecs(60).toString(Qt::ISODate), QStringLiteral("--format"),
                                      QStringLiteral("json"), QStringLiteral("--out"), reportFile});
        QVERIFY2(reported.exitCode == 0, reported.err.constData());
        QFile reportJson(reportFile);
        QVERIFY(reportJson.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(reportJson.readAll()).object();
        const QJsonArray actions = report.value(QStringLiteral("actions")).toArray();
        QCOMPARE(actions.size(), stuck);
        const QJsonObject listedEntry = entries.at(0).toObject();
        QJsonObject reportedEntry;
        for (const QJsonValue &v : actions) {
            if (v.toObject().value(QStringLiteral("hash")) == listedEntry.value(QStringLiteral("hash")))
                reportedEntry = v.toObject();
        }
        QCOMPARE(reportedEntry.keys(), listedEntry.keys());
        QCOMPARE(reportedEntry, listedEntry);
        QJsonObject verifiedVerdict = verified.json();
        verifiedVerdict.remove(QStringLiteral("store"));
        QCOMPARE(report.value(QStringLiteral("audit")).toObject().keys(), verifiedVerdict.keys());
        QCOMPARE(report.value(QStringLiteral("audit")).toObject(), verifiedVerdict);

        // Someone edits an entry behind the store's back.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT scope FROM idem_audit ORDER BY scope, seq LIMIT 1")) && q.next());
            const QString scope = q.value(0).toString();
            QVERIFY(q.prepare(QStringLiteral("UPDATE idem_audit SET operator = 'someone-else' WHERE seq = 1 AND scope = ?")));
            q.addBindValue(scope);
            QVERIFY(q.exec());
            QCOMPARE(q.numRowsAffected(), 1);
            q = QSqlQuery();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
        verified = idemctl(verify);
        QCOMPARE(verified.exitCode, 1);
        o = verified.json();
        QCOMPARE(o.value(QStringLiteral("ok")).toBool(), false);
        const QJsonObject bad = o.value(QStringLiteral("first_bad")).toObject();
        QCOMPARE(bad.value(QStringLiteral("seq")).toInt(), 1);
        QVERIFY(!bad.value(QStringLiteral("scope")).toString().isEmpty());
        QCOMPARE(bad.value(QStringLiteral("store_id")).toString(), QStringLiteral("1"));
        QVERIFY2(bad.value(QStringLiteral("reason")).toString().contains(QStringLiteral("edited")),
                 qPrintable(bad.value(QStringLiteral("reason")).toString()));
    }
};

QTEST_GUILESS_MAIN(IdemctlTest)
#include "tst_idemctl.moc"
