#pragma once

#include "telemetry/counterset.h"

#include <QList>
#include <QMetaType>
#include <QString>

// What the console shows of a store at one moment: an immutable value that
// crosses from the store's worker thread to the GUI in a queued signal.
struct StoreSnapshot {
    quint64 generation = 0;     // increases with every read; models ignore older ones
    bool connected = false;
    QString error;              // why the last read failed, for the status bar
    qint64 readAtMs = 0;
    qint64 roundTripMs = 0;     // how long the reads took
    QList<CounterRow> counters; // the last minutes, per scope
    qint64 inFlight = 0;
    qint64 stuck = 0;           // in flight longer than the scope's timeout
};

Q_DECLARE_METATYPE(StoreSnapshot)
