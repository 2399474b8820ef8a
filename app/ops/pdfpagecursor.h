#pragma once

#include <QPointF>
#include <QSizeF>

#include <functional>

class QPaintDevice;
class QPainter;

// Where the next piece of a paginated PDF goes: the page, and how far down
// its body (the area between header and footer) it has come. PdfPageFlow
// runs its blocks through a cursor twice, first without a painter to count
// the pages ("page n of m" needs m), then drawing, so both runs break the
// pages at the same places.
class PdfPageCursor final {
public:
    // painter null: measure only. When drawing, nextPage(index) starts the
    // page of that index (the second page is 1): QPdfWriter::newPage and the
    // page's header and footer; false when the writer cannot add a page.
    PdfPageCursor(QPaintDevice *device, QPainter *painter, const QSizeF &body, double bodyTop, std::function<bool(int page)> nextPage)
        : m_device(device)
        , m_painter(painter)
        , m_body(body)
        , m_bodyTop(bodyTop)
        , m_nextPage(std::move(nextPage))
    {
    }

    QPaintDevice *device() const { return m_device; }
    QPainter *painter() const { return m_painter; } // null while measuring
    double width() const { return m_body.width(); }
    double bodyHeight() const { return m_body.height(); }
    // Height still free on this page's body.
    double left() const { return m_body.height() - m_y; }
    // Nothing placed on this page yet: breaking the page would not give more room.
    bool atTop() const { return m_y <= 0; }
    // Top left of the free space, in the painter's coordinates.
    QPointF at() const { return QPointF(0, m_bodyTop + m_y); }
    void advance(double height) { m_y += height; }
    int page() const { return m_page; } // from 0
    bool failed() const { return m_failed; }

    void newPage()
    {
        ++m_page;
        m_y = 0;
        if (m_painter && m_nextPage && !m_nextPage(m_page))
            m_failed = true;
    }

private:
    QPaintDevice *m_device;
    QPainter *m_painter;
    QSizeF m_body;
    double m_bodyTop;
    std::function<bool(int page)> m_nextPage;
    double m_y = 0;
    int m_page = 0;
    bool m_failed = false;
};
