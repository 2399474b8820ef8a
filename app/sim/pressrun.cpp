#include "pressrun.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace {

// What a client saw as its final answer, without the replay marker, so an
// executed and a replayed answer compare byte for byte.
QByteArray canonicalAnswer(const Response &response)
{
    QByteArray text = QByteArray::number(response.status);
    for (const auto &[name, value] : response.headers) {
        if (name.compare("Idempotent-Replayed", Qt::CaseInsensitive) != 0)
            text += '\n' + name + ": " + value;
    }
    return text + "\n\n" + response.body;
}

} // namespace

PressReport runPress(Store &store, const PressConfig &config)
{
    const int keys = qMax(1, config.keys);
    Guard guard(store);
    std::vector<std::atomic<qint64>> executions(keys);
    std::atomic<int> nextRequest{0};
    std::atomic<qint64> replayed{0}, inProgress{0}, mismatch{0}, errors{0};
    QMutex mutex; // guards answers, latencies and errorSamples
    std::vector<QSet<QByteArray>> answers(keys);
    std::vector<double> latencies;
    latencies.reserve(config.requests);
    QStringList errorSamples;

    QElapsedTimer wall;
    wall.start();
    std::vector<std::thread> clients;
    for (int t = 0; t < qMax(1, config.concurrency); ++t) {
        clients.emplace_back([&] {
            for (int i = nextRequest++; i < config.requests; i = nextRequest++) {
                const int k = i % keys;
                GuardRequest request;
                request.scope = config.scope;
                request.key = QStringLiteral("press-%1").arg(k);
                request.path = "/api/press";
                request.headers = {{"Content-Type", "application/json"}};
                request.body = QByteArrayLiteral("{\"key\":\"press-") + QByteArray::number(k) + "\",\"amount_cents\":100}";
                QElapsedTimer timer;
                timer.start();
                GuardResult result;
                for (int attempt = 0;; ++attempt) {
                    result = guard.handle(request, [&] {
                        const qint64 n = ++executions[k];
                        QThread::msleep(config.workMs);
                        Response response;
                        response.status = 200;
                        response.headers = {{"Content-Type", "application/json"}};
                        response.body = QByteArrayLiteral("{\"key\":\"press-") + QByteArray::number(k) + "\",\"execution\":" + QByteArray::number(n) + '}';
                        return response;
                    });
                    if (result.outcome == GuardOutcome::InProgress)
                        ++inProgress;
                    if (result.outcome != GuardOutcome::InProgress || !config.retryInProgress || attempt >= 200)
                        break;
                    QThread::msleep(qMax(1, result.retryAfterMs));
                }
                const double ms = timer.nsecsElapsed() / 1e6;
                QMutexLocker lock(&mutex);
                latencies.push_back(ms);
                switch (result.outcome) {
                case GuardOutcome::Executed:
                case GuardOutcome::Replayed:
                    if (result.outcome == GuardOutcome::Replayed)
                        ++replayed;
                    answers[k].insert(canonicalAnswer(result.response));
                    break;
                case GuardOutcome::Mismatch: ++mismatch; break;
                case GuardOutcome::InProgress: break;
                default:
                    ++errors;
                    if (errorSamples.size() < 5)
                        errorSamples << guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
                }
            }
        });
    }
    for (std::thread &client : clients)
        client.join();
    (void)store.flushCounters();

    PressReport report;
    report.seconds = wall.nsecsElapsed() / 1e9;
    report.requests = config.requests;
    report.keys = keys;
    for (const auto &n : executions)
        report.executed += n;
    report.replayed = replayed;
    report.inProgress = inProgress;
    report.mismatch = mismatch;
    report.errors = errors;
    report.exactlyOnce = report.executed == keys && report.errors == 0;
    report.consistent = std::all_of(answers.begin(), answers.end(), [](const QSet<QByteArray> &a) { return a.size() <= 1; });
    report.errorSamples = errorSamples;
    std::sort(latencies.begin(), latencies.end());
    if (!latencies.empty()) {
        auto at = [&](double q) { return latencies[std::min(latencies.size() - 1, size_t(q * (latencies.size() - 1) + 0.5))]; };
        report.p50Ms = at(0.50);
        report.p99Ms = at(0.99);
    }
    return report;
}
