#pragma once

#include "app/ops/operatorbatch.h"

#include <QObject>

#include <memory>

// Carries a long action's progress from the worker thread that runs it to
// this object's (GUI) thread as queued calls, and its cancel flag the other
// way. start() hands out the ActionControl for one job; the job keeps the
// shared state alive, so neither a finished nor a destroyed ActionProgress
// leaves it with a dangling pointer. Progress of an earlier job (stopped or
// replaced by start()) is dropped.
class ActionProgress final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActionProgress)
public:
    explicit ActionProgress(QObject *parent = nullptr);
    ~ActionProgress() override; // cancels the running job

    // Cancels the previous job, if any, and returns the control for a new one.
    ActionControl start();
    // Asks the running job to stop at its next check (between records or pages).
    void cancel();
    bool isCancelled() const;

signals:
    void progressed(qint64 done, qint64 total);

private:
    struct State;
    void detach();

    std::shared_ptr<State> m_state;
};
