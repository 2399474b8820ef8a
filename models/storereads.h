#pragma once

#include "app/ops/auditverifier.h"
#include "app/store/proposal.h"
#include "app/store/store.h"

#include <optional>

// What the console's views read from a store, kept below the widgets (as
// readDashboard is for the dashboard and OperatorJobs for the wizards): a
// view starts one of these on its StoreSession and only shows the answer.
// Each runs on the session's worker thread.
namespace StoreReads {

// The whole record as stored now (a listing may carry only a summary).
Result<std::optional<Record>> record(Store &store, const QString &scope, const QString &key);

// In-flight records per scope, every scope, for the scope choosers.
Result<QList<ScopeCount>> scopeCounts(Store &store);

// The audit chains checked end to end (AuditVerifier::verify).
Result<AuditVerdict> verifyAudit(Store &store, const ActionControl &control);

// What the in-flight view says about the store's clock and kept requests:
// its time-zone note, a warning when records of `scope` claim to start in
// the future (futureRecordsWarning, empty when none do), and its note on
// kept requests.
struct TimeNotes {
    QString timeZoneNote;
    QString futureWarning;
    QString requestNote;
};
Result<TimeNotes> timeNotes(Store &store, const QString &scope, qint64 nowMs);

// What the record details say about every record of the store: its
// time-zone note and its note on kept requests (futureWarning stays empty).
Result<TimeNotes> notes(Store &store);

// The newest proposals of every scope (ProposalQuery's limit), newest first.
Result<QList<Proposal>> proposals(Store &store);

} // namespace StoreReads
