#include "app/ops/reportpdf.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QTextDocument>
#include <QUrl>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace {

struct PdfText {
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
};

constexpr int Dpi = 300;
constexpr qint64 MinuteMs = 60'000;
constexpr int MaxBuckets = 240;
const QString FontFamily = QStringLiteral("DejaVu Sans");

QString when(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm")); }
QString rangeText(const ReportData &d) { return PdfText::tr("%1 – %2 UTC").arg(when(d.fromMs), when(d.toMs)); }
QString percent(const std::optional<double> &r) { return r ? QStringLiteral("%1%").arg(*r * 100.0, 0, 'f', 1) : QStringLiteral("–"); }
QString esc(const QString &s) { return s.toHtmlEscaped(); }

QString counterLabel(Counter c)
{
    switch (c) {
    case Counter::Executed: return PdfText::tr("Executed");
    case Counter::Replayed: return PdfText::tr("Replayed");
    case Counter::InProgress: return PdfText::tr("In progress");
    case Counter::Mismatch: return PdfText::tr("Mismatch");
    case Counter::Released: return PdfText::tr("Released");
    case Counter::TimedOut: return PdfText::tr("Timed out");
    case Counter::Reconciled: return PdfText::tr("Reconciled");
    case Counter::StoreErrors: return PdfText::tr("Store errors");
    case Counter::LateFinish: return PdfText::tr("Late finish");
    case Counter::Count_: break;
    }
    return counterName(c);
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

// A line chart drawn with QPainter: y from 0 to yMax, x over the buckets,
// time labels at both ends and the middle.
QImage drawChart(const QString &title, const QList<Line> &lines, double yMax, bool asPercent, const ReportData &d,
                 const QSize &size)
{
    QImage image(size, QImage::Format_RGB32);
    const int dpm = qRound(Dpi / 0.0254);
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    image.fill(Qt::white);
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
    const QRectF plot(left, fmBold.height() + pad, size.width() - left - pad, size.height() - fmBold.height() - pad * 3 - fm.height() - legendH);

    // Grid and y labels.
    p.setPen(QPen(QColor(0xdddddd), 2));
    for (int i = 0; i <= 4; ++i) {
        const double y = plot.bottom() - plot.height() * i / 4.0;
        p.setPen(QPen(QColor(0xdddddd), 2));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        const double v = yMax * i / 4.0;
        const QString label = asPercent ? QStringLiteral("%1%").arg(v * 100.0, 0, 'f', 0) : QString::number(v, 'f', v < 10 && yMax < 4 ? 1 : 0);
        p.setPen(Qt::black);
        p.drawText(QRectF(0, y - fm.height() / 2, left - pad, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
    }
    p.setPen(QPen(Qt::black, 2));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());

    // x labels: start, middle, end.
    const double labelY = plot.bottom() + pad * 0.5;
    p.drawText(QRectF(plot.left(), labelY, plot.width() / 3, fm.height()), Qt::AlignLeft, when(d.fromMs));
    p.drawText(QRectF(plot.left() + plot.width() / 3, labelY, plot.width() / 3, fm.height()), Qt::AlignHCenter,
               when(d.fromMs + (d.toMs - d.fromMs) / 2));
    p.drawText(QRectF(plot.right() - plot.width() / 3, labelY, plot.width() / 3, fm.height()), Qt::AlignRight, when(d.toMs));

    // Lines.
    for (const Line &line : lines) {
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
        p.setPen(QPen(line.color, 5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }

    // Legend.
    double x = plot.left();
    const double legendY = size.height() - legendH + pad * 0.2;
    if (lines.isEmpty())
        p.drawText(QPointF(x, legendY + fm.ascent()), PdfText::tr("none in this range"));
    for (const Line &line : lines) {
        p.fillRect(QRectF(x, legendY + fm.height() * 0.35, fm.height() * 1.2, fm.height() * 0.3), line.color);
        x += fm.height() * 1.5;
        p.setPen(Qt::black);
        p.drawText(QPointF(x, legendY + fm.ascent()), line.name);
        x += fm.horizontalAdvance(line.name) + fm.height() * 1.5;
    }
    return image;
}

QImage hitRateChart(const ReportData &d, const Buckets &b, const QSize &size)
{
    Line line{PdfText::tr("Hit rate (replayed / (replayed + executed))"), QColor(0x1f77b4), {}};
    for (const CounterSet &s : b.sums)
        line.values.append(s.hitRate());
    const QString title = b.minutesPerBucket == 1 ? PdfText::tr("Hit rate per minute")
                                                  : PdfText::tr("Hit rate per %1 minutes").arg(b.minutesPerBucket);
    return drawChart(title, {line}, 1.0, true, d, size);
}

QImage anomalyChart(const ReportData &d, const Buckets &b, const QSize &size)
{
    QList<Line> lines;
    double yMax = 1;
    const CounterSet total = d.total();
    for (Counter c : ReportData::anomalyCounters()) {
        if (total[c] == 0)
            continue;
        Line line{counterLabel(c), counterColor(c), {}};
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
    const QString title = b.minutesPerBucket == 1 ? PdfText::tr("Anomalies per minute")
                                                  : PdfText::tr("Anomalies per %1 minutes").arg(b.minutesPerBucket);
    return drawChart(title, lines, yMax, false, d, size);
}

QString verdictHtml(const AuditVerdict &v)
{
    if (v.ok)
        return PdfText::tr("intact: %1 entries in %2 chain(s) verified").arg(v.entries).arg(v.chains);
    if (v.firstBad)
        return QStringLiteral("<span style=\"color:#c00000\"><b>%1</b></span>")
            .arg(esc(PdfText::tr("BROKEN in scope %1 at seq %2: %3").arg(v.firstBad->scope).arg(v.firstBad->seq).arg(v.firstBad->reason)));
    return esc(PdfText::tr("not verified (cancelled)"));
}

QString bodyHtml(const ReportData &d, const QSize &chartSize)
{
    const CounterSet total = d.total();
    qint64 anomalies = 0;
    for (Counter c : ReportData::anomalyCounters())
        anomalies += total[c];
    QStringList scopeNames;
    for (const ReportScope &s : d.scopes)
        scopeNames << s.scope;

    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(esc(PdfText::tr("Idempotency report")));
    const auto fact = [&](const QString &label, const QString &valueHtml) {
        h += QStringLiteral("<p style=\"margin:0\">%1: <b>%2</b></p>").arg(esc(label), valueHtml);
    };
    fact(PdfText::tr("Store"), esc(d.store));
    fact(PdfText::tr("Range"), esc(rangeText(d)));
    fact(PdfText::tr("Scopes"), esc(scopeNames.isEmpty() ? PdfText::tr("none") : scopeNames.join(QStringLiteral(", "))));
    fact(PdfText::tr("Operator"), esc(d.operatorName));
    fact(PdfText::tr("Generated"), esc(when(d.generatedAtMs) + QStringLiteral(" UTC")));

    h += QStringLiteral("<h2>%1</h2>").arg(esc(PdfText::tr("Summary")));
    fact(PdfText::tr("Executed"), QString::number(total[Counter::Executed]));
    fact(PdfText::tr("Replayed"), QString::number(total[Counter::Replayed]));
    fact(PdfText::tr("Hit rate"), percent(total.hitRate()));
    fact(PdfText::tr("Anomalies"), QString::number(anomalies));
    fact(PdfText::tr("Stuck at report time (in flight over %1 min)").arg(d.stuckAfterMs / MinuteMs), QString::number(d.stuckTotal()));
    fact(PdfText::tr("Operator actions"), QString::number(d.actions.size()));
    fact(PdfText::tr("Audit log"), verdictHtml(d.audit));

    h += QStringLiteral("<h2>%1</h2>").arg(esc(PdfText::tr("Per scope")));
    h += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"1\" style=\"border-collapse:collapse; font-size:7pt\"><tr style=\"background:#e8e8e8\">");
    h += QStringLiteral("<th align=\"left\">%1</th>").arg(esc(PdfText::tr("Scope")));
    for (int i = 0; i < CounterCount; ++i) {
        h += QStringLiteral("<th align=\"right\">%1</th>").arg(esc(counterLabel(static_cast<Counter>(i))));
        if (i == 1)
            h += QStringLiteral("<th align=\"right\">%1</th>").arg(esc(PdfText::tr("Hit rate")));
    }
    h += QStringLiteral("<th align=\"right\">%1</th></tr>").arg(esc(PdfText::tr("Stuck")));
    for (const ReportScope &s : d.scopes) {
        h += QStringLiteral("<tr><td>%1</td>").arg(esc(s.scope));
        for (int i = 0; i < CounterCount; ++i) {
            h += QStringLiteral("<td align=\"right\">%1</td>").arg(s.totals[static_cast<Counter>(i)]);
            if (i == 1)
                h += QStringLiteral("<td align=\"right\">%1</td>").arg(percent(s.totals.hitRate()));
        }
        h += QStringLiteral("<td align=\"right\">%1</td></tr>").arg(s.stuck);
    }
    h += QStringLiteral("</table>");

    h += QStringLiteral("<h2>%1</h2>").arg(esc(PdfText::tr("Charts")));
    // QTextDocument scales image sizes by the paint device's dpi over 96: give them in 96-dpi pixels.
    const QString img = QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%3\"></p>");
    const int width = qFloor(chartSize.width() * 96.0 / Dpi);
    const int height = qFloor(chartSize.height() * 96.0 / Dpi);
    h += img.arg(QStringLiteral("chart:hitrate")).arg(width).arg(height);
    h += img.arg(QStringLiteral("chart:anomalies")).arg(width).arg(height);

    h += QStringLiteral("<h2>%1</h2>").arg(esc(PdfText::tr("Operator actions (%1)").arg(d.actions.size())));
    if (d.actions.isEmpty()) {
        h += QStringLiteral("<p>%1</p>").arg(esc(PdfText::tr("No operator actions in this range.")));
    } else {
        h += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\" border=\"1\" style=\"border-collapse:collapse; font-size:6.5pt\"><thead><tr style=\"background:#e8e8e8\">");
        for (const QString &c : {PdfText::tr("At (UTC)"), PdfText::tr("Scope #seq"), PdfText::tr("Operator"), PdfText::tr("Action"),
                                 PdfText::tr("Key"), PdfText::tr("State"), PdfText::tr("Reason")})
            h += QStringLiteral("<th align=\"left\">%1</th>").arg(esc(c));
        // A header row repeated on every page the table spans.
        h += QStringLiteral("</tr></thead>");
        for (const AuditEntry &e : d.actions.mid(0, ReportPdf::ActionRows)) {
            h += QStringLiteral("<tr><td>%1</td><td>%2 #%3</td><td>%4@%5</td><td>%6</td><td>%7</td><td>%8 → %9</td><td>%10</td></tr>")
                     .arg(esc(QDateTime::fromMSecsSinceEpoch(e.atMs, Qt::UTC).toString(QStringLiteral("MM-dd HH:mm:ss"))), esc(e.scope))
                     .arg(e.seq)
                     .arg(esc(e.operatorName), esc(e.host), esc(e.action), esc(e.key), esc(e.stateBefore), esc(e.stateAfter),
                          esc(e.reason));
        }
        h += QStringLiteral("</table>");
        if (d.actions.size() > ReportPdf::ActionRows)
            h += QStringLiteral("<p>%1</p>").arg(esc(PdfText::tr("… and %1 more; the CSV and JSON reports list every action.")
                                                         .arg(d.actions.size() - ReportPdf::ActionRows)));
    }

    h += QStringLiteral("<h2>%1</h2>").arg(esc(PdfText::tr("Audit chain")));
    h += QStringLiteral("<p>%1</p>").arg(verdictHtml(d.audit));
    h += QStringLiteral("<p style=\"font-size:7pt; color:#555555\">%1</p>")
             .arg(esc(PdfText::tr("The verdict covers every entry of the chains checked, not only this range. Keep this report "
                                  "outside the store: it is a witness of the chain heads at report time.")));
    return h;
}

} // namespace

Result<QByteArray> ReportPdf::render(const ReportData &data)
{
    QByteArray pdf;
    QBuffer out(&pdf);
    if (!out.open(QIODevice::WriteOnly))
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot draw the PDF in memory."));
    QPdfWriter writer(&out);
    writer.setResolution(Dpi);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 12, 15, 12), QPageLayout::Millimeter);
    writer.setTitle(PdfText::tr("Idempotency report %1").arg(rangeText(data)));
    writer.setCreator(QStringLiteral("idem-console"));

    QPainter painter;
    if (!painter.begin(&writer))
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot draw the PDF in memory."));

    const QRect page = writer.pageLayout().paintRectPixels(Dpi); // the painter's origin is its top left
    const QFont small(FontFamily, 7);
    const QFontMetricsF fm(small, &writer);
    const double headerH = fm.height() * 2.2;
    const double footerH = fm.height() * 2.2;
    const QSizeF bodySize(page.width(), page.height() - headerH - footerH);

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    doc.setDefaultFont(QFont(FontFamily, 9));
    doc.setDocumentMargin(0);
    doc.setPageSize(bodySize);
    const QSize chartSize(int(bodySize.width()), int(bodySize.width() * 0.3));
    const Buckets buckets(data);
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:hitrate")), hitRateChart(data, buckets, chartSize));
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:anomalies")), anomalyChart(data, buckets, chartSize));
    doc.setHtml(bodyHtml(data, chartSize));

    const int pages = doc.pageCount();
    const QString headerLeft = PdfText::tr("Idempotency report · %1").arg(data.store);
    for (int i = 0; i < pages; ++i) {
        if (i > 0 && !writer.newPage())
            return makeError(ErrorKind::Internal, PdfText::tr("Cannot add page %1 to the PDF.").arg(i + 1));
        painter.setFont(small);
        painter.setPen(QColor(0x444444));
        const QRectF header(0, 0, page.width(), fm.height());
        painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(headerLeft, Qt::ElideMiddle, page.width() * 0.6));
        painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, rangeText(data));
        painter.drawLine(QPointF(0, fm.height() * 1.4), QPointF(page.width(), fm.height() * 1.4));

        const double footerTop = page.height() - fm.height();
        painter.drawLine(QPointF(0, footerTop - fm.height() * 0.4), QPointF(page.width(), footerTop - fm.height() * 0.4));
        const QRectF footer(0, footerTop, page.width(), fm.height());
        painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter,
                         PdfText::tr("Operator: %1 · generated %2 UTC").arg(data.operatorName, when(data.generatedAtMs)));
        painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter, PdfText::tr("Page %1 of %2").arg(i + 1).arg(pages));

        painter.save();
        painter.translate(0, headerH - i * bodySize.height());
        doc.drawContents(&painter, QRectF(QPointF(0, i * bodySize.height()), bodySize));
        painter.restore();
    }
    if (!painter.end())
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot finish the PDF."));
    out.close();
    return pdf;
}
