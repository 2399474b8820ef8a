#pragma once

#include "app/ops/reconcileplan.h"
#include "app/ops/timeoutsweep.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

// A record an operator picked in a list, by its identity only: an action
// reads it again before it proposes anything.
struct RecordRef {
    QString scope;
    QString key;

    friend bool operator==(const RecordRef &, const RecordRef &) = default;
};

// Each scope of the records once, in the order it first appears.
QStringList scopesOf(const QList<RecordRef> &records);

// What became of picked records when an action read them again. Only
// `eligible` records are proposed; the others are named for the operator.
struct PickedRecords {
    QList<Record> eligible; // still unfinished and old enough, in the order picked
    QStringList finished; // "scope/key": completed, released or gone since they were picked
    QStringList tooYoung; // an in-flight attempt that started after the action's cutoff
    QStringList unreadable; // a foreign value that cannot be read: never acted on
    bool cancelled = false; // stopped between records: the rest were not read
};

// Operator actions limited to records picked in the In-flight tab (its
// context menu). The same fail-safe rules as the sweep and the dry run: the
// records are read again (one get() per record, so meant for a selection,
// not for thousands), the cutoff is a positive instant, a record that
// cannot be read is never targeted, and apply still compares and sets each
// one on the lease and state read here.
class RecordSelection final {
public:
    // Reads each picked record; IN_FLIGHT ones qualify when their attempt
    // started before cutoffMs, TIMED_OUT ones (any age) when includeTimedOut.
    static Result<PickedRecords> reread(Store &store, const QList<RecordRef> &picked, qint64 cutoffMs, bool includeTimedOut,
                                        const ActionControl &control = {});

    // The timeout sweep's preview of the picked records (criteria.scope is
    // ignored: the records name theirs). Targets carry the cutoff.
    struct Sweep {
        SweepPreview preview;
        PickedRecords picked;
    };
    static Result<Sweep> sweepPreview(Store &store, const QList<RecordRef> &picked, const SweepCriteria &criteria, qint64 nowMs,
                                      const ActionControl &control = {});

    // The reconcile dry run of the picked records: their orders looked up
    // in batches of OrderLookup::MaxBatch, one proposal per eligible record.
    struct Plan {
        QList<ReconcileRow> rows;
        PickedRecords picked;
    };
    static Result<Plan> reconcilePlan(Store &store, OrderLookup &orders, const QList<RecordRef> &picked, const ReconcileCriteria &criteria,
                                      qint64 nowMs, const ActionControl &control = {});

    // "3 picked records are left out: 2 finished meanwhile, 1 started less than 10 min ago." Empty when none is.
    static QString leftOutText(const PickedRecords &picked, qint64 olderThanMs);
};

Q_DECLARE_METATYPE(RecordRef)
