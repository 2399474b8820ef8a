#include "app/telemetry/storemetrics.h"

#include "app/guard/scopepolicy.h"
#include "app/store/store.h"

#include <prometheus/exposer.h>

#include <QDateTime>
#include <QElapsedTimer>

#include <map>

namespace {

using prometheus::ClientMetric;
using prometheus::MetricFamily;
using prometheus::MetricType;

constexpr Counter RequestOutcomes[] = {Counter::Executed, Counter::Replayed, Counter::InProgress, Counter::Mismatch, Counter::Released};

MetricFamily family(const char *name, const char *help, MetricType type)
{
    MetricFamily f;
    f.name = name;
    f.help = help;
    f.type = type;
    return f;
}

ClientMetric sample(MetricType type, double value, std::vector<ClientMetric::Label> labels = {})
{
    ClientMetric m;
    m.label = std::move(labels);
    if (type == MetricType::Counter)
        m.counter.value = value;
    else
        m.gauge.value = value;
    return m;
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

} // namespace

StoreMetrics::StoreMetrics(Store &store, qint64 cacheMs)
    : m_store(store)
    , m_cacheMs(qMax(MinCacheMs, cacheMs))
{
}

void StoreMetrics::refresh(qint64 nowMs) const
{
    QElapsedTimer timer;
    timer.start();
    m_readAtMs = nowMs;
    ++m_reads;
    const qint64 nowMinute = nowMs / 60000;
    if (m_startMinute < 0)
        m_startMinute = m_firstOpenMinute = nowMinute;
    bool ok = true;
    if (m_store.keepsCounters()) {
        const Result<QList<CounterRow>> rows = m_store.counters(QString(), m_firstOpenMinute, nowMinute);
        if (rows) {
            // Minutes two minutes past their end are final.
            const qint64 firstOpen = qMax(m_firstOpenMinute, nowMinute - 2);
            m_open.clear();
            for (const CounterRow &row : rows.value()) {
                if (row.minute < m_firstOpenMinute)
                    continue;
                (row.minute < firstOpen ? m_final : m_open)[row.scope] += row.counts;
                m_final[row.scope]; // the scope's series exist from now on
            }
            m_firstOpenMinute = firstOpen;
        } else {
            ok = false;
        }
    }
    QHash<QString, qint64> inFlight;
    QHash<QString, qint64> stuck;
    if (ok) {
        const Result<QList<ScopeCount>> states = m_store.countByState(QString());
        ok = states.ok();
        for (const ScopeCount &c : states.value_or({})) {
            inFlight[c.scope] += c.state == RecordState::InFlight ? c.count : 0;
            m_final[c.scope]; // a scope with records has counter series, at zero until it counts
        }
    }
    if (ok) {
        RecordQuery all;
        all.startedBeforeMs = nowMs - ScopePolicy().inFlightTimeoutMs;
        const Result<qint64> total = m_store.countInFlight(all);
        ok = total.ok();
        for (auto it = inFlight.cbegin(); ok && total.value() > 0 && it != inFlight.cend(); ++it) {
            if (it.value() == 0)
                continue;
            RecordQuery q = RecordQuery::ofScope(it.key());
            q.startedBeforeMs = nowMs - ScopePolicies::defaultFor(it.key()).inFlightTimeoutMs;
            const Result<qint64> n = m_store.countInFlight(q);
            ok = n.ok();
            stuck[it.key()] = n.value_or(0);
        }
    }
    if (ok) {
        m_inFlight = inFlight;
        m_stuck = stuck;
    }
    m_up = ok;
    m_durationSeconds = double(timer.nsecsElapsed()) / 1e9;
}

std::vector<MetricFamily> StoreMetrics::Collect() const
{
    std::lock_guard lock(m_mutex);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    if (m_reads == 0 || nowMs - m_readAtMs >= m_cacheMs || nowMs < m_readAtMs)
        refresh(nowMs);

    MetricFamily requests =
        family("idem_requests_total", "Guarded requests by outcome, per scope, as the store counted them.", MetricType::Counter);
    MetricFamily timedOut = family("idem_records_timed_out_total", "Records marked timed out, per scope.", MetricType::Counter);
    MetricFamily reconciled =
        family("idem_records_reconciled_total", "Records reconciled against an order table, per scope.", MetricType::Counter);
    MetricFamily late = family("idem_late_finishes_total",
                               "Completions that came after their record was timed out or taken over, per scope.", MetricType::Counter);
    MetricFamily errors = family("idem_store_errors_total", "Store errors the guard met, per scope.", MetricType::Counter);
    // Sorted by scope, so the output reads the same every scrape.
    std::map<QString, CounterSet> totals;
    for (auto it = m_final.cbegin(); it != m_final.cend(); ++it) {
        CounterSet sum = it.value();
        sum += m_open.value(it.key());
        totals[it.key()] = sum;
    }
    for (const auto &[scope, counts] : totals) {
        const std::string s = utf8(scope);
        for (Counter outcome : RequestOutcomes)
            requests.metric.push_back(
                sample(MetricType::Counter, double(counts[outcome]), {{"outcome", utf8(counterName(outcome))}, {"scope", s}}));
        timedOut.metric.push_back(sample(MetricType::Counter, double(counts[Counter::TimedOut]), {{"scope", s}}));
        reconciled.metric.push_back(sample(MetricType::Counter, double(counts[Counter::Reconciled]), {{"scope", s}}));
        late.metric.push_back(sample(MetricType::Counter, double(counts[Counter::LateFinish]), {{"scope", s}}));
        errors.metric.push_back(sample(MetricType::Counter, double(counts[Counter::StoreErrors]), {{"scope", s}}));
    }
    MetricFamily inFlight = family("idem_in_flight_records", "Records in flight now, per scope.", MetricType::Gauge);
    MetricFamily stuck = family("idem_stuck_records", "Records in flight past their scope's timeout, per scope.", MetricType::Gauge);
    std::map<QString, qint64> inFlightSorted;
    for (auto it = m_inFlight.cbegin(); it != m_inFlight.cend(); ++it)
        inFlightSorted[it.key()] = it.value();
    for (const auto &[scope, count] : inFlightSorted) {
        inFlight.metric.push_back(sample(MetricType::Gauge, double(count), {{"scope", utf8(scope)}}));
        stuck.metric.push_back(sample(MetricType::Gauge, double(m_stuck.value(scope)), {{"scope", utf8(scope)}}));
    }
    MetricFamily duration =
        family("idem_exporter_scrape_duration_seconds", "How long the exporter's last reading of the store took.", MetricType::Gauge);
    duration.metric.push_back(sample(MetricType::Gauge, m_durationSeconds));
    MetricFamily up =
        family("idem_exporter_store_up", "1 when the exporter's last reading of the store succeeded, else 0.", MetricType::Gauge);
    up.metric.push_back(sample(MetricType::Gauge, m_up ? 1 : 0));
    MetricFamily reads = family("idem_exporter_store_reads_total",
                                "Readings of the store (at most one per cache period, whatever the scrapes).", MetricType::Counter);
    reads.metric.push_back(sample(MetricType::Counter, double(m_reads.load())));
    return {requests, timedOut, reconciled, late, errors, inFlight, stuck, duration, up, reads};
}

std::shared_ptr<StoreMetrics> registerStoreMetrics(prometheus::Exposer &exposer, Store &store, const std::string &uri)
{
    auto metrics = std::make_shared<StoreMetrics>(store);
    exposer.RegisterCollectable(metrics, uri);
    return metrics;
}
