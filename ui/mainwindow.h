#pragma once

#include <QMainWindow>

class QLabel;
class ScopeCountersModel;
class StoreMonitor;
struct StoreSnapshot;

// Coordinates the views: wires the store monitor's snapshots to the models
// and the status bar. No store I/O here.
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(const QString &storeUrl, const QString &storeDisplay, QWidget *parent = nullptr);
    ~MainWindow() override;

private:
    void showSnapshot(const StoreSnapshot &snapshot);

    ScopeCountersModel *m_counters = nullptr;
    StoreMonitor *m_monitor = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_connection = nullptr;
    QString m_storeDisplay;
};
