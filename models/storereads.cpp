#include "models/storereads.h"

#include "app/ops/timeoutsweep.h"

namespace StoreReads {

Result<std::optional<Record>> record(Store &store, const QString &scope, const QString &key)
{
    return store.get(scope, key);
}

Result<QList<ScopeCount>> scopeCounts(Store &store)
{
    return store.countByState(QString());
}

Result<AuditVerdict> verifyAudit(Store &store, const ActionControl &control)
{
    return AuditVerifier::verify(store, control);
}

Result<TimeNotes> timeNotes(Store &store, const QString &scope, qint64 nowMs)
{
    const Result<qint64> lead = futureLeadMs(store, scope, nowMs);
    if (!lead)
        return lead.error();
    const QString zone = store.timeZoneNote();
    return TimeNotes{zone, futureRecordsWarning(lead.value(), zone), store.requestNote()};
}

Result<TimeNotes> notes(Store &store)
{
    return TimeNotes{store.timeZoneNote(), QString(), store.requestNote()};
}

Result<QList<Proposal>> proposals(Store &store)
{
    return store.proposals(ProposalQuery{});
}

} // namespace StoreReads
