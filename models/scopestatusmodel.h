#pragma once

#include "models/dashboardreading.h"

#include "app/telemetry/alertrules.h"

#include <QAbstractTableModel>

#include <optional>

// One row per scope: the dashboard's "which scope is in trouble" table, so a
// bad scope does not hide behind the all-scopes average. Fed from the
// dashboard's reading (the last `minutes` minutes of its range, as the KPI
// tiles) and from the alert monitor (rules for each scope's hit-rate limit,
// raised alerts for the last alert). Rows are sorted by trouble:
//   1. hit rate over its limit (the farthest over first);
//   2. a raised alert, stuck records or anomalies (the most stuck records
//      plus anomalies per minute first);
//   3. the rest;
// then by scope name. No store I/O: every number comes with the reading.
class ScopeStatusModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ScopeColumn,
        HitRateColumn, // percent, "38.5% / 30%" against the scope's limit
        ExecutionsColumn, // per minute
        InProgressColumn, // 409 per minute
        MismatchColumn, // 422 per minute
        ReleasedColumn, // 5xx per minute
        StuckColumn,
        LastAlertColumn,
        ColumnCount
    };
    enum Role {
        RawValueRole = Qt::UserRole, // the number (percent, per minute, count; last alert: its time)
        TroubleRole, // 0 hit rate over its limit, 1 other trouble, 2 fine
    };
    enum Trouble { HitRateOver, OtherTrouble, Fine };

    struct Row {
        QString scope;
        std::optional<double> hitRate; // percent; none without traffic
        std::optional<double> limit; // percent; none when no rule watches the scope
        double executionsPerMinute = 0;
        double inProgressPerMinute = 0;
        double mismatchPerMinute = 0;
        double releasedPerMinute = 0;
        qint64 stuck = 0;
        std::optional<AlertTransition> lastAlert; // the newest raised about this scope
        bool alertRaised = false; // one about this scope is raised now
        Trouble trouble() const;
    };

    explicit ScopeStatusModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Each call rebuilds the rows (a model reset).
    void setReading(const DashboardReading &reading, int minutes = 5);
    void setRules(const QList<AlertRule> &rules);
    // history: raised alerts, oldest first; active: those raised now.
    void setAlerts(const QList<AlertTransition> &history, const QList<AlertTransition> &active);

    const Row &rowAt(int row) const { return m_rows.at(row); }
    int rowOf(const QString &scope) const; // -1 when not listed

private:
    void rebuild();

    DashboardReading m_reading;
    int m_minutes = 5;
    QList<AlertRule> m_rules = AlertRule::defaults();
    QList<AlertTransition> m_history;
    QList<AlertTransition> m_active;
    QList<Row> m_rows;
};
