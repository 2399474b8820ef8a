#include "sweepcommand.h"

#include "clioutput.h"
#include "ops/agetext.h"
#include "ops/timeoutsweep.h"
#include "store/layout.h"
#include "store/openstore.h"
#include "store/storeurl.h"
#include "store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <atomic>
#include <csignal>

namespace {

// Lists of keys in the output stop here; the counts are always complete.
constexpr int ListCap = 100;

std::atomic_bool g_cancel{false};

QJsonObject ownersToJson(const QMap<QString, qint64> &owners)
{
    QJsonObject o;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// The owners holding most records first; a long tail is summed up.
QString ownersToText(const QMap<QString, qint64> &owners)
{
    constexpr int Shown = 10;
    QList<QPair<QString, qint64>> sorted;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        sorted.append({it.key(), it.value()});
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList parts;
    for (const auto &[owner, records] : sorted.mid(0, Shown))
        parts << QStringLiteral("%1 (%2)").arg(owner.isEmpty() ? CliText::tr("unknown") : visibleText(owner)).arg(records);
    if (sorted.size() > Shown)
        parts << CliText::tr("%1 more").arg(sorted.size() - Shown);
    return parts.join(QStringLiteral(", "));
}

QJsonObject targetToJson(const ActionTarget &t, qint64 nowMs)
{
    return QJsonObject{{QStringLiteral("scope"), t.scope},       {QStringLiteral("key"), t.key},
                       {QStringLiteral("age_ms"), nowMs - t.updatedAt}, {QStringLiteral("owner"), t.owner},
                       {QStringLiteral("attempts"), t.attempts}, {QStringLiteral("biz_no"), t.bizNo}};
}

} // namespace

int runSweepCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Marks in-flight records older than a threshold timed out, so their clients may resubmit. "
                    "Each record changes only if it is still in flight under the lease the preview saw, "
                    "and every change is written to the audit log. Ctrl-C stops between records."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("older-than"), CliText::tr("Attempts started longer ago than this (90s, 10m, 2h, 1d; default 10m)."),
                      QStringLiteral("age"), QStringLiteral("10m")});
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope (default: every scope)."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who takes the action (default: the OS user)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("reason"), CliText::tr("Why; written to the audit log. Required unless --dry-run."), QStringLiteral("text")});
    parser.addOption({QStringLiteral("release"), CliText::tr("Release the matched records instead of marking them timed out: each is "
                                                            "deleted (java-handler: the row and its cache key), so its client may "
                                                            "resubmit. The way to let a java-handler client resubmit.")});
    parser.addOption({QStringLiteral("dry-run"), CliText::tr("Only preview what would change.")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;

    qint64 olderThan = 0;
    if (std::optional<int> exit = parseOlderThan(parser.value(QStringLiteral("older-than")), &olderThan))
        return *exit;
    const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
    OperatorIdentity who;
    if (std::optional<int> exit = operatorFromOptions(parser, dryRun, CliText::tr("sweep needs --reason TEXT (written to the audit log), or --dry-run to only preview."), &who))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    const SweepAction sweepAction = parser.isSet(QStringLiteral("release")) ? SweepAction::Release : SweepAction::MarkTimedOut;
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, openModeFromOptions(parser));
    if (!opened)
        return engineError(opened.error(), json);
    Store &store = *opened.value();
    // What the owning service does with the record next (issue 13.8): said
    // before anything changes, so the operator picks the action that lets
    // the client resubmit.
    const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser));
    const Result<Layout> layout = Layout::resolve(url ? url->options.value(QStringLiteral("layout")) : QString());
    const TimeoutMeaning meaning = TimeoutSweep::meaningFor(layout ? layout.value() : Layout());
    const QString serviceNext = sweepAction == SweepAction::Release
        ? CliText::tr("Released records are deleted: the service runs the request again when its client resubmits.")
        : meaning.serviceNext;

    std::signal(SIGINT, [](int) { g_cancel = true; });
    std::signal(SIGTERM, [](int) { g_cancel = true; });
    ActionControl control;
    control.cancel = &g_cancel;

    SweepCriteria criteria;
    criteria.scope = parser.value(QStringLiteral("scope"));
    criteria.olderThanMs = olderThan;
    const qint64 previewedAt = QDateTime::currentMSecsSinceEpoch();
    const Result<SweepPreview> preview = TimeoutSweep::preview(store, criteria, previewedAt, control);
    if (!preview)
        return engineError(preview.error(), json);
    if (preview->cancelled) {
        const QString message = CliText::tr("The preview was interrupted; nothing changed.");
        if (json)
            printJson(QJsonObject{{QStringLiteral("error"), QStringLiteral("cancelled")}, {QStringLiteral("message"), message}});
        QTextStream(stderr) << CliText::tr("idemctl: %1").arg(message) << '\n';
        return ExitFailure;
    }

    QJsonObject out{{QStringLiteral("store"), store.displayUrl()},
                    {QStringLiteral("scope"), criteria.scope.isEmpty() ? QJsonValue() : QJsonValue(criteria.scope)},
                    {QStringLiteral("older_than_ms"), criteria.olderThanMs},
                    {QStringLiteral("dry_run"), dryRun},
                    {QStringLiteral("matched"), preview->matched},
                    {QStringLiteral("oldest_age_ms"), preview->oldestAgeMs},
                    {QStringLiteral("owners"), ownersToJson(preview->owners)},
                    {QStringLiteral("action"), sweepAction == SweepAction::Release ? QStringLiteral("release") : QStringLiteral("timeout")},
                    {QStringLiteral("client_may_resubmit"), sweepAction == SweepAction::Release || meaning.clientMayResubmit},
                    {QStringLiteral("service_next"), serviceNext}};
    if (!preview->unreadableKeys.isEmpty())
        out.insert(QStringLiteral("unreadable"), QJsonArray::fromStringList(preview->unreadableKeys.mid(0, ListCap)));
    if (preview->futureLeadMs > 0) {
        out.insert(QStringLiteral("future_lead_ms"), preview->futureLeadMs);
        out.insert(QStringLiteral("warning"), preview->futureWarning);
        if (!json)
            printLine(preview->futureWarning);
    }
    if (!json && !preview->unreadableKeys.isEmpty())
        printLine(CliText::tr("%1 record(s) cannot be read and are left out (idemctl get shows why): %2")
                      .arg(preview->unreadableKeys.size())
                      .arg(visibleText(preview->unreadableKeys.mid(0, 10).join(QStringLiteral(", ")))));
    if (!json) {
        printLine(CliText::tr("%1 in-flight record(s) older than %2 match%3; oldest %4.")
                      .arg(preview->matched)
                      .arg(ageText(criteria.olderThanMs),
                           criteria.scope.isEmpty() ? QString() : CliText::tr(" in scope %1").arg(visibleText(criteria.scope)),
                           ageText(preview->oldestAgeMs)));
        if (!preview->owners.isEmpty())
            printLine(CliText::tr("Owners: %1").arg(ownersToText(preview->owners)));
        printLine(CliText::tr("Next: %1").arg(serviceNext));
    }

    if (dryRun) {
        QJsonArray targets;
        for (const ActionTarget &t : preview->targets) {
            if (targets.size() >= ListCap)
                break;
            targets.append(targetToJson(t, previewedAt));
        }
        if (json) {
            out.insert(QStringLiteral("applied"), 0);
            out.insert(QStringLiteral("skipped"), 0);
            out.insert(QStringLiteral("failed"), 0);
            out.insert(QStringLiteral("batch_id"), QJsonValue());
            out.insert(QStringLiteral("targets"), targets);
            out.insert(QStringLiteral("targets_truncated"), preview->matched > ListCap);
            printJson(out);
        } else {
            for (const ActionTarget &t : preview->targets.mid(0, ListCap))
                printLine(QStringLiteral("  %1/%2  age=%3  owner=%4  attempts=%5  biz_no=%6")
                              .arg(visibleText(t.scope), visibleText(t.key), ageText(previewedAt - t.updatedAt), visibleText(t.owner))
                              .arg(t.attempts)
                              .arg(visibleText(t.bizNo)));
            if (preview->matched > ListCap)
                printLine(CliText::tr("  … and %1 more.").arg(preview->matched - ListCap));
            printLine(CliText::tr("Dry run: nothing changed."));
        }
        return ExitOk;
    }

    const Result<ActionReport> applied = TimeoutSweep::apply(store, preview->targets, who, ScopePolicies(),
                                                             QDateTime::currentMSecsSinceEpoch(), control, sweepAction);
    if (!applied)
        return engineError(applied.error(), json);
    const ActionReport &report = applied.value();

    if (json) {
        addActionReportJson(out, report, who, ListCap);
        out.insert(QStringLiteral("lists_truncated"), report.skippedTargets.size() > ListCap || report.failures.size() > ListCap);
        printJson(out);
    } else {
        printLine((sweepAction == SweepAction::Release
                       ? CliText::tr("Batch %1 by %2: %3 released, %4 skipped (changed since the preview), %5 failed%6.")
                       : CliText::tr("Batch %1 by %2: %3 timed out, %4 skipped (changed since the preview), %5 failed%6."))
                      .arg(report.batchId.isEmpty() ? CliText::tr("(none)") : report.batchId, who.operatorName.trimmed())
                      .arg(report.applied)
                      .arg(report.skipped)
                      .arg(report.failed)
                      .arg(report.cancelled ? CliText::tr(", %1 untouched (interrupted)").arg(report.untouched()) : QString()));
        for (const ActionTarget &t : report.skippedTargets.mid(0, ListCap))
            printLine(CliText::tr("  skipped %1/%2").arg(visibleText(t.scope), visibleText(t.key)));
        for (const ActionFailure &f : report.failures.mid(0, ListCap))
            printLine(f.cacheOnly ? CliText::tr("  cache   %1/%2: %3").arg(visibleText(f.scope), visibleText(f.key), f.message)
                                  : CliText::tr("  failed  %1/%2: %3").arg(visibleText(f.scope), visibleText(f.key), f.message));
        if (report.skippedTargets.size() > ListCap || report.failures.size() > ListCap)
            printLine(CliText::tr("  (lists cut at %1; the counts above are complete)").arg(ListCap));
    }
    return report.failed > 0 || report.cancelled ? ExitFailure : ExitOk;
}
