#pragma once

#include "app/ops/pdfpagecursor.h"

#include <QFont>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

class QTextLayout;

// A table of a paginated PDF report whose rows are never split across
// pages. Cells are plain text wrapped inside their column, at word
// boundaries or, for a word wider than the column (a 64-hex hash, a long
// key), anywhere. Every row is measured before anything is drawn; a row
// that does not fit on what is left of a page goes to the next page, under
// the header row drawn again. Only a row taller than a whole page is split:
// line by line, never through a line, its parts marked as continued.
class PdfTable final {
public:
    struct Column {
        QString title;
        double share = 1; // of the table's width, relative to the other columns
        Qt::Alignment align = Qt::AlignLeft;
        bool monospace = false; // hashes: DejaVu Sans Mono
    };

    explicit PdfTable(QList<Column> columns, double pointSize = 6.5);

    // One row, a cell per column (missing cells are empty). `bad`: drawn in red.
    void addRow(const QStringList &cells, bool bad = false);
    // A row across every column that opens a group of the rows after it (a
    // batch): shaded, kept on one page with the row after it, and drawn
    // again as `continued` under the header of a page that goes on with
    // the group.
    void addGroupRow(const QString &label, const QString &continued);
    qsizetype rowCount() const { return m_rows.size(); }

    // Fixes the column widths and measures every row for the cursor's
    // width and device; flow() needs it first.
    void measure(QPaintDevice *device, double width);
    // What must fit where the table starts (and below a heading kept with
    // it): the header and the first row, or the row after a group's label;
    // for a first row taller than the page, a few of its lines.
    double leadHeight(double bodyHeight) const;
    // Places the table at the cursor, breaking pages between rows, and
    // draws it when the cursor has a painter.
    void flow(PdfPageCursor &cursor) const;

    // The mark that ends the part of a split row on one page and opens its next part.
    static QString continuesText();
    static QString continuedText();

private:
    enum class Kind { Normal, Bad, Group, Header };
    struct Row {
        QStringList cells;
        Kind kind = Kind::Normal;
        QString continued; // a group row: its label on a later page
        qsizetype group = -1; // the group row this row belongs to
    };
    // The bottom of each line of each cell, from the cell's text top.
    struct Measured {
        QList<QList<double>> lineBottoms;
        double height = 0;
    };

    QFont fontFor(int column, Kind kind) const;
    double cellWidth(int column, Kind kind) const; // a group row spans every column
    std::unique_ptr<QTextLayout> layoutCell(const QString &text, int column, Kind kind, QPaintDevice *device) const;
    Measured measureRow(const QStringList &cells, Kind kind, QPaintDevice *device) const;
    // Taller than a page holds below the header (and the group's continued label).
    bool isTall(qsizetype row, double bodyHeight) const;
    // What must fit on the page before the row is started there.
    double needed(qsizetype row, double bodyHeight) const;
    // Draws lines [from[i], to[i]) of each cell in a frame `height` high at the cursor.
    void drawCells(PdfPageCursor &cursor, const QStringList &cells, Kind kind, const QList<int> &from, const QList<int> &to, double height,
                   const QString &topMark, const QString &bottomMark) const;
    // The whole row at the cursor; `continuedGroup`: a group row's `continued` label.
    void drawRow(PdfPageCursor &cursor, qsizetype row, bool continuedGroup) const;
    void drawHeader(PdfPageCursor &cursor) const;
    // A row taller than the page: as many whole lines of each cell as fit, page after page.
    void flowTallRow(PdfPageCursor &cursor, qsizetype row) const;

    QList<Column> m_columns;
    double m_pointSize;
    QList<Row> m_rows;
    QList<double> m_widths; // per column, device pixels
    double m_padding = 0; // inside each cell
    Measured m_header;
    QList<Measured> m_measured; // per row
    QList<Measured> m_continued; // per row: a group row's `continued` label
    double m_markHeight = 0;
    qsizetype m_lastGroup = -1;
};
