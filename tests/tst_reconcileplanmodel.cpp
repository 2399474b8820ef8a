// The reconcile plan as the operator reviews it: columns, proposal colours,
// excluding rows (the checkable column) and the totals that follow, sorting
// that keeps each row's choice.
#include "models/reconcileplanmodel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>
#include <QtTest>

namespace {

ReconcileRow row(const QString &key, ReconcileProposal proposal, qint64 updatedAt, const QString &status = QString())
{
    ReconcileRow r;
    r.target.scope = QStringLiteral("payment");
    r.target.key = key;
    r.target.bizNo = QStringLiteral("SO-") + key;
    r.target.lease = QStringLiteral("lease-") + key;
    r.target.updatedAt = updatedAt;
    r.target.state = RecordState::InFlight;
    r.proposal = proposal;
    r.why = QStringLiteral("because of ") + key;
    if (!status.isEmpty()) {
        OrderRow order;
        order.columns = {{QStringLiteral("order_no"), r.target.bizNo}, {QStringLiteral("status"), status}};
        order.status = status;
        r.order = order;
    }
    return r;
}

const qint64 Now = 1'800'000'000'000;

QList<ReconcileRow> samplePlan()
{
    return {
        row(QStringLiteral("a"), ReconcileProposal::Complete, Now - 30 * 60000, QStringLiteral("PAID")),
        row(QStringLiteral("b"), ReconcileProposal::Release, Now - 15 * 60000),
        row(QStringLiteral("c"), ReconcileProposal::Review, Now - 45 * 60000, QStringLiteral("PENDING")),
        row(QStringLiteral("d"), ReconcileProposal::Complete, Now - 12 * 60000, QStringLiteral("PAID")),
        row(QStringLiteral("e"), ReconcileProposal::Release, Now - 20 * 60000, QStringLiteral("FAILED")),
    };
}

} // namespace

class ReconcilePlanModelTest : public QObject {
    Q_OBJECT
private slots:
    void showsThePlan()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(ReconcilePlanModel::ColumnCount));
        const auto cell = [&](int r, int c, int role = Qt::DisplayRole) { return model.index(r, c).data(role); };
        QCOMPARE(cell(0, ReconcilePlanModel::KeyColumn).toString(), QStringLiteral("a"));
        QCOMPARE(cell(0, ReconcilePlanModel::BizNoColumn).toString(), QStringLiteral("SO-a"));
        QCOMPARE(cell(0, ReconcilePlanModel::StateColumn).toString(), QStringLiteral("IN_FLIGHT"));
        QCOMPARE(cell(0, ReconcilePlanModel::OrderStatusColumn).toString(), QStringLiteral("PAID"));
        QCOMPARE(cell(0, ReconcilePlanModel::WhyColumn).toString(), QStringLiteral("because of a"));
        QCOMPARE(cell(0, ReconcilePlanModel::AgeColumn, ReconcilePlanModel::RawValueRole).toLongLong(), 30 * 60000LL);
        QCOMPARE(cell(0, ReconcilePlanModel::AgeColumn).toString(), QStringLiteral("30 min 0 s"));
        QCOMPARE(cell(1, ReconcilePlanModel::OrderStatusColumn).toString(), QStringLiteral("(no order)"));
        QCOMPARE(cell(0, ReconcilePlanModel::ProposalColumn).toString(), QStringLiteral("complete"));
        QCOMPARE(cell(1, ReconcilePlanModel::ProposalColumn).toString(), QStringLiteral("release"));
        QCOMPARE(cell(2, ReconcilePlanModel::ProposalColumn).toString(), QStringLiteral("manual review"));
        QCOMPARE(cell(0, ReconcilePlanModel::IncludeColumn, Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(model.flags(model.index(0, ReconcilePlanModel::IncludeColumn)) & Qt::ItemIsUserCheckable);
        QVERIFY(!(model.flags(model.index(0, ReconcilePlanModel::KeyColumn)) & Qt::ItemIsUserCheckable));
    }

    void coloursRowsByProposal()
    {
        ReconcilePlanModel model;
        model.setRows(samplePlan(), Now);
        const auto colour = [&](int r) { return model.index(r, ReconcilePlanModel::KeyColumn).data(Qt::BackgroundRole).value<QColor>(); };
        QVERIFY(colour(0).isValid());
        QCOMPARE(colour(0), colour(3));        // both complete
        QCOMPARE(colour(1), colour(4));        // both release
        QVERIFY(colour(0) != colour(1));
        QVERIFY(colour(1) != colour(2));
        QVERIFY(colour(0) != colour(2));
    }

    void excludingARowChangesTheTotals()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        ReconcileSummary s = model.summary();
        QCOMPARE(s.complete, qint64(2));
        QCOMPARE(s.release, qint64(2));
        QCOMPARE(s.review, qint64(1));

        QSignalSpy summary(&model, &ReconcilePlanModel::summaryChanged);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setData(model.index(0, ReconcilePlanModel::IncludeColumn), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(summary.count(), 1);
        QCOMPARE(changed.count(), 1);
        QVERIFY(model.rows().at(0).excluded);
        QCOMPARE(model.index(0, 0).data(ReconcilePlanModel::ExcludedRole).toBool(), true);
        QCOMPARE(model.index(0, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QVERIFY(!model.index(0, ReconcilePlanModel::KeyColumn).data(Qt::BackgroundRole).isValid()); // no longer coloured
        s = model.summary();
        QCOMPARE(s.complete, qint64(1));
        QCOMPARE(s.release, qint64(2));

        // Only the checkable column takes a check state.
        QVERIFY(!model.setData(model.index(1, ReconcilePlanModel::KeyColumn), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!model.rows().at(1).excluded);

        model.setAllIncluded(false);
        s = model.summary();
        QCOMPARE(s.complete + s.release + s.review, qint64(0));
        model.setAllIncluded(true);
        s = model.summary();
        QCOMPARE(s.complete + s.release + s.review, qint64(5));
    }

    void sortingKeepsEachRowsChoice()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        QVERIFY(model.setData(model.index(2, ReconcilePlanModel::IncludeColumn), Qt::Unchecked, Qt::CheckStateRole)); // "c"
        const QPersistentModelIndex c = model.index(2, ReconcilePlanModel::KeyColumn);
        model.sort(ReconcilePlanModel::AgeColumn, Qt::DescendingOrder); // oldest first: c (45 min) first
        QCOMPARE(model.index(0, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("c"));
        QCOMPARE(model.index(0, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(c.row(), 0);
        QCOMPARE(c.data().toString(), QStringLiteral("c"));
        QCOMPARE(model.index(4, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("d"));
        model.sort(ReconcilePlanModel::KeyColumn, Qt::AscendingOrder);
        QCOMPARE(model.index(0, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("a"));
        QCOMPARE(c.row(), 2);
        QVERIFY(model.rowAt(2).excluded);
    }

    void clearEmptiesThePlan()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.summary().complete, qint64(0));
    }
};

QTEST_MAIN(ReconcilePlanModelTest)
#include "tst_reconcileplanmodel.moc"
