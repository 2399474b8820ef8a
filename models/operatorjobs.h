#pragma once

#include "app/ops/orderlookup.h"
#include "app/ops/proposalbook.h"
#include "app/ops/recordselection.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/proposal.h"

#include <optional>

// The store jobs of the operator's wizards that do more than one call: what
// each reads, kept below the widgets (as readDashboard is for the
// dashboard) so a page only starts a job on its StoreSession and shows the
// answer. Each runs on the session's worker thread.
namespace OperatorJobs {

// The timeout preview: the picked records (RecordSelection::sweepPreview)
// or every match of `criteria` (TimeoutSweep::preview), and the store's
// four-eyes policy, so the confirmation can say what will be proposed
// rather than applied (none when the store cannot say; the apply reads it
// again anyway).
struct SweepPreviewed {
    RecordSelection::Sweep sweep;
    std::optional<ApprovalPolicy> policy;
};
Result<SweepPreviewed> previewSweep(Store &store, const SweepCriteria &criteria, const QList<RecordRef> &picked, qint64 nowMs,
                                    const ActionControl &control);

// The reconcile dry run: opens the order lookup of `mapping` (its
// connection belongs to the calling thread: opened, used and closed in
// this one job), then plans the picked records or every match of
// `criteria`; and the store's four-eyes policy, as for the sweep.
struct ReconcilePlanned {
    RecordSelection::Plan plan;
    std::optional<ApprovalPolicy> policy;
};
Result<ReconcilePlanned> reconcileDryRun(Store &store, const OrderMapping &mapping, const ReconcileCriteria &criteria,
                                         const QList<RecordRef> &picked, qint64 nowMs, const ActionControl &control);

// Applying what the operator confirmed, under four eyes as idemctl does
// (ProposalBook::sweep, ProposalBook::reconcile): a scope over its
// threshold is proposed, the rest applied.
Result<ActionReport> applySweep(Store &store, const QList<ActionTarget> &targets, SweepAction action, const OperatorIdentity &who,
                                qint64 nowMs, const ActionControl &control);
Result<ActionReport> applyReconcile(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows, const OperatorIdentity &who,
                                    qint64 nowMs, const ActionControl &control);

// The Proposals tab: each proposal's records as they are now beside what
// its preview saw; approving or rejecting it as `who`; applying an approved
// one (ProposalBook::recordsNow, decide, apply).
Result<QList<ProposalBook::ItemNow>> proposalRecordsNow(Store &store, const Proposal &proposal, qsizetype limit);
Result<Proposal> decideProposal(Store &store, const QString &id, bool approve, const OperatorIdentity &who, qint64 nowMs);
Result<ProposalBook::Applied> applyProposal(Store &store, const QString &id, const OperatorIdentity &who, qint64 nowMs);

} // namespace OperatorJobs
