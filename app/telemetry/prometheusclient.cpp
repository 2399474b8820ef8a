#include "app/telemetry/prometheusclient.h"

#include <QCoreApplication>
#include <QFuture>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPromise>
#include <QUrlQuery>

#include <cmath>
#include <memory>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PrometheusClient)
};

using Failure = CounterProvenance::Failure;
using Answer = PrometheusClient::Answer;

Answer failed(Failure failure, const QString &message)
{
    Answer a;
    a.failure = failure;
    a.message = message;
    return a;
}

// A "matrix" answer's series; a value Prometheus writes as NaN or ±Inf is no data.
Answer parseMatrix(const QJsonObject &data, const QString &server)
{
    if (data.value(QStringLiteral("resultType")).toString() != QLatin1String("matrix"))
        return failed(Failure::BadAnswer, Text::tr("Prometheus at %1 answered a range query with a %2, not a matrix: the expression "
                                                   "must give an instant vector (series), not a scalar or a string.")
                                              .arg(server, data.value(QStringLiteral("resultType")).toString()));
    Answer a;
    for (const QJsonValue &entry : data.value(QStringLiteral("result")).toArray()) {
        const QJsonObject o = entry.toObject();
        PrometheusClient::Series series;
        const QJsonObject metric = o.value(QStringLiteral("metric")).toObject();
        for (auto it = metric.begin(); it != metric.end(); ++it)
            series.labels.insert(it.key(), it.value().toString());
        for (const QJsonValue &point : o.value(QStringLiteral("values")).toArray()) {
            const QJsonArray pair = point.toArray();
            bool ok = false;
            const double value = pair.at(1).toString().toDouble(&ok);
            if (pair.size() == 2 && ok && std::isfinite(value))
                series.values.insert(qint64(std::llround(pair.at(0).toDouble())), value);
        }
        a.series << series;
    }
    return a;
}

Answer answerOf(QNetworkReply *reply, const QString &server, int timeoutMs)
{
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray(); // a timed-out reply is closed
    const QNetworkReply::NetworkError error = reply->error();
    if (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError)
        return failed(Failure::Timeout, Text::tr("Prometheus at %1 did not answer within %2 ms (timeout).").arg(server).arg(timeoutMs));
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) // no HTTP answer at all
        return failed(Failure::Unreachable, Text::tr("Prometheus at %1 cannot be reached: %2").arg(server, reply->errorString()));
    QJsonParseError parseError{};
    const QJsonObject o = QJsonDocument::fromJson(body, &parseError).object();
    if (parseError.error != QJsonParseError::NoError || !o.contains(QStringLiteral("status")))
        return failed(Failure::BadAnswer, Text::tr("%1 answered HTTP %2 without Prometheus's JSON: is it a Prometheus server (its "
                                                   "address without /api/v1)?")
                                              .arg(server)
                                              .arg(status));
    if (o.value(QStringLiteral("status")).toString() != QLatin1String("success")) {
        const QString type = o.value(QStringLiteral("errorType")).toString();
        const QString why = o.value(QStringLiteral("error")).toString().left(400);
        if (type == QLatin1String("timeout") || type == QLatin1String("canceled"))
            return failed(Failure::Timeout, Text::tr("Prometheus at %1 gave up on the query: %2").arg(server, why));
        if (type == QLatin1String("bad_data"))
            return failed(Failure::BadQuery, Text::tr("Prometheus at %1 refused the expression: %2").arg(server, why));
        return failed(Failure::BadAnswer, Text::tr("Prometheus at %1 failed (%2): %3").arg(server, type, why));
    }
    return parseMatrix(o.value(QStringLiteral("data")).toObject(), server);
}

} // namespace

class PrometheusClientWorker final : public QObject {
public:
    PrometheusClientWorker(QUrl server, int timeoutMs, QString shown)
        : m_server(std::move(server))
        , m_timeoutMs(timeoutMs)
        , m_shown(std::move(shown))
    {
    }

    // On the worker's thread: sends every query, fulfils the promise when the last answered.
    void start(const QStringList &queries, qint64 startS, qint64 endS, int stepS, std::shared_ptr<QPromise<QList<Answer>>> promise)
    {
        if (!m_network)
            m_network = new QNetworkAccessManager(this);
        auto answers = std::make_shared<QList<Answer>>(queries.size());
        auto pending = std::make_shared<int>(int(queries.size()));
        if (queries.isEmpty()) {
            promise->addResult(QList<Answer>());
            promise->finish();
            return;
        }
        QUrl url = m_server;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + QStringLiteral("/api/v1/query_range"));
        for (int i = 0; i < queries.size(); ++i) {
            QNetworkRequest request(url);
            request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/x-www-form-urlencoded"));
            request.setTransferTimeout(m_timeoutMs);
            QUrlQuery form;
            form.addQueryItem(QStringLiteral("query"), queries.at(i));
            form.addQueryItem(QStringLiteral("start"), QString::number(startS));
            form.addQueryItem(QStringLiteral("end"), QString::number(endS));
            form.addQueryItem(QStringLiteral("step"), QString::number(stepS));
            // Prometheus's own limit, below the transfer timeout so its answer says "timeout" first.
            form.addQueryItem(QStringLiteral("timeout"), QString::number(qMax(1, m_timeoutMs / 1000)) + QLatin1Char('s'));
            // Each value percent-encoded in full: QUrlQuery leaves '+' as it is,
            // which a form body reads as a space (".+" would match nothing).
            QByteArray body;
            for (const auto &[name, value] : form.queryItems(QUrl::FullyDecoded))
                body += (body.isEmpty() ? "" : "&") + name.toUtf8() + '=' + QUrl::toPercentEncoding(value);
            QNetworkReply *reply = m_network->post(request, body);
            QObject::connect(reply, &QNetworkReply::finished, this, [this, reply, i, answers, pending, promise] {
                (*answers)[i] = answerOf(reply, m_shown, m_timeoutMs);
                reply->deleteLater();
                if (--*pending == 0) {
                    promise->addResult(*answers);
                    promise->finish();
                }
            });
        }
    }

private:
    const QUrl m_server;
    const int m_timeoutMs;
    const QString m_shown;
    QNetworkAccessManager *m_network = nullptr;
};

PrometheusClient::PrometheusClient(QUrl server, int timeoutMs)
    : m_server(std::move(server))
    , m_timeoutMs(timeoutMs)
    , m_worker(new PrometheusClientWorker(m_server, m_timeoutMs, displayServer()))
{
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("prometheus-client"));
    m_thread.start();
}

PrometheusClient::~PrometheusClient()
{
    m_thread.quit();
    m_thread.wait();
}

QString PrometheusClient::displayServer() const
{
    return m_server.toDisplayString(QUrl::RemoveUserInfo);
}

QList<PrometheusClient::Answer> PrometheusClient::queryRanges(const QStringList &queries, qint64 startS, qint64 endS, int stepS)
{
    auto promise = std::make_shared<QPromise<QList<Answer>>>();
    QFuture<QList<Answer>> future = promise->future();
    promise->start();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, queries, startS, endS, stepS, promise] { worker->start(queries, startS, endS, stepS, promise); },
        Qt::QueuedConnection);
    future.waitForFinished();
    return future.result();
}
