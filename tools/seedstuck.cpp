// idem-seed-stuck: stuck in-flight records on a native store, as a service
// leaves them when its calls hang: each key claimed through the engine with
// a claim time `--age` in the past, never completed. For demonstrations and
// the fix benchmark (tools/bench-fix.sh); not a test, it asserts nothing.
#include "app/store/openstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

int usage(const QString &message)
{
    std::fprintf(stderr, "idem-seed-stuck: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("idem-seed-stuck"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Claims keys on a native store with an old claim time and leaves them in flight."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL (created if missing)."), QStringLiteral("url")});
    parser.addOption(
        {QStringLiteral("scopes"), QStringLiteral("Comma-separated scopes."), QStringLiteral("a,b"), QStringLiteral("payment")});
    parser.addOption({QStringLiteral("per-scope"), QStringLiteral("Records per scope."), QStringLiteral("n"), QStringLiteral("3")});
    parser.addOption(
        {QStringLiteral("age-minutes"), QStringLiteral("How long ago the attempts started."), QStringLiteral("m"), QStringLiteral("30")});
    parser.addOption({QStringLiteral("prefix"), QStringLiteral("Key prefix; the business number is BIZ- and the same suffix."),
                      QStringLiteral("text"), QStringLiteral("stuck-")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Client threads."), QStringLiteral("n"), QStringLiteral("4")});
    parser.process(app);

    bool perOk = false, ageOk = false, threadsOk = false;
    const int perScope = parser.value(QStringLiteral("per-scope")).toInt(&perOk);
    const int ageMinutes = parser.value(QStringLiteral("age-minutes")).toInt(&ageOk);
    const int threads = parser.value(QStringLiteral("threads")).toInt(&threadsOk);
    const QStringList scopes = parser.value(QStringLiteral("scopes")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (!parser.isSet(QStringLiteral("store")) || scopes.isEmpty())
        return usage(QStringLiteral("--store URL and --scopes are required."));
    if (!perOk || perScope < 1 || !ageOk || ageMinutes < 1 || !threadsOk || threads < 1 || threads > 64)
        return usage(QStringLiteral("--per-scope and --age-minutes must be positive, --threads 1 to 64."));

    Result<std::unique_ptr<Store>> opened = openStore(parser.value(QStringLiteral("store")), OpenMode::Create);
    if (!opened) {
        std::fprintf(stderr, "idem-seed-stuck: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    Store &store = *opened.value();
    const QString prefix = parser.value(QStringLiteral("prefix"));
    const qint64 startedAt = QDateTime::currentMSecsSinceEpoch() - qint64(ageMinutes) * 60000;
    const qint64 total = qint64(perScope) * scopes.size();
    std::atomic<qint64> next{0}, claimed{0}, failed{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&] {
            for (qint64 i = next++; i < total; i = next++) {
                const QString suffix = QString::number(i / scopes.size());
                ClaimRequest request;
                request.scope = scopes.at(int(i % scopes.size()));
                request.key = prefix + suffix;
                request.bizNo = QStringLiteral("BIZ-") + suffix;
                request.fingerprint = QString(64, QLatin1Char('a'));
                request.owner = QStringLiteral("seed-host:1");
                // Spread over a minute so the listing has distinct ages.
                request.nowMs = startedAt - (i % 60000);
                request.inFlightTimeoutMs = 365LL * 24 * 3600 * 1000; // never reclaim what an earlier seeding left
                const Result<ClaimResult> result = store.claim(request);
                if (result && result->outcome == ClaimOutcome::Claimed)
                    ++claimed;
                else
                    ++failed;
            }
        });
    }
    for (std::thread &w : workers)
        w.join();
    (void)store.flushCounters();
    std::printf("%lld claimed, %lld not (already there or failed), over %lld scope(s)\n", static_cast<long long>(claimed.load()),
                static_cast<long long>(failed.load()), static_cast<long long>(scopes.size()));
    return failed > 0 ? 1 : 0;
}
