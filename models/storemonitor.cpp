#include "storemonitor.h"

#include "guard/scopepolicy.h"
#include "store/openstore.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>

class StoreMonitorWorker final : public QObject {
    Q_OBJECT
public:
    StoreMonitorWorker(QString url, int intervalMs) : m_url(std::move(url)), m_intervalMs(intervalMs) {}

    void start()
    {
        m_timer = new QTimer(this);
        m_timer->setInterval(m_intervalMs);
        connect(m_timer, &QTimer::timeout, this, &StoreMonitorWorker::read);
        m_timer->start();
        read();
    }

    void stop()
    {
        delete m_timer;
        m_timer = nullptr;
        m_store.reset(); // closes this thread's connections in this thread
    }

signals:
    void snapshotReady(const StoreSnapshot &snapshot);

private:
    void read()
    {
        StoreSnapshot s;
        s.generation = ++m_generation;
        QElapsedTimer timer;
        timer.start();
        s.readAtMs = QDateTime::currentMSecsSinceEpoch();
        if (!m_store) {
            Result<std::unique_ptr<Store>> opened = openStore(m_url);
            if (!opened) {
                s.error = opened.error().message;
                emit snapshotReady(s);
                return;
            }
            m_store = std::move(opened).value();
        }
        const qint64 minute = s.readAtMs / 60000;
        const Result<QList<CounterRow>> rows = m_store->counters(QString(), minute - 14, minute);
        const Result<qint64> inFlight = m_store->countInFlight(InFlightQuery{});
        InFlightQuery stuck;
        stuck.startedBeforeMs = s.readAtMs - ScopePolicy().inFlightTimeoutMs;
        const Result<qint64> stuckCount = m_store->countInFlight(stuck);
        s.roundTripMs = timer.elapsed();
        for (const Error *e : {rows.ok() ? nullptr : &rows.error(), inFlight.ok() ? nullptr : &inFlight.error(),
                               stuckCount.ok() ? nullptr : &stuckCount.error()}) {
            if (e && s.error.isEmpty())
                s.error = e->message;
        }
        s.connected = s.error.isEmpty();
        if (s.connected) {
            s.counters = rows.value();
            s.inFlight = inFlight.value();
            s.stuck = stuckCount.value();
        }
        emit snapshotReady(s);
    }

    const QString m_url;
    const int m_intervalMs;
    std::unique_ptr<Store> m_store;
    QTimer *m_timer = nullptr;
    quint64 m_generation = 0;
};

StoreMonitor::StoreMonitor(const QString &storeUrl, int intervalMs, QObject *parent)
    : QObject(parent)
    , m_worker(new StoreMonitorWorker(storeUrl, intervalMs))
{
    qRegisterMetaType<StoreSnapshot>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &StoreMonitorWorker::snapshotReady, this, &StoreMonitor::snapshotReady, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("store-monitor"));
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &StoreMonitorWorker::start, Qt::QueuedConnection);
}

StoreMonitor::~StoreMonitor()
{
    QMetaObject::invokeMethod(m_worker, &StoreMonitorWorker::stop, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

#include "storemonitor.moc"
