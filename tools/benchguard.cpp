// idem-bench-guard: guarded requests per second against one store, for
// tools/bench-guard.sh. A benchmark, not a test: it prints rates and asserts
// nothing. One phase per run, so the script can read the server's statistics
// between phases:
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

int usage(const QString &message)
{
    std::fprintf(stderr, "idem-bench-guard: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("idem-bench-guard"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Guarded requests per second against one store (tools/bench-guard.sh)."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("scope"), QStringLiteral("Scope of the keys (the replay phase reuses the first phase's)."),
                      QStringLiteral("scope")});
    parser.addOption({QStringLiteral("phase"), QStringLiteral("first or replay."), QStringLiteral("phase")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Client threads."), QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption(
        {QStringLiteral("requests"), QStringLiteral("Guarded requests in all."), QStringLiteral("m"), QStringLiteral("10000")});
    parser.process(app);

    const QString phase = parser.value(QStringLiteral("phase"));
    bool threadsOk = false, requestsOk = false;
    const int threads = parser.value(QStringLiteral("threads")).toInt(&threadsOk);
    const int requests = parser.value(QStringLiteral("requests")).toInt(&requestsOk);
    const QString scope = parser.value(QStringLiteral("scope"));
    if (!parser.isSet(QStringLiteral("store")) || scope.isEmpty())
        return usage(QStringLiteral("--store URL and --scope NAME are required."));
    if (phase != QLatin1String("first") && phase != QLatin1String("replay"))
        return usage(QStringLiteral("--phase is first or replay."));
    if (!threadsOk || threads < 1 || threads > 1000 || !requestsOk || requests < 1)
        return usage(QStringLiteral("--threads must be 1 to 1000 and --requests at least 1."));

    Result<std::unique_ptr<Store>> store = openStore(parser.value(QStringLiteral("store")));
    if (!store) {
        std::fprintf(stderr, "idem-bench-guard: %s\n", qPrintable(store.error().message));
        return 1;
    }
    Guard guard(*store.value());
    const GuardOutcome expected = phase == QLatin1String("first") ? GuardOutcome::Executed : GuardOutcome::Replayed;
    const Response response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};

    std::atomic<int> next{0}, unexpected{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> clients;
    for (int t = 0; t < threads; ++t) {
        clients.emplace_back([&] {
            while (!go)
                std::this_thread::yield();
            for (int i = next++; i < requests; i = next++) {
                GuardRequest request;
                request.scope = scope;
                request.key = QStringLiteral("bench-%1").arg(i);
                request.path = "/api/bench";
                request.body = "{\"n\":" + QByteArray::number(i) + '}';
                if (guard.handle(request, [&] { return response; }).outcome != expected)
                    ++unexpected;
            }
        });
    }
    QElapsedTimer timer;
    timer.start();
    go = true;
    for (std::thread &client : clients)
        client.join();
    const double seconds = timer.nsecsElapsed() / 1e9;
    (void)store.value()->flushCounters();

    const QJsonObject result{{QStringLiteral("phase"), phase},
                             {QStringLiteral("threads"), threads},
                             {QStringLiteral("requests"), requests},
                             {QStringLiteral("seconds"), seconds},
                             {QStringLiteral("per_s"), requests / seconds},
                             {QStringLiteral("unexpected"), unexpected.load()}};
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return unexpected.load() == 0 ? 0 : 1;
}
