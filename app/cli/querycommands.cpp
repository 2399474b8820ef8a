#include "app/cli/querycommands.h"

#include "app/cli/clioutput.h"
#include "app/ops/agetext.h"
#include "app/guard/scopepolicy.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/keptrequest.h"
#include "app/store/visibletext.h"
#include "app/telemetry/countersource.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

#include <variant>

namespace {

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// One scope's line of `idemctl stats`.
struct ScopeStats {
    QString scope;
    CounterSet counters; // summed over the window
    QMap<QString, qint64> byState; // IN_FLIGHT, COMPLETED, TIMED_OUT → records now
    qint64 stuck = 0; // in flight past the scope's timeout
};

struct Stats {
    QList<ScopeStats> scopes;
    CounterProvenance provenance; // the store, or Prometheus (which then answered)
};

// Every scope with counters in the window or records now (or only `scope`),
// by name: one counters read (the store's counter source: Prometheus when
// --metrics names one), one count by state, one stuck count per scope. A
// Prometheus server that cannot answer is an error: these numbers go into
// scripts, which must not take "no data" for zero.
Result<Stats> readStats(Store &store, const QString &scope, int minutes)
{
    const qint64 toMinute = now() / 60000;
    const Result<CounterReading> rows = store.counterSource().read(scope, toMinute - minutes + 1, toMinute);
    if (!rows)
        return rows.error();
    if (rows->provenance.failed()) {
        // Exit 1 either way: a bad expression is the layout file's, not the command line's.
        const bool badQuery = rows->provenance.failure == CounterProvenance::Failure::BadQuery;
        return makeError(badQuery ? ErrorKind::Refused : ErrorKind::Unavailable, rows->provenance.message);
    }
    Stats result;
    result.provenance = rows->provenance;
    QMap<QString, ScopeStats> stats;
    for (const CounterRow &row : rows->rows)
        stats[row.scope].counters += row.counts;
    const Result<QList<ScopeCount>> states = store.countByState(scope);
    if (!states)
        return states.error();
    for (const ScopeCount &c : states.value()) {
        if (scope.isEmpty() || c.scope == scope)
            stats[c.scope].byState[recordStateName(c.state)] = c.count;
    }
    for (auto it = stats.begin(); it != stats.end(); ++it) {
        RecordQuery stuck;
        stuck.scope = it.key();
        stuck.startedBeforeMs = now() - ScopePolicies::defaultFor(it.key()).inFlightTimeoutMs;
        const Result<qint64> stuckCount = store.countInFlight(stuck);
        if (!stuckCount)
            return stuckCount.error();
        it->scope = it.key();
        it->stuck = stuckCount.value();
        result.scopes << *it;
    }
    return result;
}

QJsonObject statsJson(const ScopeStats &s, const CounterProvenance &from)
{
    QJsonObject counters;
    for (int i = 0; i < CounterCount; ++i)
        counters.insert(counterName(Counter(i)),
                        from.maps(Counter(i)) ? QJsonValue(s.counters.values[i]) : QJsonValue()); // null: not mapped
    QJsonObject byState;
    for (auto it = s.byState.cbegin(); it != s.byState.cend(); ++it)
        byState.insert(it.key(), it.value());
    const std::optional<double> hitRate = s.counters.hitRate();
    return QJsonObject{{QStringLiteral("scope"), s.scope},
                       {QStringLiteral("counters"), counters},
                       {QStringLiteral("hit_rate"), hitRate ? QJsonValue(*hitRate) : QJsonValue()},
                       {QStringLiteral("records"), byState},
                       {QStringLiteral("stuck"), s.stuck}};
}

QString statsLine(const ScopeStats &s, const CounterProvenance &from)
{
    QStringList parts;
    for (int i = 0; i < CounterCount; ++i)
        parts << counterName(Counter(i)) + QLatin1Char('=')
                     + (from.maps(Counter(i)) ? QString::number(s.counters.values[i]) : QStringLiteral("-"));
    const std::optional<double> hitRate = s.counters.hitRate();
    return CliText::tr("%1: %2 hit=%3 in_flight=%4 completed=%5 timed_out=%6 stuck=%7")
        .arg(visibleText(s.scope), parts.join(QLatin1Char(' ')),
             hitRate ? QString::number(*hitRate * 100, 'f', 1) + QLatin1Char('%') : QStringLiteral("-"))
        .arg(s.byState.value(QStringLiteral("IN_FLIGHT")))
        .arg(s.byState.value(QStringLiteral("COMPLETED")))
        .arg(s.byState.value(QStringLiteral("TIMED_OUT")))
        .arg(s.stuck);
}

} // namespace

