#pragma once

#include "models/dashboardreading.h"

#include <QAbstractTableModel>
#include <QStringList>

// Counters per minute for one scope or all, one row per minute of the
// chosen range (a minute without traffic is a zero row: zero requests were
// counted; its hit rate is empty, not zero). The last row is usually the
// minute still running (runningRow()): partial, never a full minute. Feeds
// the dashboard charts and the KPI tiles.
//
// A store that keeps no counters (a foreign layout) fills the Created…
// columns instead (records created that minute, by their state now) and
// leaves the counter columns empty, not zero: nothing was counted. Counters
// from Prometheus are empty, not zero, in the minutes Prometheus has no data
// for and in the columns its mapping does not map (the hit rate too). Every
// reading's in-flight and stuck counts (store-wide and per scope) are also kept as samples for as long
// as the model lives, which is what such a store's anomaly chart draws.
class CounterTimelineModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        MinuteColumn, // ms since the epoch of the minute's start
        ExecutedColumn,
        ReplayedColumn,
        InProgressColumn,
        MismatchColumn,
        ReleasedColumn,
        TimedOutColumn,
        LateFinishColumn,
        StoreErrorsColumn,
        HitRateColumn, // percent; empty when nothing executed or replayed
        ThresholdColumn, // the alert threshold, percent (a flat line)
        CreatedCompletedColumn, // no counters: records created that minute, completed now
        CreatedInFlightColumn, //   … still in flight
        CreatedTimedOutColumn, //   … timed out (or failed: the client may resubmit)
        CreatedUnreadableColumn, //   … whose value cannot be read
        ColumnCount
    };
    enum Role { RawValueRole = Qt::UserRole };

    struct Kpis {
        std::optional<double> hitRate; // over the window
        double executionsPerMinute = 0;
        double anomaliesPerMinute = 0; // 409 + 422 + 5xx releases + late finishes + store errors
        qint64 stuck = 0;
        qint64 inFlight = 0;
        qint64 roundTripMs = 0;
        bool keepsCounters = true;
        double createdPerMinute = 0; // no counters: records created per minute
        bool noData = false; // no minute of the window has counters (a Prometheus gap)
    };

    // The in-flight and stuck counts of one reading, for the scope shown
    // (store-wide for all scopes).
    struct CountSample {
        qint64 atMs = 0;
        qint64 inFlight = 0;
        qint64 stuck = 0;
    };
    static constexpr int MaxSamples = 50000; // a day of 2-second polls; the oldest go first

    explicit CounterTimelineModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setReading(const DashboardReading &reading);
    void setScope(const QString &scope); // empty: all scopes
    void setThreshold(double fraction);
    QString scope() const { return m_scope; }
    double threshold() const { return m_threshold; }
    QStringList scopes() const { return m_scopes; } // every scope seen in the reading
    CounterSet minute(int row) const { return m_minutes.value(row); }
    // Whether the row's counters are known (false in a Prometheus gap).
    bool hasData(int row) const;
    const CounterProvenance &provenance() const { return m_reading.provenance; }
    bool keepsCounters() const { return m_reading.keepsCounters; }
    QList<CountSample> samples() const; // of the scope shown
    qint64 minuteStartMs(int row) const { return (m_reading.fromMinute + row) * 60000; }
    // The row of the minute that was still running when the reading was
    // made (its counts are partial), and how much of it had passed (0–1).
    // nullopt when the range ends before the reading (a custom range).
    std::optional<int> runningRow() const;
    double runningFraction() const;
    // Totals over the last `minutes` minutes of the range, of the scope shown
    // (every number, stuck and in flight included; all scopes: the totals).
    // A running last minute counts for the part of it that had passed, so
    // the rates are per minute of measured time.
    Kpis kpis(int minutes = 5) const;

private:
    void rebuild();

    DashboardReading m_reading;
    QString m_scope;
    double m_threshold = 0.30;
    QStringList m_scopes;
    QList<CounterSet> m_minutes;
    struct Created {
        qint64 completed = 0;
        qint64 inFlight = 0;
        qint64 timedOut = 0;
        qint64 unreadable = 0;
    };
    QList<Created> m_created; // per minute, like m_minutes; empty when the store keeps counters
    struct Sample {
        qint64 atMs = 0;
        qint64 inFlight = 0;
        qint64 stuck = 0;
        QList<DashboardReading::ScopeCounts> byScope;
    };
    QList<Sample> m_samples;
};
