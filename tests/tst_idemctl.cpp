// idemctl as an operator uses it: exit codes, messages, JSON output.
#include <QtSql>
#include <QtTest>

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
        QTest::newRow("press without counts") << QStringList{QStringLiteral("press"), QStringLiteral("--store"), QStringLiteral("sqlite:///tmp/x.db")} << QByteArray("--concurrency");
        QTest::newRow("bad concurrency") << QStringList{QStringLiteral("press"), QStringLiteral("--concurrency"), QStringLiteral("lots"), QStringLiteral("--requests"), QStringLiteral("5")} << QByteArray("--concurrency");
        QTest::newRow("bad duration") << QStringList{QStringLiteral("inflight"), QStringLiteral("--older-than"), QStringLiteral("soon")} << QByteArray("duration");
        QTest::newRow("relative sqlite") << QStringList{QStringLiteral("stats"), QStringLiteral("--store"), QStringLiteral("sqlite://x.db")} << QByteArray("three slashes");
        QTest::newRow("hostile scope") << QStringList{QStringLiteral("press"), QStringLiteral("--scope"), QStringLiteral("x'; DROP TABLE idem_records;--"), QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("1")} << QByteArray("scope");
        QTest::newRow("no store") << QStringList{QStringLiteral("stats")} << QByteArray("--store");
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
        const Run r = idemctl({QStringLiteral("press"), QStringLiteral("--store"), store(), QStringLiteral("--concurrency"), QStringLiteral("200"),
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

        const Run got = idemctl({QStringLiteral("get"), QStringLiteral("--store"), store(), QStringLiteral("--scope"), QStringLiteral("press"),
                                 QStringLiteral("--key"), QStringLiteral("press-0"), QStringLiteral("--json")});
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
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM idem_records r LEFT JOIN orders o ON o.order_no = r.biz_no "
                                      "WHERE r.state = 'IN_FLIGHT' AND o.order_no IS NULL AND r.updated_at < strftime('%s','now') * 1000 - 600000")) && q.next());
        QVERIFY(q.value(0).toInt() > 0); // stuck without an order: to be released
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM idem_records r JOIN orders o ON o.order_no = r.biz_no "
                                      "WHERE r.state = 'IN_FLIGHT' AND o.status = 'PAID' AND r.updated_at < strftime('%s','now') * 1000 - 600000")) && q.next());
        QVERIFY(q.value(0).toInt() > 0); // stuck with a paid order: to be completed
        q = QSqlQuery();
        db.close();
    }
};

QTEST_GUILESS_MAIN(IdemctlTest)
#include "tst_idemctl.moc"
