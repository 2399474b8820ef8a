#include "app/ops/pdftable.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>
#include <numeric>

namespace {

struct TableText {
    Q_DECLARE_TR_FUNCTIONS(PdfTable)
};

const QString FontFamily = QStringLiteral("DejaVu Sans");
const QString MonoFamily = QStringLiteral("DejaVu Sans Mono");
const QColor HeaderFill(0xe4e4e4);
const QColor GroupFill(0xf1f1f1);
const QColor Rule(0x9a9a9a);
const QColor MarkColor(0x666666);
const QColor BadColor(0xc00000);

double pixelsPerMm(const QPaintDevice *device)
{
    return device->logicalDpiY() / 25.4;
}

// Line breaks a cell keeps as line breaks; tabs and carriage returns would
// draw as nothing or as boxes.
QString cellText(const QString &text)
{
    QString t = text;
    t.replace(QLatin1String("\r\n"), QString(QChar::LineSeparator));
    t.replace(QLatin1Char('\n'), QChar::LineSeparator);
    t.replace(QLatin1Char('\r'), QLatin1Char(' '));
    t.replace(QLatin1Char('\t'), QLatin1Char(' '));
    return t;
}

// The height of lines [from, to) of a cell, from the bottoms of its lines.
double spanHeight(const QList<double> &bottoms, int from, int to)
{
    if (to <= from)
        return 0;
    return bottoms.at(to - 1) - (from > 0 ? bottoms.at(from - 1) : 0.0);
}

} // namespace

PdfTable::PdfTable(QList<Column> columns, double pointSize)
    : m_columns(std::move(columns))
    , m_pointSize(pointSize)
{
}

void PdfTable::addRow(const QStringList &cells, bool bad)
{
    QStringList padded = cells.mid(0, m_columns.size());
    while (padded.size() < m_columns.size())
        padded.append(QString());
    m_rows.append(Row{padded, bad ? Kind::Bad : Kind::Normal, QString(), m_lastGroup});
}

void PdfTable::addGroupRow(const QString &label, const QString &continued)
{
    m_lastGroup = m_rows.size();
    m_rows.append(Row{{label}, Kind::Group, continued, m_lastGroup});
}

QString PdfTable::continuesText()
{
    return TableText::tr("▼ continues on the next page");
}
QString PdfTable::continuedText()
{
    return TableText::tr("▲ continued from the previous page");
}

QFont PdfTable::fontFor(int column, Kind kind) const
{
    const bool mono = kind != Kind::Group && kind != Kind::Header && column >= 0 && m_columns.at(column).monospace;
    QFont font(mono ? MonoFamily : FontFamily);
    font.setPointSizeF(m_pointSize);
    font.setBold(kind == Kind::Group || kind == Kind::Header);
    return font;
}

double PdfTable::cellWidth(int column, Kind kind) const
{
    if (kind == Kind::Group)
        return std::accumulate(m_widths.cbegin(), m_widths.cend(), 0.0);
    return m_widths.at(column);
}

std::unique_ptr<QTextLayout> PdfTable::layoutCell(const QString &text, int column, Kind kind, QPaintDevice *device) const
{
    auto layout = std::make_unique<QTextLayout>(cellText(text), fontFor(column, kind), device);
    QTextOption option(kind == Kind::Group ? Qt::AlignLeft : m_columns.at(column).align);
    // Words wrap at their boundaries; a word wider than the column (a hash) wherever it must.
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout->setTextOption(option);
    const double width = std::max(1.0, cellWidth(column, kind) - 2 * m_padding);
    double y = 0;
    layout->beginLayout();
    for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    layout->endLayout();
    return layout;
}

PdfTable::Measured PdfTable::measureRow(const QStringList &cells, Kind kind, QPaintDevice *device) const
{
    Measured m;
    double tallest = 0;
    for (int i = 0; i < cells.size(); ++i) {
        const std::unique_ptr<QTextLayout> layout = layoutCell(cells.at(i), i, kind, device);
        QList<double> bottoms;
        for (int l = 0; l < layout->lineCount(); ++l)
            bottoms.append(layout->lineAt(l).y() + layout->lineAt(l).height());
        tallest = std::max(tallest, bottoms.isEmpty() ? 0.0 : bottoms.constLast());
        m.lineBottoms.append(bottoms);
    }
    m.height = tallest + 2 * m_padding;
    return m;
}

