#pragma once

#include <QString>

class QAbstractSeries;
class QChart;
class QChartView;
class QWidget;

// The dashboard's time charts: a time axis that ticks on whole minutes
// (whole hours and days for long ranges), with the date when the range is
// long, and a unit on each axis.
namespace TimeChart {

// A chart view with a time axis (bottom) and a value axis (left) whose
// title is `unit`; the dark theme on a dark palette.
QChartView *makeView(const QString &title, const QString &unit, QWidget *host);

// Where the ticks of a range go: from firstMs to lastMs (the range widened
// to whole steps), `count` ticks one step apart, labelled with `format`.
struct Ticks {
    qint64 firstMs = 0;
    qint64 lastMs = 0;
    int count = 2;
    qint64 stepMs = 60000;
    QString format;
};
// Steps of 1, 2, 5, 10, 15, 30 minutes, 1, 2, 3, 6, 12 hours or a day, the
// smallest that needs at most `maxTicks` ticks; whole in local time
// (utcOffsetMs: the zone's offset). The format has the date ("MM-dd HH:mm")
// once the range spans more than 12 hours.
Ticks ticksFor(qint64 fromMs, qint64 toMs, qint64 utcOffsetMs, int maxTicks = 8);

// Sets the chart's time axis to [fromMs, toMs] on whole ticks (ticksFor in
// the local zone).
void setTimeRange(QChart *chart, qint64 fromMs, qint64 toMs);

// Hides or shows a series together with its legend entry.
void setSeriesShown(QAbstractSeries *series, bool shown);

} // namespace TimeChart
