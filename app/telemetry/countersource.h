#pragma once

#include "app/store/result.h"
#include "app/telemetry/counterset.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

class Store;

// Where a reading's per-scope per-minute counters came from, and how well
// (DESIGN.md "Telemetry in the operators' own stack"). A Prometheus answer
// that is missing is never a zero: a minute without data is listed in
// noData, and a server that could not answer says why in `failure` and
// `message`.
struct CounterProvenance {
    enum class Source { Store, Prometheus };
    // Why Prometheus gave no counters at all (the reading then holds none).
    enum class Failure { None, Unreachable, Timeout, BadQuery, BadAnswer, Empty };

    Source source = Source::Store;
    QString server; // the Prometheus server's URL; empty when none is configured
    QString mapping; // the mapping's name
    QList<Counter> mapped; // the counters the source gives; the others are not mapped (not zero)
    // Minutes without data: scope → epoch minutes; the empty scope means
    // every scope. Only a Prometheus reading has any.
    QHash<QString, QSet<qint64>> noData;
    int seriesGaps = 0; // series-minutes without data where others of the scope had some
    int resets = 0; // counter resets seen (a service restarted)
    Failure failure = Failure::None;
    QString message; // translated: the failure, or the gaps and resets; empty when all is well

    bool failed() const { return failure != Failure::None; }
    bool maps(Counter counter) const { return mapped.contains(counter); }
    // Whether the minute's counters of a scope (empty: every scope) are known.
    bool hasData(const QString &scope, qint64 minute) const;
    static QList<Counter> allCounters();
    static QString failureName(Failure failure); // "unreachable", "timeout", …, for JSON and logs
};

struct CounterReading {
    // Minutes with data; within them a scope without a row counted nothing.
    QList<CounterRow> rows;
    CounterProvenance provenance;
};

// Where the per-scope per-minute counters come from: the store itself, or a
// Prometheus server through a MetricsMapping (PrometheusCounterSource).
// readDashboard, the alerts, `idemctl stats` and reports read through it and
// never ask which. Thread-safe; read() blocks.
class CounterSource {
    Q_DISABLE_COPY_MOVE(CounterSource)
public:
    CounterSource() = default;
    virtual ~CounterSource() = default;

    // Counters with minute in [fromMinute, toMinute]; empty scope: every
    // scope. An error is the store's; Prometheus's problems come back as a
    // reading whose provenance failed().
    virtual Result<CounterReading> read(const QString &scope, qint64 fromMinute, qint64 toMinute) = 0;
    virtual bool isPrometheus() const { return false; }
};

// The store's own counters (Store::counters), every counter mapped, no gaps.
class StoreCounterSource final : public CounterSource {
public:
    explicit StoreCounterSource(Store &store)
        : m_store(store)
    {
    }
    Result<CounterReading> read(const QString &scope, qint64 fromMinute, qint64 toMinute) override;

private:
    Store &m_store;
};
