#pragma once

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
    qint64 inFlight = 0;
    qint64 stuck = 0;            // in flight longer than the scope's timeout
    qint64 roundTripMs = 0;
};

Q_DECLARE_METATYPE(DashboardReading)
