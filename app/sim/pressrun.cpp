#include "app/sim/pressrun.h"

#include <QElapsedTimer>
#include <QHashFunctions>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace {

// A 64-bit digest of what a client saw as its final answer, without the
// replay marker, so an executed and a replayed answer compare. Hashed in
// place: building the answer's text per request was an allocation inside
// the timed loop (tools/bench-peers.sh), and so was a set per key.
size_t answerDigest(const Response &response)
{
    size_t h = qHash(response.status, 0x1d3f);
    for (const auto &[name, value] : response.headers) {
        if (name.compare("Idempotent-Replayed", Qt::CaseInsensitive) != 0)
            h = qHashMulti(h, name, value);
    }
    return qHashMulti(h, response.body);
}

// One client thread's tally, merged after the threads have joined: no lock
// is taken per request, so the press measures the engine and not itself
// (a QMutex per request cost as much as the gap being measured).
struct Tally {
    std::vector<double> latencies;
    std::vector<size_t> answers; // per key: the first answer's digest (0: none yet)
    bool inconsistent = false; // a key answered two different ways
    qint64 replayed = 0;
    qint64 inProgress = 0;
    qint64 mismatch = 0;
    qint64 errors = 0;
    QStringList errorSamples;
};

// What the client threads share: the guard, each key's request, and the
// count of each key's real executions.
struct Press {
    Guard &guard;
    const PressConfig &config;
    const std::vector<GuardRequest> &requests;
    std::vector<std::atomic<qint64>> &executions;
    std::atomic<int> &nextRequest;
    int keys;
};

ScopePolicies pressPolicies(const PressConfig &config)
{
    ScopePolicies policies;
    if (config.replicaAcks) {
        ScopePolicy policy = ScopePolicies::defaultFor(config.scope);
        policy.replicaAcks = *config.replicaAcks;
        policies.set(config.scope, policy);
    }
    return policies;
}

// Each key's request, built once.
std::vector<GuardRequest> pressRequests(const QString &scope, int keys)
{
    std::vector<GuardRequest> requests(keys);
    for (int k = 0; k < keys; ++k) {
        GuardRequest &request = requests[k];
        request.scope = scope;
        request.key = QStringLiteral("press-%1").arg(k);
        request.path = "/api/press";
        request.headers = {{"Content-Type", "application/json"}};
        request.body = QByteArrayLiteral("{\"key\":\"press-") + QByteArray::number(k) + "\",\"amount_cents\":100}";
    }
    return requests;
}

// Sized (and so zero-filled, page by page) before the clock starts: at
// 32 threads and 20,000 keys that is 5 MB of page faults, not the engine's.
std::vector<Tally> presizedTallies(int threads, int keys, int requests)
{
    std::vector<Tally> tallies(threads);
    for (Tally &tally : tallies) {
        tally.answers.resize(keys);
        tally.latencies.reserve(requests / threads + 1);
    }
    return tallies;
}

// The business action: counts its execution, takes its time, answers.
Response executeBusiness(const Press &press, int k)
{
    const qint64 n = ++press.executions[k];
    if (press.config.workMs > 0) // no sleep call at all at 0 ms
        QThread::msleep(press.config.workMs);
    Response response;
    response.status = 200;
    response.headers = {{"Content-Type", "application/json"}};
    response.body = QByteArrayLiteral("{\"key\":\"press-") + QByteArray::number(k) + "\",\"execution\":" + QByteArray::number(n) + '}';
    return response;
}

// One request through the guard; with retryInProgress, waits Retry-After
// and asks again (200 times at most) until the answer is final.
GuardResult sendRequest(const Press &press, int k, Tally &tally)
{
    GuardResult result;
    for (int attempt = 0;; ++attempt) {
        result = press.guard.handle(press.requests[k], [&] { return executeBusiness(press, k); });
        if (result.outcome == GuardOutcome::InProgress)
            ++tally.inProgress;
        if (result.outcome != GuardOutcome::InProgress || !press.config.retryInProgress || attempt >= 200)
            break;
        QThread::msleep(qMax(1, result.retryAfterMs));
    }
    return result;
}

