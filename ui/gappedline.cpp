#include "ui/gappedline.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>

namespace {

// Only the first run is in the legend. A series' marker follows the series'
// visibility, so this is said again after every change of it.
void keepOutOfLegend(QChart *chart, QLineSeries *series)
{
    for (QLegendMarker *marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

} // namespace

GappedLine::GappedLine(QChart *chart, const QString &name, const QColor &color, Qt::PenStyle style)
    : m_chart(chart)
    , m_name(name)
    , m_color(color)
    , m_style(style)
{
    addRun();
    m_tail = new QLineSeries(chart);
    styleRun(m_tail, true);
    chart->addSeries(m_tail);
    for (QAbstractAxis *axis : chart->axes())
        m_tail->attachAxis(axis);
    keepOutOfLegend(chart, m_tail);
}

void GappedLine::styleRun(QLineSeries *run, bool dashed) const
{
    run->setName(m_name);
    QPen pen(m_color);
    pen.setWidthF(2);
    pen.setStyle(dashed ? Qt::DashLine : m_style);
    run->setPen(pen);
    run->setPointsVisible(m_pointsVisible || dashed);
}

QLineSeries *GappedLine::addRun()
{
    auto *run = new QLineSeries(m_chart);
    styleRun(run, false);
    m_chart->addSeries(run);
    for (QAbstractAxis *axis : m_chart->axes())
        run->attachAxis(axis);
    run->setVisible(m_visible);
    if (!m_runs.isEmpty())
        keepOutOfLegend(m_chart, run);
    m_runs.append(run);
    return run;
}

void GappedLine::setPoints(const QList<Point> &points, std::optional<QPointF> running)
{
    QList<QList<QPointF>> runs;
    QList<QPointF> current;
    for (const Point &p : points) {
        if (p.y) {
            current.append(QPointF(p.x, *p.y));
        } else if (!current.isEmpty()) {
            runs.append(current);
            current.clear();
        }
    }
    if (!current.isEmpty())
        runs.append(current);
    while (m_runs.size() < qMax<qsizetype>(1, runs.size()))
        addRun();
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        QLineSeries *run = m_runs.at(i);
        const QList<QPointF> shown = i < runs.size() ? runs.at(i) : QList<QPointF>();
        run->replace(shown);
        // A minute standing alone has no line to show it: its marker does.
        run->setPointsVisible(m_pointsVisible || shown.size() == 1);
        run->setVisible(m_visible && (i == 0 || !shown.isEmpty()));
        if (i > 0)
            keepOutOfLegend(m_chart, run);
    }
    m_running = running;
    QList<QPointF> tail;
    if (running) {
        // From the last whole minute with a value, if it is the one before.
        if (!runs.isEmpty() && !points.isEmpty() && points.constLast().y
            && qFuzzyCompare(runs.constLast().constLast().x(), points.constLast().x))
            tail.append(runs.constLast().constLast());
        tail.append(*running);
    }
    m_tail->replace(tail);
    m_tail->setVisible(m_visible && !tail.isEmpty());
    keepOutOfLegend(m_chart, m_tail);
}

void GappedLine::setVisible(bool shown)
{
    m_visible = shown;
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        m_runs.at(i)->setVisible(shown && (i == 0 || m_runs.at(i)->count() > 0));
        if (i > 0)
            keepOutOfLegend(m_chart, m_runs.at(i));
    }
    m_tail->setVisible(shown && m_tail->count() > 0);
    keepOutOfLegend(m_chart, m_tail);
    for (QLegendMarker *marker : m_chart->legend()->markers(m_runs.first()))
        marker->setVisible(shown);
}

void GappedLine::setPointsVisible(bool shown)
{
    m_pointsVisible = shown;
    for (QLineSeries *run : std::as_const(m_runs))
        run->setPointsVisible(shown || run->count() == 1);
}

QList<QList<QPointF>> GappedLine::runs() const
{
    QList<QList<QPointF>> out;
    for (const QLineSeries *run : m_runs) {
        if (run->count() > 0)
            out.append(run->points());
    }
    return out;
}

QList<QPointF> GappedLine::drawnPoints() const
{
    QList<QPointF> out;
    for (const QList<QPointF> &run : runs())
        out += run;
    if (m_running)
        out.append(*m_running);
    return out;
}
