#include "models/dashboardreading.h"

#include "app/guard/scopepolicy.h"

#include <QDateTime>
#include <QElapsedTimer>

#include <algorithm>

namespace {

// Counts the scopes' in-flight and stuck records into r.byScope (the calls
// readDashboard's header lists). Returns the first failure.
std::optional<Error> readScopeCounts(Store &store, DashboardReading &r, qint64 stuckBeforeMs)
{
    const bool perScopeInFlight = !r.keepsCounters && r.inFlight > 0;
    if (r.stuck == 0 && !perScopeInFlight)
        return std::nullopt; // nothing to attribute: no call
    QStringList scopes;
    for (const CounterRow &row : std::as_const(r.counters))
        scopes << row.scope;
    for (const ActivityRow &row : std::as_const(r.activity))
        scopes << row.scope;
    scopes.removeDuplicates();
    qint64 inFlight = 0;
    qint64 stuck = 0;
    const auto countScopes = [&](const QStringList &which) -> std::optional<Error> {
        for (const QString &scope : which) {
            DashboardReading::ScopeCounts c{scope, 0, 0};
            if (r.stuck > 0) {
                RecordQuery q = RecordQuery::ofScope(scope);
                q.startedBeforeMs = stuckBeforeMs;
                const Result<qint64> n = store.countInFlight(q);
                if (!n)
                    return n.error();
                c.stuck = n.value();
            }
            if (perScopeInFlight) {
                const Result<qint64> n = store.countInFlight(RecordQuery::ofScope(scope));
                if (!n)
                    return n.error();
                c.inFlight = n.value();
            }
            inFlight += c.inFlight;
            stuck += c.stuck;
            if (c.stuck > 0 || c.inFlight > 0)
                r.byScope << c;
        }
        return std::nullopt;
    };
    if (std::optional<Error> failed = countScopes(scopes))
        return failed;
    if (stuck < r.stuck || (perScopeInFlight && inFlight < r.inFlight)) {
        // Scopes with in-flight records but no traffic in the range: the
        // oldest records (the stuck ones first) name them.
        RecordQuery oldest;
        oldest.limit = 500;
        const Result<QList<Record>> records = store.inFlight(oldest);
        if (!records)
            return records.error();
        QStringList more;
        for (const Record &record : records.value()) {
            if (!scopes.contains(record.scope) && !more.contains(record.scope))
                more << record.scope;
        }
        if (std::optional<Error> failed = countScopes(more))
            return failed;
    }
    std::sort(r.byScope.begin(), r.byScope.end(),
              [](const DashboardReading::ScopeCounts &a, const DashboardReading::ScopeCounts &b) { return a.scope < b.scope; });
    return std::nullopt;
}

} // namespace

Result<DashboardReading> readDashboard(Store &store, qint64 fromMs, qint64 toMs)
{
    QElapsedTimer timer;
    timer.start();
    DashboardReading r;
    r.readAtMs = QDateTime::currentMSecsSinceEpoch();
    r.fromMinute = fromMs / 60000;
    r.toMinute = toMs / 60000;
    Result<CounterReading> counters = store.counterSource().read(QString(), r.fromMinute, r.toMinute);
    if (!counters)
        return counters.error();
    r.provenance = counters->provenance;
    if (r.provenance.failed()) {
        // Prometheus cannot say: the store-derived view, with the reason kept.
        Result<CounterReading> own = StoreCounterSource(store).read(QString(), r.fromMinute, r.toMinute);
        if (!own)
            return own.error();
        counters.value().rows = own->rows;
        r.provenance.source = CounterProvenance::Source::Store;
        r.provenance.mapped = own->provenance.mapped;
        r.provenance.noData.clear();
    }
    r.keepsCounters = r.provenance.source == CounterProvenance::Source::Prometheus || store.keepsCounters();
    if (r.keepsCounters) {
        r.counters = std::move(counters.value().rows);
    } else {
        Result<QList<ActivityRow>> activity = store.activity(QString(), r.fromMinute, r.toMinute);
        if (!activity)
            return activity.error();
        r.activity = std::move(activity).value();
    }
    const Result<qint64> inFlight = store.countInFlight(RecordQuery{});
    if (!inFlight)
        return inFlight.error();
    r.inFlight = inFlight.value();
    // Every scope against one timeout: the dashboard has no scope's policy to hand.
    RecordQuery stuck;
    stuck.startedBeforeMs = r.readAtMs - ScopePolicy().inFlightTimeoutMs;
    const Result<qint64> stuckCount = store.countInFlight(stuck);
    if (!stuckCount)
        return stuckCount.error();
    r.stuck = stuckCount.value();
    r.roundTripMs = timer.elapsed();
    if (std::optional<Error> failed = readScopeCounts(store, r, *stuck.startedBeforeMs))
        return *failed;
    return r;
}

qint64 DashboardReading::inFlightOf(const QString &scope) const
{
    if (scope.isEmpty())
        return inFlight;
    const auto it = std::find_if(byScope.cbegin(), byScope.cend(), [&](const ScopeCounts &c) { return c.scope == scope; });
    return it == byScope.cend() ? 0 : it->inFlight;
}

qint64 DashboardReading::stuckOf(const QString &scope) const
{
    if (scope.isEmpty())
        return stuck;
    const auto it = std::find_if(byScope.cbegin(), byScope.cend(), [&](const ScopeCounts &c) { return c.scope == scope; });
    return it == byScope.cend() ? 0 : it->stuck;
}
