#include "app/ops/pdfpageflow.h"

#include <QAbstractTextDocumentLayout>
#include <QPaintDevice>
#include <QPainter>
#include <QTextBlock>
#include <QTextDocument>

#include <optional>

namespace {

const QString FontFamily = QStringLiteral("DejaVu Sans");

} // namespace

struct PdfPageFlow::Block {
    std::unique_ptr<QTextDocument> document; // a paragraph
    bool paged = false; // a paragraph taller than a page: laid out in pages by QTextDocument
    QImage image;
    QSizeF imageSize;
    std::optional<PdfTable> table;
    bool keepWithNext = false;
    double spaceBefore = 0; // not at the top of a page
};

PdfPageFlow::PdfPageFlow(QPaintDevice *device, const QSizeF &body)
    : m_device(device)
    , m_body(body)
    , m_gap(2.5 * device->logicalDpiY() / 25.4)
{
}

PdfPageFlow::~PdfPageFlow() = default;

void PdfPageFlow::addHtml(const QString &html, bool keepWithNext)
{
    auto block = std::make_unique<Block>();
    block->document = std::make_unique<QTextDocument>();
    QTextDocument &doc = *block->document;
    doc.documentLayout()->setPaintDevice(m_device);
    doc.setDefaultFont(QFont(FontFamily, 9));
    doc.setDocumentMargin(0);
    doc.setTextWidth(m_body.width());
    doc.setHtml(html);
    if (doc.size().height() > m_body.height()) {
        // Its own pagination moves a line that would straddle a page to the next.
        doc.setPageSize(m_body);
        block->paged = true;
    }
    block->keepWithNext = keepWithNext;
    m_blocks.push_back(std::move(block));
}

void PdfPageFlow::addHeading(const QString &html)
{
    addHtml(html, true);
    m_blocks.back()->spaceBefore = 1.5 * m_gap;
}

void PdfPageFlow::addImage(const QImage &image, const QSizeF &size)
{
    auto block = std::make_unique<Block>();
    block->image = image;
    block->imageSize = size;
    m_blocks.push_back(std::move(block));
}

void PdfPageFlow::addTable(PdfTable table)
{
    auto block = std::make_unique<Block>();
    table.measure(m_device, m_body.width());
    block->table = std::move(table);
    m_blocks.push_back(std::move(block));
}

double PdfPageFlow::leadHeight(const Block &block) const
{
    if (block.table)
        return block.table->leadHeight(m_body.height());
    if (block.document)
        return block.paged ? m_body.height() : block.document->size().height();
    return block.imageSize.height();
}

void PdfPageFlow::run(PdfPageCursor &cursor) const
{
    for (std::size_t i = 0; i < m_blocks.size(); ++i) {
        const Block &block = *m_blocks[i];
        const double space = cursor.atTop() ? 0 : block.spaceBefore;
        double need = space + leadHeight(block);
        if (block.keepWithNext && i + 1 < m_blocks.size())
            need += leadHeight(*m_blocks[i + 1]);
        if (!cursor.atTop() && (need > cursor.left() || block.paged))
            cursor.newPage();
        else
            cursor.advance(space);
        QPainter *painter = cursor.painter();
        if (block.table) {
            block.table->flow(cursor);
            cursor.advance(m_gap);
        } else if (block.paged) {
            QTextDocument &doc = *block.document; // drawContents is not const
            const int pages = doc.pageCount();
            for (int page = 0; page < pages; ++page) {
                if (page > 0)
                    cursor.newPage();
                if (painter) {
                    painter->save();
                    painter->translate(cursor.at() - QPointF(0, page * m_body.height()));
                    doc.drawContents(painter, QRectF(QPointF(0, page * m_body.height()), m_body));
                    painter->restore();
                }
            }
            const QRectF last = doc.documentLayout()->blockBoundingRect(doc.lastBlock());
            cursor.advance(last.bottom() - (pages - 1) * m_body.height());
        } else if (block.document) {
            if (painter) {
                painter->save();
                painter->translate(cursor.at());
                block.document->drawContents(painter);
                painter->restore();
            }
            cursor.advance(block.document->size().height());
        } else {
            if (painter)
                painter->drawImage(QRectF(cursor.at(), block.imageSize), block.image);
            cursor.advance(block.imageSize.height() + m_gap);
        }
    }
}

int PdfPageFlow::pageCount() const
{
    PdfPageCursor cursor(m_device, nullptr, m_body, 0, {});
    run(cursor);
    return cursor.page() + 1;
}

bool PdfPageFlow::paint(QPainter &painter, double bodyTop, const std::function<bool(int page)> &nextPage) const
{
    PdfPageCursor cursor(m_device, &painter, m_body, bodyTop, nextPage);
    run(cursor);
    return !cursor.failed();
}
