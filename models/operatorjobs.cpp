#include "models/operatorjobs.h"

namespace OperatorJobs {

Result<SweepPreviewed> previewSweep(Store &store, const SweepCriteria &criteria, const QList<RecordRef> &picked, qint64 nowMs,
                                    const ActionControl &control)
{
    SweepPreviewed previewed;
    if (!picked.isEmpty()) {
        Result<RecordSelection::Sweep> sweep = RecordSelection::sweepPreview(store, picked, criteria, nowMs, control);
        if (!sweep)
            return sweep.error();
        previewed.sweep = std::move(sweep).value();
    } else {
        Result<SweepPreview> preview = TimeoutSweep::preview(store, criteria, nowMs, control);
        if (!preview)
            return preview.error();
        previewed.sweep.preview = std::move(preview).value();
    }
    if (Result<ApprovalPolicy> policy = store.approvalPolicy())
        previewed.policy = std::move(policy).value();
    return previewed;
}

Result<ReconcilePlanned> reconcileDryRun(Store &store, const OrderMapping &mapping, const ReconcileCriteria &criteria,
                                         const QList<RecordRef> &picked, qint64 nowMs, const ActionControl &control)
{
    OrderLookup orders(mapping);
    if (Result<void> opened = orders.open(); !opened)
        return opened.error();
    ReconcilePlanned planned;
    if (!picked.isEmpty()) {
        Result<RecordSelection::Plan> plan = RecordSelection::reconcilePlan(store, orders, picked, criteria, nowMs, control);
        if (!plan)
            return plan.error();
        planned.plan = std::move(plan).value();
    } else {
        Result<QList<ReconcileRow>> rows = ReconcilePlan::build(store, orders, criteria, nowMs, control);
        if (!rows)
            return rows.error();
        planned.plan.rows = std::move(rows).value();
    }
    if (Result<ApprovalPolicy> policy = store.approvalPolicy())
        planned.policy = std::move(policy).value();
    return planned;
}

Result<ActionReport> applySweep(Store &store, const QList<ActionTarget> &targets, SweepAction action, const OperatorIdentity &who,
                                qint64 nowMs, const ActionControl &control)
{
    return ProposalBook::sweep(store, targets, action, who, nowMs, control);
}

Result<ActionReport> applyReconcile(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows, const OperatorIdentity &who,
                                    qint64 nowMs, const ActionControl &control)
{
    return ProposalBook::reconcile(store, mapping, rows, who, nowMs, control);
}

Result<QList<ProposalBook::ItemNow>> proposalRecordsNow(Store &store, const Proposal &proposal, qsizetype limit)
{
    return ProposalBook::recordsNow(store, proposal, limit);
}

Result<Proposal> decideProposal(Store &store, const QString &id, bool approve, const OperatorIdentity &who, qint64 nowMs)
{
    return ProposalBook::decide(store, id, approve, who, nowMs);
}

Result<ProposalBook::Applied> applyProposal(Store &store, const QString &id, const OperatorIdentity &who, qint64 nowMs)
{
    return ProposalBook::apply(store, id, who, nowMs);
}

} // namespace OperatorJobs
