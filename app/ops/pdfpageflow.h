#pragma once

#include "app/ops/pdftable.h"

#include <QImage>
#include <QSizeF>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QPainter;
class QPaintDevice;
class QTextDocument;

// The body of a paginated PDF as a column of blocks placed top to bottom,
// page after page: rich-text paragraphs (QTextDocument's HTML), images and
// tables. A block that does not fit on what is left of a page starts the
// next one; a heading (keepWithNext) goes with the start of the block after
// it; a table breaks between its rows (PdfTable). Only what is taller than a
// whole page is split. Laid out twice, first to count the pages, then to
// draw them, at the same places.
class PdfPageFlow final {
public:
    // body: the size of each page's body in the device's pixels.
    PdfPageFlow(QPaintDevice *device, const QSizeF &body);
    ~PdfPageFlow();
    Q_DISABLE_COPY_MOVE(PdfPageFlow)

    void addHtml(const QString &html, bool keepWithNext = false);
    // A heading: some space above it (none at the top of a page), kept with the block after it.
    void addHeading(const QString &html);
    // size: in the device's pixels, at most the body's width.
    void addImage(const QImage &image, const QSizeF &size);
    void addTable(PdfTable table);

    int pageCount() const;
    // Draws every block. The first page is begun already; nextPage(index)
    // starts each further one (the second page is 1). The body's top is
    // bodyTop on every page. False when a page could not be added.
    bool paint(QPainter &painter, double bodyTop, const std::function<bool(int page)> &nextPage) const;

private:
    struct Block;
    void run(PdfPageCursor &cursor) const;
    double leadHeight(const Block &block) const;

    QPaintDevice *m_device;
    QSizeF m_body;
    double m_gap; // after an image or a table
    std::vector<std::unique_ptr<Block>> m_blocks;
};
