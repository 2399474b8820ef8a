#pragma once

#include "app/ops/report.h"

#include <QImage>
#include <QSize>
#include <QString>

// The report's two line charts over its range, drawn with QPainter into
// images for the PDF (the engine has no Qt Charts): the hit rate, and each
// anomaly counter that is not zero. The range is cut into at most 240
// buckets of whole minutes. size is in pixels at dpi.
class ReportCharts final {
public:
    static QImage hitRate(const ReportData &data, const QSize &size, int dpi);
    static QImage anomalies(const ReportData &data, const QSize &size, int dpi);
    // A counter's name as the PDF prints it (chart legends, table headers).
    static QString counterLabel(Counter counter);
};