void PdfTable::measure(QPaintDevice *device, double width)
{
    const double shares =
        std::accumulate(m_columns.cbegin(), m_columns.cend(), 0.0, [](double sum, const Column &c) { return sum + c.share; });
    m_widths.clear();
    for (const Column &c : std::as_const(m_columns))
        m_widths.append(width * c.share / shares);
    m_padding = 0.7 * pixelsPerMm(device);

    QStringList titles;
    for (const Column &c : std::as_const(m_columns))
        titles.append(c.title);
    m_header = measureRow(titles, Kind::Header, device);
    m_measured.clear();
    m_continued.clear();
    for (const Row &row : std::as_const(m_rows)) {
        m_measured.append(measureRow(row.cells, row.kind, device));
        m_continued.append(row.kind == Kind::Group ? measureRow({row.continued}, Kind::Group, device) : Measured());
    }
    QFont mark(FontFamily);
    mark.setPointSizeF(m_pointSize - 0.5);
    m_markHeight = QFontMetricsF(mark, device).height();
}

bool PdfTable::isTall(qsizetype row, double bodyHeight) const
{
    const Row &r = m_rows.at(row);
    const double label = r.kind != Kind::Group && r.group >= 0 ? m_continued.at(r.group).height : 0.0;
    return m_measured.at(row).height > bodyHeight - m_header.height - label;
}

double PdfTable::needed(qsizetype row, double bodyHeight) const
{
    // A row taller than a page is split wherever it starts: a few of its lines stand for it.
    const double tallPart = 2 * m_padding + 5 * m_markHeight;
    const double height = isTall(row, bodyHeight) ? tallPart : m_measured.at(row).height;
    if (m_rows.at(row).kind == Kind::Group && row + 1 < m_rows.size())
        return height + needed(row + 1, bodyHeight); // a group's label goes with the row after it
    return height;
}

double PdfTable::leadHeight(double bodyHeight) const
{
    return m_header.height + (m_rows.isEmpty() ? 0.0 : needed(0, bodyHeight));
}

void PdfTable::drawCells(PdfPageCursor &cursor, const QStringList &cells, Kind kind, const QList<int> &from, const QList<int> &to,
                         double height, const QString &topMark, const QString &bottomMark) const
{
    QPainter *p = cursor.painter();
    if (!p)
        return;
    const QPointF origin = cursor.at();
    const double textTop = origin.y() + m_padding + (topMark.isEmpty() ? 0 : m_markHeight);
    p->save();
    double x = origin.x();
    for (int i = 0; i < cells.size(); ++i) {
        const QRectF frame(x, origin.y(), cellWidth(i, kind), height);
        if (kind == Kind::Header || kind == Kind::Group)
            p->fillRect(frame, kind == Kind::Header ? HeaderFill : GroupFill);
        p->setPen(QPen(Rule, 2));
        p->setBrush(Qt::NoBrush);
        p->drawRect(frame);
        p->setPen(kind == Kind::Bad ? BadColor : QColor(Qt::black));
        if (from.at(i) < to.at(i)) {
            const std::unique_ptr<QTextLayout> layout = layoutCell(cells.at(i), i, kind, cursor.device());
            const double skipped = layout->lineAt(from.at(i)).y();
            for (int l = from.at(i); l < to.at(i) && l < layout->lineCount(); ++l)
                layout->lineAt(l).draw(p, QPointF(x + m_padding, textTop - skipped));
        }
        x += frame.width();
    }
    if (!topMark.isEmpty() || !bottomMark.isEmpty()) {
        QFont mark(FontFamily);
        mark.setPointSizeF(m_pointSize - 0.5);
        p->setFont(mark);
        p->setPen(MarkColor);
        const double width = x - origin.x() - 2 * m_padding;
        if (!topMark.isEmpty())
            p->drawText(QRectF(origin.x() + m_padding, origin.y() + m_padding * 0.5, width, m_markHeight), Qt::AlignRight, topMark);
        if (!bottomMark.isEmpty())
            p->drawText(QRectF(origin.x() + m_padding, origin.y() + height - m_markHeight - m_padding * 0.5, width, m_markHeight),
                        Qt::AlignRight, bottomMark);
    }
    p->restore();
}

