#pragma once

#include "store/store.h"
#include "telemetry/counterset.h"

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
