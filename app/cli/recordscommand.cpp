#include "app/cli/recordscommand.h"

#include "app/cli/clioutput.h"
#include "app/ops/agetext.h"
#include "app/store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>

#include <variant>

namespace {

void addRecordsOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("Records in every state the store keeps, newest first, filtered and paged in the store (SQL: an index "
                    "range per state; native Redis: completed records by a walk of the scope's completed index; foreign "
                    "Redis layouts: a SCAN of every key). Reading changes nothing."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("state"), CliText::tr("in_flight, completed, timed_out or any (default any)."),
                      QStringLiteral("state"), QStringLiteral("any")});
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("key-prefix"), CliText::tr("Only keys starting with this (a whole key finds that record)."),
                      QStringLiteral("prefix")});
    parser.addOption({QStringLiteral("biz-no"), CliText::tr("Only business numbers starting with this (a whole number finds its records)."),
                      QStringLiteral("number")});
    parser.addOption(
        {QStringLiteral("limit"), CliText::tr("At most this many rows (default 100)."), QStringLiteral("n"), QStringLiteral("100")});
    parser.addOption({QStringLiteral("oldest-first"), CliText::tr("Oldest update first instead of newest.")});
}

std::variant<RecordQuery, int> recordQueryFromOptions(const QCommandLineParser &parser)
{
    RecordQuery query;
    const QString state = parser.value(QStringLiteral("state")).trimmed().toLower();
    if (state == QLatin1String("any"))
        query.state.reset();
    else if (const std::optional<RecordState> s = recordStateFromName(state.toUpper()))
        query.state = *s;
    else
        return usageError(
            CliText::tr("--state must be in_flight, completed, timed_out or any, not '%1'.").arg(parser.value(QStringLiteral("state"))));
    query.scope = parser.value(QStringLiteral("scope"));
    query.keyPrefix = parser.value(QStringLiteral("key-prefix"));
    query.bizNoPrefix = parser.value(QStringLiteral("biz-no"));
    query.newestFirst = !parser.isSet(QStringLiteral("oldest-first"));
    bool ok = false;
    query.limit = parser.value(QStringLiteral("limit")).toInt(&ok);
    if (!ok || query.limit < 1 || query.limit > 1000000)
        return usageError(CliText::tr("--limit must be a whole number from 1 to 1000000."));
    return query;
}

struct RecordListing {
    qint64 matched = 0;
    QList<Record> rows;
    qint64 readAtMs = 0;
};

Result<RecordListing> readRecords(Store &store, const RecordQuery &query)
{
    const Result<qint64> total = store.countRecords(query);
    if (!total)
        return total.error();
    Result<QList<Record>> rows = store.records(query);
    if (!rows)
        return rows.error();
    return RecordListing{total.value(), std::move(rows.value()), QDateTime::currentMSecsSinceEpoch()};
}

void printRecords(Store &store, const RecordQuery &query, const RecordListing &listing, bool json)
{
    const qint64 t = listing.readAtMs;
    if (json) {
        QJsonArray records;
        for (const Record &r : listing.rows)
            records.append(recordToJson(r, t));
        QJsonObject out{{QStringLiteral("matched"), listing.matched},
                        {QStringLiteral("state"), query.state ? recordStateName(*query.state) : QStringLiteral("ANY")},
                        {QStringLiteral("records"), records},
                        {QStringLiteral("layout"), store.layoutName()}};
        // Where a next page starts (Store::records with RecordQuery::after).
        if (listing.rows.size() == query.limit) {
            const Record &last = listing.rows.constLast();
            out.insert(QStringLiteral("next_after"), QJsonObject{{QStringLiteral("updated_at"), last.updatedAt},
                                                                 {QStringLiteral("scope"), last.scope},
                                                                 {QStringLiteral("key"), last.key}});
        }
        printJson(out);
        return;
    }
    printLine(CliText::tr("%1 record(s) match; showing %2.").arg(listing.matched).arg(listing.rows.size()));
    for (const Record &r : listing.rows) {
        printLine(QStringLiteral("%1  %2  %3  %4  age=%5  status=%6  attempts=%7  owner=%8  biz_no=%9")
                      .arg(visibleText(r.scope), -9)
                      .arg(visibleText(r.key), -38)
                      .arg(recordStateName(r.state), -9)
                      .arg(QDateTime::fromMSecsSinceEpoch(r.updatedAt).toString(Qt::ISODate))
                      .arg(ageText(r.ageMs(t)))
                      .arg(r.statusCode)
                      .arg(r.attempts)
                      .arg(visibleText(r.owner), visibleText(r.bizNo)));
        if (!r.readError.isEmpty())
            printLine(CliText::tr("    UNREADABLE: %1").arg(visibleText(r.readError)));
    }
}

} // namespace

// Options → query → read (count and first page) → print.
int runRecordsCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addRecordsOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    std::variant<RecordQuery, int> checked = recordQueryFromOptions(parser);
    if (const int *exit = std::get_if<int>(&checked))
        return *exit;
    const RecordQuery &query = std::get<RecordQuery>(checked);
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    const Result<RecordListing> listing = readRecords(*opened.value(), query);
    if (!listing)
        return engineError(listing.error(), json);
    printRecords(*opened.value(), query, listing.value(), json);
    return ExitOk;
}