void PdfTable::drawHeader(PdfPageCursor &cursor) const
{
    QStringList titles;
    QList<int> to;
    for (int i = 0; i < m_columns.size(); ++i) {
        titles.append(m_columns.at(i).title);
        to.append(int(m_header.lineBottoms.at(i).size()));
    }
    drawCells(cursor, titles, Kind::Header, QList<int>(m_columns.size(), 0), to, m_header.height, QString(), QString());
    cursor.advance(m_header.height);
}

void PdfTable::drawRow(PdfPageCursor &cursor, qsizetype row, bool continuedGroup) const
{
    const Row &r = m_rows.at(row);
    const Measured &m = continuedGroup ? m_continued.at(row) : m_measured.at(row);
    const QStringList cells = continuedGroup ? QStringList{r.continued} : r.cells;
    QList<int> to;
    for (const QList<double> &bottoms : m.lineBottoms)
        to.append(int(bottoms.size()));
    drawCells(cursor, cells, r.kind, QList<int>(cells.size(), 0), to, m.height, QString(), QString());
    cursor.advance(m.height);
}

void PdfTable::flowTallRow(PdfPageCursor &cursor, qsizetype row) const
{
    const Row &r = m_rows.at(row);
    const Measured &m = m_measured.at(row);
    const int cells = int(m.lineBottoms.size());
    QList<int> from(cells, 0);
    QList<int> all;
    for (const QList<double> &bottoms : m.lineBottoms)
        all.append(int(bottoms.size()));
    for (bool first = true;; first = false) {
        const double top = first ? 0 : m_markHeight;
        const QString topMark = first ? QString() : continuedText();
        // The rest fits on this page: its last part, without a mark at its end.
        double rest = 0;
        for (int i = 0; i < cells; ++i)
            rest = std::max(rest, spanHeight(m.lineBottoms.at(i), from.at(i), all.at(i)));
        if (rest + 2 * m_padding + top <= cursor.left() || cursor.failed()) {
            const double height = rest + 2 * m_padding + top;
            drawCells(cursor, r.cells, r.kind, from, all, height, topMark, QString());
            cursor.advance(height);
            return;
        }
        // As many whole lines of each cell as fit above the mark at the bottom.
        const double room = cursor.left() - 2 * m_padding - top - m_markHeight;
        QList<int> to = from;
        double used = 0;
        bool progress = false;
        for (int i = 0; i < cells; ++i) {
            while (to[i] < all.at(i) && spanHeight(m.lineBottoms.at(i), from.at(i), to.at(i) + 1) <= room)
                ++to[i];
            progress = progress || to.at(i) > from.at(i);
        }
        if (!progress) {
            // A page too small for one line: still one line a page, never a loop.
            for (int i = 0; i < cells; ++i) {
                if (to.at(i) < all.at(i)) {
                    ++to[i];
                    break;
                }
            }
        }
        for (int i = 0; i < cells; ++i)
            used = std::max(used, spanHeight(m.lineBottoms.at(i), from.at(i), to.at(i)));
        const double height = used + 2 * m_padding + top + m_markHeight;
        drawCells(cursor, r.cells, r.kind, from, to, height, topMark, continuesText());
        cursor.advance(height);
        cursor.newPage();
        drawHeader(cursor);
        if (r.kind != Kind::Group && r.group >= 0)
            drawRow(cursor, r.group, true);
        from = to;
    }
}

void PdfTable::flow(PdfPageCursor &cursor) const
{
    if (!cursor.atTop() && cursor.left() < leadHeight(cursor.bodyHeight()))
        cursor.newPage();
    drawHeader(cursor);
    bool fresh = true; // nothing but headers on this page yet: a new page would not give more room
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        const Row &row = m_rows.at(i);
        if (needed(i, cursor.bodyHeight()) > cursor.left() && !fresh) {
            cursor.newPage();
            drawHeader(cursor);
            if (row.kind != Kind::Group && row.group >= 0)
                drawRow(cursor, row.group, true);
        }
        if (m_measured.at(i).height > cursor.left())
            flowTallRow(cursor, i);
        else
            drawRow(cursor, i, false);
        fresh = false;
    }
}
