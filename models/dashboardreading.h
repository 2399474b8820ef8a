#pragma once

#include "app/store/store.h"
#include "app/telemetry/counterset.h"
#include "app/telemetry/countersource.h"

#include <QList>
#include <QMetaType>

// One poll of the dashboard: an immutable value made on the store's worker
// thread and handed to the GUI.
struct DashboardReading {
    qint64 readAtMs = 0;
    qint64 fromMinute = 0;
    qint64 toMinute = 0;
    QList<CounterRow> counters; // every scope, minutes in [fromMinute, toMinute]
    // Where the counters came from (the store or Prometheus), which minutes
    // have none, and why a Prometheus server gave none: then the counters
    // are the store's own and provenance.failed() says why.
    CounterProvenance provenance;
    // A store in a foreign layout keeps no counters (Store::keepsCounters());
    // the reading then has the records created per minute by their state now,
    // unless Prometheus gave its counters.
    bool keepsCounters = true;
    QList<ActivityRow> activity; // every scope, minutes in [fromMinute, toMinute]; empty when keepsCounters
    qint64 inFlight = 0;
    qint64 stuck = 0; // in flight longer than the scope's timeout
    qint64 roundTripMs = 0;
    // The in-flight and stuck counts of each scope that has in-flight
    // records (see readDashboard for which are found), sorted by scope.
    struct ScopeCounts {
        QString scope;
        qint64 inFlight = 0; // filled only when the store keeps no counters (the In-flight tile)
        qint64 stuck = 0;
    };
    QList<ScopeCounts> byScope;
    // One scope's counts; empty scope: the store-wide totals.
    qint64 inFlightOf(const QString &scope) const;
    qint64 stuckOf(const QString &scope) const;
};

Q_DECLARE_METATYPE(DashboardReading)

// Reads one DashboardReading for the minutes of [fromMs, toMs] (ms since the
// epoch; the minutes fromMs / 60000 through toMs / 60000, inclusive), every
// scope. Blocks: call it on the store's worker thread (StoreSession::request).
// Store calls (one query each on a native store; a foreign Redis layout
// answers from its cached key scan):
// - the store's counter source (Store::counterSource): counters(), or one
//   query_range per mapped counter on a Prometheus server; when that server
//   cannot answer or has no series, counters() as if it were not configured;
// - activity() when the counters are the store's and it keeps none;
// - countInFlight() of every in-flight record, and of those started before
//   now minus ScopePolicy's default in-flight timeout (the stuck ones,
//   whatever a scope's own policy says);
// - per scope, only while those totals are not zero: countInFlight() of its
//   stuck records (and of all its in-flight ones when the store keeps no
//   counters), for every scope in the range's rows; when those do not add
//   up to the totals, one listing of the oldest in-flight records (at most
//   500) names the scopes with no traffic in the range, counted the same way.
//   What is still missing after that stays in the totals only.
// So a quiet store costs three calls and a store with stuck records in three
// scopes six. Buffered counters are not flushed first: the reading shows
// what the store has written. roundTripMs is the time the first three calls
// took (the store's answer time, not the number of scopes). The first
// failing call's error is returned as the store gave it.
Result<DashboardReading> readDashboard(Store &store, qint64 fromMs, qint64 toMs);
