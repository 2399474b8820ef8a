#pragma once

#include "storeentry.h"

#include <QMainWindow>

class AppSettings;
class DashboardView;
class InFlightView;
class PasswordVault;
class QLabel;
class QStackedWidget;
class QTabWidget;
class StoreSession;

// Coordinates the views: one store session (worker thread) shared by the
// dashboard and the in-flight list; the status bar shows the connection
// state and the last round trip; the Store menu opens the connection dialog.
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

    DashboardView *dashboard() const { return m_dashboard; }
    InFlightView *inFlight() const { return m_inFlight; }
    QLabel *connectionLabel() const { return m_connection; }
    QLabel *readOnlyBanner() const { return m_banner; }

private:
    void showHealth(bool connected, qint64 roundTripMs, const QString &error);
    void showMessage(const QString &text);

    AppSettings *m_settings;
    PasswordVault *m_vault;
    StoreSession *m_session = nullptr;
    DashboardView *m_dashboard = nullptr;
    InFlightView *m_inFlight = nullptr;
    QTabWidget *m_tabs = nullptr;
    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    QLabel *m_banner;
    QLabel *m_connection;
    StoreEntry m_entry;
    bool m_forcedReadOnly = false;
};
