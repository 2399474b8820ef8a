#include "app/ops/reportpdf.h"

#include "app/ops/pdfpageflow.h"
#include "app/ops/reportcharts.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QPainter>
#include <QPdfWriter>

namespace {

struct PdfText {
    Q_DECLARE_TR_FUNCTIONS(ReportPdf)
};

constexpr int Dpi = 300;
constexpr qint64 MinuteMs = 60'000;
const QString FontFamily = QStringLiteral("DejaVu Sans");

QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}
QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("MM-dd HH:mm:ss"));
}
QString rangeText(const ReportData &d)
{
    return PdfText::tr("%1 – %2 UTC").arg(when(d.fromMs), when(d.toMs));
}
QString percent(const std::optional<double> &r)
{
    return r ? QStringLiteral("%1%").arg(*r * 100.0, 0, 'f', 1) : QStringLiteral("–");
}
QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString heading(const QString &text)
{
    return QStringLiteral("<h2>%1</h2>").arg(esc(text));
}
QString subheading(const QString &text)
{
    return QStringLiteral("<h3>%1</h3>").arg(esc(text));
}
QString note(const QString &text)
{
    return QStringLiteral("<p style=\"font-size:7pt; color:#555555\">%1</p>").arg(esc(text));
}

// "scope #seq": where an entry sits in its chain.
QString position(const AuditEntry &e)
{
    return QStringLiteral("%1 #%2").arg(e.scope).arg(e.seq);
}

QString stateChange(const AuditEntry &e)
{
    if (e.stateBefore.isEmpty() && e.stateAfter.isEmpty())
        return QString();
    return QStringLiteral("%1 → %2").arg(e.stateBefore, e.stateAfter);
}

