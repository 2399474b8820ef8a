// idemctl's operator actions: an age before the epoch exits 2 and changes
// nothing, a reconcile dry run then apply on a demo store, a sweep previewed,
// applied and its audit verified.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "tests/idemctlfixture.h"
#include "tests/reconcileoptions.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

class IdemctlActionsTest : public QObject, private IdemctlFixture {
    Q_OBJECT

private slots:
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

    void reconcileDryRunThenApplyOnDemoStore()
    {
        const QString file = m_dir.filePath(QStringLiteral("reconcile.db"));
        const QString demoStore = QStringLiteral("sqlite://") + file;
        const Run demo = idemctl({QStringLiteral("demo"), QStringLiteral("--store"), demoStore, QStringLiteral("--rate"),
                                  QStringLiteral("40"), QStringLiteral("--seconds"), QStringLiteral("3"), QStringLiteral("--json")});
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        const QStringList mapping = QStringList{QStringLiteral("reconcile"), QStringLiteral("--store"), demoStore}
                                    + ordersMapping(demoStore)
                                    + QStringList{QStringLiteral("--pending-values"), QStringLiteral("PENDING"),
                                                  QStringLiteral("--failed-values"), QStringLiteral("FAILED"), QStringLiteral("--json")};
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

QTEST_GUILESS_MAIN(IdemctlActionsTest)
#include "tst_idemctlactions.moc"
