#include "reconcilecommand.h"

#include "clioutput.h"
#include "ops/mappingprofiles.h"
#include "ops/reconcileplan.h"
#include "store/openstore.h"
#include "store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTextStream>

#include <atomic>
#include <csignal>

namespace {

// Rows in the output stop here; the counts are always complete.
constexpr int DefaultRowCap = 100;

std::atomic_bool g_cancel{false};

QStringList valueList(const QString &text)
{
    QStringList out;
    for (const QString &v : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!v.trimmed().isEmpty())
            out << v.trimmed();
    }
    return out;
}

QJsonObject rowToJson(const ReconcileRow &row, qint64 nowMs)
{
    QJsonValue order;
    if (row.order)
        order = QJsonDocument::fromJson(row.order->toJson()).object();
    return QJsonObject{{QStringLiteral("scope"), row.target.scope},
                       {QStringLiteral("key"), row.target.key},
                       {QStringLiteral("biz_no"), row.target.bizNo},
                       {QStringLiteral("state"), recordStateName(row.target.state)},
                       {QStringLiteral("age_ms"), nowMs - row.target.updatedAt},
                       {QStringLiteral("owner"), row.target.owner},
                       {QStringLiteral("proposal"), reconcileProposalName(row.proposal)},
                       {QStringLiteral("why"), row.why},
                       {QStringLiteral("excluded"), row.excluded},
                       {QStringLiteral("order"), order}};
}

} // namespace

int runReconcileCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Reconciles stuck records against a business order table: a done order completes the record with a "
                    "response synthesised from the order (flagged as reconciled), a missing or failed order releases it so "
                    "the client may resubmit, anything else is left for review. Orders are looked up in batches of %1. Each "
                    "record changes only if it is still as the dry run saw it; every change is audited with the order row "
                    "as evidence. Ctrl-C stops between records.")
            .arg(OrderLookup::MaxBatch));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("orders"), CliText::tr("URL of the database with the order table (sqlite:///…, postgresql://…, mysql://…)."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("table"), CliText::tr("Order table, e.g. orders or sales.orders."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("key-column"), CliText::tr("Column holding the business number."), QStringLiteral("column")});
    parser.addOption({QStringLiteral("status-column"), CliText::tr("Column holding the order status."), QStringLiteral("column")});
    parser.addOption({QStringLiteral("done-values"), CliText::tr("Comma-separated statuses that mean done (complete the record)."), QStringLiteral("values")});
    parser.addOption({QStringLiteral("pending-values"), CliText::tr("Comma-separated statuses that mean still pending (review)."), QStringLiteral("values")});
    parser.addOption({QStringLiteral("failed-values"), CliText::tr("Comma-separated statuses that mean failed (release the record)."), QStringLiteral("values")});
    parser.addOption({QStringLiteral("match"), CliText::tr("Record field matched against the key column: biz_no (default) or key."), QStringLiteral("field")});
    parser.addOption({QStringLiteral("response-status"), CliText::tr("HTTP status of the synthesised response (default 200)."), QStringLiteral("code")});
    parser.addOption({QStringLiteral("response-template"), CliText::tr("Body template: {{key}}, {{biz_no}}, {{scope}}, {{status}}, {{order.COLUMN}}."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("profile"), CliText::tr("Start from this saved mapping profile; options given override it."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("save-profile"), CliText::tr("Save the mapping under this name (shared with the console)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope (default: every scope)."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("older-than"), CliText::tr("In-flight attempts started longer ago than this (default 10m)."), QStringLiteral("age"), QStringLiteral("10m")});
    parser.addOption({QStringLiteral("in-flight-only"), CliText::tr("Leave TIMED_OUT records out (they are included by default).")});
    parser.addOption({QStringLiteral("exclude"), CliText::tr("Leave this record out (repeatable)."), QStringLiteral("scope/key")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who takes the action (default: the OS user)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("reason"), CliText::tr("Why; written to the audit log. Required unless --dry-run."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("dry-run"), CliText::tr("Only show the plan; change nothing.")});
    parser.addOption({QStringLiteral("rows"), CliText::tr("Show at most this many rows (default 100; the counts are complete)."), QStringLiteral("n"),
                      QString::number(DefaultRowCap)});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;

    // The mapping: a profile, then the options on top.
    OrderMapping mapping;
    if (parser.isSet(QStringLiteral("profile"))) {
        const std::optional<OrderMapping> profile = MappingProfiles::find(parser.value(QStringLiteral("profile")));
        if (!profile)
            return usageError(CliText::tr("no reconcile profile named '%1'.").arg(parser.value(QStringLiteral("profile"))));
        mapping = *profile;
    }
    const auto text = [&parser](const char *name, QString *out) {
        if (parser.isSet(QLatin1String(name)))
            *out = parser.value(QLatin1String(name));
    };
    text("orders", &mapping.ordersUrl);
    text("table", &mapping.table);
    text("key-column", &mapping.keyColumn);
    text("status-column", &mapping.statusColumn);
    text("response-template", &mapping.bodyTemplate);
    if (parser.isSet(QStringLiteral("done-values")))
        mapping.doneValues = valueList(parser.value(QStringLiteral("done-values")));
    if (parser.isSet(QStringLiteral("pending-values")))
        mapping.pendingValues = valueList(parser.value(QStringLiteral("pending-values")));
    if (parser.isSet(QStringLiteral("failed-values")))
        mapping.failedValues = valueList(parser.value(QStringLiteral("failed-values")));
    if (parser.isSet(QStringLiteral("match"))) {
        const QString match = parser.value(QStringLiteral("match"));
        if (match == QLatin1String("biz_no"))
            mapping.match = OrderMapping::MatchField::BizNo;
        else if (match == QLatin1String("key"))
            mapping.match = OrderMapping::MatchField::Key;
        else
            return usageError(CliText::tr("--match takes biz_no or key, not '%1'.").arg(match));
    }
    if (parser.isSet(QStringLiteral("response-status"))) {
        bool ok = false;
        mapping.responseStatus = parser.value(QStringLiteral("response-status")).toInt(&ok);
        if (!ok)
            return usageError(CliText::tr("--response-status takes an HTTP status such as 200."));
    }
    if (mapping.ordersUrl.isEmpty() || mapping.table.isEmpty() || mapping.keyColumn.isEmpty() || mapping.statusColumn.isEmpty()
        || mapping.doneValues.isEmpty())
        return usageError(CliText::tr("reconcile needs --orders URL --table T --key-column C --status-column S --done-values a,b "
                                      "(or --profile NAME)."));
    if (const Result<void> valid = mapping.validate(); !valid)
        return usageError(valid.error().message);
    if (parser.isSet(QStringLiteral("save-profile"))) {
        mapping.name = parser.value(QStringLiteral("save-profile"));
        if (const Result<void> saved = MappingProfiles::save(mapping); !saved)
            return engineError(saved.error(), parser.isSet(QStringLiteral("json")));
    }

    qint64 olderThan = 0;
    if (std::optional<int> exit = parseOlderThan(parser.value(QStringLiteral("older-than")), &olderThan))
        return *exit;
    bool rowsOk = false;
    const int rowCap = parser.value(QStringLiteral("rows")).toInt(&rowsOk);
    if (!rowsOk || rowCap < 0)
        return usageError(CliText::tr("--rows must be a whole number, 0 or more."));
    QSet<QString> excluded;
    for (const QString &e : parser.values(QStringLiteral("exclude"))) {
        if (!e.contains(QLatin1Char('/')))
            return usageError(CliText::tr("--exclude takes SCOPE/KEY, not '%1'.").arg(e));
        excluded.insert(e);
    }
    const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
    OperatorIdentity who;
    if (std::optional<int> exit = operatorFromOptions(parser, dryRun, CliText::tr("reconcile needs --reason TEXT (written to the audit log), or --dry-run to only see the plan."), &who))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, openModeFromOptions(parser));
    if (!opened)
        return engineError(opened.error(), json);
    Store &store = *opened.value();
    OrderLookup orders(mapping);
    if (const Result<void> ready = orders.open(); !ready)
        return engineError(ready.error(), json);

    std::signal(SIGINT, [](int) { g_cancel = true; });
    std::signal(SIGTERM, [](int) { g_cancel = true; });
    ActionControl control;
    control.cancel = &g_cancel;

    ReconcileCriteria criteria;
    criteria.scope = parser.value(QStringLiteral("scope"));
    criteria.olderThanMs = olderThan;
    criteria.includeTimedOut = !parser.isSet(QStringLiteral("in-flight-only"));
    const qint64 plannedAt = QDateTime::currentMSecsSinceEpoch();
    Result<QList<ReconcileRow>> built = ReconcilePlan::build(store, orders, criteria, plannedAt, control);
    if (!built)
        return engineError(built.error(), json);
    if (control.cancelled()) {
        const QString message = CliText::tr("The dry run was interrupted; nothing changed.");
        if (json)
            printJson(QJsonObject{{QStringLiteral("error"), QStringLiteral("cancelled")}, {QStringLiteral("message"), message}});
        QTextStream(stderr) << CliText::tr("idemctl: %1").arg(message) << '\n';
        return ExitFailure;
    }
    QList<ReconcileRow> &rows = built.value();
    qint64 excludedCount = 0;
    for (ReconcileRow &row : rows) {
        row.excluded = excluded.contains(row.target.scope + QLatin1Char('/') + row.target.key);
        excludedCount += row.excluded ? 1 : 0;
    }
    const ReconcileSummary summary = ReconcilePlan::summarise(rows);

    QJsonObject out{{QStringLiteral("store"), store.displayUrl()},
                    {QStringLiteral("orders"), orders.displayUrl()},
                    {QStringLiteral("table"), mapping.table},
                    {QStringLiteral("scope"), criteria.scope.isEmpty() ? QJsonValue() : QJsonValue(criteria.scope)},
                    {QStringLiteral("older_than_ms"), criteria.olderThanMs},
                    {QStringLiteral("dry_run"), dryRun},
                    {QStringLiteral("matched"), summary.matched},
                    {QStringLiteral("complete"), summary.complete},
                    {QStringLiteral("release"), summary.release},
                    {QStringLiteral("review"), summary.review},
                    {QStringLiteral("excluded"), excludedCount},
                    {QStringLiteral("order_queries"), orders.queryCount()}};
    QJsonArray rowsJson;
    for (const ReconcileRow &row : std::as_const(rows)) {
        if (rowsJson.size() >= rowCap)
            break;
        rowsJson.append(rowToJson(row, plannedAt));
    }
    out.insert(QStringLiteral("rows"), rowsJson);
    out.insert(QStringLiteral("rows_truncated"), rows.size() > rowCap);
    if (!json) {
        printLine(CliText::tr("%1 stuck record(s): %2 to complete, %3 to release, %4 for review%5 (%6 order queries).")
                      .arg(summary.matched)
                      .arg(summary.complete)
                      .arg(summary.release)
                      .arg(summary.review)
                      .arg(excludedCount ? CliText::tr("; %1 excluded").arg(excludedCount) : QString())
                      .arg(orders.queryCount()));
        for (const ReconcileRow &row : rows.mid(0, rowCap))
            printLine(QStringLiteral("  %1 %2/%3  biz_no=%4  %5%6")
                          .arg(reconcileProposalName(row.proposal), -8)
                          .arg(visibleText(row.target.scope), visibleText(row.target.key), visibleText(row.target.bizNo), visibleText(row.why),
                               row.excluded ? CliText::tr("  (excluded)") : QString()));
        if (rows.size() > rowCap)
            printLine(CliText::tr("  … and %1 more.").arg(rows.size() - rowCap));
    }

    if (dryRun) {
        if (json) {
            out.insert(QStringLiteral("applied"), 0);
            out.insert(QStringLiteral("skipped"), 0);
            out.insert(QStringLiteral("failed"), 0);
            out.insert(QStringLiteral("batch_id"), QJsonValue());
            printJson(out);
        } else {
            printLine(CliText::tr("Dry run: nothing changed."));
        }
        return ExitOk;
    }

    const Result<ActionReport> applied = ReconcilePlan::apply(store, mapping, rows, who, ScopePolicies(),
                                                              QDateTime::currentMSecsSinceEpoch(), control);
    if (!applied)
        return engineError(applied.error(), json);
    const ActionReport &report = applied.value();
    if (json) {
        addActionReportJson(out, report, who, rowCap);
        printJson(out);
    } else {
        printLine(CliText::tr("Batch %1 by %2: %3 applied, %4 skipped (changed since the dry run), %5 failed%6; %7 left for review.")
                      .arg(report.batchId, who.operatorName.trimmed())
                      .arg(report.applied)
                      .arg(report.skipped)
                      .arg(report.failed)
                      .arg(report.cancelled ? CliText::tr(", %1 untouched (interrupted)").arg(report.untouched()) : QString())
                      .arg(summary.review));
        for (const ActionTarget &t : report.skippedTargets.mid(0, rowCap))
            printLine(CliText::tr("  skipped %1/%2").arg(visibleText(t.scope), visibleText(t.key)));
        for (const ActionFailure &f : report.failures.mid(0, rowCap))
            printLine(f.cacheOnly ? CliText::tr("  cache   %1/%2: %3").arg(visibleText(f.scope), visibleText(f.key), f.message)
                                  : CliText::tr("  failed  %1/%2: %3").arg(f.scope, f.key, f.message));
    }
    return report.failed > 0 || report.cancelled ? ExitFailure : ExitOk;
}