// Options → read (readStats) → print.
int runStatsCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr("Counters per scope over the last minutes, record counts by state and stuck records."));
    addStoreOptions(parser);
    addMetricsOptions(parser);
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("minutes"), CliText::tr("Window of the counters in minutes (default 60)."), QStringLiteral("m"),
                      QStringLiteral("60")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    bool ok = false;
    const int minutes = parser.value(QStringLiteral("minutes")).toInt(&ok);
    if (!ok || minutes < 1 || minutes > 60 * 24 * 366)
        return usageError(CliText::tr("--minutes must be a whole number of at least 1."));
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);

    const Result<Stats> stats = readStats(*opened.value(), parser.value(QStringLiteral("scope")), minutes);
    if (!stats)
        return engineError(stats.error(), json);
    const CounterProvenance &from = stats->provenance;
    const bool prometheus = from.source == CounterProvenance::Source::Prometheus;
    if (json) {
        QJsonArray scopes;
        for (const ScopeStats &s : stats->scopes)
            scopes.append(statsJson(s, from));
        QJsonObject out{{QStringLiteral("store"), opened.value()->displayUrl()},
                        {QStringLiteral("minutes"), minutes},
                        {QStringLiteral("scopes"), scopes},
                        {QStringLiteral("counters_from"), prometheus ? QStringLiteral("prometheus") : QStringLiteral("store")}};
        if (prometheus) {
            QJsonArray gaps;
            for (qint64 m : from.noData.value(QString()))
                gaps.append(m);
            out.insert(QStringLiteral("prometheus"), QJsonObject{{QStringLiteral("server"), from.server},
                                                                 {QStringLiteral("mapping"), from.mapping},
                                                                 {QStringLiteral("no_data_minutes"), gaps},
                                                                 {QStringLiteral("resets"), from.resets},
                                                                 {QStringLiteral("note"), from.message}});
        }
        printJson(out);
        return ExitOk;
    }
    if (prometheus) {
        printLine(CliText::tr("Counters from Prometheus %1 (mapping %2); records from the store.").arg(from.server, from.mapping));
        if (!from.message.isEmpty())
            printLine(CliText::tr("note: %1").arg(from.message));
    }
    for (const ScopeStats &s : stats->scopes)
        printLine(statsLine(s, from));
    if (stats->scopes.isEmpty())
        printLine(CliText::tr("No records and no counters in the last %1 minutes.").arg(minutes));
    return ExitOk;
}

namespace {

void addInFlightOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("In-flight records, oldest attempt first (native stores: served by an index, never a scan; "
                    "foreign Redis layouts: SCAN, never KEYS)."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope."), QStringLiteral("scope")});
    parser.addOption(
        {QStringLiteral("older-than"), CliText::tr("Only attempts older than this (e.g. 10m, 90s, 2h)."), QStringLiteral("age")});
    parser.addOption(
        {QStringLiteral("limit"), CliText::tr("At most this many rows (default 100)."), QStringLiteral("n"), QStringLiteral("100")});
}

// The query the options ask for, checked, or the exit code of the usage error it printed.
std::variant<RecordQuery, int> inFlightQueryFromOptions(const QCommandLineParser &parser)
{
    RecordQuery query;
    query.scope = parser.value(QStringLiteral("scope"));
    if (parser.isSet(QStringLiteral("older-than"))) {
        qint64 age = 0;
        if (std::optional<int> exit = parseOlderThan(parser.value(QStringLiteral("older-than")), &age))
            return *exit;
        query.startedBeforeMs = now() - age;
    }
    bool ok = false;
    query.limit = parser.value(QStringLiteral("limit")).toInt(&ok);
    if (!ok || query.limit < 1 || query.limit > 1000000)
        return usageError(CliText::tr("--limit must be a whole number from 1 to 1000000."));
    return query;
}

// What `idemctl inflight` shows: the count, the first page, and how far
// the newest record starts in the future (a clock or time-zone problem).
struct InFlightListing {
    qint64 matched = 0;
    QList<Record> rows;
    qint64 readAtMs = 0;
    qint64 futureLeadMs = 0;
};

Result<InFlightListing> readInFlight(Store &store, const RecordQuery &query)
{
    InFlightListing listing;
    const Result<qint64> total = store.countInFlight(query);
    if (!total)
        return total.error();
    Result<QList<Record>> rows = store.inFlight(query);
    if (!rows)
        return rows.error();
    listing.matched = total.value();
    listing.rows = std::move(rows.value());
    listing.readAtMs = now();
    const Result<qint64> lead = futureLeadMs(store, query.scope, listing.readAtMs);
    if (!lead)
        return lead.error();
    listing.futureLeadMs = lead.value();
    return listing;
}

void printInFlight(Store &store, const InFlightListing &listing, bool json)
{
    const qint64 t = listing.readAtMs;
    const QString warning = futureRecordsWarning(listing.futureLeadMs, store.timeZoneNote());
    if (json) {
        QJsonArray records;
        for (const Record &r : listing.rows)
            records.append(recordToJson(r, t));
        QJsonObject out{{QStringLiteral("matched"), listing.matched},
                        {QStringLiteral("records"), records},
                        {QStringLiteral("layout"), store.layoutName()}};
        if (listing.futureLeadMs > 0) {
            out.insert(QStringLiteral("future_lead_ms"), listing.futureLeadMs);
            out.insert(QStringLiteral("warning"), warning);
        }
        if (const std::shared_ptr<ScanProgress> scan = store.scanProgress()) {
            out.insert(QStringLiteral("scanned_keys"), scan->scanned.load());
            out.insert(QStringLiteral("partial"), scan->lastCancelled.load());
        }
        printJson(out);
        return;
    }
    printLine(CliText::tr("%1 in-flight record(s) match; showing %2.").arg(listing.matched).arg(listing.rows.size()));
    if (!warning.isEmpty())
        printLine(warning);
    for (const Record &r : listing.rows) {
        const bool stuck = r.ageMs(t) >= ScopePolicies::defaultFor(r.scope).inFlightTimeoutMs;
        printLine(QStringLiteral("%1  %2  %3  age=%4  attempts=%5  owner=%6  biz_no=%7%8")
                      .arg(visibleText(r.scope), -9)
                      .arg(visibleText(r.key), -38)
                      .arg(QDateTime::fromMSecsSinceEpoch(r.updatedAt).toString(Qt::ISODate))
                      .arg(ageText(r.ageMs(t)))
                      .arg(r.attempts)
                      .arg(visibleText(r.owner), visibleText(r.bizNo), stuck ? CliText::tr("  STUCK") : QString()));
        if (!r.readError.isEmpty())
            printLine(CliText::tr("    UNREADABLE: %1").arg(visibleText(r.readError)));
    }
}

} // namespace

