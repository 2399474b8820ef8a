// The Audit tab's model over a real SQLite store: newest first, every filter
// answered by the store query, an older query's late answer dropped.
#include "models/auditmodel.h"
#include "models/auditwording.h"
#include "models/storesession.h"

#include "app/store/openstore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

Q_DECLARE_METATYPE(AuditQuery)

namespace {

const qint64 T0 = 1'800'000'000'000;

} // namespace

class AuditModelTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

    static bool load(AuditModel &model, const AuditQuery &query)
    {
        QSignalSpy loaded(&model, &AuditModel::loaded);
        model.setQuery(query);
        return loaded.wait(10000);
    }

private slots:
    // Every action and state the engine writes is said in words, not shown as stored.
    void actionsAndStatesAreWorded()
    {
        for (const char *name :
             {"timeout", "reconcile-complete", "reconcile-release", "timeout-not-applied", "reconcile-complete-cache-updated",
              "cache-not-updated", "alert", "alert-acknowledged", "alert-snoozed", "alert-woken"})
            QVERIFY2(AuditWording::action(QLatin1String(name)) != QLatin1String(name), name);
        for (const char *name : {"IN_FLIGHT", "COMPLETED", "TIMED_OUT", "RELEASED", "DELETED"})
            QVERIFY2(AuditWording::state(QLatin1String(name)) != QLatin1String(name), name);
        QCOMPARE(AuditWording::action(QStringLiteral("someone-elses")), QStringLiteral("someone-elses"));
    }

    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("audit.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        // 12 entries: two scopes, two operators, three actions, two batches,
        // one minute apart, written oldest first.
        const QStringList actions = {QStringLiteral("timeout"), QStringLiteral("reconcile-complete"), QStringLiteral("alert")};
        for (int i = 0; i < 12; ++i) {
            AuditEntry e;
            e.scope = i % 2 ? QStringLiteral("order") : QStringLiteral("payment");
            e.atMs = T0 + qint64(i) * 60000;
            e.operatorName = i < 6 ? QStringLiteral("alice") : QStringLiteral("bob");
            e.host = QStringLiteral("ops-1");
            e.action = actions.at(i % 3);
            e.batchId = i < 6 ? QStringLiteral("b-1") : QStringLiteral("b-2");
            e.key = QStringLiteral("key-%1").arg(i, 2, 10, QLatin1Char('0'));
            e.stateBefore = QStringLiteral("IN_FLIGHT");
            e.stateAfter = QStringLiteral("TIMED_OUT");
            e.reason = QStringLiteral("test entry %1").arg(i);
            e.evidence = R"({"order_no":"SO-1","status":"PAID"})";
            Result<AuditEntry> written = store.value()->appendAudit(e);
            QVERIFY2(written.ok(), qPrintable(written.error().message));
        }
    }

    void listsNewestFirst()
    {
        StoreSession session(m_url);
        AuditModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(load(model, AuditQuery{}));
        QCOMPARE(model.rowCount(), 12);
        QCOMPARE(model.columnCount(), int(AuditModel::ColumnCount));
        QCOMPARE(model.entryAt(0).key, QStringLiteral("key-11"));
        QCOMPARE(model.entryAt(11).key, QStringLiteral("key-00"));
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.index(r - 1, AuditModel::TimeColumn).data(AuditModel::RawValueRole).toLongLong()
                    >= model.index(r, AuditModel::TimeColumn).data(AuditModel::RawValueRole).toLongLong());
        const AuditEntry &newest = model.entryAt(0);
        QCOMPARE(model.index(0, AuditModel::OperatorColumn).data().toString(), QStringLiteral("bob"));
        QCOMPARE(model.index(0, AuditModel::ChangeColumn).data().toString(), QStringLiteral("in flight → timed out"));
        QCOMPARE(model.index(0, AuditModel::HashColumn).data().toString(), newest.hash.left(AuditModel::HashPrefixLength));
        QCOMPARE(newest.hash.size(), 64);
        QCOMPARE(model.index(0, AuditModel::HashColumn).data(Qt::ToolTipRole).toString(), newest.hash);
        QCOMPARE(model.index(0, 0).data(AuditModel::EntryRole).value<AuditEntry>().key, QStringLiteral("key-11"));
    }

    void filtersRunInTheStore_data()
    {
        QTest::addColumn<AuditQuery>("query");
        QTest::addColumn<QStringList>("keys"); // newest first
        AuditQuery q;
        q.scope = QStringLiteral("order");
        QTest::newRow("scope") << q << QStringList{QStringLiteral("key-11"), QStringLiteral("key-09"), QStringLiteral("key-07"),
                                                   QStringLiteral("key-05"), QStringLiteral("key-03"), QStringLiteral("key-01")};
        q = {};
        q.operatorName = QStringLiteral("alice");
        q.action = QStringLiteral("timeout");
        QTest::newRow("operator+action") << q << QStringList{QStringLiteral("key-03"), QStringLiteral("key-00")};
        q = {};
        q.batchId = QStringLiteral("b-2");
        q.keyPrefix = QStringLiteral("key-1");
        QTest::newRow("batch+key prefix") << q << QStringList{QStringLiteral("key-11"), QStringLiteral("key-10")};
        q = {};
        q.fromMs = T0 + 2 * 60000;
        q.toMs = T0 + 4 * 60000;
        QTest::newRow("time range") << q << QStringList{QStringLiteral("key-04"), QStringLiteral("key-03"), QStringLiteral("key-02")};
        q = {};
        q.operatorName = QStringLiteral("nobody");
        QTest::newRow("no match") << q << QStringList{};
        q = {};
        q.kind = AuditQuery::Kind::Alerts; // every third entry is an "alert"
        QTest::newRow("alerts") << q
                                << QStringList{QStringLiteral("key-11"), QStringLiteral("key-08"), QStringLiteral("key-05"),
                                               QStringLiteral("key-02")};
        q.kind = AuditQuery::Kind::OperatorActions;
        q.operatorName = QStringLiteral("alice");
        QTest::newRow("operator actions") << q
                                          << QStringList{QStringLiteral("key-04"), QStringLiteral("key-03"), QStringLiteral("key-01"),
                                                         QStringLiteral("key-00")};
        q = {};
        q.scope = QStringLiteral("payment");
        q.key = QStringLiteral("key-10"); // exact: one record's history
        QTest::newRow("exact key") << q << QStringList{QStringLiteral("key-10")};
        q.key = QStringLiteral("key-1"); // a prefix of key-10, not a key
        QTest::newRow("exact key, no prefix match") << q << QStringList{};
        q = {};
        q.limit = 3;
        QTest::newRow("limit") << q << QStringList{QStringLiteral("key-11"), QStringLiteral("key-10"), QStringLiteral("key-09")};
    }

    void filtersRunInTheStore()
    {
        QFETCH(AuditQuery, query);
        QFETCH(QStringList, keys);
        StoreSession session(m_url);
        AuditModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(load(model, query));
        QStringList got;
        for (int r = 0; r < model.rowCount(); ++r)
            got << model.index(r, AuditModel::KeyColumn).data().toString();
        QCOMPARE(got, keys);
        QCOMPARE(model.isTruncated(), query.limit == 3);
    }

    void anOlderQuerysAnswerIsDropped()
    {
        StoreSession session(m_url);
        AuditModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&model, &AuditModel::loaded);
        AuditQuery first;
        first.operatorName = QStringLiteral("alice");
        AuditQuery second;
        second.operatorName = QStringLiteral("bob");
        second.scope = QStringLiteral("payment");
        model.setQuery(first);
        model.setQuery(second); // replaces the first before it answers
        QVERIFY(loaded.wait(10000));
        QTRY_VERIFY(!model.isLoading());
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(model.rowCount(), 3); // bob's payment entries: 6, 8, 10
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.entryAt(r).operatorName, QStringLiteral("bob"));
    }

    void aStoreErrorIsReported()
    {
        // A "directory" that is a regular file: the store cannot be opened.
        QFile blocker(m_dir.filePath(QStringLiteral("not-a-dir")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        StoreSession session(QStringLiteral("sqlite://") + blocker.fileName() + QStringLiteral("/audit.db"));
        AuditModel model(&session);
        QSignalSpy failed(&model, &AuditModel::loadFailed);
        model.setQuery(AuditQuery{});
        QVERIFY(failed.wait(10000));
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(AuditModelTest)
#include "tst_auditmodel.moc"
