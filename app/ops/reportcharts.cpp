#include "app/ops/reportcharts.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace {

// The charts' texts belong to the PDF: they keep the "ReportPdf" translation context.
struct PdfText {
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
};

constexpr qint64 MinuteMs = 60'000;
constexpr int MaxBuckets = 240;
const QString FontFamily = QStringLiteral("DejaVu Sans");

QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QColor counterColor(Counter c)
{
    static const QColor colors[] = {QColor(0x1f77b4), QColor(0x2ca02c), QColor(0xff7f0e), QColor(0xd62728), QColor(0x9467bd),
                                    QColor(0x8c564b), QColor(0x17becf), QColor(0x7f7f7f), QColor(0xe377c2)};
    return colors[static_cast<int>(c) % 9];
}

// The range cut into at most MaxBuckets buckets of whole minutes.
struct Buckets {
    qint64 firstMinute = 0;
    qint64 minutesPerBucket = 1;
    QList<CounterSet> sums;

    explicit Buckets(const ReportData &d)
    {
        firstMinute = d.fromMs / MinuteMs;
        const qint64 minutes = std::max<qint64>(1, d.toMs / MinuteMs - firstMinute + 1);
        minutesPerBucket = (minutes + MaxBuckets - 1) / MaxBuckets;
        sums.resize((minutes + minutesPerBucket - 1) / minutesPerBucket);
        for (const ReportMinute &m : d.series) {
            const qint64 i = (m.minute - firstMinute) / minutesPerBucket;
            if (i >= 0 && i < sums.size())
                sums[i] += m.counts;
        }
    }
};

struct Line {
    QString name;
    QColor color;
    QList<std::optional<double>> values; // one per bucket; nullopt: no point (the line breaks)
};

// A white image of the chart's size and resolution.
QImage blankChart(const QSize &size, int dpi)
{
    QImage image(size, QImage::Format_RGB32);
    const int dpm = qRound(dpi / 0.0254);
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    image.fill(Qt::white);
    return image;
}

