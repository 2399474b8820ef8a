#include "app/cli/democommand.h"

#include "app/cli/clioutput.h"
#include "app/sim/salessimulator.h"
#include "app/store/storeurl.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

#include <atomic>
#include <csignal>
#include <variant>

namespace {

std::atomic<bool> g_interrupted{false};

CounterSet totalSince(Store &store, qint64 fromMinute)
{
    CounterSet total;
    const Result<QList<CounterRow>> rows = store.counters(QString(), fromMinute, fromMinute + 100000);
    if (rows) {
        for (const CounterRow &row : rows.value())
            total += row.counts;
    }
    return total;
}

void addDemoOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(CliText::tr("Drive sales-event traffic through the guard and print live counters once a second."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("rate"), CliText::tr("New journeys (checkouts, callbacks) per second (default 50)."),
                      QStringLiteral("n"), QStringLiteral("50")});
    parser.addOption({QStringLiteral("seconds"), CliText::tr("Stop after this many seconds (default: run until interrupted)."),
                      QStringLiteral("t"), QStringLiteral("0")});
}

struct DemoOptions {
    int rate = 50; // journeys per second
    int seconds = 0; // 0: until interrupted
};

// The options, checked, or the exit code of the usage error it printed.
std::variant<DemoOptions, int> demoOptionsFrom(const QCommandLineParser &parser)
{
    DemoOptions options;
    bool ok = false;
    options.rate = parser.value(QStringLiteral("rate")).toInt(&ok);
    if (!ok || options.rate < 1 || options.rate > 100000)
        return usageError(CliText::tr("--rate must be a whole number from 1 to 100000."));
    options.seconds = parser.value(QStringLiteral("seconds")).toInt(&ok);
    if (!ok || options.seconds < 0)
        return usageError(CliText::tr("--seconds must be a whole number, 0 for no limit."));
    return options;
}

// One line of the live output: the counters since the start, and the
// records in flight now (-1 where the count failed).
struct DemoTick {
    int second = 0;
    CounterSet counters;
    qint64 inFlight = -1;
    qint64 stuck = -1; // in flight for more than 10 minutes
};

DemoTick readTick(Store &store, qint64 startMinute, int second)
{
    DemoTick tick;
    tick.second = second;
    tick.counters = totalSince(store, startMinute);
    RecordQuery stuckQuery;
    stuckQuery.startedBeforeMs = QDateTime::currentMSecsSinceEpoch() - 10 * 60 * 1000;
    tick.inFlight = store.countInFlight(RecordQuery{}).value_or(-1);
    tick.stuck = store.countInFlight(stuckQuery).value_or(-1);
    return tick;
}

void printTick(const DemoTick &tick, bool json)
{
    const CounterSet &c = tick.counters;
    const double hit = c.hitRate().value_or(0) * 100;
    if (json) {
        QJsonObject line{{QStringLiteral("t"), tick.second},
                         {QStringLiteral("in_flight"), tick.inFlight},
                         {QStringLiteral("stuck"), tick.stuck},
                         {QStringLiteral("hit_rate"), hit / 100}};
        for (int i = 0; i < CounterCount; ++i)
            line.insert(counterName(Counter(i)), c.values[i]);
        printJson(line);
        return;
    }
    printLine(CliText::tr("t=%1s executed=%2 replayed=%3 in_progress=%4 mismatch=%5 released=%6 late_finish=%7 store_errors=%8 "
                          "hit=%9% in_flight=%10 stuck=%11")
                  .arg(tick.second)
                  .arg(c[Counter::Executed])
                  .arg(c[Counter::Replayed])
                  .arg(c[Counter::InProgress])
                  .arg(c[Counter::Mismatch])
                  .arg(c[Counter::Released])
                  .arg(c[Counter::LateFinish])
                  .arg(c[Counter::StoreErrors])
                  .arg(hit, 0, 'f', 1)
                  .arg(tick.inFlight)
                  .arg(tick.stuck));
}

} // namespace

// Options → store and simulator → one tick a second until the end or Ctrl-C.
int runDemoCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addDemoOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (std::optional<int> exit =
            writesRefusedReadOnly(parser, CliText::tr("demo cannot run read-only: it drives simulated sales traffic "
                                                      "through the guard, which claims, completes and releases records as a "
                                                      "service does. Leave out --read-only and give it a store of its own "
                                                      "(e.g. --store sqlite:///tmp/idem-demo.db), never one a service uses.")))
        return *exit;
    std::variant<DemoOptions, int> checked = demoOptionsFrom(parser);
    if (const int *exit = std::get_if<int>(&checked))
        return *exit;
    const DemoOptions &options = std::get<DemoOptions>(checked);
    const bool json = parser.isSet(QStringLiteral("json"));

    Result<std::unique_ptr<Store>> store = openTrafficStore(parser);
    if (!store)
        return engineError(store.error(), json);
    // Parsed already by openStoreFromOptions(); the orders table needs the parts.
    const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser));
    if (url->kind == StoreUrl::Kind::Redis)
        return engineError(
            makeError(ErrorKind::NotBuilt, CliText::tr("The demo writes its orders table beside the records and needs a SQL store.")),
            json);

    OrderTable orders(url.value());
    SimulatorConfig config;
    config.journeysPerSecond = options.rate;
    SalesSimulator simulator(*store.value(), orders, config);
    const qint64 startMinute = QDateTime::currentMSecsSinceEpoch() / 60000;
    if (Result<void> started = simulator.start(); !started)
        return engineError(started.error(), json);

    std::signal(SIGINT, [](int) { g_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_interrupted = true; });
    if (!json)
        printLine(CliText::tr("Demo on %1 at %2 journeys/s; Ctrl-C stops.").arg(store.value()->displayUrl()).arg(options.rate));
    for (int second = 1; !g_interrupted && (options.seconds == 0 || second <= options.seconds); ++second) {
        QThread::sleep(1);
        printTick(readTick(*store.value(), startMinute, second), json);
    }
    simulator.stop();
    return ExitOk;
}
