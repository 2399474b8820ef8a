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

Result<RecordSelection::Plan> reconcileDryRun(Store &store, const OrderMapping &mapping, const ReconcileCriteria &criteria,
                                              const QList<RecordRef> &picked, qint64 nowMs, const ActionControl &control)
{
    OrderLookup orders(mapping);
    if (Result<void> opened = orders.open(); !opened)
        return opened.error();
    if (!picked.isEmpty())
        return RecordSelection::reconcilePlan(store, orders, picked, criteria, nowMs, control);
    Result<QList<ReconcileRow>> rows = ReconcilePlan::build(store, orders, criteria, nowMs, control);
    if (!rows)
        return rows.error();
    return RecordSelection::Plan{std::move(rows).value(), {}};
}

} // namespace OperatorJobs
