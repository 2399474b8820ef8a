#include "ui/timechart.h"

#include "models/statuscolors.h"

#include <QChart>
#include <QLegendMarker>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLegend>
#include <QValueAxis>

namespace TimeChart {

QChartView *makeView(const QString &title, const QString &unit, QWidget *host)
{
    auto *chart = new QChart;
    // A dark system palette gets the dark chart theme; set before axes and
    // series are added, which it would otherwise restyle.
    if (StatusColors::isDark(host->palette()))
        chart->setTheme(QChart::ChartThemeDark);
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *axisX = new QDateTimeAxis(chart);
    axisX->setFormat(QStringLiteral("HH:mm"));
    auto *axisY = new QValueAxis(chart);
    axisY->setLabelFormat(QStringLiteral("%d"));
    axisY->setMin(0);
    axisY->setTitleText(unit);
    QFont small = axisY->titleFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    small.setBold(false);
    axisY->setTitleFont(small);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    auto *view = new QChartView(chart, host);
    view->setRenderHint(QPainter::Antialiasing);
    // Two rows of charts, the alert list and the tiles fit a 720 px screen
    // (the dashboard scrolls below that).
    view->setMinimumHeight(170);
    return view;
}

Ticks ticksFor(qint64 fromMs, qint64 toMs, qint64 utcOffsetMs, int maxTicks)
{
    static const qint64 kSteps[] = {1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440};
    if (toMs < fromMs)
        std::swap(fromMs, toMs);
    const qint64 minute = 60000;
    Ticks t;
    for (const qint64 steps : kSteps) {
        t.stepMs = steps * minute;
        // Whole steps of local time: shift into the zone, round, shift back.
        const qint64 localFrom = fromMs + utcOffsetMs, localTo = toMs + utcOffsetMs;
        const qint64 first = localFrom - ((localFrom % t.stepMs) + t.stepMs) % t.stepMs;
        qint64 last = localTo + (t.stepMs - ((localTo % t.stepMs) + t.stepMs) % t.stepMs) % t.stepMs;
        if (last == first)
            last += t.stepMs;
        t.firstMs = first - utcOffsetMs;
        t.lastMs = last - utcOffsetMs;
        t.count = int((last - first) / t.stepMs) + 1;
        if (t.count <= maxTicks)
            break;
    }
    t.format = toMs - fromMs > 12 * 3600 * 1000LL ? QStringLiteral("MM-dd HH:mm") : QStringLiteral("HH:mm");
    return t;
}

void setTimeRange(QChart *chart, qint64 fromMs, qint64 toMs)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Horizontal);
    if (axes.isEmpty())
        return;
    auto *axis = static_cast<QDateTimeAxis *>(axes.first());
    const qint64 offset = qint64(QDateTime::fromMSecsSinceEpoch(toMs).offsetFromUtc()) * 1000;
    const Ticks t = ticksFor(fromMs, toMs, offset);
    axis->setFormat(t.format);
    axis->setTickCount(t.count);
    axis->setRange(QDateTime::fromMSecsSinceEpoch(t.firstMs), QDateTime::fromMSecsSinceEpoch(t.lastMs));
}

void setSeriesShown(QAbstractSeries *series, bool shown)
{
    series->setVisible(shown);
    for (QLegendMarker *marker : series->chart()->legend()->markers(series))
        marker->setVisible(shown);
}

} // namespace TimeChart
