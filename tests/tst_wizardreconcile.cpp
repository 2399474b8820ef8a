// The reconcile wizard driven offscreen on SQLite stores against a SQLite
// order table: dry run → plan with an excluded row → apply, only the
// selected records planned, a reconcile over its scope's four-eyes threshold
// proposed and applied once approved.
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

class WizardReconcileTest : public QObject, private WizardFixture {
    Q_OBJECT

private slots:
    void initTestCase() { keepSettingsInTempDir(); }

    // A reconcile over a scope's threshold is proposed as the sweep is: the
    // wizard says so before the commit; the proposal holds each record's
    // response and order row; approved by a second identity, it applies them.
    void aReconcileOverItsFourEyesThresholdIsProposed()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        QVERIFY(store->setApprovalThreshold(QStringLiteral("payment"), 1).ok());
        QSettings qsettings(m_dir.filePath(QStringLiteral("wizard.ini")), QSettings::IniFormat);
        AppSettings settings(&qsettings);
        ReconcileWizard wizard(url, OpenMode::ReadWrite, &settings);
        wizard.show();
        wizard.setMapping(shopMapping(makeShop()));
        wizard.next();
        wizard.dryRunPage()->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard.dryRunPage()->isComplete(), 30000);
        QCOMPARE(wizard.dryRunPage()->rows().size(), 34); // 30 payments, 4 orders
        wizard.next();
        // payment: 3 complete, 26 release (1 for review); order: 4 release.
        QCOMPARE(wizard.planModel()->summary().complete + wizard.planModel()->summary().release, qint64(33));
        wizard.next();
        const QString confirmation = child<QLabel>(&wizard, "confirmation")->text();
        QVERIFY2(confirmation.contains(QStringLiteral("Of them, 29 record(s) in payment are over the scope's four-eyes threshold")),
                 qPrintable(confirmation));
        QCOMPARE(wizard.button(QWizard::CommitButton)->text(), QStringLiteral("Reconcile 4 record(s), propose 29"));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(4));
        QCOMPARE(result->proposed.size(), 1);
        const ActionReport::Proposed proposed = result->proposed.constFirst();
        QCOMPARE(proposed.scope, QStringLiteral("payment"));
        QCOMPARE(proposed.records, qint64(29));
        QVERIFY2(wizard.applyPage()->summaryLabel()->text().contains(QStringLiteral("proposed as ") + proposed.id),
                 qPrintable(wizard.applyPage()->summaryLabel()->text()));
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-0")), RecordState::InFlight);
        QCOMPARE(audit(*store, QStringLiteral("reconcile-release")).size(), 4); // the orders, at once
        Result<std::optional<Proposal>> kept = store->proposal(proposed.id);
        QVERIFY(kept.ok() && kept->has_value());
        const Proposal p = kept->value();
        QCOMPARE(p.action, QStringLiteral("reconcile"));
        QCOMPARE(p.items.size(), 29);
        int completions = 0;
        for (const ProposalItem &item : p.items) {
            if (item.action != QLatin1String("reconcile-complete"))
                continue;
            ++completions;
            QVERIFY2(item.evidence.contains("PAID"), item.evidence.constData()); // the order row, as the approver sees it
            QVERIFY(item.response.status > 0);
        }
        QCOMPARE(completions, 3);

        // The proposer cannot approve it; a second identity does, then it applies.
        OperatorIdentity olga{Operator, {}, Reason};
        QVERIFY(!ProposalBook::decide(*store, proposed.id, true, olga, QDateTime::currentMSecsSinceEpoch()).ok());
        OperatorIdentity carol{QStringLiteral("carol"), {}, QStringLiteral("checked the orders")};
        Result<Proposal> approved = ProposalBook::decide(*store, proposed.id, true, carol, QDateTime::currentMSecsSinceEpoch());
        QVERIFY2(approved.ok(), approved.ok() ? "" : qPrintable(approved.error().message));
        Result<ProposalBook::Applied> done = ProposalBook::apply(*store, proposed.id, olga, QDateTime::currentMSecsSinceEpoch());
        QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error().message));
        QCOMPARE(done->report.applied, qint64(29));
        QCOMPARE(done->report.failed, qint64(0));
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-0")), RecordState::Completed);
        bool exists = true;
        stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-4"), &exists); // failed order: released
        QVERIFY(!exists);
        const QList<AuditEntry> completes = audit(*store, QStringLiteral("reconcile-complete"));
        QCOMPARE(completes.size(), 3);
        for (const AuditEntry &e : completes) {
            QVERIFY(e.evidence.contains("PAID"));
            QVERIFY2(e.reason.contains(proposed.id), qPrintable(e.reason));
        }
        const Result<std::optional<Record>> completed = store->get(QStringLiteral("payment"), QStringLiteral("p-0"));
        QVERIFY(completed.ok() && completed->has_value());
        // It replays the response the approver was shown.
        const auto item =
            std::find_if(p.items.cbegin(), p.items.cend(), [](const ProposalItem &i) { return i.key == QLatin1String("p-0"); });
        QVERIFY(item != p.items.cend());
        QVERIFY(!item->response.body.isEmpty());
        QCOMPARE(completed->value().response().body, item->response.body);
    }

    void reconcileWizardAppliesThePlan()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        const QString ordersPath = makeShop();
        QSettings qsettings(m_dir.filePath(QStringLiteral("wizard.ini")), QSettings::IniFormat);
        AppSettings settings(&qsettings);
        ReconcileWizard wizard(url, OpenMode::ReadWrite, &settings);
        QSignalSpy applied(&wizard, &ReconcileWizard::applied);
        wizard.setScope(QStringLiteral("payment"));
        wizard.show();
        OrderMapping mapping = shopMapping(ordersPath);
        // A hostile table name: shown inline, Next stays disabled.
        mapping.table = QStringLiteral("orders; DROP TABLE x");
        wizard.setMapping(mapping);
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!child<QLabel>(&wizard, "problem")->text().isEmpty());
        child<QLineEdit>(&wizard, "table")->setText(QStringLiteral("shop_orders"));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        wizard.next();
        QCOMPARE(wizard.currentId(), int(ReconcileWizard::DryRunPageId));
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled()); // no plan yet
        wizard.dryRunPage()->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard.dryRunPage()->isComplete(), 30000);
        QCOMPARE(wizard.dryRunPage()->rows().size(), 30);

        wizard.next();
        QCOMPARE(wizard.currentId(), int(ReconcileWizard::PlanPageId));
        ReconcilePlanModel *plan = wizard.planModel();
        QCOMPARE(plan->rowCount(), 30);
        // IDEM_SHOT=file.png: the plan page as it looks (for a reviewer's
        // screenshot), on a dark palette as well with IDEM_PALETTE=dark.
        if (const QString shot = qEnvironmentVariable("IDEM_SHOT"); !shot.isEmpty()) {
            if (qEnvironmentVariable("IDEM_PALETTE") == QLatin1String("dark")) {
                QApplication::setStyle(QStringLiteral("Fusion"));
                QApplication::setPalette(StatusColors::darkPalette());
                QCoreApplication::processEvents(); // the palette reaches the widgets
                plan->setAllIncluded(true); // redraws the totals in the new palette
            }
            wizard.resize(1100, 700);
            wizard.grab().save(shot);
        }
        ReconcileSummary s = plan->summary();
        QCOMPARE(s.complete, qint64(3));
        QCOMPARE(s.review, qint64(1));
        QCOMPARE(s.release, qint64(26)); // SO4 failed and 25 without an order
        // The operator keeps SO1 out of the plan.
        int so1 = -1;
        for (int r = 0; r < plan->rowCount(); ++r) {
            if (plan->rowAt(r).target.bizNo == QStringLiteral("SO1"))
                so1 = r;
        }
        QVERIFY(so1 >= 0);
        QVERIFY(plan->rowAt(so1).order.has_value());
        QVERIFY(plan->setData(plan->index(so1, ReconcilePlanModel::IncludeColumn), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(plan->summary().complete, qint64(2));
        // The selected row's order is shown as evidence.
        auto *table = child<QTableView>(&wizard, "planTable");
        table->selectRow(so1);
        QVERIFY(child<QPlainTextEdit>(&wizard, "evidence")->toPlainText().contains(QStringLiteral("SO1")));

        wizard.next();
        QCOMPARE(wizard.currentId(), int(ReconcileWizard::IdentityPageId));
        QVERIFY(child<QLabel>(&wizard, "confirmation")->text().contains(QStringLiteral("2 record(s) will be completed")));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(28)); // 2 complete + 26 release
        QCOMPARE(result->failed, qint64(0));
        QCOMPARE(applied.count(), 1);

        bool exists = false;
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-0"), &exists), RecordState::Completed);
        QVERIFY(exists);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-1"), &exists), RecordState::InFlight); // excluded
        QVERIFY(exists);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-3"), &exists), RecordState::InFlight); // review
        QVERIFY(exists);
        stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-4"), &exists); // failed order: released
        QVERIFY(!exists);
        stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-20"), &exists); // no order: released
        QVERIFY(!exists);
        QCOMPARE(audit(*store, QStringLiteral("reconcile-complete")).size(), 2);
        QCOMPARE(audit(*store, QStringLiteral("reconcile-release")).size(), 26);
        const QList<AuditEntry> completes = audit(*store, QStringLiteral("reconcile-complete"));
        QVERIFY(completes.at(0).evidence.contains("PAID")); // the order row is the evidence
        QCOMPARE(completes.at(0).operatorName, Operator);
    }

    // Reconcile of selected records: the dry run plans exactly those.
    void reconcileWizardPlansSelectedRecordsOnly()
    {
        std::unique_ptr<Store> store;
        const QString url = makeStore(&store);
        const QString ordersPath = m_dir.filePath(QStringLiteral("shop-selected.db"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("shop2"));
            db.setDatabaseName(ordersPath);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE shop_orders (order_no TEXT PRIMARY KEY, state TEXT)")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO shop_orders VALUES ('SO2', 'PAID')")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("shop2"));
        QSettings qsettings(m_dir.filePath(QStringLiteral("wizard-selected.ini")), QSettings::IniFormat);
        AppSettings settings(&qsettings);
        ReconcileWizard wizard(url, OpenMode::ReadWrite, &settings);
        wizard.setRecords({{QStringLiteral("payment"), QStringLiteral("p-2")},
                           {QStringLiteral("payment"), QStringLiteral("p-9")},
                           {QStringLiteral("payment"), QStringLiteral("young-1")}});
        wizard.show();
        OrderMapping mapping;
        mapping.name = QStringLiteral("shop");
        mapping.ordersUrl = QStringLiteral("sqlite://") + ordersPath;
        mapping.table = QStringLiteral("shop_orders");
        mapping.keyColumn = QStringLiteral("order_no");
        mapping.statusColumn = QStringLiteral("state");
        mapping.doneValues = {QStringLiteral("PAID")};
        mapping.pendingValues = {QStringLiteral("PENDING")};
        mapping.failedValues = {QStringLiteral("FAILED")};
        wizard.setMapping(mapping);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ReconcileWizard::DryRunPageId));
        wizard.dryRunPage()->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard.dryRunPage()->isComplete(), 30000);
        QCOMPARE(wizard.dryRunPage()->rows().size(), 2); // young-1 is too young
        QVERIFY(child<QLabel>(&wizard, "dryRunStatus")->text().contains(QStringLiteral("1 selected record(s) left out")));
        wizard.next();
        QCOMPARE(wizard.planModel()->rowCount(), 2);
        QCOMPARE(wizard.planModel()->summary().complete, qint64(1));
        QCOMPARE(wizard.planModel()->summary().release, qint64(1));
        wizard.next();
        QVERIFY2(child<QLabel>(&wizard, "confirmation")->text().startsWith(QStringLiteral("Reconcile 2 selected record(s)?")),
                 qPrintable(child<QLabel>(&wizard, "confirmation")->text()));
        confirmAndApply(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY2(result.ok(), qPrintable(result.error().message));
        QCOMPARE(result->applied, qint64(2));
        bool exists = false;
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-2"), &exists), RecordState::Completed);
        stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-9"), &exists);
        QVERIFY(!exists); // no order: released
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("p-3"), &exists), RecordState::InFlight);
        QCOMPARE(stateOf(*store, QStringLiteral("payment"), QStringLiteral("young-1"), &exists), RecordState::InFlight);
        QCOMPARE(audit(*store).size(), 2);
    }
};

QTEST_MAIN(WizardReconcileTest)
#include "tst_wizardreconcile.moc"
