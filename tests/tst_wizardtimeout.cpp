// The timeout wizard driven offscreen on SQLite stores: mark timed out
// (preview → identity → apply) or release, owners grouped by host, preview
// rows excluded or selected, a record changed after the preview skipped, a
// scope over its four-eyes threshold proposed and the Proposals tab's diff,
// and a read-only session whose apply is refused by the engine with nothing
// changed.
#include "tests/wizardfixture.h"
#include "ui/actionapplypage.h"
#include "models/operatorsession.h"
#include "models/statuscolors.h"
#include "models/appsettings.h"
#include "models/actiontargetmodel.h"
#include "ui/ordermappingpage.h"
#include "ui/reconciledryrunpage.h"
#include "models/reconcileplanmodel.h"
#include "ui/reconcilewizard.h"
#include "ui/timeoutwizard.h"
#include "ui/proposalsview.h"
#include "app/ops/proposalbook.h"
#include "models/storesession.h"

#include "app/ops/timeoutsweep.h"
#include "app/store/openstore.h"
#include "app/store/proposal.h"

#include <QAbstractButton>
#include <QApplication>
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

class WizardTimeoutTest : public QObject, private WizardFixture {
    Q_OBJECT

private slots:
    void initTestCase() { keepSettingsInTempDir(); }

