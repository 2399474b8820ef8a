#include "app/ops/timeoutsweep.h"

#include <QCoreApplication>

#include <algorithm>

namespace {

constexpr int PageSize = 500;

// Messages of this file, in the "TimeoutSweep" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TimeoutSweep)
};

} // namespace

Result<SweepPreview> TimeoutSweep::preview(Store &store, const SweepCriteria &criteria, qint64 nowMs, const ActionControl &control)
{
    const Result<qint64> cutoff = previewCutoff(store, nowMs, criteria.olderThanMs);
    if (!cutoff)
        return cutoff.error();

    RecordQuery query;
    query.state = RecordState::InFlight;
    query.scope = criteria.scope;
    query.startedBeforeMs = cutoff.value();
    query.limit = PageSize;

    // The count only sizes the progress bar; what is matched is what the pages return.
    const Result<qint64> counted = store.countInFlight(query);
    if (!counted)
        return counted.error();
    qint64 total = counted.value();

    SweepPreview preview;
    control.report(0, total);
    for (;;) {
        if (control.cancelled()) {
            preview.cancelled = true;
            break;
        }
        const Result<QList<Record>> page = store.inFlight(query);
        if (!page)
            return page.error();
        for (const Record &record : page.value()) {
            if (!record.readError.isEmpty()) {
                preview.unreadableKeys.append(record.scope + QLatin1Char('/') + record.key);
                continue;
            }
            preview.targets.append(ActionTarget::of(record, cutoff.value()));
            preview.oldestAgeMs = qMax(preview.oldestAgeMs, record.ageMs(nowMs));
            ++preview.owners[record.owner];
        }
        preview.matched = preview.targets.size();
        // Records claimed while paging can make the count too small.
        total = qMax(total, preview.matched);
        control.report(preview.matched, total);
        if (page->size() < query.limit)
            break;
        const Record &last = page->constLast();
        query.after = RecordQuery::Position::after(last);
    }
    // Records the cutoff left out because they seem to start in the future
    // (not after a cancel: a scanning store would scan again).
    if (preview.cancelled)
        return preview;
    const Result<qint64> lead = futureLeadMs(store, criteria.scope, nowMs);
    if (!lead)
        return lead.error();
    preview.futureLeadMs = lead.value();
    preview.futureWarning = futureRecordsWarning(lead.value(), store.timeZoneNote());
    return preview;
}

Result<qint64> futureLeadMs(Store &store, const QString &scope, qint64 nowMs)
{
    RecordQuery newest;
    newest.scope = scope;
    newest.newestFirst = true;
    newest.limit = 1;
    const Result<QList<Record>> rows = store.inFlight(newest);
    if (!rows)
        return rows.error();
    if (rows->isEmpty() || rows->constFirst().updatedAt <= nowMs + kFutureToleranceMs)
        return qint64(0);
    return rows->constFirst().updatedAt - nowMs;
}

QString futureRecordsWarning(qint64 leadMs, const QString &timeZoneNote)
{
    if (leadMs <= 0)
        return QString();
    const qint64 minutes = leadMs / 60000;
    return Text::tr("Warning: in-flight records start up to %1 h %2 min in the future, so their age reads 0 and no age threshold "
                    "matches them. A timestamp column without a zone is probably read in another zone than the service writes "
                    "it in. %3")
        .arg(minutes / 60)
        .arg(minutes % 60)
        .arg(timeZoneNote.isEmpty() ? Text::tr("Check the clocks of the service's hosts.") : timeZoneNote);
}

TimeoutMeaning TimeoutSweep::meaningFor(const Layout &layout)
{
    switch (layout.family) {
    case LayoutFamily::Native:
        return {true, Text::tr("The guard runs the request again when its client resubmits (a new attempt of the same key).")};
    case LayoutFamily::GoMiddleware:
        return {true, Text::tr("The record is deleted (this layout has no timed-out state): the service runs the request again "
                               "when its client resubmits.")};
    case LayoutFamily::JavaHandler:
        break;
    }
    return {false, Text::tr("The java-handler service does not run a record again once its row holds %1: the next request with "
                            "that id hits the row's unique key and gets the stored, empty response. Release the record instead "
                            "(the row and its cache key are deleted) to let the client resubmit.")
                       .arg(layout.timeoutValue)};
}

Result<ActionReport> TimeoutSweep::apply(Store &store, const QList<ActionTarget> &targets, const OperatorIdentity &who,
                                         const ScopePolicies &policies, qint64 nowMs, const ActionControl &control, SweepAction sweepAction)
{
    QList<OperatorAction> actions;
    actions.reserve(targets.size());
    for (const ActionTarget &target : targets) {
        OperatorAction action;
        action.kind = sweepAction == SweepAction::Release ? OperatorActionKind::ReconcileRelease : OperatorActionKind::MarkTimedOut;
        action.scope = target.scope;
        action.key = target.key;
        action.lease = target.lease;
        // A timed-out record is released as it is: no age applies to it.
        const bool timedOut = sweepAction == SweepAction::Release && target.state == RecordState::TimedOut;
        action.expectedState = timedOut ? RecordState::TimedOut : RecordState::InFlight;
        action.startedBeforeMs = timedOut ? std::nullopt : target.startedBeforeMs;
        action.nowMs = nowMs;
        action.retentionMs = policies.forScope(target.scope).retentionMs;
        actions.append(action);
    }
    return applyAsOperator(store, std::move(actions), who,
                           sweepAction == SweepAction::Release ? Text::tr("releasing records") : Text::tr("marking records timed out"),
                           nowMs, control);
}

QList<OwnerHost> ownersByHost(const QMap<QString, qint64> &owners)
{
    QMap<QString, OwnerHost> hosts;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it) {
        const qsizetype colon = it.key().lastIndexOf(QLatin1Char(':'));
        bool pid = false;
        if (colon > 0)
            it.key().mid(colon + 1).toLongLong(&pid);
        const QString host = pid ? it.key().left(colon) : it.key();
        OwnerHost &h = hosts[host];
        h.host = host;
        h.records += it.value();
        ++h.processes;
    }
    QList<OwnerHost> sorted = hosts.values();
    std::stable_sort(sorted.begin(), sorted.end(), [](const OwnerHost &a, const OwnerHost &b) { return a.records > b.records; });
    return sorted;
}
