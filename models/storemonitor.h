#pragma once

#include "storesnapshot.h"

#include <QObject>
#include <QThread>

class StoreMonitorWorker;

// Reads a store's counters and in-flight counts every few seconds on a worker
// thread that owns the store connection (DESIGN.md "Threading"); the GUI
// only ever receives snapshots. A store that hangs delays snapshots, never
// the window.
class StoreMonitor final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreMonitor)
public:
    StoreMonitor(const QString &storeUrl, int intervalMs, QObject *parent = nullptr);
    ~StoreMonitor() override; // quits and waits for the worker thread

signals:
    void snapshotReady(const StoreSnapshot &snapshot);

private:
    QThread m_thread;
    StoreMonitorWorker *m_worker = nullptr;
};
