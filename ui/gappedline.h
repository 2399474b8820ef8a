#pragma once

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

#include <optional>

class QChart;
class QLineSeries;

// One line of a dashboard chart that shows only what was measured: a minute
// without a value (no traffic for a hit rate, no data from a metrics
// source) is a gap, never a line drawn across it; the minute still running
// is a dashed stretch from the last whole minute, marked, never a drop.
// Qt Charts draws a series as one polyline, so each run of measured minutes
// is a series of its own; the first carries the legend entry.
class GappedLine final {
    Q_DISABLE_COPY_MOVE(GappedLine)
public:
    GappedLine(QChart *chart, const QString &name, const QColor &color, Qt::PenStyle style = Qt::SolidLine);

    struct Point {
        qreal x = 0;
        std::optional<qreal> y; // nullopt: nothing measured there
    };
    // The whole minutes, in x order, and the running minute's point (its
    // value so far, scaled as the caller chooses), drawn dashed from the
    // last whole minute that has a value.
    void setPoints(const QList<Point> &points, std::optional<QPointF> running = std::nullopt);
    void setVisible(bool shown);
    bool isVisible() const { return m_visible; }
    // Markers on every point (a line whose minutes may stand alone).
    void setPointsVisible(bool shown);
    QString name() const { return m_name; }
    // The series of the first run (the legend's): for tests and axis ranges.
    QLineSeries *legendSeries() const { return m_runs.first(); }
    // Every point drawn, runs and the running stretch together, in x order.
    QList<QPointF> drawnPoints() const;
    QList<QList<QPointF>> runs() const; // the runs of whole minutes
    std::optional<QPointF> runningPoint() const { return m_running; }

private:
    QLineSeries *addRun();
    void styleRun(QLineSeries *run, bool dashed) const;

    QChart *m_chart;
    QString m_name;
    QColor m_color;
    Qt::PenStyle m_style;
    bool m_visible = true;
    bool m_pointsVisible = false;
    QList<QLineSeries *> m_runs; // m_runs[0] is in the legend
    QLineSeries *m_tail = nullptr; // the running minute's stretch
    std::optional<QPointF> m_running;
};
