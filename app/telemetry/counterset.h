#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <optional>

// DESIGN.md "Counters and alerts": what is counted per scope per minute.
enum class Counter { Executed, Replayed, InProgress, Mismatch, Released, TimedOut, Reconciled, StoreErrors, LateFinish, Count_ };

inline constexpr int CounterCount = static_cast<int>(Counter::Count_);

QString counterName(Counter counter); // column / JSON name: "executed", "in_progress", …
QStringList counterNames(); // in enum order
std::optional<Counter> counterFromName(const QString &name);

struct CounterSet {
    std::array<qint64, CounterCount> values{};

    qint64 operator[](Counter c) const { return values[static_cast<int>(c)]; }
    qint64 &operator[](Counter c) { return values[static_cast<int>(c)]; }
    CounterSet &operator+=(const CounterSet &other);
    bool isZero() const;
    // replayed / (replayed + executed); nullopt when neither happened.
    std::optional<double> hitRate() const;
};

// One row of the counters table: a scope and the minute (epoch minutes).
struct CounterRow {
    QString scope;
    qint64 minute = 0;
    CounterSet counts;
};
