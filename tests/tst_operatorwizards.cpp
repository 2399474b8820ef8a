// The operator wizards driven offscreen on SQLite stores: mark timed out
// (preview → identity → apply), reconcile against a SQLite order table (dry
// run → plan with an excluded row → apply), and a read-only session whose
// apply is refused by the engine with nothing changed.
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

namespace {

const QString Operator = QStringLiteral("night-shift-ops");
const QString Reason = QStringLiteral("gateway outage 03:50-04:10, ticket OPS-1234");

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

bool claim(Store &store, const QString &scope, const QString &key, const QString &bizNo, qint64 nowMs)
{
    ClaimRequest c;
    c.scope = scope;
    c.key = key;
    c.fingerprint = QStringLiteral("fp-") + key;
    c.owner = QStringLiteral("pay-svc-%1:4242").arg(key.size() % 3);
    c.bizNo = bizNo;
    c.nowMs = nowMs;
    Result<ClaimResult> r = store.claim(c);
    return r.ok() && r->outcome == ClaimOutcome::Claimed;
}

// Fills in the identity page and presses the commit button.
void confirmAndApply(QWizard &wizard)
{
    QVERIFY(!wizard.button(QWizard::CommitButton)->isEnabled()); // no reason yet
    child<QLineEdit>(&wizard, "operatorName")->setText(Operator);
    QVERIFY(!wizard.button(QWizard::CommitButton)->isEnabled());
    child<QPlainTextEdit>(&wizard, "reason")->setPlainText(Reason);
    QVERIFY(wizard.button(QWizard::CommitButton)->isEnabled());
    wizard.button(QWizard::CommitButton)->click();
}

} // namespace

class OperatorWizardsTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;

    // A fresh SQLite store: 30 stuck payments (20 min), 5 young ones, 4 stuck orders.
    QString makeStore(std::unique_ptr<Store> *out = nullptr)
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("store-%1.db").arg(++m_stores));
        Result<std::unique_ptr<Store>> store = openStore(url);
        if (!store)
            qFatal("cannot open %s: %s", qPrintable(url), qPrintable(store.error().message));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 0; i < 30; ++i)
            if (!claim(*store.value(), QStringLiteral("payment"), QStringLiteral("p-%1").arg(i), QStringLiteral("SO%1").arg(i),
                       now - 20 * 60000 + i))
                qFatal("claim failed");
        for (int i = 0; i < 5; ++i)
            if (!claim(*store.value(), QStringLiteral("payment"), QStringLiteral("young-%1").arg(i), QString(), now - 1000))
                qFatal("claim failed");
        for (int i = 0; i < 4; ++i)
            if (!claim(*store.value(), QStringLiteral("order"), QStringLiteral("o-%1").arg(i), QStringLiteral("OR%1").arg(i),
                       now - 30 * 60000))
                qFatal("claim failed");
        if (out)
            *out = std::move(store).value();
        return url;
    }

    static std::unique_ptr<Store> reopen(const QString &url)
    {
        Result<std::unique_ptr<Store>> store = openStore(url);
        if (!store)
            qFatal("reopen: %s", qPrintable(store.error().message));
        return std::move(store).value();
    }

    static RecordState stateOf(Store &store, const QString &scope, const QString &key, bool *exists = nullptr)
    {
        Result<std::optional<Record>> r = store.get(scope, key);
        if (!r)
            qFatal("get: %s", qPrintable(r.error().message));
        if (exists)
            *exists = r->has_value();
        return r->has_value() ? r->value().state : RecordState::InFlight;
    }

    static QList<AuditEntry> audit(Store &store, const QString &action = QString())
    {
        AuditQuery q;
        q.action = action;
        Result<QList<AuditEntry>> r = store.auditEntries(q);
        if (!r)
            qFatal("audit: %s", qPrintable(r.error().message));
        return r.value();
    }

    // The shop's orders in their own SQLite file: SO0–SO2 paid, SO3 pending,
    // SO4 failed, the rest of the 30 stuck payments have no order.
    QString makeShop()
    {
        const QString ordersPath = m_dir.filePath(QStringLiteral("shop-%1.db").arg(++m_stores));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("shop"));
            db.setDatabaseName(ordersPath);
            if (!db.open())
                qFatal("cannot open %s", qPrintable(ordersPath));
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("CREATE TABLE shop_orders (order_no TEXT PRIMARY KEY, state TEXT, amount_cents INTEGER)")))
                qFatal("create: %s", qPrintable(q.lastError().text()));
            const QList<QPair<QString, QString>> orders = {{QStringLiteral("SO0"), QStringLiteral("PAID")},
                                                           {QStringLiteral("SO1"), QStringLiteral("PAID")},
                                                           {QStringLiteral("SO2"), QStringLiteral("PAID")},
                                                           {QStringLiteral("SO3"), QStringLiteral("PENDING")},
                                                           {QStringLiteral("SO4"), QStringLiteral("FAILED")}};
            for (const auto &[no, state] : orders) {
                if (!q.exec(QStringLiteral("INSERT INTO shop_orders VALUES ('%1', '%2', 1999)").arg(no, state)))
                    qFatal("insert: %s", qPrintable(q.lastError().text()));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("shop"));
        return ordersPath;
    }

    static OrderMapping shopMapping(const QString &ordersPath)
    {
        OrderMapping mapping;
        mapping.name = QStringLiteral("shop");
        mapping.ordersUrl = QStringLiteral("sqlite://") + ordersPath;
        mapping.table = QStringLiteral("shop_orders");
        mapping.keyColumn = QStringLiteral("order_no");
        mapping.statusColumn = QStringLiteral("state");
        mapping.doneValues = {QStringLiteral("PAID")};
        mapping.pendingValues = {QStringLiteral("PENDING")};
        mapping.failedValues = {QStringLiteral("FAILED")};
        return mapping;
    }

    // The preview page has answered (its Next button follows isComplete()).
    static void waitForPreview(TimeoutWizard &wizard) { QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 20000); }

private slots:
    void initTestCase()
    {
        // Reconcile profiles live in QSettings: keep them in the temporary directory.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    }

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

QTEST_MAIN(OperatorWizardsTest)
#include "tst_operatorwizards.moc"
