#pragma once

#include "app/store/store.h"

#include <QList>
#include <QMetaType>
#include <QString>

#include <atomic>
#include <functional>

// Who acts and why: required for every operator action (DESIGN.md).
struct OperatorIdentity {
    QString operatorName;
    QString host; // empty: this machine's host name
    QString reason;

    // The OS user running the tool ($USER, else the account name): the default operator.
    static QString defaultOperatorName();
    static QString defaultHost();
    // An operator name and a reason are required (trimmed, no control
    // characters but a reason's line breaks and tabs, operator ≤ 100 and
    // reason ≤ 2000 characters).
    Result<void> validate() const;
};

// A record as the preview saw it: what each compare-and-set compares.
struct ActionTarget {
    QString scope;
    QString key;
    QString lease;
    RecordState state = RecordState::InFlight;
    qint64 updatedAt = 0;
    QString owner;
    QString bizNo;
    int attempts = 1;
    // The cutoff the preview matched an IN_FLIGHT record by (ageCutoff):
    // carried into the action, whose compare-and-set checks the record's own
    // updated_at against it again (OperatorAction::startedBeforeMs).
    std::optional<qint64> startedBeforeMs;
    qint64 createdAt = 0; // the record's first claim
    // The request the record kept (Record::request), for the evidence an
    // operator decides on and the reconcile audit entry; empty when none.
    QByteArray request;

    static ActionTarget of(const Record &record, std::optional<qint64> startedBeforeMs);
    // When the attempt began, for its age: an in-flight record's updatedAt
    // is its current claim; a timed-out one's is the moment it was timed
    // out, so its age counts from the first claim (the same attempt unless
    // attempts > 1, where it is the oldest one).
    qint64 attemptStartedAt() const { return state == RecordState::InFlight || createdAt <= 0 ? updatedAt : createdAt; }
};

struct ActionFailure {
    QString scope;
    QString key;
    QString message;
    // The record was changed, but the service's cache was not (java-handler):
    // retrying the cache step (retryCacheSteps) completes the action.
    bool cacheOnly = false;
    OperatorActionKind kind = OperatorActionKind::MarkTimedOut; // the action that failed
};

// Why a batch stopped before its last record.
enum class BatchStop {
    None, // every record was attempted (or blocked with its scope)
    Cancelled, // Ctrl-C / Cancel: the rest are untouched
    StoreUnavailable, // the store stopped answering: the rest are failed, not attempted
};

// What an applied sweep or reconcile plan did. matched = applied + skipped +
// failed + the targets a cancel left untouched.
struct ActionReport {
    QString batchId;
    qint64 matched = 0;
    qint64 applied = 0;
    qint64 skipped = 0; // changed since the preview (another lease or state, or gone): nothing changed
    qint64 failed = 0; // the store said no (error): nothing changed for that record, or (cacheFailed) not all of it
    qint64 cacheFailed = 0; // of failed: the record changed, the service's cache did not
    // Of failed: records of a scope that an earlier record's error showed
    // broken as a whole (Error::wholeScope), not tried again.
    qint64 scopeBlocked = 0;
    // Of failed: records after the store stopped answering (stop), not tried.
    qint64 notAttempted = 0;
    bool cancelled = false;
    BatchStop stop = BatchStop::None;
    QString stopMessage; // StoreUnavailable: the error that stopped it
    QList<ActionTarget> skippedTargets;
    QList<ActionFailure> failures;
    // Applied, but with a warning (ActionResult::warning): one line per
    // distinct warning, with how many records it concerns.
    QStringList warnings;
    // Four eyes (ProposalBook::sweep): a scope with more records than its
    // threshold is proposed, not applied; its records are not in matched.
    struct Proposed {
        QString scope;
        QString id;
        qint64 records = 0;
        int threshold = 0;
        qint64 expiresAtMs = 0;
    };
    QList<Proposed> proposed;

    qint64 untouched() const { return matched - applied - skipped - failed; }
};

// "cancelled", "store_unavailable", or empty for BatchStop::None.
QString batchStopName(BatchStop stop);

// Progress and cancel for a long action, used from the thread that runs it.
struct ActionControl {
    std::function<void(qint64 done, qint64 total)> progress; // may be empty
    const std::atomic_bool *cancel = nullptr;

    bool cancelled() const { return cancel && cancel->load(); }
    void report(qint64 done, qint64 total) const
    {
        if (progress)
            progress(done, total);
    }
};

// The cutoff of an operator action that picks records by age: attempts that
// started before nowMs - olderThanMs. The contract every caller (idemctl, the
// wizards, tests) goes through: the age must be positive and the cutoff must
// fall after the epoch; anything else is InvalidArgument, never "no filter".
// An action with a wrong cutoff touches nothing; a missing one cannot be said.
Result<qint64> ageCutoff(qint64 nowMs, qint64 olderThanMs);
// What a preview or dry run of an action checks before it reads a record:
// what the action itself would refuse on this store (Store::actionRefusal),
// then the cutoff (ageCutoff). A preview refuses what its run would refuse,
// with the same message.
Result<qint64> previewCutoff(const Store &store, qint64 nowMs, qint64 olderThanMs);

// "b-20261130T041502-3fa9c2d1": one id for every entry of one applied batch.
QString newBatchId(qint64 nowMs);

// Applies each action (one compare-and-set plus its audit entry per record,
// OperatorAction) scope by scope, each scope's in the order given, in runs of
// up to `progressEvery` records of one scope (Store::applyActionBatch: one
// transaction per run on a SQL store), reporting progress after each run
// and stopping between runs when cancelled. A failure is the record's,
// and at most its scope's: an error marked wholeScope (a broken chain head,
// a wrong-typed key of the scope) fails the scope's remaining records
// without trying them, and every other scope goes on. Only a store that
// stopped answering (Unavailable) ends the batch: the remaining records are
// reported failed as not attempted (BatchStop::StoreUnavailable).
ActionReport applyActions(Store &store, const QList<OperatorAction> &actions, const ActionControl &control, int progressEvery = 50);

// Applies `actions` as `who`, under one new batch id (each action's audit
// gets the operator, host, reason and batch id; its evidence stays): the
// entry point of every operator action (sweep, reconcile, an approved
// proposal). Refused before any record is touched when `who` is incomplete
// (InvalidArgument), the store is read-only (Refused; `what` names the
// action, e.g. "reconciling records") or the store refuses operator actions
// (Store::actionRefusal); otherwise the report says per record what
// happened (applyActions).
Result<ActionReport> applyAsOperator(Store &store, QList<OperatorAction> actions, const OperatorIdentity &who, const QString &what,
                                     qint64 nowMs, const ActionControl &control = {});

// Retries the cache step of each record an applied batch changed without
// its cache (ActionFailure::cacheOnly; Store::retryFollowUp), audited under
// the batch's id. applied: the caches now updated; failed: still not, with
// why. A store that is gone leaves the rest untouched (reported failed).
ActionReport retryCacheSteps(Store &store, const QList<ActionFailure> &failures, const OperatorIdentity &who, const QString &batchId,
                             qint64 nowMs, const ActionControl &control = {});

Q_DECLARE_METATYPE(ActionReport)
