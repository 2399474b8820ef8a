#pragma once

#include "app/guard/scopepolicy.h"
#include "app/ops/operatorbatch.h"
#include "app/store/layout.h"

#include <QMap>

// What the sweep does to each matched record.
enum class SweepAction {
    MarkTimedOut, // the layout's timed-out state (go-middleware: the row is deleted)
    Release, // deleted (java-handler: the row and its cache key), so the client may resubmit
};

// What timing a record out means to the service that owns the layout. The
// native guard and the go-middleware service run a timed out request again
// when its client resubmits. Seed 004's java-handler does not: its step-2
// INSERT hits the unique key of the row it keeps, and it answers with the
// stored, empty response. There only a release (the row and the cache key
// deleted) lets the client resubmit.
struct TimeoutMeaning {
    bool clientMayResubmit = true;
    QString serviceNext; // what the service answers the next request with, for the operator
};

struct SweepCriteria {
    QString scope; // empty: every scope
    qint64 olderThanMs = 10 * 60 * 1000LL; // attempts started longer ago than this
    // Picked records (RecordSelection::sweepPreview) only: TIMED_OUT ones
    // qualify too, whatever their age (an operator declared them stuck
    // already). For a release, which deletes them so the client may resubmit.
    bool includeTimedOut = false;
};

// The records of one host, over its processes (owner "host:pid"): a dead
// host shows as one line with its process count, not one line per pid.
struct OwnerHost {
    QString host; // empty: records with no owner
    qint64 records = 0;
    int processes = 0; // distinct owners on the host
};
// By host, most records first (ties by name); an owner without ":pid" is a
// host of its own.
QList<OwnerHost> ownersByHost(const QMap<QString, qint64> &owners);

struct SweepPreview {
    qint64 matched = 0;
    qint64 oldestAgeMs = 0;
    QMap<QString, qint64> owners; // owner (host:pid) -> records
    QList<ActionTarget> targets; // every matched record, oldest first
    // Foreign values that cannot be read (Record::readError): listed for the
    // operator, never targeted; fix or delete them by hand.
    QStringList unreadableKeys; // "scope/key"
    // Cancelled while reading: the counts and targets cover only the pages
    // read so far, so this preview is not a complete picture to apply.
    bool cancelled = false;
    // How far in the future the newest in-flight attempt starts (0: none
    // beyond a minute), and the warning that names the time zone setting.
    qint64 futureLeadMs = 0;
    QString futureWarning;
};

// Records that start in the future are almost always a zone-less timestamp
// column read in another zone than the service wrote it in (a JVM in
// Asia/Shanghai writing into a UTC MySQL): their age reads 0 and no sweep
// matches them. A listing looks at its newest in-flight record and warns.
constexpr qint64 kFutureToleranceMs = 60'000;
// How far past nowMs (beyond the tolerance) the newest in-flight record of
// the scope (empty: every scope) starts; 0 when none does.
Result<qint64> futureLeadMs(Store &store, const QString &scope, qint64 nowMs);
// The warning for a lead, naming the store's time zone setting; empty for 0.
QString futureRecordsWarning(qint64 leadMs, const QString &timeZoneNote);

// Mark timed out (DESIGN.md "Operator actions"): in-flight records older than
// a threshold become TIMED_OUT so their clients may resubmit. The preview
// reads the store's in-flight index in keyset pages of 500; apply changes a
// record only if it is still in flight under the lease the preview saw.
class TimeoutSweep final {
public:
    // Progress is (rows read, rows counted at the start); cancel stops between
    // pages and returns what was read with `cancelled` set. One count query
    // plus one query per 500 records.
    static Result<SweepPreview> preview(Store &store, const SweepCriteria &criteria, qint64 nowMs, const ActionControl &control = {});
    // One MarkTimedOut per target (expected IN_FLIGHT under the target's
    // lease, audited with `who` and one batch id); timed-out records are kept
    // for their scope's retention so a resubmission is a new attempt. A
    // release expects each target in the state the preview saw (IN_FLIGHT
    // with its cutoff, or TIMED_OUT).
    // An error, before any record is touched, when `who` is incomplete
    // (InvalidArgument) or the store is read-only (Refused); otherwise the
    // report says per record what happened (see applyActions).
    static Result<ActionReport> apply(Store &store, const QList<ActionTarget> &targets, const OperatorIdentity &who,
                                      const ScopePolicies &policies, qint64 nowMs, const ActionControl &control = {},
                                      SweepAction action = SweepAction::MarkTimedOut);
    static TimeoutMeaning meaningFor(const Layout &layout);
};
