#pragma once

#include "app/guard/scopepolicy.h"
#include "app/ops/operatorbatch.h"
#include "app/ops/orderlookup.h"

#include <QMetaType>

enum class ReconcileProposal {
    Complete, // the order is done: the record becomes COMPLETED with a synthesised response, flagged reconciled
    Release, // no order, or it failed: the record is released and the client may resubmit
    Review, // pending or unknown status: an operator decides; never applied by the plan
};

QString reconcileProposalName(ReconcileProposal proposal); // "complete", "release", "review"

struct ReconcileRow {
    ActionTarget target;
    ReconcileProposal proposal = ReconcileProposal::Review;
    QString why; // shown to the operator, e.g. "order status PAID is done"
    std::optional<OrderRow> order; // the evidence
    bool excluded = false; // the operator left it out
};

struct ReconcileCriteria {
    QString scope; // empty: every scope
    qint64 olderThanMs = 10 * 60 * 1000LL; // in-flight records older than this are stuck
    bool includeTimedOut = true; // TIMED_OUT records (any age) too
};

struct ReconcileSummary {
    qint64 matched = 0;
    qint64 complete = 0;
    qint64 release = 0;
    qint64 review = 0;
};

// Reconcile (DESIGN.md "Operator actions"): look up stuck records' orders in
// batches of OrderLookup::MaxBatch and propose per record; apply completes or
// releases each included row with the same compare-and-set, progress,
// cancel and audit as the sweep. Review rows are never applied.
class ReconcilePlan final {
public:
    // Dry run: changes nothing. Stuck records are read in keyset pages and
    // each page's orders in one lookup, so records × orders costs
    // ceil(records / 500) order queries. Progress counts records read against
    // the stuck count taken first; when cancelled between pages the rows
    // read so far come back (control.cancelled() tells the caller).
    static Result<QList<ReconcileRow>> build(Store &store, OrderLookup &orders, const ReconcileCriteria &criteria, qint64 nowMs,
                                             const ActionControl &control = {});
    // The proposal for one record given its order (or none).
    static ReconcileRow propose(const ActionTarget &target, const OrderMapping &mapping, const std::optional<OrderRow> &order);
    static ReconcileSummary summarise(const QList<ReconcileRow> &rows); // excluded rows not counted
    // The same, with the exclusions kept beside the rows (excluded[i] for rows[i]).
    static ReconcileSummary summarise(const QList<ReconcileRow> &rows, const QList<bool> &excluded);
    // The response a completed record will replay, from the mapping's template.
    static Response synthesise(const OrderMapping &mapping, const ActionTarget &target, const OrderRow &order);

    // Checks the identity first (an error: nothing applied; a read-only
    // store: Refused), then completes or releases every row that is neither
    // excluded nor Review, each with its own compare-and-set on the lease and
    // state the dry run saw, and one audit entry whose evidence is
    // {"order": the order row or null, "table": …, "why": …, "request": the
    // request the record kept (KeptRequest's document) or null}. One batch id.
    static Result<ActionReport> apply(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows,
                                      const OperatorIdentity &who, const ScopePolicies &policies, qint64 nowMs,
                                      const ActionControl &control = {});
    // Whether apply acts on the row: neither excluded nor for review, and a
    // completion has its order as evidence.
    static bool applies(const ReconcileRow &row);
    // The operator action for one included row (no identity check).
    static OperatorAction actionFor(const OrderMapping &mapping, const ReconcileRow &row, const ScopePolicies &policies, qint64 nowMs);
};
