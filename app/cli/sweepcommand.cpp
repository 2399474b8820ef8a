#include "app/cli/sweepcommand.h"

#include "app/cli/actioncommand.h"
#include "app/cli/clioutput.h"
#include "app/ops/agetext.h"
#include "app/ops/proposalbook.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/layout.h"
#include "app/store/openstore.h"
#include "app/store/storeurl.h"
#include "app/store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>

#include <algorithm>

namespace {

// Lists of keys in the output stop here; the counts are always complete.
constexpr int ListCap = 100;

QJsonObject ownersToJson(const QMap<QString, qint64> &owners)
{
    QJsonObject o;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// The hosts holding most records first, each with its process count; a
// long tail is summed up.
QString ownersToText(const QMap<QString, qint64> &owners)
{
    constexpr int Shown = 10;
    const QList<OwnerHost> hosts = ownersByHost(owners);
    QStringList parts;
    for (const OwnerHost &h : hosts.mid(0, Shown)) {
        const QString host = h.host.isEmpty() ? CliText::tr("unknown") : visibleText(h.host);
        parts << (h.processes > 1 ? CliText::tr("%1 (%2 records, %3 processes)").arg(host).arg(h.records).arg(h.processes)
                                  : QStringLiteral("%1 (%2)").arg(host).arg(h.records));
    }
    if (hosts.size() > Shown)
        parts << CliText::tr("%1 more").arg(hosts.size() - Shown);
    return parts.join(QStringLiteral(", "));
}

QJsonObject targetToJson(const ActionTarget &t, qint64 nowMs)
{
    return QJsonObject{
        {QStringLiteral("scope"), t.scope}, {QStringLiteral("key"), t.key},           {QStringLiteral("age_ms"), nowMs - t.updatedAt},
        {QStringLiteral("owner"), t.owner}, {QStringLiteral("attempts"), t.attempts}, {QStringLiteral("biz_no"), t.bizNo}};
}

void addSweepOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(CliText::tr("Marks in-flight records older than a threshold timed out, so their clients may resubmit. "
                                                 "Each record changes only if it is still in flight under the lease the preview saw, "
                                                 "and every change is written to the audit log. Ctrl-C stops between records."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("older-than"), CliText::tr("Attempts started longer ago than this (90s, 10m, 2h, 1d; default 10m)."),
                      QStringLiteral("age"), QStringLiteral("10m")});
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope (default: every scope)."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who takes the action (default: the OS user)."), QStringLiteral("name")});
    parser.addOption(
        {QStringLiteral("reason"), CliText::tr("Why; written to the audit log. Required unless --dry-run."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("release"), CliText::tr("Release the matched records instead of marking them timed out: each is "
                                                             "deleted (java-handler: the row and its cache key), so its client may "
                                                             "resubmit. The way to let a java-handler client resubmit.")});
    parser.addOption({QStringLiteral("dry-run"), CliText::tr("Only preview what would change.")});
}

// What the owning service does with a swept record next: said before
// anything changes, so the operator picks the action that lets the client
// resubmit.
TimeoutMeaning nextFor(const QCommandLineParser &parser, SweepAction action)
{
    const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser));
    const Result<Layout> layout = Layout::resolve(url ? url->options.value(QStringLiteral("layout")) : QString());
    const TimeoutMeaning meaning = TimeoutSweep::meaningFor(layout ? layout.value() : Layout());
    if (action == SweepAction::Release)
        return {true, CliText::tr("Released records are deleted: the service runs the request again when its client resubmits.")};
    return {meaning.clientMayResubmit, meaning.serviceNext};
}

// The preview as --json reports it (the outcome of applying it is added later).
QJsonObject previewToJson(const Store &store, const SweepCriteria &criteria, const SweepPreview &preview, bool dryRun, SweepAction action,
                          const TimeoutMeaning &next)
{
    QJsonObject out{{QStringLiteral("store"), store.displayUrl()},
                    {QStringLiteral("scope"), criteria.scope.isEmpty() ? QJsonValue() : QJsonValue(criteria.scope)},
                    {QStringLiteral("older_than_ms"), criteria.olderThanMs},
                    {QStringLiteral("dry_run"), dryRun},
                    {QStringLiteral("matched"), preview.matched},
                    {QStringLiteral("oldest_age_ms"), preview.oldestAgeMs},
                    {QStringLiteral("owners"), ownersToJson(preview.owners)},
                    {QStringLiteral("action"), action == SweepAction::Release ? QStringLiteral("release") : QStringLiteral("timeout")},
                    {QStringLiteral("client_may_resubmit"), next.clientMayResubmit},
                    {QStringLiteral("service_next"), next.serviceNext}};
    if (!preview.unreadableKeys.isEmpty())
        out.insert(QStringLiteral("unreadable"), QJsonArray::fromStringList(preview.unreadableKeys.mid(0, ListCap)));
    if (preview.futureLeadMs > 0) {
        out.insert(QStringLiteral("future_lead_ms"), preview.futureLeadMs);
        out.insert(QStringLiteral("warning"), preview.futureWarning);
    }
    return out;
}

