#include "models/storeprobe.h"

#include "models/storesession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFutureWatcher>

namespace {

struct ProbeReading {
    qint64 inFlight = 0;
    qint64 roundTripMs = 0;
    QString timeZoneNote;
};

using ProbeWatcher = QFutureWatcher<Result<ProbeReading>>;

} // namespace

StoreProbe::StoreProbe(QObject *parent)
    : QObject(parent)
{
}

StoreProbe::~StoreProbe()
{
    abandon();
}

void StoreProbe::start(const QString &url)
{
    abandon();
    const quint64 generation = ++m_generation;
    m_session = new StoreSession(url);
    QFuture<Result<ProbeReading>> future = m_session->run<ProbeReading>([](Store &store) -> Result<ProbeReading> {
        QElapsedTimer timer;
        timer.start();
        Result<qint64> count = store.countInFlight(RecordQuery{});
        if (!count)
            return count.error();
        return ProbeReading{count.value(), timer.elapsed(), store.timeZoneNote()};
    });
    // The watcher lives with the session: when the attempt is abandoned it
    // stays behind to delete the session once the job has ended.
    auto *watcher = new ProbeWatcher(m_session);
    connect(watcher, &ProbeWatcher::finished, m_session, &QObject::deleteLater);
    connect(watcher, &ProbeWatcher::finished, this, [this, watcher, generation] {
        if (generation != m_generation || watcher->isCanceled() || watcher->future().resultCount() == 0)
            return;
        m_session = nullptr; // deleteLater above takes it
        const Result<ProbeReading> &reading = watcher->future().result();
        if (reading)
            emit succeeded(reading->inFlight, reading->roundTripMs, reading->timeZoneNote);
        else
            emit failed(reading.error().message);
    });
    watcher->setFuture(future);
}

void StoreProbe::cancel()
{
    abandon();
}

void StoreProbe::abandon()
{
    ++m_generation;
    if (!m_session)
        return;
    // Deleting a busy session now would wait for its job (a connect timeout)
    // on this thread. The application keeps it instead until its watcher
    // sees the job end; at exit, QCoreApplication's destructor reaps it.
    m_session->setParent(QCoreApplication::instance());
    m_session = nullptr;
}
