#pragma once

#include "app/store/result.h"
#include "app/telemetry/alertrules.h"

#include <QHash>
#include <QWidget>

#include <memory>

class CounterTimelineModel;
class DashboardMarkers;
class GappedLine;
class KpiTile;
class ScopeStatusModel;
class QChart;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLayout;
class QLineSeries;
class QScatterSeries;
class QStackedWidget;
class QTableView;
class QPushButton;
class QSpinBox;
class QTimer;
class StoreSession;
struct DashboardReading;

// Live counters: per-minute charts of executed / replayed / anomalies, the
// hit rate against its alert threshold, KPI tiles for the last 5 minutes,
// and a table of every scope's status sorted by trouble (a click there
// picks the scope). Tiles, charts and the threshold line are the selected
// scope's (all scopes: the totals and the rule for every scope).
// Polls the store through the session every refresh interval (never more
// than one read in flight): readDashboard() runs on the session's worker
// thread and its reading goes to the model; each series' points are then
// replaced in one call.
//
// A store that keeps no counters (a foreign layout) is drawn from what it
// does have: records created per minute by their state now, and the in-flight
// and stuck counts as this view's own polls sampled them. What needs counters
// (hit rate, executions, anomalies) says so instead of showing zeros.
class DashboardView final : public QWidget {
    Q_OBJECT
public:
    DashboardView(StoreSession *session, QWidget *parent = nullptr);
    ~DashboardView() override;

    CounterTimelineModel *model() const { return m_model; }
    void setRefreshInterval(int ms);
    void setHitRateThreshold(double fraction);
    void setPaused(bool paused);
    bool isPaused() const;
    // Reads now (unless a read is already running).
    void refresh();
    // Marks the minutes where these alerts were raised (hit rate on the hit
    // rate chart, the others on the anomaly chart): those about the shown
    // scope and the store-wide ones (all scopes: only those; the scope
    // table names the rest).
    void setAlertMarkers(const QList<AlertTransition> &raised);
    // The monitor's rules (each scope's hit-rate limit), raised history
    // (markers, last alert) and the alerts raised now, for the scope table.
    void setAlerts(const QList<AlertRule> &rules, const QList<AlertTransition> &history, const QList<AlertTransition> &active);
    // Shows one scope (empty: all), as the combo and the table do.
    void setScope(const QString &scope);
    QString scope() const;
    ScopeStatusModel *scopeStatus() const { return m_scopeStatus; }
    QTableView *scopeTable() const { return m_scopeTable; }

    // False once a reading came from a store that keeps no counters.
    bool showsCounters() const { return m_showsCounters; }
    // Shown in place of the counter tiles and the hit-rate chart then.
    QLabel *noCountersNotice() const { return m_noCounters; }
    // Where the counters come from when a Prometheus server is configured
    // (hidden otherwise): the server and mapping, its gaps and resets, or why
    // it gave nothing and the store's own view is shown instead.
    QLabel *countersFromLabel() const { return m_countersFrom; }
    // The minutes without data in Prometheus (gray marks along the top of the traffic chart).
    QScatterSeries *noDataMarkers() const;
    QChart *trafficChart() const { return m_trafficChart; }
    QChart *anomalyChart() const { return m_anomalyChart; }
    QChart *hitChart() const { return m_hitChart; }
    // The line of a CounterTimelineModel column (tests read what is drawn).
    const GappedLine *line(int column) const;
    KpiTile *createdTile() const { return m_created; }
    KpiTile *stuckTile() const { return m_stuck; }
    KpiTile *hitRateTile() const { return m_hitRate; }

signals:
    void readingShown(const DashboardReading &reading);
    void readFailed(const QString &message);

private:
    // The constructor's steps, in this order: the controls, tiles and charts (each
    // returns its part of the page), the series, the markers (DashboardMarkers), the signals.
    QLayout *buildControls();
    QLayout *buildTiles();
    QLayout *buildCharts();
    void buildSeries();
    void connectSignals();

    // The end of a refresh(), back on the GUI thread.
    void readingArrived(const Result<DashboardReading> &reading);
    void showReading(const DashboardReading &reading);
    void updateCharts();
    // The counter lines from the model, the running minute as a separate
    // point once enough of it has passed; raises maxY to each chart's
    // highest point drawn.
    void updateCounterLines(QHash<QChart *, double> &maxY);
    void updateTiles();
    void updateScopes();
    void updateThreshold(); // the selected scope's hit-rate limit
    void selectScopeRow(); // the table's selection follows the scope shown
    std::pair<qint64, qint64> rangeMs() const;
    // Switches the tiles, charts and series between counters and activity.
    void showCounterMode(bool counters);
    void showProvenance(const DashboardReading &reading);

    StoreSession *m_session;
    CounterTimelineModel *m_model;
    QTimer *m_timer;
    bool m_reading = false;
    QComboBox *m_scope;
    QComboBox *m_range;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QSpinBox *m_interval;
    QPushButton *m_pause;
    QLabel *m_updated;
    KpiTile *m_hitRate;
    KpiTile *m_executions;
    KpiTile *m_anomalies;
    KpiTile *m_stuck;
    KpiTile *m_latency;
    KpiTile *m_created;
    KpiTile *m_inFlightTile;
    QLabel *m_noCounters;
    QLabel *m_countersFrom;
    std::unique_ptr<DashboardMarkers> m_markers; // made with the charts
    QLabel *m_noHitRate;
    QStackedWidget *m_hitStack;
    bool m_showsCounters = true;
    QChart *m_trafficChart;
    QChart *m_anomalyChart;
    QChart *m_hitChart;
    QList<QPair<int, GappedLine *>> m_series; // model column → its line (owned)
    QLineSeries *m_inFlightSamples = nullptr; // no counters: CountSample::inFlight
    QLineSeries *m_stuckSamples = nullptr; //   … and stuck
    QList<AlertTransition> m_alerts;
    QList<AlertRule> m_rules;
    double m_defaultThreshold = 0.30;
    ScopeStatusModel *m_scopeStatus;
    QTableView *m_scopeTable;
};
