#pragma once

// An operator's compare-and-set change to one record, what it answers, and
// the cutoff rules every store applies before it.

#include "app/store/auditentry.h"
#include "app/store/claim.h"
#include "app/store/record.h"
#include "app/store/result.h"

#include <QString>

#include <optional>

// An operator's change to one record (DESIGN.md "Operator actions"), applied
// only if the record is still in the state and under the lease the operator's
// preview saw, together with its audit entry, atomically: either both are
// written or neither.
enum class OperatorActionKind {
    MarkTimedOut, // IN_FLIGHT -> TIMED_OUT, kept for retentionMs
    ReconcileComplete, // IN_FLIGHT/TIMED_OUT -> COMPLETED with `response`, flagged reconciled
    ReconcileRelease, // IN_FLIGHT/TIMED_OUT -> deleted: the client may resubmit
};

QString operatorActionName(OperatorActionKind kind); // "timeout", "reconcile-complete", "reconcile-release"
// The kind a name stands for; none for a name this version does not know.
std::optional<OperatorActionKind> operatorActionFromName(const QString &name);

// The audit entry's state after an applied action: TIMED_OUT, COMPLETED, RELEASED.
QString actionStateAfter(OperatorActionKind kind);

struct OperatorAction {
    OperatorActionKind kind = OperatorActionKind::MarkTimedOut;
    QString scope;
    QString key;
    QString lease; // the lease the preview saw
    RecordState expectedState = RecordState::InFlight; // the state the preview saw
    Response response; // ReconcileComplete only
    qint64 nowMs = 0;
    qint64 retentionMs = 0; // MarkTimedOut, ReconcileComplete
    // The age the operator chose, as a cutoff (ageCutoff): an action on an
    // IN_FLIGHT record applies only if the record's own updated_at is before
    // it, checked inside the compare-and-set, so an attempt that started
    // after the preview (or whose index said it was older than it is) is
    // skipped, never timed out or released. Required for IN_FLIGHT: every
    // store refuses an action without one, or with one at or before the
    // epoch (refuseActionCutoff). A TIMED_OUT record (the reconcile wizard's
    // second source) was declared stuck by an operator already: no cutoff.
    std::optional<qint64> startedBeforeMs;
    // operatorName, host, batchId, reason and evidence come from the caller;
    // the store fills scope, key, action, states, atMs (= nowMs), seq and hashes.
    AuditEntry audit;

    // The one place an action becomes its audit entry: the caller's fields
    // from `audit`, the record and time from the action, the action's name,
    // the state the preview saw and the state it leaves (actionStateAfter).
    // No seq, hashes or store id yet: the store's chain adds them.
    AuditEntry auditEntry() const;
};

// InvalidArgument when an action on an IN_FLIGHT record has no cutoff or
// one at or before the epoch (OperatorAction::startedBeforeMs); every store's
// applyAction calls it first.
std::optional<Error> refuseActionCutoff(const OperatorAction &action);
// Whether the record's own updated_at lets the action apply (before the cutoff).
bool startedBeforeCutoff(const OperatorAction &action, const Record &current);

struct ActionResult {
    TransitionOutcome outcome = TransitionOutcome::Applied;
    std::optional<Record> current; // the record now (absent if released or gone)
    std::optional<AuditEntry> audit; // the entry written (Applied only)
    // Applied to the record, but a step the service also needs failed (the
    // java-handler's Redis cache was not brought along): the action is not
    // done, and applyActions counts it as failed (cache_failed).
    QString followUpError;
    // Applied, but a step that is only telemetry was skipped (the count of
    // the action could not be written): a warning, never a failure. The
    // audit entry says the same (AuditEntry::warnings).
    QString warning;
};