// Grid lines and y labels at 0, ¼, ½, ¾ and all of yMax, then the x and y axes.
void drawGrid(QPainter &p, const QFontMetricsF &fm, const QRectF &plot, double left, double pad, double yMax, bool asPercent)
{
    p.setPen(QPen(QColor(0xdddddd), 2));
    for (int i = 0; i <= 4; ++i) {
        const double y = plot.bottom() - plot.height() * i / 4.0;
        p.setPen(QPen(QColor(0xdddddd), 2));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        const double v = yMax * i / 4.0;
        const QString label =
            asPercent ? QStringLiteral("%1%").arg(v * 100.0, 0, 'f', 0) : QString::number(v, 'f', v < 10 && yMax < 4 ? 1 : 0);
        p.setPen(Qt::black);
        p.drawText(QRectF(0, y - fm.height() / 2, left - pad, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
    }
    p.setPen(QPen(Qt::black, 2));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
}

// x labels under the plot: the range's start, middle and end.
void drawTimeLabels(QPainter &p, const QFontMetricsF &fm, const QRectF &plot, double pad, const ReportData &d)
{
    const double labelY = plot.bottom() + pad * 0.5;
    p.drawText(QRectF(plot.left(), labelY, plot.width() / 3, fm.height()), Qt::AlignLeft, when(d.fromMs));
    p.drawText(QRectF(plot.left() + plot.width() / 3, labelY, plot.width() / 3, fm.height()), Qt::AlignHCenter,
               when(d.fromMs + (d.toMs - d.fromMs) / 2));
    p.drawText(QRectF(plot.right() - plot.width() / 3, labelY, plot.width() / 3, fm.height()), Qt::AlignRight, when(d.toMs));
}

// A line's path over the plot: broken where a bucket has no value, a small
// circle where a stretch starts so that a lone point still shows.
QPainterPath linePath(const Line &line, const QRectF &plot, double yMax)
{
    const qsizetype n = line.values.size();
    const auto xOf = [&](qsizetype i) { return n <= 1 ? plot.center().x() : plot.left() + plot.width() * i / double(n - 1); };
    const auto yOf = [&](double v) { return plot.bottom() - plot.height() * std::clamp(v / yMax, 0.0, 1.0); };
    QPainterPath path;
    bool open = false;
    for (qsizetype i = 0; i < n; ++i) {
        if (!line.values[i]) {
            open = false;
            continue;
        }
        const QPointF pt(xOf(i), yOf(*line.values[i]));
        if (open) {
            path.lineTo(pt);
        } else {
            path.moveTo(pt);
            path.addEllipse(pt, 3, 3); // a lone point still shows
            path.moveTo(pt);
            open = true;
        }
    }
    return path;
}

// A colour swatch and name per line from x on, or "none in this range".
void drawLegend(QPainter &p, const QFontMetricsF &fm, const QList<Line> &lines, double x, double legendY)
{
    if (lines.isEmpty())
        p.drawText(QPointF(x, legendY + fm.ascent()), PdfText::tr("none in this range"));
    for (const Line &line : lines) {
        p.fillRect(QRectF(x, legendY + fm.height() * 0.35, fm.height() * 1.2, fm.height() * 0.3), line.color);
        x += fm.height() * 1.5;
        p.setPen(Qt::black);
        p.drawText(QPointF(x, legendY + fm.ascent()), line.name);
        x += fm.horizontalAdvance(line.name) + fm.height() * 1.5;
    }
}

// A line chart drawn with QPainter: y from 0 to yMax, x over the buckets,
// time labels at both ends and the middle.
QImage drawChart(const QString &title, const QList<Line> &lines, double yMax, bool asPercent, const ReportData &d, const QSize &size,
                 int dpi)
{
    QImage image = blankChart(size, dpi);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font(FontFamily, 7);
    p.setFont(font);
    const QFontMetricsF fm(font, &image);
    const double pad = fm.height() * 0.5;
    QFont bold = font;
    bold.setBold(true);
    bold.setPointSizeF(8);
    p.setFont(bold);
    const QFontMetricsF fmBold(bold, &image);
    p.drawText(QPointF(0, fmBold.ascent()), title);
    p.setFont(font);

    const double legendH = fm.height() * 1.4;
    const double left = fm.horizontalAdvance(QStringLiteral("100%")) + pad * 2;
    const QRectF plot(left, fmBold.height() + pad, size.width() - left - pad,
                      size.height() - fmBold.height() - pad * 3 - fm.height() - legendH);

    drawGrid(p, fm, plot, left, pad, yMax, asPercent);
    drawTimeLabels(p, fm, plot, pad, d);
    for (const Line &line : lines) {
        const QPainterPath path = linePath(line, plot, yMax);
        p.setPen(QPen(line.color, 5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }
    drawLegend(p, fm, lines, plot.left(), size.height() - legendH + pad * 0.2);
    return image;
}

} // namespace

QString ReportCharts::counterLabel(Counter c)
{
    switch (c) {
    case Counter::Executed:
        return PdfText::tr("Executed");
    case Counter::Replayed:
        return PdfText::tr("Replayed");
    case Counter::InProgress:
        return PdfText::tr("In progress");
    case Counter::Mismatch:
        return PdfText::tr("Mismatch");
    case Counter::Released:
        return PdfText::tr("Released");
    case Counter::TimedOut:
        return PdfText::tr("Timed out");
    case Counter::Reconciled:
        return PdfText::tr("Reconciled");
    case Counter::StoreErrors:
        return PdfText::tr("Store errors");
    case Counter::LateFinish:
        return PdfText::tr("Late finish");
    case Counter::Count_:
        break;
    }
    return counterName(c);
}

QImage ReportCharts::hitRate(const ReportData &d, const QSize &size, int dpi)
{
    const Buckets b(d);
    Line line{PdfText::tr("Hit rate (replayed / (replayed + executed))"), QColor(0x1f77b4), {}};
    for (const CounterSet &s : b.sums)
        line.values.append(s.hitRate());
    const QString title =
        b.minutesPerBucket == 1 ? PdfText::tr("Hit rate per minute") : PdfText::tr("Hit rate per %1 minutes").arg(b.minutesPerBucket);
    return drawChart(title, {line}, 1.0, true, d, size, dpi);
}

QImage ReportCharts::anomalies(const ReportData &d, const QSize &size, int dpi)
{
    const Buckets b(d);
    QList<Line> lines;
    double yMax = 1;
    const CounterSet total = d.total();
    for (Counter c : ReportData::anomalyCounters()) {
        if (total[c] == 0)
            continue;
        Line line{ReportCharts::counterLabel(c), counterColor(c), {}};
        for (const CounterSet &s : b.sums) {
            line.values.append(double(s[c]));
            yMax = std::max(yMax, double(s[c]));
        }
        lines.append(line);
    }
    // A round top: 1, 2, 5 × 10^n.
    const double magnitude = std::pow(10.0, std::floor(std::log10(yMax)));
    for (double step : {1.0, 2.0, 4.0, 5.0, 10.0}) {
        if (step * magnitude >= yMax) {
            yMax = step * magnitude;
            break;
        }
    }
    const QString title =
        b.minutesPerBucket == 1 ? PdfText::tr("Anomalies per minute") : PdfText::tr("Anomalies per %1 minutes").arg(b.minutesPerBucket);
    return drawChart(title, lines, yMax, false, d, size, dpi);
}
