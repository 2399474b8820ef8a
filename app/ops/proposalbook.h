#pragma once

#include "app/ops/operatorbatch.h"
#include "app/ops/reconcileplan.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/proposal.h"
#include "app/store/store.h"

#include <QList>
#include <QString>

// Four eyes (DESIGN.md "Roles and four eyes"), the steps the console and
// idemctl share: an action on more records of a scope than its threshold
// is proposed instead of applied; a second identity approves or rejects
// it; an operator applies it with the usual compare-and-set.
namespace ProposalBook {

// The action a sweep's proposal holds: "timeout" or "release" (a reconcile's: "reconcile").
QString sweepActionName(SweepAction action);

// What four eyes would hold of `targets` under `policy`: the scopes whose
// count is over their threshold (their targets are to be proposed, the
// rest applied at once) and how many records those scopes have. The
// wizards say it before the operator commits.
struct Held {
    QStringList scopes;
    int records = 0;
};
Held held(const ApprovalPolicy &policy, const QList<ActionTarget> &targets);

// A sweep under four eyes, as idemctl sweep and the console's timeout wizard
// run it: each scope of `targets` over its threshold (Store::approvalPolicy)
// is proposed (ActionReport::proposed, the records as the preview saw them),
// the rest applied at once (TimeoutSweep::apply). A store without a policy
// applies everything. An incomplete identity, or a proposal that cannot be
// written, is an error before any record is touched.
Result<ActionReport> sweep(Store &store, const QList<ActionTarget> &targets, SweepAction action, const OperatorIdentity &who, qint64 nowMs,
                           const ActionControl &control = {});

// A reconcile plan under four eyes, as idemctl reconcile and the console's
// reconcile wizard run it: the rows it would apply (neither excluded nor
// for review) are counted per scope; a scope over its threshold is proposed
// with each record's state as the dry run saw it, the response a completion
// will replay and the evidence its audit entry will carry (the order row),
// the rest applied at once (ReconcilePlan::apply).
Result<ActionReport> reconcile(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows, const OperatorIdentity &who,
                               qint64 nowMs, const ActionControl &control = {});

// Keeps one proposal of `targets` (all of `scope`) as the preview saw them,
// with its audit entry. The reason and operator are `who`'s.
Result<Proposal> propose(Store &store, const QString &scope, SweepAction action, const QList<ActionTarget> &targets,
                         const OperatorIdentity &who, qint64 nowMs);

// Approves or rejects (approve false: `who.reason` required) proposal `id`
// as it reads now: refused before anything is written when its hash does
// not match its contents, when it is not open, or when `who` proposed it
// (the same server identity; on SQLite the same typed name).
Result<Proposal> decide(Store &store, const QString &id, bool approve, const OperatorIdentity &who, qint64 nowMs);

struct Applied {
    Proposal proposal; // as closed
    ActionReport report; // what the sweep did: skipped records changed since the preview
};
// Applies approved proposal `id`: its records with the compare-and-set of
// the action it holds (a record changed since the preview is skipped and
// listed), then records the outcome. An expired one is recorded as expired
// and refused; one whose hash does not match its contents, or the approved
// one, refused. When nothing was applied and something failed, the
// proposal stays approved (not closed), to be applied again.
Result<Applied> apply(Store &store, const QString &id, const OperatorIdentity &who, qint64 nowMs, const ActionControl &control = {});

// What the first `limit` records of a proposal are now, beside what its
// preview saw: one per item, in order; `record` empty when the record is
// gone; `unchanged` when it still has the lease, state and updated_at the
// item holds (apply would then change it).
struct ItemNow {
    std::optional<Record> record;
    bool unchanged = false;
};
Result<QList<ItemNow>> recordsNow(Store &store, const Proposal &proposal, qsizetype limit);

// The operator actions a proposal's items stand for: each item's action on
// the record as the preview saw it (lease, state; an in-flight record also
// not touched since its updated_at), with the response and evidence the
// item holds. None when an item holds an action this version does not know.
std::optional<QList<OperatorAction>> actionsOf(const Proposal &proposal, qint64 nowMs);

} // namespace ProposalBook
