#include "app/cli/auditcommand.h"

#include "app/cli/clioutput.h"
#include "app/ops/auditverifier.h"
#include "app/ops/reportjson.h"
#include "app/store/openstore.h"
#include "app/store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTextStream>

namespace {

int runVerify(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Checks every audit chain: each entry's hash, its link to the one before, the sequence and the "
                    "chain head. An edited, deleted or reordered entry is reported with where the chain first breaks. "
                    "Exit code 1 when it is broken."));
    addStoreOptions(parser);
    parser.addOption(
        {QStringLiteral("scope"), CliText::tr("Only this scope's chain (repeatable; default: every chain)."), QStringLiteral("scope")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    // Reading the log never writes.
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    const Result<AuditVerdict> verdict = AuditVerifier::verify(*opened.value(), {}, parser.values(QStringLiteral("scope")));
    if (!verdict)
        return engineError(verdict.error(), json);
    const AuditVerdict &v = verdict.value();
    if (json) {
        QJsonObject out = ReportJson::verdict(v); // the report's "audit", plus the store it is about
        out.insert(QStringLiteral("store"), opened.value()->displayUrl());
        printJson(out);
    } else if (v.ok && v.entries == 0) {
        // A deployment nobody has acted on yet: nothing to verify is no failure.
        printLine(CliText::tr("Audit log intact: it is empty (0 entries); no operator action has been written to it yet."));
    } else if (v.ok) {
        printLine(CliText::tr("Audit log intact: %1 entries in %2 chain(s) verified.").arg(v.entries).arg(v.chains));
    } else if (v.firstBad) {
        printLine(CliText::tr("Audit log BROKEN in scope %1 at seq %2 (stored at %3): %4")
                      .arg(visibleText(v.firstBad->scope))
                      .arg(v.firstBad->seq)
                      .arg(v.firstBad->storeId.isEmpty() ? CliText::tr("the chain's end") : v.firstBad->storeId, v.firstBad->reason));
        printLine(CliText::tr("%1 entries in %2 chain(s) read.").arg(v.entries).arg(v.chains));
    }
    return v.ok ? ExitOk : ExitFailure;
}

int runList(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliText::tr("Audit entries, newest first, filtered."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Only entries by this operator."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("action"), CliText::tr("Only this action (timeout, reconcile-complete, reconcile-release, alert, …)."),
                      QStringLiteral("action")});
    parser.addOption({QStringLiteral("batch"), CliText::tr("Only entries of this batch id."), QStringLiteral("id")});
    parser.addOption({QStringLiteral("since"), CliText::tr("Only entries from this long ago (e.g. 1h, 7d)."), QStringLiteral("age")});
    parser.addOption(
        {QStringLiteral("limit"), CliText::tr("At most this many entries (default 100)."), QStringLiteral("n"), QStringLiteral("100")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    AuditQuery query;
    query.scope = parser.value(QStringLiteral("scope"));
    query.operatorName = parser.value(QStringLiteral("operator"));
    query.action = parser.value(QStringLiteral("action"));
    query.batchId = parser.value(QStringLiteral("batch"));
    if (parser.isSet(QStringLiteral("since"))) {
        const std::optional<qint64> since = parseDuration(parser.value(QStringLiteral("since")));
        if (!since)
            return usageError(
                CliText::tr("--since takes a duration such as 1h, 90m or 7d, not '%1'.").arg(parser.value(QStringLiteral("since"))));
        query.fromMs = QDateTime::currentMSecsSinceEpoch() - *since;
    }
    bool ok = false;
    query.limit = parser.value(QStringLiteral("limit")).toInt(&ok);
    if (!ok || query.limit < 1 || query.limit > 100000)
        return usageError(CliText::tr("--limit must be a whole number from 1 to 100000."));
    const bool json = parser.isSet(QStringLiteral("json"));
    // Reading the log never writes.
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    const Result<QList<AuditEntry>> entries = opened.value()->auditEntries(query);
    if (!entries)
        return engineError(entries.error(), json);
    if (json) {
        QJsonArray list;
        for (const AuditEntry &e : entries.value())
            list.append(ReportJson::entry(e));
        printJson(QJsonObject{{QStringLiteral("count"), list.size()}, {QStringLiteral("entries"), list}});
        return ExitOk;
    }
    if (entries->isEmpty())
        printLine(CliText::tr("No audit entries match."));
    for (const AuditEntry &e : entries.value()) {
        // One line per entry: every field is written by whoever could reach
        // the store, so each is shown escaped (a reason's line break as \n).
        const auto field = [](const QString &text) { return text.isEmpty() ? QStringLiteral("-") : visibleText(text); };
        printLine(QStringLiteral("%1  %2#%3  %4  %5  %6 -> %7  %8@%9  %10  %11")
                      .arg(QDateTime::fromMSecsSinceEpoch(e.atMs).toString(Qt::ISODate), visibleText(e.scope))
                      .arg(e.seq)
                      .arg(visibleText(e.action), field(e.key), field(e.stateBefore), field(e.stateAfter),
                           visibleText(e.operatorAndServer()), visibleText(e.host), visibleText(e.batchId), visibleText(e.reason)));
    }
    return ExitOk;
}

} // namespace

int runAuditCommand(const QStringList &arguments)
{
    const QString sub = arguments.value(1);
    const QString usage = CliText::tr("Usage: idemctl audit verify|list [options]\n"
                                      "  verify  check the hash chains: detects an edited, deleted or reordered entry\n"
                                      "  list    list entries, newest first, with filters\n"
                                      "Run 'idemctl audit verify --help' or 'idemctl audit list --help' for their options.\n");
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        QTextStream(stdout) << usage;
        return ExitOk;
    }
    QStringList rest = arguments;
    if (rest.size() > 1)
        rest.removeAt(1);
    rest[0] = arguments.value(0) + QLatin1Char(' ') + sub;
    if (sub == QLatin1String("verify"))
        return runVerify(rest);
    if (sub == QLatin1String("list"))
        return runList(rest);
    QTextStream(stderr) << usage;
    return usageError(sub.isEmpty() ? CliText::tr("audit needs a subcommand: verify or list.")
                                    : CliText::tr("unknown audit subcommand '%1': use verify or list.").arg(sub));
}
