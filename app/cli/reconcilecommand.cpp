#include "app/cli/reconcilecommand.h"

#include "app/cli/actioncommand.h"
#include "app/cli/clioutput.h"
#include "app/ops/mappingprofiles.h"
#include "app/ops/proposalbook.h"
#include "app/ops/reconcileplan.h"
#include "app/store/openstore.h"
#include "app/store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace {

// Rows in the output stop here; the counts are always complete.
constexpr int DefaultRowCap = 100;

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
    // The evidence's other half: what the client sent (null when none was kept).
    const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(row.target.request);
    const QJsonValue request = kept && kept.value() ? requestToJson(*kept.value()) : QJsonValue();
    return QJsonObject{{QStringLiteral("scope"), row.target.scope},
                       {QStringLiteral("key"), row.target.key},
                       {QStringLiteral("biz_no"), row.target.bizNo},
                       {QStringLiteral("state"), recordStateName(row.target.state)},
                       {QStringLiteral("age_ms"), nowMs - row.target.updatedAt},
                       {QStringLiteral("owner"), row.target.owner},
                       {QStringLiteral("proposal"), reconcileProposalName(row.proposal)},
                       {QStringLiteral("why"), row.why},
                       {QStringLiteral("excluded"), row.excluded},
                       {QStringLiteral("order"), order},
                       {QStringLiteral("request"), request}};
}

// Which records the plan covers and how many of its rows are shown.
struct ReconcileSelection {
    ReconcileCriteria criteria;
    QSet<QString> excluded; // "scope/key"
    int rowCap = DefaultRowCap;
};

// A plan as built, its excluded rows marked.
struct BuiltPlan {
    QList<ReconcileRow> rows;
    ReconcileSummary summary;
    qint64 excluded = 0;
    qint64 plannedAt = 0;
};

void addReconcileOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("Reconciles stuck records against a business order table: a done order completes the record with a "
                    "response synthesised from the order (flagged as reconciled), a missing or failed order releases it so "
                    "the client may resubmit, anything else is left for review. Orders are looked up in batches of %1. Each "
                    "record changes only if it is still as the dry run saw it; every change is audited with the order row "
                    "as evidence. Ctrl-C stops between records.")
            .arg(OrderLookup::MaxBatch));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("orders"),
                      CliText::tr("URL of the database with the order table (sqlite:///…, postgresql://…, mysql://…)."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("table"), CliText::tr("Order table, e.g. orders or sales.orders."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("key-column"), CliText::tr("Column holding the business number."), QStringLiteral("column")});
    parser.addOption({QStringLiteral("status-column"), CliText::tr("Column holding the order status."), QStringLiteral("column")});
    parser.addOption({QStringLiteral("done-values"), CliText::tr("Comma-separated statuses that mean done (complete the record)."),
                      QStringLiteral("values")});
    parser.addOption({QStringLiteral("pending-values"), CliText::tr("Comma-separated statuses that mean still pending (review)."),
                      QStringLiteral("values")});
    parser.addOption({QStringLiteral("failed-values"), CliText::tr("Comma-separated statuses that mean failed (release the record)."),
                      QStringLiteral("values")});
    parser.addOption({QStringLiteral("match"), CliText::tr("Record field matched against the key column: biz_no (default) or key."),
                      QStringLiteral("field")});
    parser.addOption(
        {QStringLiteral("response-status"), CliText::tr("HTTP status of the synthesised response (default 200)."), QStringLiteral("code")});
    parser.addOption({QStringLiteral("response-template"),
                      CliText::tr("Body template: {{key}}, {{biz_no}}, {{scope}}, {{status}}, {{order.COLUMN}}."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("profile"), CliText::tr("Start from this saved mapping profile; options given override it."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("save-profile"), CliText::tr("Save the mapping under this name (shared with the console)."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope (default: every scope)."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("older-than"), CliText::tr("In-flight attempts started longer ago than this (default 10m)."),
                      QStringLiteral("age"), QStringLiteral("10m")});
    parser.addOption({QStringLiteral("in-flight-only"), CliText::tr("Leave TIMED_OUT records out (they are included by default).")});
    parser.addOption({QStringLiteral("exclude"), CliText::tr("Leave this record out (repeatable)."), QStringLiteral("scope/key")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who takes the action (default: the OS user)."), QStringLiteral("name")});
    parser.addOption(
        {QStringLiteral("reason"), CliText::tr("Why; written to the audit log. Required unless --dry-run."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("dry-run"), CliText::tr("Only show the plan; change nothing.")});
    parser.addOption({QStringLiteral("rows"), CliText::tr("Show at most this many rows (default 100; the counts are complete)."),
                      QStringLiteral("n"), QString::number(DefaultRowCap)});
}

// The mapping: a saved profile, then the options given on top; checked, and
// saved when --save-profile asks. Returns the exit code of the error it printed.
std::optional<int> mappingFromOptions(const QCommandLineParser &parser, OrderMapping *result)
{
    OrderMapping &mapping = *result;
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
    return std::nullopt;
}

// --scope, --older-than, --in-flight-only, --exclude and --rows. Returns the
// exit code of the error it printed.
std::optional<int> selectionFromOptions(const QCommandLineParser &parser, ReconcileSelection *selection)
{
    if (std::optional<int> exit = parseOlderThan(parser.value(QStringLiteral("older-than")), &selection->criteria.olderThanMs))
        return exit;
    bool rowsOk = false;
    selection->rowCap = parser.value(QStringLiteral("rows")).toInt(&rowsOk);
    if (!rowsOk || selection->rowCap < 0)
        return usageError(CliText::tr("--rows must be a whole number, 0 or more."));
    for (const QString &e : parser.values(QStringLiteral("exclude"))) {
        if (!e.contains(QLatin1Char('/')))
            return usageError(CliText::tr("--exclude takes SCOPE/KEY, not '%1'.").arg(e));
        selection->excluded.insert(e);
    }
    selection->criteria.scope = parser.value(QStringLiteral("scope"));
    selection->criteria.includeTimedOut = !parser.isSet(QStringLiteral("in-flight-only"));
    return std::nullopt;
}

// Looks up the orders (batches of OrderLookup::MaxBatch) and proposes per
// record; changes nothing. Cancelled: the caller checks control.
Result<BuiltPlan> buildPlan(Store &store, OrderLookup &orders, const ReconcileSelection &selection, const ActionControl &control)
{
    BuiltPlan plan;
    plan.plannedAt = QDateTime::currentMSecsSinceEpoch();
    Result<QList<ReconcileRow>> built = ReconcilePlan::build(store, orders, selection.criteria, plan.plannedAt, control);
    if (!built)
        return built.error();
    plan.rows = std::move(built.value());
    for (ReconcileRow &row : plan.rows) {
        row.excluded = selection.excluded.contains(row.target.scope + QLatin1Char('/') + row.target.key);
        plan.excluded += row.excluded ? 1 : 0;
    }
    plan.summary = ReconcilePlan::summarise(plan.rows);
    return plan;
}

// The plan as --json reports it (the outcome of applying it is added later).
QJsonObject planToJson(const Store &store, const OrderLookup &orders, const OrderMapping &mapping, const ReconcileSelection &selection,
                       const BuiltPlan &plan, bool dryRun)
{
    const ReconcileCriteria &criteria = selection.criteria;
    const ReconcileSummary &summary = plan.summary;
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
                    {QStringLiteral("excluded"), plan.excluded},
                    {QStringLiteral("order_queries"), orders.queryCount()}};
    QJsonArray rowsJson;
    for (const ReconcileRow &row : plan.rows) {
        if (rowsJson.size() >= selection.rowCap)
            break;
        rowsJson.append(rowToJson(row, plan.plannedAt));
    }
    out.insert(QStringLiteral("rows"), rowsJson);
    out.insert(QStringLiteral("rows_truncated"), plan.rows.size() > selection.rowCap);
    return out;
}

void printPlan(const BuiltPlan &plan, int rowCap, qint64 orderQueries)
{
    const ReconcileSummary &summary = plan.summary;
    printLine(CliText::tr("%1 stuck record(s): %2 to complete, %3 to release, %4 for review%5 (%6 order queries).")
                  .arg(summary.matched)
                  .arg(summary.complete)
                  .arg(summary.release)
                  .arg(summary.review)
                  .arg(plan.excluded ? CliText::tr("; %1 excluded").arg(plan.excluded) : QString())
                  .arg(orderQueries));
    for (const ReconcileRow &row : plan.rows.mid(0, rowCap))
        printLine(QStringLiteral("  %1 %2/%3  biz_no=%4  %5%6")
                      .arg(reconcileProposalName(row.proposal), -8)
                      .arg(visibleText(row.target.scope), visibleText(row.target.key), visibleText(row.target.bizNo), visibleText(row.why),
                           row.excluded ? CliText::tr("  (excluded)") : QString()));
    if (plan.rows.size() > rowCap)
        printLine(CliText::tr("  … and %1 more.").arg(plan.rows.size() - rowCap));
}

void printApplied(const ActionReport &report, const OperatorIdentity &who, qint64 review, int rowCap)
{
    printLine(CliText::tr("Batch %1 by %2: %3 applied, %4 skipped (changed since the dry run), %5 failed%6; %7 left for review.")
                  .arg(report.batchId, who.operatorName.trimmed())
                  .arg(report.applied)
                  .arg(report.skipped)
                  .arg(report.failed)
                  .arg(report.cancelled ? CliText::tr(", %1 untouched (interrupted)").arg(report.untouched()) : QString())
                  .arg(review));
    printActionReportLines(report, rowCap);
}

} // namespace

int runReconcileCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addReconcileOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    OrderMapping mapping;
    if (std::optional<int> exit = mappingFromOptions(parser, &mapping))
        return *exit;
    ReconcileSelection selection;
    if (std::optional<int> exit = selectionFromOptions(parser, &selection))
        return *exit;
    ActionCommand command;
    if (std::optional<int> exit = startActionCommand(
            parser, CliText::tr("reconcile needs --reason TEXT (written to the audit log), or --dry-run to only see the plan."), &command))
        return *exit;
    Store &store = *command.store;
    OrderLookup orders(mapping);
    if (const Result<void> ready = orders.open(); !ready)
        return engineError(ready.error(), command.json);
    const ActionControl control = cancelOnInterrupt();

    const Result<BuiltPlan> built = buildPlan(store, orders, selection, control);
    if (!built)
        return engineError(built.error(), command.json);
    if (control.cancelled())
        return interrupted(CliText::tr("The dry run was interrupted; nothing changed."), command.json);
    const BuiltPlan &plan = built.value();
    QJsonObject out = planToJson(store, orders, mapping, selection, plan, command.dryRun);
    if (!command.json)
        printPlan(plan, selection.rowCap, orders.queryCount());

    if (command.dryRun) {
        if (command.json) {
            addNothingAppliedJson(out);
            printJson(out);
        } else {
            printLine(CliText::tr("Dry run: nothing changed."));
        }
        return ExitOk;
    }

    // Four eyes: a scope with more records to change than its threshold is
    // proposed instead (each record as the dry run saw it, with the response
    // and evidence it would get), the rest applied at once.
    const Result<ActionReport> applied =
        ProposalBook::reconcile(store, mapping, plan.rows, command.who, QDateTime::currentMSecsSinceEpoch(), control);
    if (!applied)
        return engineError(applied.error(), command.json);
    if (std::optional<int> exit = reportProposed(out, applied.value(), command.json))
        return *exit;
    const ActionReport &report = applied.value();
    if (command.json) {
        addActionReportJson(out, report, command.who, selection.rowCap);
        printJson(out);
    } else {
        printApplied(report, command.who, plan.summary.review, selection.rowCap);
    }
    return report.failed > 0 || report.cancelled ? ExitFailure : ExitOk;
}
