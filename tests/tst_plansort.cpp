// Sorting a preview too large to sort on the GUI thread
// (CheckablePlanModel::kWorkerSortRows rows or more): the order is worked
// out on a worker thread and applied when it arrives. Until then the rows
// stay as they were; once applied they are in order, each keeps its check
// box and a persistent index (the selection) follows its row; a newer sort
// or new rows make a pending order moot.
#include "models/actiontargetmodel.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTableView>
#include <QThreadPool>
#include <QtTest>

#include <algorithm>
#include <numeric>

namespace {

const qint64 Now = 1'800'000'000'000;
constexpr int Rows = 3 * CheckablePlanModel::kWorkerSortRows;

QString keyOf(int n)
{
    return QStringLiteral("cb-%1").arg(n, 6, 10, QLatin1Char('0'));
}

// Rows keys cb-000000 … in a shuffled order; attempts n % 7 + 1, age n seconds.
QList<ActionTarget> shuffledTargets()
{
    QList<int> order(Rows);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), *QRandomGenerator::global());
    QList<ActionTarget> targets;
    targets.reserve(Rows);
    for (const int n : std::as_const(order)) {
        ActionTarget t;
        t.scope = QStringLiteral("payment");
        t.key = keyOf(n);
        t.lease = QStringLiteral("lease-") + t.key;
        t.updatedAt = Now - n * 1000;
        t.attempts = n % 7 + 1;
        targets.append(t);
    }
    return targets;
}

QString keyAt(const ActionTargetModel &model, int row)
{
    return model.index(row, ActionTargetModel::KeyColumn).data(ActionTargetModel::RawValueRole).toString();
}

int rowOf(const ActionTargetModel &model, const QString &key)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (keyAt(model, row) == key)
            return row;
    }
    return -1;
}

// Every worker has finished and its watcher has been heard.
void settle()
{
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(50);
}

} // namespace

class TstPlanSort : public QObject {
    Q_OBJECT

private slots:
    void sortsOnAWorkerAndKeepsEachRowsChoice()
    {
        ActionTargetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTargets(shuffledTargets(), Now);
        const QString firstBefore = keyAt(model, 0);
        const QString chosen = keyOf(12345);
        const QString unchecked = keyOf(777);
        const QPersistentModelIndex selected = model.index(rowOf(model, chosen), ActionTargetModel::KeyColumn);
        model.setIncluded(rowOf(model, unchecked), false);
        QSignalSpy sorted(&model, &CheckablePlanModel::sorted);

        model.sort(ActionTargetModel::KeyColumn, Qt::AscendingOrder);
        QVERIFY(model.isSorting());
        QCOMPARE(keyAt(model, 0), firstBefore); // nothing moves before the order is applied
        QTRY_VERIFY_WITH_TIMEOUT(!model.isSorting(), 60000);

        QCOMPARE(sorted.count(), 1);
        for (int row = 0; row < Rows; ++row)
            QCOMPARE(keyAt(model, row), keyOf(row));
        QVERIFY(selected.isValid());
        QCOMPARE(selected.data(ActionTargetModel::RawValueRole).toString(), chosen);
        QCOMPARE(selected.row(), 12345);
        QCOMPARE(model.excludedCount(), 1);
        QCOMPARE(model.index(777, ActionTargetModel::IncludeColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(model.includedTargets().size(), Rows - 1);
    }

    void theCheckBoxColumnSortsUncheckedFirst()
    {
        ActionTargetModel model;
        model.setTargets(shuffledTargets(), Now);
        for (const int n : {5, 50, 500})
            model.setIncluded(rowOf(model, keyOf(n)), false);
        model.sort(ActionTargetModel::IncludeColumn, Qt::AscendingOrder);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isSorting(), 60000);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(model.index(row, ActionTargetModel::IncludeColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(model.index(3, ActionTargetModel::IncludeColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    }

    // The same sort asked again while it is being worked out is the same
    // order (QTableView asks twice); but once a check box changed, a sort
    // by the check boxes is a new one.
    void aSortByCheckBoxesAfterAClickIsANewSort()
    {
        ActionTargetModel model;
        model.setTargets(shuffledTargets(), Now);
        QTableView view;
        view.setModel(&model);
        view.setSortingEnabled(true);
        view.sortByColumn(ActionTargetModel::IncludeColumn, Qt::AscendingOrder);
        QVERIFY(model.isSorting());
        model.setIncluded(rowOf(model, keyOf(77)), false);
        model.sort(ActionTargetModel::IncludeColumn, Qt::AscendingOrder);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isSorting(), 60000);
        settle();
        QCOMPARE(keyAt(model, 0), keyOf(77));
        QCOMPARE(model.index(0, ActionTargetModel::IncludeColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    }

    void aNewerSortWins()
    {
        ActionTargetModel model;
        model.setTargets(shuffledTargets(), Now);
        QSignalSpy sorted(&model, &CheckablePlanModel::sorted);
        model.sort(ActionTargetModel::KeyColumn, Qt::DescendingOrder);
        model.sort(ActionTargetModel::AgeColumn, Qt::AscendingOrder); // youngest first: cb-000000 first
        settle();
        QVERIFY(!model.isSorting());
        QCOMPARE(sorted.count(), 1);
        for (int row = 0; row < Rows; ++row)
            QCOMPARE(keyAt(model, row), keyOf(row));
    }

    void newRowsMakeAPendingOrderMoot()
    {
        ActionTargetModel model;
        model.setTargets(shuffledTargets(), Now);
        QSignalSpy sorted(&model, &CheckablePlanModel::sorted);
        model.sort(ActionTargetModel::KeyColumn, Qt::AscendingOrder);
        QVERIFY(model.isSorting());
        QList<ActionTarget> fresh = shuffledTargets();
        const QString first = fresh.constFirst().key;
        model.setTargets(fresh, Now);
        QVERIFY(!model.isSorting());
        settle();
        QCOMPARE(sorted.count(), 0);
        QCOMPARE(keyAt(model, 0), first); // as given, not in the stale order
    }

    void aSmallPlanSortsAtOnce()
    {
        ActionTargetModel model;
        QList<ActionTarget> targets = shuffledTargets().first(100);
        model.setTargets(targets, Now);
        QSignalSpy sorted(&model, &CheckablePlanModel::sorted);
        model.sort(ActionTargetModel::KeyColumn, Qt::AscendingOrder);
        QVERIFY(!model.isSorting());
        QCOMPARE(sorted.count(), 1);
        std::sort(targets.begin(), targets.end(), [](const ActionTarget &a, const ActionTarget &b) { return a.key < b.key; });
        for (int row = 0; row < targets.size(); ++row)
            QCOMPARE(keyAt(model, row), targets.at(row).key);
    }
};

QTEST_MAIN(TstPlanSort)
#include "tst_plansort.moc"
