#include "app/telemetry/countersource.h"

#include "app/store/store.h"

bool CounterProvenance::hasData(const QString &scope, qint64 minute) const
{
    if (noData.value(QString()).contains(minute))
        return false;
    if (!scope.isEmpty())
        return !noData.value(scope).contains(minute);
    // Every scope: a total with one scope missing is not the total.
    for (auto it = noData.cbegin(); it != noData.cend(); ++it) {
        if (it.value().contains(minute))
            return false;
    }
    return true;
}

QList<Counter> CounterProvenance::allCounters()
{
    QList<Counter> all;
    for (int i = 0; i < CounterCount; ++i)
        all << Counter(i);
    return all;
}

QString CounterProvenance::failureName(Failure failure)
{
    switch (failure) {
    case Failure::None:
        return QStringLiteral("none");
    case Failure::Unreachable:
        return QStringLiteral("unreachable");
    case Failure::Timeout:
        return QStringLiteral("timeout");
    case Failure::BadQuery:
        return QStringLiteral("bad_query");
    case Failure::BadAnswer:
        return QStringLiteral("bad_answer");
    case Failure::Empty:
        return QStringLiteral("empty");
    }
    return {};
}

Result<CounterReading> StoreCounterSource::read(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    Result<QList<CounterRow>> rows = m_store.counters(scope, fromMinute, toMinute);
    if (!rows)
        return rows.error();
    CounterReading reading;
    reading.rows = std::move(rows).value();
    reading.provenance.mapped = CounterProvenance::allCounters();
    return reading;
}
