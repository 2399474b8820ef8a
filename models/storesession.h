#pragma once

#include "app/store/openstore.h"
#include "app/store/store.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThread>

#include <functional>
#include <memory>

class StoreSessionWorker;

// One store connection owned by a worker thread (DESIGN.md "Threading").
// The GUI posts jobs and gets QFutures; every job runs on the worker thread,
// one after another, so a slow or dead store delays answers but never the
// window. The store is opened on first use and reopened after it failed to
// open; backends reconnect lost connections themselves on the next call.
// A session opened with OpenMode::ReadOnly wraps its store in a
// ReadOnlyStore: every writing job is refused by the engine itself.
class StoreSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreSession)
public:
    explicit StoreSession(QString url, QObject *parent = nullptr);
    StoreSession(QString url, OpenMode mode, QObject *parent = nullptr);
    ~StoreSession() override; // quits and waits for the worker thread

    // The URL as given, password included: keep it in memory only.
    QString url() const { return m_url; }
    OpenMode mode() const { return m_mode; }
    bool readOnly() const { return m_mode == OpenMode::ReadOnly; }

    // Runs job(store) on the worker thread. A store that cannot be opened
    // yields its error without running the job.
    template <typename T>
    QFuture<Result<T>> run(std::function<Result<T>(Store &)> job)
    {
        auto promise = std::make_shared<QPromise<Result<T>>>();
        QFuture<Result<T>> future = promise->future();
        promise->start();
        post([promise, job = std::move(job)](Store *store, const Error &openError) -> std::optional<Error> {
            Result<T> result = store ? job(*store) : Result<T>(openError);
            std::optional<Error> failure = result.ok() ? std::nullopt : std::optional<Error>(result.error());
            promise->addResult(std::move(result));
            promise->finish();
            return failure;
        });
        return future;
    }

    // Runs job(store) on the worker thread and done(result) later on the
    // context object's thread, never inside this call (a QFutureWatcher
    // delivers a finished future's signal through the event loop), so a
    // continuation never changes a model in the middle of its own
    // fetchMore(). Dropped if the context is destroyed first: the watcher is
    // the context's child and goes with it. (Qt 6.4's QFuture::then(context)
    // keeps the raw context pointer and calls into it after it was destroyed
    // when a view closes while its job still runs: the switch of stores did.)
    template <typename T, typename Done>
    void request(QObject *context, std::function<Result<T>(Store &)> job, Done done)
    {
        auto *watcher = new QFutureWatcher<Result<T>>(context);
        QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, [watcher, done = std::move(done)]() {
            const Result<T> result = watcher->future().result();
            // done() may destroy the context; the watcher is then no longer its child.
            watcher->setParent(nullptr);
            watcher->deleteLater();
            done(result);
        });
        watcher->setFuture(run<T>(std::move(job)));
    }

signals:
    // Emitted after every job: whether the store answered (the job got no
    // error, or an error that is not about the store being unreachable) and
    // how long it took.
    void health(bool connected, qint64 roundTripMs, const QString &error);

private:
    // The job returns the error it ended with, if any.
    void post(std::function<std::optional<Error>(Store *, const Error &)> job);

    const QString m_url;
    const OpenMode m_mode = OpenMode::ReadWrite;
    QThread m_thread;
    StoreSessionWorker *m_worker = nullptr;
};
