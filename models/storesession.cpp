#include "models/storesession.h"

#include <QElapsedTimer>

class StoreSessionWorker final : public QObject {
    Q_OBJECT
public:
    StoreSessionWorker(QString url, OpenMode mode)
        : m_url(std::move(url))
        , m_mode(mode)
    {
    }

    void execute(const std::function<std::optional<Error>(Store *, const Error &)> &job)
    {
        QElapsedTimer timer;
        timer.start();
        if (!m_store) {
            Result<std::unique_ptr<Store>> opened = openStore(m_url, m_mode);
            if (!opened) {
                job(nullptr, opened.error());
                emit health(false, timer.elapsed(), opened.error().message);
                return;
            }
            m_store = std::move(opened).value();
        }
        const std::optional<Error> failure = job(m_store.get(), Error{});
        // A refused statement or a corrupt record is the store answering; a
        // lost connection or a timeout is the store being away.
        if (failure && failure->kind == ErrorKind::Unavailable)
            emit health(false, timer.elapsed(), failure->message);
        else
            emit health(true, timer.elapsed(), QString());
    }

    void close() { m_store.reset(); } // the store's connections belong to this thread

signals:
    void health(bool connected, qint64 roundTripMs, const QString &error);

private:
    const QString m_url;
    const OpenMode m_mode;
    std::unique_ptr<Store> m_store;
};

StoreSession::StoreSession(QString url, QObject *parent)
    : StoreSession(std::move(url), OpenMode::ReadWrite, parent)
{
}

StoreSession::StoreSession(QString url, OpenMode mode, QObject *parent)
    : QObject(parent)
    , m_url(std::move(url))
    , m_mode(mode)
    , m_worker(new StoreSessionWorker(m_url, m_mode))
{
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &StoreSessionWorker::health, this, &StoreSession::health, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("store-session"));
    m_thread.start();
}

StoreSession::~StoreSession()
{
    QMetaObject::invokeMethod(m_worker, &StoreSessionWorker::close, Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void StoreSession::post(std::function<std::optional<Error>(Store *, const Error &)> job)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job = std::move(job)] { worker->execute(job); }, Qt::QueuedConnection);
}

#include "storesession.moc"