void printPreview(const SweepCriteria &criteria, const SweepPreview &preview, const TimeoutMeaning &next)
{
    if (preview.futureLeadMs > 0)
        printLine(preview.futureWarning);
    if (!preview.unreadableKeys.isEmpty())
        printLine(CliText::tr("%1 record(s) cannot be read and are left out (idemctl get shows why): %2")
                      .arg(preview.unreadableKeys.size())
                      .arg(visibleText(preview.unreadableKeys.mid(0, 10).join(QStringLiteral(", ")))));
    printLine(CliText::tr("%1 in-flight record(s) older than %2 match%3; oldest %4.")
                  .arg(preview.matched)
                  .arg(ageText(criteria.olderThanMs),
                       criteria.scope.isEmpty() ? QString() : CliText::tr(" in scope %1").arg(visibleText(criteria.scope)),
                       ageText(preview.oldestAgeMs)));
    if (!preview.owners.isEmpty())
        printLine(CliText::tr("Owners: %1").arg(ownersToText(preview.owners)));
    printLine(CliText::tr("Next: %1").arg(next.serviceNext));
}

// A dry run ends with the records it would change (at most ListCap of them).
void printDryRun(QJsonObject out, const SweepPreview &preview, qint64 previewedAt, bool json)
{
    if (json) {
        QJsonArray targets;
        for (const ActionTarget &t : preview.targets) {
            if (targets.size() >= ListCap)
                break;
            targets.append(targetToJson(t, previewedAt));
        }
        addNothingAppliedJson(out);
        out.insert(QStringLiteral("targets"), targets);
        out.insert(QStringLiteral("targets_truncated"), preview.matched > ListCap);
        printJson(out);
        return;
    }
    for (const ActionTarget &t : preview.targets.mid(0, ListCap))
        printLine(QStringLiteral("  %1/%2  age=%3  owner=%4  attempts=%5  biz_no=%6")
                      .arg(visibleText(t.scope), visibleText(t.key), ageText(previewedAt - t.updatedAt), visibleText(t.owner))
                      .arg(t.attempts)
                      .arg(visibleText(t.bizNo)));
    if (preview.matched > ListCap)
        printLine(CliText::tr("  … and %1 more.").arg(preview.matched - ListCap));
    printLine(CliText::tr("Dry run: nothing changed."));
}

void printApplied(const ActionReport &report, const OperatorIdentity &who, SweepAction action)
{
    printLine((action == SweepAction::Release
                   ? CliText::tr("Batch %1 by %2: %3 released, %4 skipped (changed since the preview), %5 failed%6.")
                   : CliText::tr("Batch %1 by %2: %3 timed out, %4 skipped (changed since the preview), %5 failed%6."))
                  .arg(report.batchId.isEmpty() ? CliText::tr("(none)") : report.batchId, who.operatorName.trimmed())
                  .arg(report.applied)
                  .arg(report.skipped)
                  .arg(report.failed)
                  .arg(report.cancelled ? CliText::tr(", %1 untouched (interrupted)").arg(report.untouched()) : QString()));
    printActionReportLines(report, ListCap);
}

} // namespace

int runSweepCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addSweepOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    SweepCriteria criteria;
    if (std::optional<int> exit = parseOlderThan(parser.value(QStringLiteral("older-than")), &criteria.olderThanMs))
        return *exit;
    criteria.scope = parser.value(QStringLiteral("scope"));
    ActionCommand command;
    if (std::optional<int> exit = startActionCommand(
            parser, CliText::tr("sweep needs --reason TEXT (written to the audit log), or --dry-run to only preview."), &command))
        return *exit;
    Store &store = *command.store;
    const SweepAction action = parser.isSet(QStringLiteral("release")) ? SweepAction::Release : SweepAction::MarkTimedOut;
    const TimeoutMeaning next = nextFor(parser, action);
    const ActionControl control = cancelOnInterrupt();

    const qint64 previewedAt = QDateTime::currentMSecsSinceEpoch();
    const Result<SweepPreview> preview = TimeoutSweep::preview(store, criteria, previewedAt, control);
    if (!preview)
        return engineError(preview.error(), command.json);
    if (preview->cancelled)
        return interrupted(CliText::tr("The preview was interrupted; nothing changed."), command.json);
    QJsonObject out = previewToJson(store, criteria, preview.value(), command.dryRun, action, next);
    if (!command.json)
        printPreview(criteria, preview.value(), next);
    if (command.dryRun) {
        printDryRun(out, preview.value(), previewedAt, command.json);
        return ExitOk;
    }

    // Four eyes: a scope with more matched records than its threshold is
    // proposed instead (its records as the preview saw them), the rest
    // applied at once. A store without a policy applies everything.
    const Result<ActionReport> applied =
        ProposalBook::sweep(store, preview->targets, action, command.who, QDateTime::currentMSecsSinceEpoch(), control);
    if (!applied)
        return engineError(applied.error(), command.json);
    if (std::optional<int> exit = reportProposed(out, applied.value(), command.json))
        return *exit;
    const ActionReport &report = applied.value();
    if (command.json) {
        addActionReportJson(out, report, command.who, ListCap);
        out.insert(QStringLiteral("lists_truncated"), report.skippedTargets.size() > ListCap || report.failures.size() > ListCap);
        printJson(out);
    } else {
        printApplied(report, command.who, action);
    }
    return report.failed > 0 || report.cancelled ? ExitFailure : ExitOk;
}
