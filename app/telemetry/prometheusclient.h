#pragma once

#include "app/telemetry/countersource.h"

#include <QMap>
#include <QString>
#include <QThread>
#include <QUrl>

class PrometheusClientWorker;

// A Prometheus server's HTTP API, /api/v1/query_range, through Qt Network
// on a thread of its own: the caller (a store session's worker, idemctl's
// main thread) blocks for the answer without running an event loop, which
// on a session's worker would run its other jobs in the middle of this one.
// Queries of one call run at once; each is one POST with a transfer timeout.
class PrometheusClient final {
    Q_DISABLE_COPY_MOVE(PrometheusClient)
public:
    PrometheusClient(QUrl server, int timeoutMs);
    ~PrometheusClient(); // quits and waits for its thread

    struct Series {
        QMap<QString, QString> labels;
        QMap<qint64, double> values; // seconds since the epoch → value
    };
    // What a query gave: series, or why none (Failure::None when it answered).
    struct Answer {
        QList<Series> series;
        CounterProvenance::Failure failure = CounterProvenance::Failure::None;
        QString message; // translated
    };

    // Every query over [startS, endS] at stepS; blocks until each answered
    // or timed out. Answers in the order of `queries`.
    QList<Answer> queryRanges(const QStringList &queries, qint64 startS, qint64 endS, int stepS);

    QUrl server() const { return m_server; }
    // The server's URL to show: without user information.
    QString displayServer() const;

private:
    const QUrl m_server;
    const int m_timeoutMs;
    QThread m_thread;
    PrometheusClientWorker *m_worker = nullptr;
};
