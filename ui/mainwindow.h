#pragma once

#include <QMainWindow>

class DashboardView;
class InFlightView;
class QLabel;
class StoreSession;

// Coordinates the views: one store session (worker thread) shared by the
// dashboard and the in-flight list; the status bar shows the connection
// state and the last round trip. No store I/O here.
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(const QString &storeUrl, const QString &storeDisplay, QWidget *parent = nullptr);
    ~MainWindow() override;

    DashboardView *dashboard() const { return m_dashboard; }
    InFlightView *inFlight() const { return m_inFlight; }
    QLabel *connectionLabel() const { return m_connection; }

private:
    void showHealth(bool connected, qint64 roundTripMs, const QString &error);

    StoreSession *m_session;
    DashboardView *m_dashboard;
    InFlightView *m_inFlight;
    QLabel *m_connection;
    QString m_storeDisplay;
};
