#include "timeoutsweep.h"

#include "store/readonlystore.h"

#include <QCoreApplication>

namespace {

constexpr int PageSize = 500;

// Messages of this file, in the "TimeoutSweep" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TimeoutSweep)
};

} // namespace

Result<SweepPreview> TimeoutSweep::preview(Store &store, const SweepCriteria &criteria, qint64 nowMs,
                                           const ActionControl &control)
{
    const Result<qint64> cutoff = ageCutoff(nowMs, criteria.olderThanMs);
    if (!cutoff)
        return cutoff.error();

    InFlightQuery query;
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
            preview.targets.append(ActionTarget::of(record));
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
        query.after = InFlightQuery::Position{last.updatedAt, last.scope, last.key};
    }
    return preview;
}

Result<ActionReport> TimeoutSweep::apply(Store &store, const QList<ActionTarget> &targets, const OperatorIdentity &who,
                                         const ScopePolicies &policies, qint64 nowMs, const ActionControl &control)
{
    if (const Result<void> valid = who.validate(); !valid)
        return valid.error();
    if (!store.writable())
        return ReadOnlyStore::refusal(Text::tr("marking records timed out"));

    const QString batchId = newBatchId(nowMs);
    const QString host = who.host.trimmed().isEmpty() ? OperatorIdentity::defaultHost() : who.host.trimmed();
    QList<OperatorAction> actions;
    actions.reserve(targets.size());
    for (const ActionTarget &target : targets) {
        OperatorAction action;
        action.kind = OperatorActionKind::MarkTimedOut;
        action.scope = target.scope;
        action.key = target.key;
        action.lease = target.lease;
        action.expectedState = RecordState::InFlight;
        action.nowMs = nowMs;
        action.retentionMs = policies.forScope(target.scope).retentionMs;
        action.audit.operatorName = who.operatorName.trimmed();
        action.audit.host = host;
        action.audit.reason = who.reason.trimmed();
        action.audit.batchId = batchId;
        actions.append(action);
    }
    ActionReport report = applyActions(store, actions, control);
    report.batchId = batchId;
    return report;
}
