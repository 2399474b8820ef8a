#include "app/cli/democommand.h"

#include "app/cli/clioutput.h"
#include "app/sim/salessimulator.h"
#include "app/store/storeurl.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

#include <atomic>
#include <csignal>

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

} // namespace

int runDemoCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr("Drive sales-event traffic through the guard and print live counters once a second."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("rate"), CliText::tr("New journeys (checkouts, callbacks) per second (default 50)."), QStringLiteral("n"), QStringLiteral("50")});
    parser.addOption({QStringLiteral("seconds"), CliText::tr("Stop after this many seconds (default: run until interrupted)."), QStringLiteral("t"), QStringLiteral("0")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (std::optional<int> exit = writesRefusedReadOnly(parser, CliText::tr("demo cannot run read-only: it drives simulated sales traffic "
                                                                               "through the guard, which claims, completes and releases records as a "
                                                                               "service does. Leave out --read-only and give it a store of its own "
                                                                               "(e.g. --store sqlite:///tmp/idem-demo.db), never one a service uses.")))
        return *exit;
    bool ok = false;
    const int rate = parser.value(QStringLiteral("rate")).toInt(&ok);
    if (!ok || rate < 1 || rate > 100000)
        return usageError(CliText::tr("--rate must be a whole number from 1 to 100000."));
    const int seconds = parser.value(QStringLiteral("seconds")).toInt(&ok);
    if (!ok || seconds < 0)
        return usageError(CliText::tr("--seconds must be a whole number, 0 for no limit."));
    const bool json = parser.isSet(QStringLiteral("json"));

    Result<std::unique_ptr<Store>> store = openStoreFromOptions(parser, OpenMode::Create);
    if (!store)
        return engineError(store.error(), json);
    if (std::optional<Error> foreign = claimsRefused(*store.value()))
        return engineError(*foreign, json);
    // Parsed already by openStoreFromOptions(); the orders table needs the parts.
    const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser));
    if (url->kind == StoreUrl::Kind::Redis)
        return engineError(makeError(ErrorKind::NotBuilt, CliText::tr("The demo writes its orders table beside the records and needs a SQL store.")), json);

    OrderTable orders(url.value());
    SimulatorConfig config;
    config.journeysPerSecond = rate;
    SalesSimulator simulator(*store.value(), orders, config);
    const qint64 startMinute = QDateTime::currentMSecsSinceEpoch() / 60000;
    if (Result<void> started = simulator.start(); !started)
        return engineError(started.error(), json);

    std::signal(SIGINT, [](int) { g_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_interrupted = true; });
    if (!json)
        printLine(CliText::tr("Demo on %1 at %2 journeys/s; Ctrl-C stops.").arg(store.value()->displayUrl()).arg(rate));
    for (int second = 1; !g_interrupted && (seconds == 0 || second <= seconds); ++second) {
        QThread::sleep(1);
        const CounterSet c = totalSince(*store.value(), startMinute);
        InFlightQuery stuckQuery;
        stuckQuery.startedBeforeMs = QDateTime::currentMSecsSinceEpoch() - 10 * 60 * 1000;
        const qint64 inflight = store.value()->countInFlight(InFlightQuery{}).value_or(-1);
        const qint64 stuck = store.value()->countInFlight(stuckQuery).value_or(-1);
        const double hit = c.hitRate().value_or(0) * 100;
        if (json) {
            QJsonObject line{{QStringLiteral("t"), second}, {QStringLiteral("in_flight"), inflight}, {QStringLiteral("stuck"), stuck},
                             {QStringLiteral("hit_rate"), hit / 100}};
            for (int i = 0; i < CounterCount; ++i)
                line.insert(counterName(Counter(i)), c.values[i]);
            printJson(line);
        } else {
            printLine(CliText::tr("t=%1s executed=%2 replayed=%3 in_progress=%4 mismatch=%5 released=%6 late_finish=%7 store_errors=%8 "
                         "hit=%9% in_flight=%10 stuck=%11")
                          .arg(second)
                          .arg(c[Counter::Executed])
                          .arg(c[Counter::Replayed])
                          .arg(c[Counter::InProgress])
                          .arg(c[Counter::Mismatch])
                          .arg(c[Counter::Released])
                          .arg(c[Counter::LateFinish])
                          .arg(c[Counter::StoreErrors])
                          .arg(hit, 0, 'f', 1)
                          .arg(inflight)
                          .arg(stuck));
        }
    }
    simulator.stop();
    return ExitOk;
}
