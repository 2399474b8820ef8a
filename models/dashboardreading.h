#pragma once

#include "app/store/store.h"
#include "app/telemetry/counterset.h"

#include <QList>
#include <QMetaType>

// One poll of the dashboard: an immutable value made on the store's worker
// thread and handed to the GUI.
struct DashboardReading {
    qint64 readAtMs = 0;
    qint64 fromMinute = 0;
    qint64 toMinute = 0;
    QList<CounterRow> counters;  // every scope, minutes in [fromMinute, toMinute]
    // A store in a foreign layout keeps no counters (Store::keepsCounters());
    // the reading then has the records created per minute by their state now.
    bool keepsCounters = true;
    QList<ActivityRow> activity; // every scope, minutes in [fromMinute, toMinute]; empty when keepsCounters
    qint64 inFlight = 0;
    qint64 stuck = 0;            // in flight longer than the scope's timeout
    qint64 roundTripMs = 0;
};

Q_DECLARE_METATYPE(DashboardReading)

// Reads one DashboardReading for the minutes of [fromMs, toMs] (ms since the
// epoch; the minutes fromMs / 60000 through toMs / 60000, inclusive), every
// scope. Blocks: call it on the store's worker thread (StoreSession::request).
// Three store calls (one query each on a native store; a foreign Redis
// layout answers from its key scan): counters(), or activity() when the
// store keeps no counters; countInFlight() of every in-flight record; and
// countInFlight() of those started before now minus ScopePolicy's default
// in-flight timeout (the stuck ones, whatever a scope's own policy says).
// Buffered counters are not flushed first: the reading shows what the store
// has written. roundTripMs is the time the three calls took. The first
// failing call's error is returned as the store gave it.
Result<DashboardReading> readDashboard(Store &store, qint64 fromMs, qint64 toMs);
