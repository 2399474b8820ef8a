// idem-bench-cluster: guarded requests against one store URL, for
// tools/bench-cluster.sh. A benchmark, not a test: it prints what it
// measured and asserts nothing. Like idem-bench-guard, with the scope's
// replica acknowledgements (ScopePolicy::replicaAcks: WAIT after a claim on
// a cluster) set on the command line, so the script compares the same
// scope with and without WAIT. One phase per run, so the script can read
// the servers between phases:
//   first   every request has a fresh key: claim, run (no work), complete
//   replay  the same keys again: every request is answered from the record
#include "app/guard/guard.h"
#include "app/store/openstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

struct Options {
    QString store;
    QString scope;
    QString phase;
    int threads = 1;
    int requests = 10000;
    int replicaAcks = 0;
};

int usage(const QString &message)
{
    std::fprintf(stderr, "idem-bench-cluster: %s\n", qPrintable(message));
    return 2;
}

// nullopt with a message printed (exit code 2) when an option is bad.
std::optional<Options> parse(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Guarded requests against one store, with or without WAIT (tools/bench-cluster.sh)."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("scope"), QStringLiteral("Scope of the keys (the replay phase reuses the first phase's)."),
                      QStringLiteral("scope")});
    parser.addOption({QStringLiteral("phase"), QStringLiteral("first or replay."), QStringLiteral("phase")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Client threads."), QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption(
        {QStringLiteral("requests"), QStringLiteral("Guarded requests in all."), QStringLiteral("m"), QStringLiteral("10000")});
    parser.addOption({QStringLiteral("replica-acks"), QStringLiteral("Replicas that must have a claim (WAIT) on a cluster."),
                      QStringLiteral("n"), QStringLiteral("0")});
    parser.process(app);

    Options options;
    bool threadsOk = false, requestsOk = false, acksOk = false;
    options.store = parser.value(QStringLiteral("store"));
    options.scope = parser.value(QStringLiteral("scope"));
    options.phase = parser.value(QStringLiteral("phase"));
    options.threads = parser.value(QStringLiteral("threads")).toInt(&threadsOk);
    options.requests = parser.value(QStringLiteral("requests")).toInt(&requestsOk);
    options.replicaAcks = parser.value(QStringLiteral("replica-acks")).toInt(&acksOk);
    if (options.store.isEmpty() || options.scope.isEmpty())
        usage(QStringLiteral("--store URL and --scope NAME are required."));
    else if (options.phase != QLatin1String("first") && options.phase != QLatin1String("replay"))
        usage(QStringLiteral("--phase is first or replay."));
    else if (!threadsOk || options.threads < 1 || options.threads > 1000 || !requestsOk || options.requests < 1)
        usage(QStringLiteral("--threads must be 1 to 1000 and --requests at least 1."));
    else if (!acksOk || options.replicaAcks < 0 || options.replicaAcks > 5)
        usage(QStringLiteral("--replica-acks must be 0 to 5."));
    else
        return options;
    return std::nullopt;
}

// Runs the phase on `threads` client threads; how many answers were not
// the phase's expected outcome.
int runPhase(Guard &guard, const Options &options)
{
    const GuardOutcome expected = options.phase == QLatin1String("first") ? GuardOutcome::Executed : GuardOutcome::Replayed;
    const Response response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
    std::atomic<int> next{0}, unexpected{0};
    std::vector<std::thread> clients;
    for (int t = 0; t < options.threads; ++t) {
        clients.emplace_back([&] {
            for (int i = next++; i < options.requests; i = next++) {
                GuardRequest request;
                request.scope = options.scope;
                request.key = QStringLiteral("bench-%1").arg(i);
                request.path = "/api/bench";
                request.body = "{\"n\":" + QByteArray::number(i) + '}';
                if (guard.handle(request, [&] { return response; }).outcome != expected)
                    ++unexpected;
            }
        });
    }
    for (std::thread &client : clients)
        client.join();
    return unexpected.load();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("idem-bench-cluster"));
    const std::optional<Options> options = parse(app);
    if (!options)
        return 2;

    Result<std::unique_ptr<Store>> store = openStore(options->store);
    if (!store) {
        std::fprintf(stderr, "idem-bench-cluster: %s\n", qPrintable(store.error().message));
        return 1;
    }
    ScopePolicy policy = ScopePolicies::defaultFor(options->scope);
    policy.replicaAcks = options->replicaAcks;
    ScopePolicies policies;
    policies.set(options->scope, policy);
    Guard guard(*store.value(), policies);

    QElapsedTimer timer;
    timer.start();
    const int unexpected = runPhase(guard, *options);
    const double seconds = timer.nsecsElapsed() / 1e9;
    (void)store.value()->flushCounters();

    const QJsonObject result{{QStringLiteral("phase"), options->phase},
                             {QStringLiteral("threads"), options->threads},
                             {QStringLiteral("requests"), options->requests},
                             {QStringLiteral("replica_acks"), options->replicaAcks},
                             {QStringLiteral("seconds"), seconds},
                             {QStringLiteral("per_s"), options->requests / seconds},
                             {QStringLiteral("unexpected"), unexpected}};
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return unexpected == 0 ? 0 : 1;
}