void countAnswer(Tally &tally, int k, const GuardResult &result)
{
    switch (result.outcome) {
    case GuardOutcome::Executed:
    case GuardOutcome::Replayed:
        if (result.outcome == GuardOutcome::Replayed)
            ++tally.replayed;
        if (const size_t digest = answerDigest(result.response) | 1; tally.answers[k] == 0)
            tally.answers[k] = digest;
        else
            tally.inconsistent |= tally.answers[k] != digest;
        break;
    case GuardOutcome::Mismatch:
        ++tally.mismatch;
        break;
    case GuardOutcome::InProgress:
        break;
    default:
        ++tally.errors;
        if (tally.errorSamples.size() < 5)
            tally.errorSamples << guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
    }
}

// A client thread: takes the next request until all are sent.
void runClient(const Press &press, Tally &tally)
{
    for (int i = press.nextRequest++; i < press.config.requests; i = press.nextRequest++) {
        const int k = i % press.keys;
        QElapsedTimer timer;
        timer.start();
        const GuardResult result = sendRequest(press, k, tally);
        tally.latencies.push_back(timer.nsecsElapsed() / 1e6);
        countAnswer(tally, k, result);
    }
}

// Adds the threads' tallies to the report and their latencies to
// `latencies`; returns whether some key was answered two different ways.
bool mergeTallies(PressReport &report, std::vector<double> &latencies, const std::vector<Tally> &tallies, int keys)
{
    std::vector<size_t> answers(keys);
    bool inconsistent = false;
    for (const Tally &tally : tallies) {
        report.replayed += tally.replayed;
        report.inProgress += tally.inProgress;
        report.mismatch += tally.mismatch;
        report.errors += tally.errors;
        for (const QString &sample : std::as_const(tally.errorSamples)) {
            if (report.errorSamples.size() < 5)
                report.errorSamples << sample;
        }
        latencies.insert(latencies.end(), tally.latencies.begin(), tally.latencies.end());
        inconsistent |= tally.inconsistent;
        for (int k = 0; k < keys && !tally.answers.empty(); ++k) {
            if (answers[k] == 0)
                answers[k] = tally.answers[k];
            else if (tally.answers[k] != 0)
                inconsistent |= answers[k] != tally.answers[k];
        }
    }
    return inconsistent;
}

PressReport pressReport(const PressConfig &config, int keys, double seconds, const std::vector<std::atomic<qint64>> &executions,
                        const std::vector<Tally> &tallies)
{
    PressReport report;
    report.seconds = seconds;
    report.requests = config.requests;
    report.keys = keys;
    for (const auto &n : executions)
        report.executed += n;
    std::vector<double> latencies;
    latencies.reserve(config.requests);
    const bool inconsistent = mergeTallies(report, latencies, tallies, keys);
    report.exactlyOnce = report.executed == keys && report.errors == 0;
    report.consistent = !inconsistent;
    std::sort(latencies.begin(), latencies.end());
    if (!latencies.empty()) {
        auto at = [&](double q) { return latencies[std::min(latencies.size() - 1, size_t(q * (latencies.size() - 1) + 0.5))]; };
        report.p50Ms = at(0.50);
        report.p99Ms = at(0.99);
    }
    return report;
}

} // namespace

PressReport runPress(Store &store, const PressConfig &config)
{
    const int keys = qMax(1, config.keys);
    const int threads = qMax(1, config.concurrency);
    Guard guard(store, pressPolicies(config));
    std::vector<std::atomic<qint64>> executions(keys);
    std::atomic<int> nextRequest{0};
    const std::vector<GuardRequest> requests = pressRequests(config.scope, keys);
    std::vector<Tally> tallies = presizedTallies(threads, keys, config.requests);
    const Press press{guard, config, requests, executions, nextRequest, keys};

    QElapsedTimer wall;
    wall.start();
    std::vector<std::thread> clients;
    for (int t = 0; t < threads; ++t)
        clients.emplace_back([&press, &tally = tallies[t]] { runClient(press, tally); });
    for (std::thread &client : clients)
        client.join();
    const double seconds = wall.nsecsElapsed() / 1e9;
    (void)store.flushCounters();
    return pressReport(config, keys, seconds, executions, tallies);
}