QString span(qint64 firstMs, qint64 lastMs)
{
    return firstMs == lastMs ? clock(firstMs) : PdfText::tr("%1 – %2").arg(clock(firstMs), clock(lastMs));
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

// The report's sections, in order, as blocks of the page flow.
class ReportBody {
public:
    ReportBody(const ReportData &d, PdfPageFlow &flow)
        : m_d(d)
        , m_flow(flow)
        , m_batches(d.batches())
        , m_alerts(d.alertEntries())
        , m_operatorActions(int(d.actions.size() - m_alerts.size()))
    {
    }

    void title()
    {
        QStringList scopeNames;
        for (const ReportScope &s : m_d.scopes)
            scopeNames << s.scope;
        m_facts = QStringLiteral("<h1>%1</h1>").arg(esc(PdfText::tr("Idempotency report")));
        facts(PdfText::tr("Store"), esc(m_d.store));
        facts(PdfText::tr("Range"), esc(rangeText(m_d)));
        facts(PdfText::tr("Scopes"), esc(scopeNames.isEmpty() ? PdfText::tr("none") : scopeNames.join(QStringLiteral(", "))));
        facts(PdfText::tr("Operator"), esc(m_d.operatorName));
        facts(PdfText::tr("Generated"), esc(when(m_d.generatedAtMs) + QStringLiteral(" UTC")));
        m_flow.addHtml(m_facts);
    }

    void summary()
    {
        const CounterSet total = m_d.total();
        qint64 anomalies = 0;
        for (Counter c : ReportData::anomalyCounters())
            anomalies += total[c];
        m_flow.addHeading(heading(PdfText::tr("Summary")));
        m_facts.clear();
        facts(PdfText::tr("Executed"), QString::number(total[Counter::Executed]));
        facts(PdfText::tr("Replayed"), QString::number(total[Counter::Replayed]));
        facts(PdfText::tr("Hit rate"), percent(total.hitRate()));
        facts(PdfText::tr("Anomalies"), QString::number(anomalies));
        facts(PdfText::tr("Stuck at report time (in flight over %1 min)").arg(m_d.stuckAfterMs / MinuteMs),
              QString::number(m_d.stuckTotal()));
        facts(PdfText::tr("Operator actions"), QString::number(m_operatorActions));
        facts(PdfText::tr("Operator batches"), QString::number(m_batches.size()));
        facts(PdfText::tr("Alert handling entries"), QString::number(m_alerts.size()));
        facts(PdfText::tr("Audit log"), verdictHtml(m_d.audit));
        m_flow.addHtml(m_facts);
    }

    void perScope()
    {
        m_flow.addHeading(heading(PdfText::tr("Per scope")));
        QList<PdfTable::Column> columns{{PdfText::tr("Scope"), 1.8}};
        for (int i = 0; i < CounterCount; ++i) {
            columns.append({ReportCharts::counterLabel(static_cast<Counter>(i)), 1, Qt::AlignRight});
            if (i == 1)
                columns.append({PdfText::tr("Hit rate"), 1, Qt::AlignRight});
        }
        columns.append({PdfText::tr("Stuck"), 1, Qt::AlignRight});
        PdfTable table(columns, 6); // thirteen columns: their names must fit
        for (const ReportScope &s : m_d.scopes) {
            QStringList cells{s.scope};
            for (int i = 0; i < CounterCount; ++i) {
                cells.append(QString::number(s.totals[static_cast<Counter>(i)]));
                if (i == 1)
                    cells.append(percent(s.totals.hitRate()));
            }
            cells.append(QString::number(s.stuck));
            table.addRow(cells);
        }
        m_flow.addTable(std::move(table));
    }

    void charts(double width)
    {
        m_flow.addHeading(heading(PdfText::tr("Charts")));
        const QSize size(int(width), int(width * 0.3));
        m_flow.addImage(ReportCharts::hitRate(m_d, size, Dpi), size);
        m_flow.addImage(ReportCharts::anomalies(m_d, size, Dpi), size);
    }

    // Changes to records, apart from alert handling: a summary line per
    // batch and action, then every entry under its batch.
    void operatorActions()
    {
        m_flow.addHeading(heading(PdfText::tr("Operator actions (%1)").arg(m_operatorActions)));
        if (m_batches.isEmpty()) {
            m_flow.addHtml(QStringLiteral("<p>%1</p>").arg(esc(PdfText::tr("No operator actions in this range."))));
            return;
        }
        m_flow.addHtml(note(PdfText::tr("Timeouts and reconciliations of records, with the operator and host each audit entry "
                                        "recorded. Alert handling is listed in its own section below.")));

        m_flow.addHeading(subheading(PdfText::tr("Batches")));
        PdfTable batches({{PdfText::tr("Batch"), 30},
                          {PdfText::tr("Operator"), 18},
                          {PdfText::tr("Host"), 18},
                          {PdfText::tr("Action"), 24},
                          {PdfText::tr("Count"), 10, Qt::AlignRight},
                          {PdfText::tr("First – last (UTC)"), 22},
                          {PdfText::tr("Reason"), 58}});
        int lines = 0;
        for (const ReportBatch &b : m_batches) {
            for (const ReportBatch::Line &l : b.lines) {
                if (lines++ < ReportPdf::ActionRows)
                    batches.addRow({b.batchId.isEmpty() ? PdfText::tr("none") : b.batchId, l.operatorName, l.host, l.action,
                                    QString::number(l.count), span(l.firstMs, l.lastMs),
                                    l.sameReason ? l.reason : PdfText::tr("different reasons: see the entries below")});
            }
        }
        m_flow.addTable(std::move(batches));
        more(lines);

        m_flow.addHeading(subheading(PdfText::tr("Entries by batch")));
        // Widths in millimetres of the A4 body (180 mm): a UUID key takes two lines, a reason the rest.
        PdfTable entries({{PdfText::tr("At (UTC)"), 15},
                          {PdfText::tr("Scope #seq"), 18},
                          {PdfText::tr("Operator"), 15},
                          {PdfText::tr("Host"), 15},
                          {PdfText::tr("Action"), 21},
                          {PdfText::tr("Key"), 33},
                          {PdfText::tr("State"), 19},
                          {PdfText::tr("Reason"), 44}});
        int rows = 0;
        for (const ReportBatch &b : m_batches) {
            if (rows >= ReportPdf::ActionRows)
                break;
            entries.addGroupRow(PdfText::tr("%1 · %n entries", nullptr, int(b.entries.size())).arg(batchName(b)),
                                PdfText::tr("%1 (continued)").arg(batchName(b)));
            for (const AuditEntry &e : b.entries) {
                if (rows++ >= ReportPdf::ActionRows)
                    break;
                entries.addRow({clock(e.atMs), position(e), e.operatorAndServer(), e.host, e.action, e.key, stateChange(e), e.reason});
            }
        }
        m_flow.addTable(std::move(entries));
        more(m_operatorActions);
    }

    void alerts()
    {
        m_flow.addHeading(heading(PdfText::tr("Alert handling (%1)").arg(m_alerts.size())));
        if (m_alerts.isEmpty()) {
            m_flow.addHtml(QStringLiteral("<p>%1</p>").arg(esc(PdfText::tr("No alerts were raised or handled in this range."))));
            return;
        }
        m_flow.addHtml(note(PdfText::tr("Alerts the console raised, and their acknowledgements and snoozes: the console's own "
                                        "entries, which change no record.")));
        PdfTable table({{PdfText::tr("At (UTC)"), 16},
                        {PdfText::tr("Scope #seq"), 22},
                        {PdfText::tr("Action"), 28},
                        {PdfText::tr("Operator"), 16},
                        {PdfText::tr("Host"), 16},
                        {PdfText::tr("Alert"), 82}});
        for (const AuditEntry &e : m_alerts.mid(0, ReportPdf::ActionRows))
            table.addRow({clock(e.atMs), position(e), e.action, e.operatorAndServer(), e.host, e.reason});
        m_flow.addTable(std::move(table));
        more(int(m_alerts.size()));
    }

    // What the verification read and the chain heads it checked: the
    // witness to hold against a later verification of the same store.
    void auditChain()
    {
        m_flow.addHeading(heading(PdfText::tr("Audit chain")));
        m_flow.addHtml(QStringLiteral("<p>%1</p>").arg(verdictHtml(m_d.audit)), true);
        if (!m_d.audit.verified.isEmpty()) {
            PdfTable heads({{PdfText::tr("Chain"), 30},
                            {PdfText::tr("Head seq"), 12, Qt::AlignRight},
                            {PdfText::tr("Entries verified"), 14, Qt::AlignRight},
                            {PdfText::tr("Head hash (SHA-256)"), 90, Qt::AlignLeft, true},
                            {PdfText::tr("Verdict"), 34}});
            for (const AuditChainVerdict &c : m_d.audit.verified) {
                const QString verdict =
                    c.firstBad ? PdfText::tr("broken at seq %1: %2").arg(c.firstBad->seq).arg(c.firstBad->reason) : PdfText::tr("ok");
                heads.addRow({c.head.chainName(), QString::number(c.head.seq), QString::number(c.entries), c.head.hash, verdict}, !c.ok());
            }
            m_flow.addTable(std::move(heads));
        }
        m_flow.addHtml(note(PdfText::tr("The verdict covers every entry of the chains checked, not only this range. Keep this report "
                                        "outside the store: it is a witness of the chain heads at report time.")));
    }

private:
    void facts(const QString &label, const QString &valueHtml)
    {
        m_facts += QStringLiteral("<p style=\"margin:0\">%1: <b>%2</b></p>").arg(esc(label), valueHtml);
    }

    static QString batchName(const ReportBatch &b)
    {
        return b.batchId.isEmpty() ? PdfText::tr("Without a batch id") : PdfText::tr("Batch %1").arg(b.batchId);
    }

    // Rows beyond the PDF's limit are left to CSV and JSON, and said so.
    void more(int total)
    {
        if (total > ReportPdf::ActionRows)
            m_flow.addHtml(
                QStringLiteral("<p>%1</p>")
                    .arg(
                        esc(PdfText::tr("… and %1 more; the CSV and JSON reports list every action.").arg(total - ReportPdf::ActionRows))));
    }

    const ReportData &m_d;
    PdfPageFlow &m_flow;
    const QList<ReportBatch> m_batches;
    const QList<AuditEntry> m_alerts;
    const int m_operatorActions;
    QString m_facts; // the paragraph of "label: value" lines being written
};

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

    const QRect page = writer.pageLayout().paintRectPixels(Dpi); // the painter's origin is its top left
    const QFont small(FontFamily, 7);
    const QFontMetricsF fm(small, &writer);
    const double headerH = fm.height() * 2.2;
    const double footerH = fm.height() * 2.2;
    const QSizeF bodySize(page.width(), page.height() - headerH - footerH);

    PdfPageFlow flow(&writer, bodySize);
    ReportBody body(data, flow);
    body.title();
    body.summary();
    body.perScope();
    body.charts(bodySize.width());
    body.operatorActions();
    body.alerts();
    body.auditChain();
    const int pages = flow.pageCount();

    QPainter painter;
    if (!painter.begin(&writer))
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot draw the PDF in memory."));
    const QString headerLeft = PdfText::tr("Idempotency report · %1").arg(data.store);
    const auto decorate = [&](int i) {
        painter.save();
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
        painter.restore();
    };
    decorate(0);
    int failedPage = 0;
    const bool drawn = flow.paint(painter, headerH, [&](int i) {
        if (!writer.newPage()) {
            failedPage = i + 1;
            return false;
        }
        decorate(i);
        return true;
    });
    if (!drawn) {
        painter.end();
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot add page %1 to the PDF.").arg(failedPage));
    }
    if (!painter.end())
        return makeError(ErrorKind::Internal, PdfText::tr("Cannot finish the PDF."));
    out.close();
    return pdf;
}
