#pragma once

#include "app/telemetry/counterset.h"

#include <QHash>
#include <QList>
#include <QMutex>

// Counts in memory, per scope per minute, for stores that must not update a
// counter row per request (DESIGN.md: a per-request counter row update would
// serialise every request on one row lock). Thread-safe; add() costs one
// mutex and a hash lookup. takeDue() hands out the whole batch at most once
// per interval so the owner writes it with one statement.
class CounterBuffer final {
    Q_DISABLE_COPY_MOVE(CounterBuffer)
public:
    explicit CounterBuffer(qint64 intervalMs = 1000)
        : m_intervalMs(intervalMs)
    {
    }

    void add(const QString &scope, qint64 nowMs, Counter counter, qint64 n = 1);
    // The pending rows if the interval has passed since the last take (or
    // force is set); empty otherwise. The buffer is left empty.
    QList<CounterRow> takeDue(qint64 nowMs, bool force = false);
    // Rows that could not be written go back, so nothing counted is lost.
    void putBack(const QList<CounterRow> &rows);
    bool isEmpty() const;

private:
    struct Slot {
        QString scope;
        qint64 minute;
        bool operator==(const Slot &) const = default;
    };
    friend size_t qHash(const Slot &slot, size_t seed) { return qHashMulti(seed, slot.scope, slot.minute); }

    const qint64 m_intervalMs;
    mutable QMutex m_mutex;
    QHash<Slot, CounterSet> m_pending;
    qint64 m_lastTakeMs = 0;
};
