#pragma once

#include "app/telemetry/alertrules.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class QChart;
class QScatterSeries;

// The dashboard's marks over its lines: the alerts raised (triangles on the
// hit-rate and anomaly charts, at the value that raised them) and the
// minutes Prometheus had no data for (grey squares along the top of the
// traffic chart, away from the counts: "unknown", not a value). The series
// belong to their charts.
class DashboardMarkers final {
    Q_DECLARE_TR_FUNCTIONS(DashboardMarkers)
public:
    DashboardMarkers(QChart *traffic, QChart *hit, QChart *anomaly);
    Q_DISABLE_COPY_MOVE(DashboardMarkers)

    QScatterSeries *noData() const { return m_noData; }
    QScatterSeries *hit() const { return m_hit; }
    QScatterSeries *anomaly() const { return m_anomaly; }

    // The alerts raised in the minutes [fromMs, toMs] shown (none when no
    // minute is): a scope's over its own line only, store-wide ones over
    // any scope's. Hit-rate alerts at their rate, mismatch alerts at their
    // count, the other store-wide ones along the bottom (when, not how much).
    void showAlerts(const QList<AlertTransition> &raised, bool anyMinute, qint64 fromMs, qint64 toMs, const QString &scope);
    // The minutes without data, placed below the traffic chart's value axis
    // top: call after that axis has its range.
    void showNoData(const QList<double> &minuteStartsMs);

private:
    QScatterSeries *m_noData;
    QScatterSeries *m_hit;
    QScatterSeries *m_anomaly;
};
