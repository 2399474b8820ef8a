// The reconcile plan as the operator reviews it: columns, proposal colours,
// excluding rows (the checkable column) and the totals that follow, sorting
// that keeps each row's choice.
#include "models/reconcileplanmodel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QDateTime>
#include <QGuiApplication>
#include <QPalette>
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
        QCOMPARE(cell(0, ReconcilePlanModel::StateColumn).toString(), QStringLiteral("in flight"));
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
        QCOMPARE(colour(0), colour(3)); // both complete
        QCOMPARE(colour(1), colour(4)); // both release
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

        QSignalSpy summary(&model, &ReconcilePlanModel::inclusionChanged);
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

        // Manual review rows are never applied: they have no box, and
        // "Exclude all" leaves them listed for review.
        model.setAllIncluded(false);
        s = model.summary();
        QCOMPARE(s.complete + s.release, qint64(0));
        QCOMPARE(s.review, qint64(1));
        model.setAllIncluded(true);
        s = model.summary();
        QCOMPARE(s.complete + s.release + s.review, qint64(5));
    }

    void sortingKeepsEachRowsChoice()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        QVERIFY(model.setData(model.index(4, ReconcilePlanModel::IncludeColumn), Qt::Unchecked, Qt::CheckStateRole)); // "e"
        const QPersistentModelIndex e = model.index(4, ReconcilePlanModel::KeyColumn);
        model.sort(ReconcilePlanModel::AgeColumn, Qt::DescendingOrder); // oldest first: c (45), a (30), e (20), b, d
        QCOMPARE(model.index(0, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("c"));
        QCOMPARE(model.index(2, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(e.row(), 2);
        QCOMPARE(e.data().toString(), QStringLiteral("e"));
        QCOMPARE(model.index(4, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("d"));
        model.sort(ReconcilePlanModel::KeyColumn, Qt::AscendingOrder);
        QCOMPARE(model.index(0, ReconcilePlanModel::KeyColumn).data().toString(), QStringLiteral("a"));
        QCOMPARE(e.row(), 4);
        QVERIFY(model.rowAt(4).excluded);
    }

    void reviewRowsHaveNoApplyBox()
    {
        ReconcilePlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(samplePlan(), Now);
        const QModelIndex review = model.index(2, ReconcilePlanModel::IncludeColumn); // "c"
        QVERIFY(!review.data(Qt::CheckStateRole).isValid());
        QVERIFY(!(model.flags(review) & Qt::ItemIsUserCheckable));
        QVERIFY(!model.setData(review, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(review.data(Qt::ToolTipRole).toString().contains(QStringLiteral("never applied")));
    }

    // A timed-out record's updated_at is when it was timed out: its age is
    // the attempt's, counted from the claim, not "37 s".
    void timedOutAgeIsTheAttempts()
    {
        ReconcileRow r = row(QStringLiteral("t"), ReconcileProposal::Complete, Now - 37'000, QStringLiteral("PAID"));
        r.target.state = RecordState::TimedOut;
        r.target.createdAt = Now - 41 * 60000;
        ReconcilePlanModel model;
        model.setRows({r}, Now);
        QCOMPARE(model.index(0, ReconcilePlanModel::AgeColumn).data().toString(), QStringLiteral("41 min 0 s"));
        QCOMPARE(model.index(0, ReconcilePlanModel::AgeColumn, {}).data(ReconcilePlanModel::RawValueRole).toLongLong(), 41 * 60000LL);
        QVERIFY(
            model.index(0, ReconcilePlanModel::AgeColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("timed out 37 s ago")));
        // In flight: the current attempt's claim (updated_at).
        r.target.state = RecordState::InFlight;
        model.setRows({r}, Now);
        QCOMPARE(model.index(0, ReconcilePlanModel::AgeColumn).data().toString(), QStringLiteral("37 s"));
    }

    // On a dark palette the rows get dark shades and keep the palette's
    // text colour, so the text and the Apply ticks (drawn in it) show.
    void darkPaletteKeepsTextReadable()
    {
        const QPalette saved = QGuiApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        QGuiApplication::setPalette(dark);
        ReconcilePlanModel model;
        model.setRows(samplePlan(), Now);
        for (int r = 0; r < model.rowCount(); ++r) {
            const QColor shade = model.index(r, ReconcilePlanModel::KeyColumn).data(Qt::BackgroundRole).value<QColor>();
            QVERIFY2(shade.lightness() < 100, qPrintable(shade.name()));
            QVERIFY(!model.index(r, ReconcilePlanModel::IncludeColumn).data(Qt::ForegroundRole).isValid());
        }
        QGuiApplication::setPalette(saved);
    }

    // The evidence pane: an epoch number in a time column reads as a date.
    void evidenceShowsEpochTimesAsDates()
    {
        OrderRow order;
        order.columns = {{QStringLiteral("order_no"), QStringLiteral("SO1")},
                         {QStringLiteral("created_at"), QVariant(qint64(1796149531142))},
                         {QStringLiteral("pay_time"), QVariant(qint64(1796149531))},
                         {QStringLiteral("amount"), QVariant(qint64(1796149531142))},
                         {QStringLiteral("note"), QStringLiteral("a\u202Eb")}};
        const QString text = order.toDisplayText();
        const QString date = QDateTime::fromMSecsSinceEpoch(1796149531142).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
        QVERIFY2(text.contains(QStringLiteral("created_at: 1796149531142  (") + date), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("pay_time: 1796149531  (") + date.left(19)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("amount: 1796149531142\n")), qPrintable(text)); // not a time column
        QVERIFY2(!text.contains(QChar(0x202E)), qPrintable(text)); // shown escaped
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
