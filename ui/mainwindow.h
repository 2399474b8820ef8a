#pragma once

#include "app/store/storeaccess.h"

#include "app/ops/timeoutsweep.h"
#include "models/storeentry.h"

#include <QMainWindow>

#include <optional>

class ActionApplyPage;
class AlertList;
class QWizard;
class AlertMonitor;
class AppSettings;
class AuditView;
class ProposalsView;
class ClusterStatusLabel;
class DashboardView;
class ElidedLabel;
class InFlightView;
class PasswordVault;
class QAction;
class QCloseEvent;
class QResizeEvent;
class QLabel;
class QStackedWidget;
class QSystemTrayIcon;
class QTabWidget;
class ReconcileWizard;
class RecordBrowserView;
class ReportDialog;
class StoreSession;
class TimeoutWizard;
struct AlertTransition;
struct RecordRef;

// Coordinates the views: one store session (worker thread) shared by the
// dashboard, the in-flight list and the audit log; the status bar shows the
// connection state and the last round trip; the Store menu opens the
// connection dialog, the Actions menu the operator wizards (each with a
// session of its own). A read-only entry or --read-only opens the session
// read-only: the store refuses every action, the menu only mirrors that.
// No store I/O here.
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(AppSettings *settings, PasswordVault *vault, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Looks up the entry's password (keychain or environment) and opens it.
    void openEntry(const StoreEntry &entry);
    // Opens a URL that already carries any password it needs (command line, dialog).
    void openUrl(const StoreEntry &entry, const QString &urlWithPassword);
    // Forces read-only for every store opened from now on (--read-only).
    void setForcedReadOnly(bool readOnly) { m_forcedReadOnly = readOnly; }
    void showConnectionDialog();
    bool isReadOnly() const;

    // The operator wizards on the open store; nullptr when none is open.
    // Non-modal, deleted on close; applying refreshes the views.
    TimeoutWizard *showTimeoutWizard(const QString &scope = QString());
    ReconcileWizard *showReconcileWizard();
    // The same, limited to these records (the In-flight tab's selection).
    TimeoutWizard *showTimeoutWizard(const QList<RecordRef> &records, SweepAction action = SweepAction::MarkTimedOut);
    // A wizard's "Show in Audit": the Audit tab on the batch, the wizard finished.
    void showInAuditFinishes(QWizard *wizard, ActionApplyPage *page);
    // The Audit tab on one record's entries.
    void showRecordHistory(const QString &scope, const QString &key);
    ReconcileWizard *showReconcileWizard(const QList<RecordRef> &records);
    // The report dialog on the open store, read-only mode included;
    // nullptr when none is open. Non-modal, deleted on close.
    ReportDialog *showReportDialog();
    // The Audit tab filtered to one operator batch (a wizard's "Show in Audit").
    void showBatchInAudit(const QString &batchId);

    DashboardView *dashboard() const { return m_dashboard; }
    InFlightView *inFlight() const { return m_inFlight; }
    RecordBrowserView *records() const { return m_records; }
    ElidedLabel *connectionLabel() const { return m_connection; }
    ClusterStatusLabel *clusterLabel() const { return m_cluster; }
    QLabel *readOnlyBanner() const { return m_banner; }
    AuditView *audit() const { return m_audit; }
    ProposalsView *proposals() const { return m_proposals; }
    QLabel *roleLabel() const { return m_role; }
    QAction *timeoutAction() const { return m_timeoutAction; }
    QAction *reconcileAction() const { return m_reconcileAction; }
    QAction *reportAction() const { return m_reportAction; }
    // Alerts: the rules dialog (persists them), the list over the tabs
    // (fixed height), the monitor of the open store (nullptr when none is open).
    void showAlertRulesDialog();
    AlertList *alertList() const { return m_alertList; }
    AlertMonitor *alertMonitor() const { return m_alertMonitor; }

protected:
    void closeEvent(QCloseEvent *event) override; // saves the layout
    void resizeEvent(QResizeEvent *event) override; // the status bar's share for each line

private:
    // Opening a store, in order: the open store's views, session and alert
    // monitor go; the tabs on the new session; what the store says of its
    // layout and of this connection's role; the alert monitor, with the
    // alerts saved for this store.
    void closeStore();
    void buildTabs();
    void readStoreInfo();
    void startAlerts();
    // Ctrl+F: the in-flight tab, its key filter focused.
    void findInFlight();
    // Window geometry, splitters and column widths through AppSettings::layoutState.
    void saveLayout();
    void restoreViewLayout();
    void showHealth(bool connected, qint64 roundTripMs, const QString &error);
    void showMessage(const QString &text);
    void refreshViews();
    void updateActions();
    // The store as the title and status bar name it: for a foreign layout the
    // URL without its options, then " · " and the layout's name.
    QString storeLabel(bool forTitle) const;
    void showStoreLabel(); // the window title and the status line

    AppSettings *m_settings;
    PasswordVault *m_vault;
    StoreSession *m_session = nullptr;
    DashboardView *m_dashboard = nullptr;
    InFlightView *m_inFlight = nullptr;
    RecordBrowserView *m_records = nullptr;
    AuditView *m_audit = nullptr;
    ProposalsView *m_proposals = nullptr;
    // The role the server gave this connection (StoreAccess), in the status bar.
    QLabel *m_role = nullptr;
    StoreAccess m_access;
    QAction *m_timeoutAction = nullptr;
    QAction *m_reconcileAction = nullptr;
    QAction *m_reportAction = nullptr;
    QTabWidget *m_tabs = nullptr;
    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    QLabel *m_banner;
    ElidedLabel *m_connection;
    ClusterStatusLabel *m_cluster;
    StoreEntry m_entry;
    QString m_layoutName; // "native" or the open store's layout
    struct Health {
        bool connected = false;
        qint64 roundTripMs = 0;
        QString error;
    };
    std::optional<Health> m_health; // the last the session reported; none yet: connecting
    bool m_forcedReadOnly = false;
    void notifyAlert(const AlertTransition &alert);
    void applyAlertRules();
    void saveAlertState(); // the monitor's state in AppSettings, per store
    AlertList *m_alertList = nullptr;
    AlertMonitor *m_alertMonitor = nullptr; // a child of m_session
    QSystemTrayIcon *m_tray = nullptr;
};
