// idemctl's command line as an operator uses it: help and version, bad
// input exits 2 with a message, a malformed URL keeps its secrets.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "tests/idemctlfixture.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

class IdemctlUsageTest : public QObject, private IdemctlFixture {
    Q_OBJECT

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
};

QTEST_GUILESS_MAIN(IdemctlUsageTest)
#include "tst_idemctlusage.moc"
