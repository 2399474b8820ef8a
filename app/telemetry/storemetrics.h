#pragma once

#include "app/telemetry/counterset.h"

#include <prometheus/collectable.h>
#include <prometheus/metric_family.h>

#include <QHash>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class Store;

namespace prometheus {
class Exposer;
}

// A store's per-scope counters and gauges as Prometheus metrics (DESIGN.md
// "Telemetry in the operators' own stack"), for `idemctl exporter` and for a
// service that links the engine (registerStoreMetrics below):
//
//   idem_requests_total{scope,outcome}   counter; outcome: executed, replayed, in_progress, mismatch, released
//   idem_records_timed_out_total{scope}  counter; marked timed out by an operator or a sweep
//   idem_records_reconciled_total{scope} counter
//   idem_late_finishes_total{scope}      counter; a completion that came after its record was taken away
//   idem_store_errors_total{scope}       counter
//   idem_in_flight_records{scope}        gauge
//   idem_stuck_records{scope}            gauge; in flight past the scope's timeout
//   idem_exporter_scrape_duration_seconds  gauge; how long the last reading of the store took
//   idem_exporter_store_up               gauge; 1 when that reading succeeded
//   idem_exporter_store_reads_total      counter; readings made (at most one per cache period)
//
// The counters count from the start of the minute the exporter started in,
// as a service's own counters count from its start: a restart is a counter
// reset, which rate() and increase() handle. A minute's count is final two
// minutes after it ends (a SQL store writes its counters about once a
// second); until then it is read again.
//
// Costs: a scrape within `cacheMs` of the last reading reads nothing; a
// reading is one counters() call over the open minutes, one countByState(),
// one count of stuck records and, only while there are stuck records, one
// count per scope with records in flight. Never a write. Concurrent scrapes
// wait for one reading. A failed reading keeps the last values and sets
// idem_exporter_store_up to 0.
class StoreMetrics final : public prometheus::Collectable {
public:
    static constexpr qint64 MinCacheMs = 1000;

    // `store` must outlive this object; read it from any thread (Store is thread-safe).
    explicit StoreMetrics(Store &store, qint64 cacheMs = MinCacheMs);

    std::vector<prometheus::MetricFamily> Collect() const override;
    qint64 storeReads() const { return m_reads.load(); }

private:
    void refresh(qint64 nowMs) const;

    Store &m_store;
    const qint64 m_cacheMs;
    mutable std::mutex m_mutex;
    mutable qint64 m_readAtMs = 0;
    mutable qint64 m_startMinute = -1;
    mutable qint64 m_firstOpenMinute = -1; // minutes before it are final and summed in m_final
    mutable QHash<QString, CounterSet> m_final;
    mutable QHash<QString, CounterSet> m_open;
    mutable QHash<QString, qint64> m_inFlight;
    mutable QHash<QString, qint64> m_stuck;
    mutable double m_durationSeconds = 0;
    mutable bool m_up = false;
    mutable std::atomic<qint64> m_reads{0};
};

// The one call a C++ service that links the engine makes to serve its
// store's metrics on its own prometheus-cpp Exposer, beside its own
// Registry: the returned object must live as long as the exposer serves it
// (the exposer keeps a weak pointer).
std::shared_ptr<StoreMetrics> registerStoreMetrics(prometheus::Exposer &exposer, Store &store,
                                                   const std::string &uri = std::string("/metrics"));
