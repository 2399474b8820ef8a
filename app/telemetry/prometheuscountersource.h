#pragma once

#include "app/telemetry/countersource.h"
#include "app/telemetry/metricsmapping.h"

#include <QUrl>

#include <memory>

class PrometheusClient;

// Counters from a Prometheus server through a MetricsMapping: per read, one
// query_range per mapped counter (sent at once), step one minute, from the
// first minute's start to the last minute's end; a range longer than
// MaxStepsPerQuery minutes is asked for in parts (Prometheus refuses more
// than 11,000 points a series).
//
// A series' count in minute m is its value at the end of m minus its value
// at the start; a drop is a counter reset and the value after it is all new
// (as increase() counts). A series without a value at either end has no data
// that minute. A scope's minute has data when any of its series has; a
// minute that no series has is no data for every scope. The last minute's
// end may lie in the future: Prometheus then answers the newest sample,
// which makes the current minute's count "so far".
class PrometheusCounterSource final : public CounterSource {
public:
    static constexpr int DefaultTimeoutMs = 5000;
    static constexpr qint64 MaxStepsPerQuery = 10000;

    PrometheusCounterSource(QUrl server, MetricsMapping mapping, int timeoutMs = DefaultTimeoutMs);
    ~PrometheusCounterSource() override;

    Result<CounterReading> read(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    bool isPrometheus() const override { return true; }
    const MetricsMapping &mapping() const { return m_mapping; }

private:
    const MetricsMapping m_mapping;
    const std::unique_ptr<PrometheusClient> m_client;
};
