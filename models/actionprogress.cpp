#include "models/actionprogress.h"

#include <QMutex>
#include <QMutexLocker>

struct ActionProgress::State {
    QMutex mutex;
    ActionProgress *receiver = nullptr; // cleared, under mutex, when the job is abandoned
    std::atomic_bool cancel{false};
};

ActionProgress::ActionProgress(QObject *parent)
    : QObject(parent)
{
}

ActionProgress::~ActionProgress()
{
    detach();
}

void ActionProgress::detach()
{
    if (!m_state)
        return;
    m_state->cancel = true;
    QMutexLocker lock(&m_state->mutex);
    m_state->receiver = nullptr;
}

ActionControl ActionProgress::start()
{
    detach();
    m_state = std::make_shared<State>();
    m_state->receiver = this;
    ActionControl control;
    control.cancel = &m_state->cancel;
    control.progress = [state = m_state](qint64 done, qint64 total) {
        // The lock keeps the receiver alive while the call is posted; a call
        // posted to an object deleted later is dropped by Qt.
        QMutexLocker lock(&state->mutex);
        if (!state->receiver)
            return;
        QMetaObject::invokeMethod(
            state->receiver,
            [state, done, total] {
                if (state->receiver)
                    emit state->receiver->progressed(done, total);
            },
            Qt::QueuedConnection);
    };
    return control;
}

void ActionProgress::cancel()
{
    if (m_state)
        m_state->cancel = true;
}

bool ActionProgress::isCancelled() const
{
    return m_state && m_state->cancel.load();
}