    void timeoutWizardMarksStuckRecords()
    {
        const QString url = makeStore();
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        QSignalSpy applied(&wizard, &TimeoutWizard::applied);
        wizard.setScope(QStringLiteral("payment"));
        wizard.show();
        QCOMPARE(wizard.currentId(), int(TimeoutWizard::ScopePageId));
        QCOMPARE(child<QSpinBox>(&wizard, "olderThanMinutes")->value(), 10);
        // What the service does next: the guard runs a timed-out
        // request again when its client resubmits, so no release is offered.
        QVERIFY2(child<QLabel>(&wizard, "serviceNext")->text().contains(QStringLiteral("again")),
                 qPrintable(child<QLabel>(&wizard, "serviceNext")->text()));
        QVERIFY(!child<QCheckBox>(&wizard, "releaseInstead")->isVisibleTo(&wizard));

        wizard.next();
        QCOMPARE(wizard.currentId(), int(TimeoutWizard::PreviewPageId));
        waitForPreview(wizard);
        QCOMPARE(wizard.previewModel()->rowCount(), 30); // the young ones and the other scope are not in it
        for (int r = 0; r < wizard.previewModel()->rowCount(); ++r) {
            QCOMPARE(wizard.previewModel()->index(r, ActionTargetModel::ScopeColumn).data().toString(), QStringLiteral("payment"));
            QVERIFY(wizard.previewModel()->index(r, ActionTargetModel::AgeColumn).data(ActionTargetModel::RawValueRole).toLongLong()
                    > 10 * 60000);
        }
        QVERIFY(child<QLabel>(&wizard, "previewSummary")->text().contains(QStringLiteral("30")));
        QVERIFY(child<QLabel>(&wizard, "previewOwners")->text().contains(QStringLiteral("pay-svc-")));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        wizard.next();
        QCOMPARE(wizard.currentId(), int(TimeoutWizard::IdentityPageId));
        QVERIFY(child<QLabel>(&wizard, "confirmation")->text().contains(QStringLiteral("30 record(s) will be marked timed out")));
        confirmAndApply(wizard);
        QCOMPARE(wizard.currentId(), int(TimeoutWizard::ApplyPageId));
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);

        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(30));
        QCOMPARE(result->skipped, qint64(0));
        QCOMPARE(result->failed, qint64(0));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(0).toString(), result->batchId);
        QVERIFY(child<QLabel>(&wizard, "resultSummary")->text().contains(QStringLiteral("<b>30</b> applied")));
        QVERIFY(!child<QLabel>(&wizard, "resultError")->isVisibleTo(&wizard));
        // "Show in Audit" asks for the batch's entries.
        QPushButton *showInAudit = child<QPushButton>(&wizard, "showInAudit");
        QVERIFY(showInAudit->isVisibleTo(&wizard));
        QSignalSpy audited(wizard.applyPage(), &ActionApplyPage::showInAuditRequested);
        showInAudit->click();
        QCOMPARE(audited.count(), 1);
        QCOMPARE(audited.at(0).at(0).toString(), result->batchId);
        // The operator confirmed here is the next wizard's (and the report
        // dialog's) default for the rest of the session.
        QCOMPARE(OperatorSession::name(), Operator);
        TimeoutWizard next(url, OpenMode::ReadWrite);
        QCOMPARE(child<QLineEdit>(&next, "operatorName")->text(), Operator);

        std::unique_ptr<Store> store = reopen(url);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-%1").arg(i)), RecordState::TimedOut);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("young-0")), RecordState::InFlight);
        QCOMPARE(stateOf(*store, QStringLiteral("order"), QStringLiteral("o-0")), RecordState::InFlight);
        const QList<AuditEntry> entries = audit(*store, QStringLiteral("timeout"));
        QCOMPARE(entries.size(), 30);
        for (const AuditEntry &e : entries) {
            QCOMPARE(e.operatorName, Operator);
            QCOMPARE(e.reason, Reason);
            QCOMPARE(e.batchId, result->batchId);
            QCOMPARE(e.scope, QStringLiteral("payment"));
            QCOMPARE(e.stateBefore, QStringLiteral("IN_FLIGHT"));
            QCOMPARE(e.stateAfter, QStringLiteral("TIMED_OUT"));
        }
    }

    // The owners summary: one line per host with its process count, the
    // host with most records first; an owner without a pid is its own host.
    void ownersAreGroupedByHost()
    {
        const QMap<QString, qint64> owners{{QStringLiteral("pay-svc-0:101"), 1}, {QStringLiteral("pay-svc-0:102"), 1},
                                           {QStringLiteral("pay-svc-0:103"), 3}, {QStringLiteral("pay-svc-1:7"), 2},
                                           {QStringLiteral("legacy"), 1},        {QString(), 4},
                                           {QStringLiteral("[::1]:80x"), 1}};
        const QList<OwnerHost> hosts = ownersByHost(owners);
        QCOMPARE(hosts.size(), 5);
        QCOMPARE(hosts.at(0).host, QStringLiteral("pay-svc-0"));
        QCOMPARE(hosts.at(0).records, qint64(5));
        QCOMPARE(hosts.at(0).processes, 3);
        QCOMPARE(hosts.at(1).host, QString()); // no owner: 4 records
        QCOMPARE(hosts.at(2).host, QStringLiteral("pay-svc-1"));
        QCOMPARE(hosts.at(2).processes, 1);
        QStringList names;
        for (const OwnerHost &h : hosts)
            names << h.host;
        QVERIFY(names.contains(QStringLiteral("legacy")));
        QVERIFY(names.contains(QStringLiteral("[::1]:80x"))); // not a pid: kept whole
    }

    // "Release instead" (offered where a timed-out record is not run again,
    // java-handler; the path is the same on every store): the records are
    // deleted, so their clients may resubmit, each audited.
    void timeoutWizardCanReleaseInstead()
    {
        const QString url = makeStore();
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        wizard.setScope(QStringLiteral("payment"));
        wizard.setRelease(true);
        wizard.show();
        QVERIFY(child<QLabel>(&wizard, "serviceNext")->text().contains(QStringLiteral("deleted")));
        wizard.next();
        waitForPreview(wizard);
        QCOMPARE(wizard.previewModel()->rowCount(), 30);
        wizard.next();
        QVERIFY(child<QLabel>(&wizard, "confirmation")->text().contains(QStringLiteral("30 record(s) will be released")));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(30));
        std::unique_ptr<Store> store = reopen(url);
        bool exists = true;
        stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-0"), &exists);
        QVERIFY(!exists);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("young-0")), RecordState::InFlight);
        QCOMPARE(audit(*store, QStringLiteral("reconcile-release")).size(), 30);
    }

    // Four eyes in the console as in idemctl sweep: a scope over its
    // threshold is proposed (nothing of it changes), the others applied.
    void aScopeOverItsFourEyesThresholdIsProposed()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        Result<void> set = store->setApprovalThreshold(QStringLiteral("payment"), 1);
        QVERIFY2(set.ok(), qPrintable(set.error().message));
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        wizard.show();
        wizard.next();
        waitForPreview(wizard);
        QCOMPARE(wizard.previewModel()->rowCount(), 34);
        wizard.next();
        // The confirmation says so before anything happens.
        const QString confirmation = child<QLabel>(&wizard, "confirmation")->text();
        QVERIFY2(confirmation.contains(QStringLiteral("Of them, 30 record(s) in payment are over the scope's four-eyes threshold")),
                 qPrintable(confirmation));
        QCOMPARE(wizard.button(QWizard::CommitButton)->text(), QStringLiteral("Time out 4 record(s), propose 30"));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(4));
        QCOMPARE(result->proposed.size(), 1);
        const ActionReport::Proposed &proposed = result->proposed.constFirst();
        QCOMPARE(proposed.scope, QStringLiteral("payment"));
        QCOMPARE(proposed.records, qint64(30));
        QCOMPARE(proposed.threshold, 1);
        QVERIFY2(wizard.applyPage()->summaryLabel()->text().contains(QStringLiteral("proposed as ") + proposed.id),
                 qPrintable(wizard.applyPage()->summaryLabel()->text()));
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-0")), RecordState::InFlight);
        QCOMPARE(stateOf(*store, QStringLiteral("order"), QStringLiteral("o-0")), RecordState::TimedOut);
        QCOMPARE(audit(*store, QStringLiteral("timeout")).size(), 4);
        Result<std::optional<Proposal>> kept = store->proposal(proposed.id);
        QVERIFY2(kept.ok(), qPrintable(kept.error().message));
        QVERIFY(kept->has_value());
        QCOMPARE(kept->value().items.size(), 30);
        QCOMPARE(kept->value().proposer, Operator);
    }

    // The Proposals tab's diff: each record as the preview saw it beside
    // what it is now, a changed one and a gone one said so.
    void proposalDiffShowsWhatChangedSince()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        QVERIFY(store->setApprovalThreshold(QStringLiteral("order"), 1).ok());
        Result<SweepPreview> preview =
            TimeoutSweep::preview(*store, SweepCriteria{QStringLiteral("order")}, QDateTime::currentMSecsSinceEpoch());
        QVERIFY(preview.ok());
        QCOMPARE(preview->targets.size(), 4);
        OperatorIdentity who;
        who.operatorName = Operator;
        who.reason = Reason;
        Result<ActionReport> proposed =
            ProposalBook::sweep(*store, preview->targets, SweepAction::MarkTimedOut, who, QDateTime::currentMSecsSinceEpoch());
        QVERIFY2(proposed.ok(), proposed.ok() ? "" : qPrintable(proposed.error().message));
        QCOMPARE(proposed->proposed.size(), 1);
        // Meanwhile the service finishes o-1.
        Result<std::optional<Record>> r = store->get(QStringLiteral("order"), QStringLiteral("o-1"));
        QVERIFY(r.ok() && r->has_value());
        QVERIFY(store
                    ->complete(QStringLiteral("order"), QStringLiteral("o-1"), r->value().lease, Response{201, {}, "{}"},
                               QDateTime::currentMSecsSinceEpoch(), 3600000)
                    .ok());
        StoreSession session(url, OpenMode::ReadWrite);
        ProposalsView view(&session);
        QTRY_COMPARE_WITH_TIMEOUT(view.table()->rowCount(), 1, 20000);
        view.table()->selectRow(0);
        auto *diff = child<QTextBrowser>(&view, "proposalDiff");
        QTRY_VERIFY_WITH_TIMEOUT(diff->toPlainText().contains(QStringLiteral("(changed since the proposal)")), 20000);
        const QString text = diff->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("completed (changed since the proposal)")), qPrintable(text));
        QCOMPARE(text.count(QStringLiteral("(changed since the proposal)")), 1);
        QCOMPARE(text.count(QStringLiteral("in flight")), 3 + 4); // as the preview saw all four; three still are
    }

    void aRecordChangedAfterThePreviewIsSkipped()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        wizard.setScope(QStringLiteral("order"));
        wizard.show();
        wizard.next();
        waitForPreview(wizard);
        QCOMPARE(wizard.previewModel()->rowCount(), 4);
        // The service finishes one of them while the operator types the reason.
        Result<std::optional<Record>> r = store->get(QStringLiteral("order"), QStringLiteral("o-2"));
        QVERIFY(r.ok() && r->has_value());
        Result<Transition> done = store->complete(QStringLiteral("order"), QStringLiteral("o-2"), r->value().lease, Response{201, {}, "{}"},
                                                  QDateTime::currentMSecsSinceEpoch(), 3600000);
        QVERIFY(done.ok() && done->outcome == TransitionOutcome::Applied);
        wizard.next();
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(3));
        QCOMPARE(result->skipped, qint64(1));
        QCOMPARE(result->skippedTargets.size(), 1);
        QCOMPARE(result->skippedTargets.at(0).key, QStringLiteral("o-2"));
        QCOMPARE(stateOf(*store, QStringLiteral("order"), QStringLiteral("o-2")), RecordState::Completed);
        QCOMPARE(audit(*store, QStringLiteral("timeout")).size(), 3);
    }

    // The preview's Apply column: an unchecked row is left out; the
    // confirmation and the report count it; the record stays IN_FLIGHT.
    void timeoutPreviewRowsCanBeExcluded()
    {
        const QString url = makeStore();
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        wizard.setScope(QStringLiteral("payment"));
        wizard.show();
        wizard.next();
        waitForPreview(wizard);
        ActionTargetModel *preview = wizard.previewModel();
        QAbstractItemModelTester tester(preview, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(preview->rowCount(), 30);
        QStringList excluded;
        for (int row : {0, 7}) {
            const QModelIndex box = preview->index(row, ActionTargetModel::IncludeColumn);
            QVERIFY(preview->flags(box) & Qt::ItemIsUserCheckable);
            QCOMPARE(box.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
            QVERIFY(preview->setData(box, Qt::Unchecked, Qt::CheckStateRole));
            excluded << preview->index(row, ActionTargetModel::KeyColumn).data(ActionTargetModel::RawValueRole).toString();
        }
        QCOMPARE(preview->excludedCount(), 2);
        QCOMPARE(preview->includedTargets().size(), 28);
        QVERIFY2(child<QLabel>(&wizard, "previewSummary")->text().contains(QStringLiteral("<b>2</b> excluded")),
                 qPrintable(child<QLabel>(&wizard, "previewSummary")->text()));
        // Excluding every row leaves nothing to apply.
        preview->setAllIncluded(false);
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        preview->setAllIncluded(true);
        for (int row = 0; row < preview->rowCount(); ++row) {
            if (excluded.contains(preview->index(row, ActionTargetModel::KeyColumn).data(ActionTargetModel::RawValueRole).toString()))
                preview->setIncluded(row, false);
        }
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        wizard.next();
        const QString confirmation = child<QLabel>(&wizard, "confirmation")->text();
        QVERIFY2(confirmation.contains(QStringLiteral("28 record(s) will be marked timed out")), qPrintable(confirmation));
        QVERIFY2(confirmation.contains(QStringLiteral("2 excluded")), qPrintable(confirmation));
        QCOMPARE(wizard.button(QWizard::CommitButton)->text(), QStringLiteral("Time out 28 record(s)"));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(28));
        QVERIFY(child<QLabel>(&wizard, "resultSummary")->text().contains(QStringLiteral("<b>2</b> excluded")));

        std::unique_ptr<Store> store = reopen(url);
        for (int i = 0; i < 30; ++i) {
            const QString key = QStringLiteral("p-%1").arg(i);
            QCOMPARE(stateOf(*store, QStringLiteral("payment"), key),
                     excluded.contains(key) ? RecordState::InFlight : RecordState::TimedOut);
        }
        QCOMPARE(audit(*store, QStringLiteral("timeout")).size(), 28);
    }

    // Started from the In-flight tab's selection: the preview reads exactly
    // those records again, leaves out what finished or is too young, and
    // the confirmation asks by count; nothing else is touched.
    void timeoutWizardActsOnSelectedRecordsOnly()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        const QList<RecordRef> picked = {{QStringLiteral("payment"), QStringLiteral("p-3")},
                                         {QStringLiteral("order"), QStringLiteral("o-1")},
                                         {QStringLiteral("payment"), QStringLiteral("p-5")},
                                         {QStringLiteral("payment"), QStringLiteral("young-0")},
                                         {QStringLiteral("payment"), QStringLiteral("gone")}};
        wizard.setRecords(picked);
        wizard.show();
        QVERIFY(child<QLabel>(&wizard, "selectedRecords")->isVisibleTo(&wizard));
        QVERIFY(!child<QComboBox>(&wizard, "scope")->isVisibleTo(&wizard));
        // p-5 finishes before the preview reads it.
        Result<std::optional<Record>> p5 = store->get(QStringLiteral("payment"), QStringLiteral("p-5"));
        QVERIFY(p5.ok() && p5->has_value());
        QVERIFY(store
                    ->complete(QStringLiteral("payment"), QStringLiteral("p-5"), p5->value().lease, Response{201, {}, "{}"},
                               QDateTime::currentMSecsSinceEpoch(), 3600000)
                    .ok());
        wizard.next();
        waitForPreview(wizard);
        QCOMPARE(wizard.previewModel()->rowCount(), 2);
        QSet<QString> shown;
        for (int row = 0; row < 2; ++row)
            shown << wizard.previewModel()->index(row, ActionTargetModel::KeyColumn).data(ActionTargetModel::RawValueRole).toString();
        QCOMPARE(shown, (QSet<QString>{QStringLiteral("p-3"), QStringLiteral("o-1")}));
        const QString summary = child<QLabel>(&wizard, "previewSummary")->text();
        QVERIFY2(summary.contains(QStringLiteral("3 selected record(s) left out")), qPrintable(summary));
        wizard.next();
        QVERIFY(child<QLabel>(&wizard, "confirmation")->text().startsWith(QStringLiteral("Time out 2 selected record(s)?")));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(2));
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-3")), RecordState::TimedOut);
        QCOMPARE(stateOf(*store, QStringLiteral("order"), QStringLiteral("o-1")), RecordState::TimedOut);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-4")), RecordState::InFlight);
        QCOMPARE(stateOf(*store, QStringLiteral("order"), QStringLiteral("o-0")), RecordState::InFlight);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("young-0")), RecordState::InFlight);
        QCOMPARE(audit(*store, QStringLiteral("timeout")).size(), 2);
    }

    void aReadOnlySessionIsRefusedByTheEngine()
    {
        const QString url = makeStore();
        TimeoutWizard wizard(url, OpenMode::ReadOnly);
        QSignalSpy applied(&wizard, &TimeoutWizard::applied);
        wizard.setScope(QStringLiteral("payment"));
        wizard.show();
        wizard.next();
        waitForPreview(wizard); // reading is allowed
        QCOMPARE(wizard.previewModel()->rowCount(), 30);
        wizard.next();
        confirmAndApply(wizard); // the button is there; the engine is what refuses
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        if (result.ok()) {
            QCOMPARE(result->applied, qint64(0));
            QVERIFY(!result->failures.isEmpty());
        } else {
            QCOMPARE(result.error().kind, ErrorKind::Refused);
        }
        QLabel *error = child<QLabel>(&wizard, "resultError");
        QVERIFY(error->isVisibleTo(&wizard));
        QVERIFY2(error->text().contains(QStringLiteral("read-only")), qPrintable(error->text()));
        QCOMPARE(applied.count(), 0);

        std::unique_ptr<Store> store = reopen(url);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-%1").arg(i)), RecordState::InFlight);
        QVERIFY(audit(*store).isEmpty());
    }
};

QTEST_MAIN(WizardTimeoutTest)
#include "tst_wizardtimeout.moc"
