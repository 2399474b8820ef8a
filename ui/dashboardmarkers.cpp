#include "ui/dashboardmarkers.h"

#include "models/statuscolors.h"
#include "ui/timechart.h"

#include <QChart>
#include <QScatterSeries>
#include <QValueAxis>

namespace {

QScatterSeries *addMarkers(QChart *chart, const QString &name)
{
    auto *markers = new QScatterSeries(chart);
    markers->setName(name);
    chart->addSeries(markers);
    for (QAbstractAxis *axis : chart->axes())
        markers->attachAxis(axis);
    return markers;
}

QScatterSeries *addAlertMarkers(QChart *chart, const QString &name)
{
    QScatterSeries *markers = addMarkers(chart, name);
    // Not the mismatch series' red: a raised alert is another thing.
    markers->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    markers->setMarkerSize(13);
    markers->setColor(ChartColors::AlertRaised);
    markers->setBorderColor(ChartColors::AlertRaisedBorder);
    return markers;
}

} // namespace

DashboardMarkers::DashboardMarkers(QChart *traffic, QChart *hit, QChart *anomaly)
    : m_noData(addMarkers(traffic, tr("no data in Prometheus")))
    , m_hit(addAlertMarkers(hit, tr("alert raised")))
    , m_anomaly(addAlertMarkers(anomaly, tr("alert raised")))
{
    m_noData->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_noData->setMarkerSize(8);
    m_noData->setColor(Qt::gray);
    m_noData->setBorderColor(Qt::gray);
    TimeChart::setSeriesShown(m_noData, false);
}

void DashboardMarkers::showAlerts(const QList<AlertTransition> &raised, bool anyMinute, qint64 fromMs, qint64 toMs, const QString &scope)
{
    QList<QPointF> hit;
    QList<QPointF> anomaly;
    for (const AlertTransition &alert : raised) {
        const qint64 x = alert.minute * 60000;
        // A scope's alert drawn over another scope's (or the total's) line
        // would mislead: the scope table lists those.
        const bool shownScope = alert.scope.isEmpty() || alert.scope == scope;
        if (!anyMinute || x < fromMs || x > toMs || !shownScope)
            continue;
        switch (alert.rule.kind) {
        case AlertRule::Kind::HitRateAbove:
            hit << QPointF(double(x), alert.value);
            break;
        case AlertRule::Kind::MismatchAbovePerMinute:
            anomaly << QPointF(double(x), alert.value);
            break;
        default:
            anomaly << QPointF(double(x), 0);
            break; // store-wide: when, not how much
        }
    }
    m_hit->replace(hit);
    m_anomaly->replace(anomaly);
}

void DashboardMarkers::showNoData(const QList<double> &minuteStartsMs)
{
    const QList<QAbstractAxis *> y = m_noData->chart()->axes(Qt::Vertical);
    const double top = y.isEmpty() ? 0 : static_cast<QValueAxis *>(y.first())->max() * 0.96;
    QList<QPointF> marks;
    for (double x : minuteStartsMs)
        marks << QPointF(x, top);
    m_noData->replace(marks);
}
