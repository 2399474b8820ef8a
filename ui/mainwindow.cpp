#include "ui/mainwindow.h"
#include "ui/proposalsview.h"
#include "ui/screenfit.h"

#include "ui/actionapplypage.h"

#include "ui/alertlist.h"
#include "ui/clusterstatuslabel.h"
#include "models/alertmonitor.h"
#include "ui/alertrulesdialog.h"
#include "models/appsettings.h"
#include "models/auditmodel.h"
#include "ui/auditview.h"
#include "ui/connectiondialog.h"
#include "ui/elidedlabel.h"
#include "models/countertimelinemodel.h"
#include "ui/dashboardview.h"
#include "models/inflightrecordmodel.h"
#include "ui/inflightview.h"
#include "ui/recordactions.h"
#include "ui/recordbrowserview.h"
#include "models/passwordvault.h"
#include "ui/reconcilewizard.h"
#include "ui/reportdialog.h"
#include "models/statuscolors.h"
#include "models/storesession.h"
#include "ui/timeoutwizard.h"

#include <QScrollArea>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QFileInfo>
#include <QResizeEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

MainWindow::MainWindow(AppSettings *settings, PasswordVault *vault, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_vault(vault)
    , m_stack(new QStackedWidget(this))
    , m_placeholder(new QLabel(this))
    , m_banner(new QLabel(this))
    , m_connection(new ElidedLabel(this))
    , m_cluster(new ClusterStatusLabel(this))
{
    m_role = new QLabel(this);
    setWindowTitle(tr("idem-console"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_banner->setText(tr("Read-only: this store is open for viewing only. The store refuses every operator action "
                         "(mark timed out, reconcile); reopen it without read-only mode to act."));
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(QStringLiteral("background: %1; color: %2; padding: 6px; font-weight: bold;")
                                .arg(StatusColors::warningBackground(palette()).name(), StatusColors::warningText(palette()).name()));
    m_banner->setVisible(false);
    layout->addWidget(m_banner);
    m_alertList = new AlertList(this); // a fixed height: the tabs below never move
    layout->addWidget(m_alertList);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setText(tr("No store is open. Choose Store ▸ Connect… to open one."));
    m_stack->addWidget(m_placeholder);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    m_role->setObjectName(QStringLiteral("roleLabel"));
    statusBar()->addPermanentWidget(m_role);
    statusBar()->addPermanentWidget(m_cluster);
    statusBar()->addPermanentWidget(m_connection);
    // A message the lines leave too little room for is still readable whole.
    connect(statusBar(), &QStatusBar::messageChanged, statusBar(), &QStatusBar::setToolTip);

    QMenu *store = menuBar()->addMenu(tr("&Store"));
    store->addAction(tr("&Connect…"), QKeySequence::Open, this, &MainWindow::showConnectionDialog);
    store->addSeparator();
    store->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Refresh"), QKeySequence(Qt::Key_F5), this, [this] { refreshViews(); });
    view->addAction(tr("&Find in-flight records"), QKeySequence::Find, this, &MainWindow::findInFlight);
    QMenu *actions = menuBar()->addMenu(tr("&Actions"));
    m_timeoutAction = actions->addAction(tr("Mark stuck records &timed out…"), this, [this] { showTimeoutWizard(); });
    m_reconcileAction = actions->addAction(tr("&Reconcile with the order table…"), this, [this] { showReconcileWizard(); });
    m_timeoutAction->setObjectName(QStringLiteral("markTimedOutAction"));
    m_reconcileAction->setObjectName(QStringLiteral("reconcileAction"));
    m_timeoutAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_reconcileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    actions->addSeparator();
    m_reportAction = actions->addAction(tr("&Export report…"), this, [this] { showReportDialog(); });
    m_reportAction->setObjectName(QStringLiteral("exportReportAction"));
    m_reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QMenu *alerts = menuBar()->addMenu(tr("A&lerts"));
    alerts->addAction(tr("Alert &rules…"), this, &MainWindow::showAlertRulesDialog)->setObjectName(QStringLiteral("alertRulesAction"));
    updateActions();
    ScreenFit::fit(this, QSize(1280, 820));
    // A geometry saved on another (bigger) screen is brought back onto this one.
    if (restoreGeometry(m_settings->layoutState(QStringLiteral("window/geometry"))))
        ScreenFit::keepInside(this);
    restoreState(m_settings->layoutState(QStringLiteral("window/state")));
}

MainWindow::~MainWindow() = default;

void MainWindow::showConnectionDialog()
{
    ConnectionDialog dialog(m_settings, m_vault, this);
    if (dialog.exec() == QDialog::Accepted)
        openUrl(dialog.chosenEntry(), dialog.chosenUrl());
}

void MainWindow::openEntry(const StoreEntry &entry)
{
    if (entry.passwordSource == StoreEntry::PasswordSource::None) {
        openUrl(entry, entry.url);
        return;
    }
    showMessage(tr("Looking up the password of %1 …").arg(entry.displayName()));
    m_vault->read(entry).then(this, [this, entry](const Result<PasswordVault::Lookup> &lookup) {
        if (!lookup) {
            showMessage(tr("Cannot open %1: %2").arg(entry.displayName(), lookup.error().message));
            return;
        }
        openUrl(entry, StoreEntry::withPassword(entry.url, lookup->password));
    });
}

void MainWindow::openUrl(const StoreEntry &entry, const QString &urlWithPassword)
{
    closeStore();
    m_entry = entry;
    m_entry.url = StoreEntry::withoutPassword(entry.url);
    m_session = new StoreSession(urlWithPassword, m_entry.readOnly || m_forcedReadOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite, this);
    buildTabs();
    m_stack->addWidget(m_tabs);
    m_stack->setCurrentWidget(m_tabs);
    restoreViewLayout();
    m_banner->setVisible(isReadOnly());
    updateActions();
    readStoreInfo();
    m_cluster->setSession(m_session);
    startAlerts();
    m_settings->rememberStore(m_entry);
    m_settings->setLastStoreUrl(m_entry.url);
}

void MainWindow::closeStore()
{
    // One session per store: the old views and their worker thread go first.
    if (m_tabs) {
        saveLayout();
        m_stack->removeWidget(m_tabs);
        delete m_tabs;
        m_tabs = nullptr;
        m_dashboard = nullptr;
        m_inFlight = nullptr;
        m_records = nullptr;
        m_audit = nullptr;
        m_proposals = nullptr;
    }
    m_access = StoreAccess{};
    m_role->clear();
    saveAlertState();
    m_alertList->setMonitor(nullptr);
    m_alertMonitor = nullptr; // deleted with its session
    m_cluster->setSession(nullptr);
    delete m_session;
}

void MainWindow::buildTabs()
{
    m_dashboard = new DashboardView(m_session, this);
    m_dashboard->setRefreshInterval(m_settings->refreshIntervalMs());
    m_dashboard->setHitRateThreshold(m_settings->hitRateAlertThreshold());
    m_inFlight = new InFlightView(m_session, this);
    m_inFlight->model()->setPageSize(m_settings->inFlightPageSize());
    m_tabs = new QTabWidget(this);
    // Scrolls rather than pushes the window past a small screen's edge.
    m_tabs->addTab(ScreenFit::scrolling(m_dashboard, m_tabs), tr("Dashboard"));
    m_tabs->addTab(m_inFlight, tr("In flight"));
    m_audit = new AuditView(m_session, this);
    m_tabs->addTab(m_audit, tr("Audit"));
    m_proposals = new ProposalsView(m_session, this);
    m_tabs->addTab(m_proposals, tr("Proposals"));
    // Records in every state, found by key or business number, with the
    // In flight tab's row actions; its audit button opens the Audit tab on the record.
    m_records = new RecordBrowserView(m_session, m_tabs);
    m_tabs->insertTab(m_tabs->indexOf(m_inFlight) + 1, m_records, tr("Records"));
    connect(m_records, &RecordBrowserView::auditHistoryRequested, this, &MainWindow::showRecordHistory);
    connect(m_inFlight, &InFlightView::timeoutRequested, this, [this](const QString &scope) { showTimeoutWizard(scope); });
    for (RecordActions *actions : {m_inFlight->actions(), m_records->actions()}) {
        connect(actions, &RecordActions::timeoutRequested, this, [this](const QList<RecordRef> &records) { showTimeoutWizard(records); });
        connect(actions, &RecordActions::releaseRequested, this,
                [this](const QList<RecordRef> &records) { showTimeoutWizard(records, SweepAction::Release); });
        connect(actions, &RecordActions::reconcileRequested, this,
                [this](const QList<RecordRef> &records) { showReconcileWizard(records); });
        connect(actions, &RecordActions::auditHistoryRequested, this, &MainWindow::showRecordHistory);
    }
}

void MainWindow::readStoreInfo()
{
    // The layout the URL names until the store says (a layout file's name is in the file).
    const Result<StoreUrl> parsed = StoreUrl::parse(m_entry.url);
    const QString layoutOption = parsed ? parsed->options.value(QStringLiteral("layout")) : QString();
    m_layoutName = layoutOption.isEmpty()                    ? QStringLiteral("native")
                   : layoutOption.contains(QLatin1Char('/')) ? QFileInfo(layoutOption).completeBaseName()
                                                             : layoutOption;
    m_health.reset();
    showStoreLabel();
    m_session->request<QString>(
        this, [](Store &store) { return Result<QString>(store.layoutName()); },
        [this](const Result<QString> &layout) {
            if (!layout)
                return;
            m_layoutName = layout.value();
            showStoreLabel();
        });
    connect(m_session, &StoreSession::health, this, &MainWindow::showHealth);
    // Who the server says this connection is, and what it lets it do: the
    // status bar names the role; what the server would refuse is greyed out.
    m_session->request<StoreAccess>(
        this, [](Store &store) { return Result<StoreAccess>(store.access()); },
        [this](const Result<StoreAccess> &access) {
            if (!access)
                return;
            m_access = access.value();
            m_role->setText(tr("%1 · %2").arg(m_access.identityText(), m_access.roleText()));
            QStringList missing = m_access.missingToAct + m_access.missingToApprove;
            missing.removeDuplicates();
            m_role->setToolTip(missing.isEmpty() ? tr("The server grants every right an action and an approval need.")
                                                 : tr("The server does not grant: %1").arg(missing.join(QStringLiteral(", "))));
            updateActions();
        });
}

void MainWindow::startAlerts()
{
    const QByteArray savedAlerts = m_settings->alertState(m_entry.url); // read before anything saves it anew
    m_alertMonitor = new AlertMonitor(m_session, m_settings->alertRules(), m_session);
    connect(m_dashboard, &DashboardView::readingShown, m_alertMonitor, &AlertMonitor::evaluate);
    connect(m_alertMonitor, &AlertMonitor::notify, this, &MainWindow::notifyAlert);
    connect(m_alertMonitor, &AlertMonitor::activeChanged, this, [this] {
        m_dashboard->setAlerts(m_alertMonitor->rules(), m_alertMonitor->raisedHistory(), m_alertMonitor->active());
        saveAlertState();
    });
    applyAlertRules();
    m_alertMonitor->restoreState(savedAlerts, QDateTime::currentMSecsSinceEpoch());
    m_alertList->setMonitor(m_alertMonitor);
    connect(m_dashboard->model(), &QAbstractItemModel::modelReset, this, [this] {
        m_inFlight->setKnownScopes(m_dashboard->model()->scopes());
        m_audit->setKnownScopes(m_dashboard->model()->scopes());
    });
}

bool MainWindow::isReadOnly() const
{
    return m_session && m_session->readOnly();
}

void MainWindow::updateActions()
{
    // The store refuses actions when read-only; the menu says so before asking it.
    const bool writable = m_session && !m_session->readOnly() && m_access.mayAct;
    const QString why = !m_session              ? tr("No store is open")
                        : m_session->readOnly() ? tr("The store is open read-only")
                                                : tr("The server does not let %1 act (missing: %2)")
                                                      .arg(m_access.identityText(), m_access.missingToAct.join(QStringLiteral(", ")));
    for (QAction *action : {m_timeoutAction, m_reconcileAction}) {
        action->setEnabled(writable);
        action->setToolTip(writable ? QString() : why);
    }
    if (m_inFlight)
        m_inFlight->setActionsEnabled(writable);
    if (m_records)
        m_records->setActionsEnabled(writable);
    if (m_proposals)
        m_proposals->setAccess(m_access, m_session && !m_session->readOnly());
    // A report only reads: it needs a store, read-only or not.
    m_reportAction->setEnabled(m_session != nullptr);
    m_reportAction->setToolTip(m_session ? QString() : tr("No store is open"));
}

void MainWindow::refreshViews()
{
    if (m_dashboard)
        m_dashboard->refresh();
    if (m_inFlight)
        m_inFlight->refresh(); // keeps the selection and the scroll position
    if (m_audit)
        m_audit->model()->reload();
    if (m_proposals)
        m_proposals->refresh();
}

void MainWindow::showBatchInAudit(const QString &batchId)
{
    if (!m_audit || !m_tabs)
        return;
    m_audit->showBatch(batchId);
    m_tabs->setCurrentWidget(m_audit);
    raise();
    activateWindow();
}

TimeoutWizard *MainWindow::showTimeoutWizard(const QString &scope)
{
    if (!m_session)
        return nullptr;
    auto *wizard = new TimeoutWizard(m_session->url(), m_session->mode(), this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    if (!scope.isEmpty())
        wizard->setScope(scope);
    connect(wizard, &TimeoutWizard::applied, this, &MainWindow::refreshViews);
    showInAuditFinishes(wizard, wizard->applyPage());
    wizard->show();
    return wizard;
}

ReconcileWizard *MainWindow::showReconcileWizard()
{
    if (!m_session)
        return nullptr;
    auto *wizard = new ReconcileWizard(m_session->url(), m_session->mode(), m_settings, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    if (m_inFlight && !m_inFlight->scopeFilter().isEmpty())
        wizard->setScope(m_inFlight->scopeFilter());
    connect(wizard, &ReconcileWizard::applied, this, &MainWindow::refreshViews);
    showInAuditFinishes(wizard, wizard->applyPage());
    wizard->show();
    return wizard;
}

void MainWindow::showInAuditFinishes(QWizard *wizard, ActionApplyPage *page)
{
    // The batch is applied when its page offers this: the wizard finishes,
    // so the Audit tab it asks for is seen, not hidden under it.
    connect(page, &ActionApplyPage::showInAuditRequested, this, [this, wizard](const QString &batchId) {
        showBatchInAudit(batchId);
        wizard->accept();
        raise();
        activateWindow();
    });
}

TimeoutWizard *MainWindow::showTimeoutWizard(const QList<RecordRef> &records, SweepAction action)
{
    TimeoutWizard *wizard = showTimeoutWizard(QString());
    if (wizard) {
        wizard->setRecords(records);
        wizard->setRelease(action == SweepAction::Release);
    }
    return wizard;
}

void MainWindow::showRecordHistory(const QString &scope, const QString &key)
{
    m_audit->showRecordHistory(scope, key);
    m_tabs->setCurrentWidget(m_audit);
}

ReconcileWizard *MainWindow::showReconcileWizard(const QList<RecordRef> &records)
{
    ReconcileWizard *wizard = showReconcileWizard();
    if (wizard)
        wizard->setRecords(records);
    return wizard;
}

ReportDialog *MainWindow::showReportDialog()
{
    if (!m_session)
        return nullptr;
    auto *dialog = new ReportDialog(m_session->url(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_inFlight && !m_inFlight->scopeFilter().isEmpty())
        dialog->setScope(m_inFlight->scopeFilter());
    dialog->show();
    return dialog;
}

void MainWindow::showMessage(const QString &text)
{
    m_placeholder->setText(text);
    if (!m_tabs)
        m_stack->setCurrentWidget(m_placeholder);
    statusBar()->showMessage(text, 10000);
}

QString MainWindow::storeLabel(bool forTitle) const
{
    QString shown = forTitle ? m_entry.displayName() : m_entry.url;
    if (m_layoutName.isEmpty() || m_layoutName == QLatin1String("native"))
        return shown;
    if (shown == m_entry.url)
        shown = shown.section(QLatin1Char('?'), 0, 0); // the options are the layout's; its name follows
    return tr("%1 · %2").arg(shown, m_layoutName);
}

void MainWindow::showStoreLabel()
{
    setWindowTitle(tr("idem-console — %1").arg(storeLabel(true)));
    if (!m_health)
        m_connection->setText(tr("Connecting to %1 …").arg(storeLabel(false)));
    else if (m_health->connected)
        m_connection->setText(tr("● Connected to %1 · last round trip %2 ms").arg(storeLabel(false)).arg(m_health->roundTripMs));
    else
        m_connection->setText(tr("○ Disconnected from %1: %2 — retrying").arg(storeLabel(false), m_health->error.left(160)));
    m_connection->setToolTip(m_connection->text());
    const bool alarm = m_health && !m_health->connected;
    m_connection->setStyleSheet(alarm ? QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()) : QString());
}

void MainWindow::showHealth(bool connected, qint64 roundTripMs, const QString &error)
{
    m_health = Health{connected, roundTripMs, error};
    showStoreLabel();
}

void MainWindow::showAlertRulesDialog()
{
    AlertRulesDialog dialog(m_settings->alertRules(), m_dashboard ? m_dashboard->model()->scopes() : QStringList(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_settings->setAlertRules(dialog.rules());
    applyAlertRules();
}

void MainWindow::applyAlertRules()
{
    if (!m_alertMonitor)
        return;
    m_alertMonitor->setRules(m_settings->alertRules());
    m_dashboard->setAlerts(m_alertMonitor->rules(), m_alertMonitor->raisedHistory(), m_alertMonitor->active());
    // The dashed line on the hit-rate chart is the rule for every scope.
    if (const std::optional<double> line = m_alertMonitor->hitRateLine())
        m_dashboard->setHitRateThreshold(*line / 100);
}

void MainWindow::notifyAlert(const AlertTransition &alert)
{
    statusBar()->showMessage(alert.message, 15000);
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    if (!m_tray) {
        const QIcon icon = windowIcon().isNull() ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : windowIcon();
        m_tray = new QSystemTrayIcon(icon, this);
        m_tray->setToolTip(tr("idem-console"));
        m_tray->show();
    }
    m_tray->showMessage(tr("Alert: %1").arg(alert.rule.describe()), alert.message, QSystemTrayIcon::Warning, 15000);
}

void MainWindow::findInFlight()
{
    if (!m_inFlight)
        return;
    m_tabs->setCurrentWidget(m_inFlight);
    m_inFlight->focusFilter();
}

void MainWindow::saveAlertState()
{
    if (m_alertMonitor)
        m_settings->setAlertState(m_entry.url, m_alertMonitor->saveState(QDateTime::currentMSecsSinceEpoch()));
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    // The status bar's messages (an alert, why a store did not open) are
    // drawn in what its permanent lines leave. Uncapped, a cluster's seed
    // list and its masters line took all but a few words of a 1280-px window
    // and clipped the message; capped, the lines elide in the middle and the
    // message keeps at least a third of the width.
    const int width = event->size().width();
    m_cluster->setMaximumWidth(width * 3 / 10);
    m_connection->setMaximumWidth(width * 3 / 8);
    QMainWindow::resizeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveAlertState();
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::saveLayout()
{
    m_settings->setLayoutState(QStringLiteral("window/geometry"), saveGeometry());
    m_settings->setLayoutState(QStringLiteral("window/state"), saveState());
    if (m_inFlight) {
        m_settings->setLayoutState(QStringLiteral("inflight/splitter"), m_inFlight->splitter()->saveState());
        m_settings->setLayoutState(QStringLiteral("inflight/columns"), m_inFlight->table()->horizontalHeader()->saveState());
    }
    if (m_audit) {
        m_settings->setLayoutState(QStringLiteral("audit/splitter"), m_audit->splitter()->saveState());
        m_settings->setLayoutState(QStringLiteral("audit/columns"), m_audit->table()->horizontalHeader()->saveState());
    }
}

void MainWindow::restoreViewLayout()
{
    // restoreState refuses an empty or foreign state: the view keeps its defaults.
    m_inFlight->splitter()->restoreState(m_settings->layoutState(QStringLiteral("inflight/splitter")));
    m_inFlight->table()->horizontalHeader()->restoreState(m_settings->layoutState(QStringLiteral("inflight/columns")));
    m_audit->splitter()->restoreState(m_settings->layoutState(QStringLiteral("audit/splitter")));
    m_audit->table()->horizontalHeader()->restoreState(m_settings->layoutState(QStringLiteral("audit/columns")));
}
