#include "app/telemetry/counterset.h"

QString counterName(Counter counter)
{
    switch (counter) {
    case Counter::Executed:
        return QStringLiteral("executed");
    case Counter::Replayed:
        return QStringLiteral("replayed");
    case Counter::InProgress:
        return QStringLiteral("in_progress");
    case Counter::Mismatch:
        return QStringLiteral("mismatch");
    case Counter::Released:
        return QStringLiteral("released");
    case Counter::TimedOut:
        return QStringLiteral("timed_out");
    case Counter::Reconciled:
        return QStringLiteral("reconciled");
    case Counter::StoreErrors:
        return QStringLiteral("store_errors");
    case Counter::LateFinish:
        return QStringLiteral("late_finish");
    case Counter::Count_:
        break;
    }
    return QString();
}

QStringList counterNames()
{
    QStringList names;
    for (int i = 0; i < CounterCount; ++i)
        names << counterName(static_cast<Counter>(i));
    return names;
}

std::optional<Counter> counterFromName(const QString &name)
{
    const int index = counterNames().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return static_cast<Counter>(index);
}

CounterSet &CounterSet::operator+=(const CounterSet &other)
{
    for (int i = 0; i < CounterCount; ++i)
        values[i] += other.values[i];
    return *this;
}

bool CounterSet::isZero() const
{
    for (qint64 v : values) {
        if (v != 0)
            return false;
    }
    return true;
}

std::optional<double> CounterSet::hitRate() const
{
    const qint64 replayed = (*this)[Counter::Replayed];
    const qint64 total = replayed + (*this)[Counter::Executed];
    if (total == 0)
        return std::nullopt;
    return double(replayed) / double(total);
}
