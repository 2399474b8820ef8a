#include "models/dashboardreading.h"

#include "app/guard/scopepolicy.h"

#include <QDateTime>
#include <QElapsedTimer>

Result<DashboardReading> readDashboard(Store &store, qint64 fromMs, qint64 toMs)
{
    QElapsedTimer timer;
    timer.start();
    DashboardReading r;
    r.readAtMs = QDateTime::currentMSecsSinceEpoch();
    r.fromMinute = fromMs / 60000;
    r.toMinute = toMs / 60000;
    r.keepsCounters = store.keepsCounters();
    if (r.keepsCounters) {
        Result<QList<CounterRow>> rows = store.counters(QString(), r.fromMinute, r.toMinute);
        if (!rows)
            return rows.error();
        r.counters = std::move(rows).value();
    } else {
        Result<QList<ActivityRow>> activity = store.activity(QString(), r.fromMinute, r.toMinute);
        if (!activity)
            return activity.error();
        r.activity = std::move(activity).value();
    }
    const Result<qint64> inFlight = store.countInFlight(InFlightQuery{});
    if (!inFlight)
        return inFlight.error();
    r.inFlight = inFlight.value();
    // Every scope against one timeout: the dashboard has no scope's policy to hand.
    InFlightQuery stuck;
    stuck.startedBeforeMs = r.readAtMs - ScopePolicy().inFlightTimeoutMs;
    const Result<qint64> stuckCount = store.countInFlight(stuck);
    if (!stuckCount)
        return stuckCount.error();
    r.stuck = stuckCount.value();
    r.roundTripMs = timer.elapsed();
    return r;
}
