#include "app/cli/presscommand.h"

#include "app/cli/clioutput.h"
#include "app/guard/guard.h"
#include "app/sim/pressrun.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <variant>

namespace {

std::optional<int> positiveInt(const QCommandLineParser &parser, const QString &name, int max)
{
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < 1 || value > max)
        return std::nullopt;
    return value;
}

void addPressOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("Press test: many concurrent guarded requests on few keys; the business action counts its executions."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("scope"), CliText::tr("Scope of the press keys (default press)."), QStringLiteral("scope"),
                      QStringLiteral("press")});
    parser.addOption({QStringLiteral("concurrency"), CliText::tr("Client threads."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("requests"), CliText::tr("Guarded requests in all."), QStringLiteral("m")});
    parser.addOption({QStringLiteral("keys"), CliText::tr("Distinct keys press-0 … press-(K-1) (default 1)."), QStringLiteral("k"),
                      QStringLiteral("1")});
    parser.addOption({QStringLiteral("work-ms"), CliText::tr("Duration of the business action in ms (default 20)."), QStringLiteral("w"),
                      QStringLiteral("20")});
    parser.addOption({QStringLiteral("retry-in-progress"), CliText::tr("A client that gets 409 waits its Retry-After and tries again.")});
    parser.addOption({QStringLiteral("replica-acks"),
                      CliText::tr("Redis Cluster: replicas that must have a claim before the business runs (WAIT; 0 to 5; default: "
                                  "the scope's policy, 1 for payment and callback)."),
                      QStringLiteral("n")});
}

// The run the options ask for, checked, or the exit code of the usage error it printed.
std::variant<PressConfig, int> pressConfigFromOptions(const QCommandLineParser &parser)
{
    PressConfig config;
    config.scope = parser.value(QStringLiteral("scope"));
    if (const std::optional<QString> bad = Guard::validateScope(config.scope))
        return usageError(*bad);
    if (!parser.isSet(QStringLiteral("concurrency")) || !parser.isSet(QStringLiteral("requests")))
        return usageError(CliText::tr("press needs --concurrency N and --requests M."));
    const std::optional<int> concurrency = positiveInt(parser, QStringLiteral("concurrency"), 2000);
    const std::optional<int> requests = positiveInt(parser, QStringLiteral("requests"), 10000000);
    const std::optional<int> keys = positiveInt(parser, QStringLiteral("keys"), 10000000);
    bool ok = false;
    const int workMs = parser.value(QStringLiteral("work-ms")).toInt(&ok);
    if (!concurrency)
        return usageError(CliText::tr("--concurrency must be a whole number from 1 to 2000."));
    if (!requests)
        return usageError(CliText::tr("--requests must be a whole number of at least 1."));
    if (!keys)
        return usageError(CliText::tr("--keys must be a whole number of at least 1."));
    if (!ok || workMs < 0 || workMs > 60000)
        return usageError(CliText::tr("--work-ms must be a whole number from 0 to 60000."));
    config.concurrency = *concurrency;
    config.requests = *requests;
    config.keys = *keys;
    config.workMs = workMs;
    config.retryInProgress = parser.isSet(QStringLiteral("retry-in-progress"));
    if (parser.isSet(QStringLiteral("replica-acks"))) {
        const int acks = parser.value(QStringLiteral("replica-acks")).toInt(&ok);
        if (!ok || acks < 0 || acks > 5)
            return usageError(CliText::tr("--replica-acks must be a whole number from 0 to 5."));
        config.replicaAcks = acks;
    }
    return config;
}

void printPressReport(const Store &store, const PressConfig &config, const PressReport &r, bool json)
{
    if (json) {
        printJson(QJsonObject{
            {QStringLiteral("store"), store.displayUrl()},
            {QStringLiteral("scope"), config.scope},
            {QStringLiteral("concurrency"), config.concurrency},
            {QStringLiteral("requests"), r.requests},
            {QStringLiteral("keys"), r.keys},
            {QStringLiteral("executed"), r.executed},
            {QStringLiteral("replayed"), r.replayed},
            {QStringLiteral("in_progress"), r.inProgress},
            {QStringLiteral("mismatch"), r.mismatch},
            {QStringLiteral("errors"), r.errors},
            {QStringLiteral("exactly_once"), r.exactlyOnce},
            {QStringLiteral("consistent"), r.consistent},
            {QStringLiteral("p50_ms"), r.p50Ms},
            {QStringLiteral("p99_ms"), r.p99Ms},
            {QStringLiteral("seconds"), r.seconds},
            {QStringLiteral("error_samples"), QJsonArray::fromStringList(r.errorSamples)},
        });
        return;
    }
    printLine(CliText::tr("%1 requests on %2 key(s) from %3 threads in %4 s: executed=%5 replayed=%6 in_progress=%7 mismatch=%8 errors=%9")
                  .arg(r.requests)
                  .arg(r.keys)
                  .arg(config.concurrency)
                  .arg(r.seconds, 0, 'f', 2)
                  .arg(r.executed)
                  .arg(r.replayed)
                  .arg(r.inProgress)
                  .arg(r.mismatch)
                  .arg(r.errors));
    printLine(CliText::tr("exactly once: %1, consistent responses: %2, p50 %3 ms, p99 %4 ms")
                  .arg(r.exactlyOnce ? CliText::tr("yes") : CliText::tr("NO"), r.consistent ? CliText::tr("yes") : CliText::tr("NO"))
                  .arg(r.p50Ms, 0, 'f', 1)
                  .arg(r.p99Ms, 0, 'f', 1));
    for (const QString &sample : r.errorSamples)
        printLine(CliText::tr("error: %1").arg(sample));
}

} // namespace

// Options → config → press → print.
int runPressCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addPressOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (std::optional<int> exit =
            writesRefusedReadOnly(parser, CliText::tr("press cannot run read-only: every request it sends claims and "
                                                      "completes a record, as a service does. Leave out --read-only and give "
                                                      "it a store of its own (e.g. --store sqlite:///tmp/idem-press.db), never "
                                                      "one a service uses.")))
        return *exit;
    std::variant<PressConfig, int> checked = pressConfigFromOptions(parser);
    if (const int *exit = std::get_if<int>(&checked))
        return *exit;
    const PressConfig &config = std::get<PressConfig>(checked);
    const bool json = parser.isSet(QStringLiteral("json"));

    Result<std::unique_ptr<Store>> store = openTrafficStore(parser);
    if (!store)
        return engineError(store.error(), json);
    const PressReport r = runPress(*store.value(), config);
    printPressReport(*store.value(), config, r, json);
    // A second run on the same scope replays everything (executed 0): that is
    // fine; running a key twice or answering it two ways is not.
    return r.errors == 0 && r.consistent && r.executed <= r.keys ? ExitOk : ExitFailure;
}