// Options → query → read (count, page, future lead) → print.
int runInFlightCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addInFlightOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    std::variant<RecordQuery, int> checked = inFlightQueryFromOptions(parser);
    if (const int *exit = std::get_if<int>(&checked))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    const Result<InFlightListing> listing = readInFlight(*opened.value(), std::get<RecordQuery>(checked));
    if (!listing)
        return engineError(listing.error(), json);
    printInFlight(*opened.value(), listing.value(), json);
    return ExitOk;
}

int runGetCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr("One record with every field; the body as text when it is UTF-8, else base64; "
                                                 "then the request the record kept (--json: a \"request\" object, null when none)."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("scope"), CliText::tr("Scope of the record."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("key"), CliText::tr("Key of the record."), QStringLiteral("key")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (!parser.isSet(QStringLiteral("scope")) || !parser.isSet(QStringLiteral("key")))
        return usageError(CliText::tr("get needs --scope S and --key K."));
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    const Result<std::optional<Record>> record =
        opened.value()->get(parser.value(QStringLiteral("scope")), parser.value(QStringLiteral("key")));
    if (!record)
        return engineError(record.error(), json);
    if (!record.value()) {
        if (json)
            printJson(QJsonObject{{QStringLiteral("found"), false}});
        else
            printLine(CliText::tr("No record %1/%2.")
                          .arg(visibleText(parser.value(QStringLiteral("scope"))), visibleText(parser.value(QStringLiteral("key")))));
        return ExitFailure;
    }
    const QJsonObject o = recordToJson(*record.value(), now());
    if (json) {
        QJsonObject withFound = o;
        withFound.insert(QStringLiteral("found"), true);
        printJson(withFound);
        return ExitOk;
    }
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("request") || it.key() == QLatin1String("request_error"))
            continue; // shown as a block of its own, last
        const QJsonValue v = it.value();
        // JSON escapes the headers' control characters; the body keeps its
        // line breaks; every other field is one line.
        const QString text = v.isObject() ? QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Indented)).trimmed()
                             : it.key() == QLatin1String("body") ? visibleBlock(v.toString())
                                                                 : visibleText(v.toVariant().toString());
        printLine(QStringLiteral("%1: %2").arg(it.key(), -12).arg(text));
    }
    // The request as the client sent it (as far as it was kept), indented
    // under its caption; or why there is none.
    printLine(QStringLiteral("request:")); // a field name, like those above (JSON's), not a sentence
    const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(record.value()->request);
    const QString request = !kept          ? kept.error().message
                            : kept.value() ? kept.value()->displayText().trimmed()
                                           : opened.value()->requestNote();
    for (const QString &line : request.split(QLatin1Char('\n')))
        printLine(line.isEmpty() ? line : QStringLiteral("    ") + line);
    return ExitOk;
}
