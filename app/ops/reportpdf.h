#pragma once

#include "app/ops/report.h"

#include <QByteArray>
#include <QString>

// A report as an A4 PDF through Qt Gui only (QPdfWriter, QTextDocument,
// QPainter; no widgets, no Qt Charts): summary, counters per scope, the
// hit-rate and anomaly charts over the range, the operator actions (a
// summary per batch, then each entry under its batch), alert handling in a
// section of its own, and the audit chain's verdict with each chain head
// verified (seq and full hash). Every page carries the store (display URL),
// the time range, the operator and "page n of m". Tables never split a row
// across pages (PdfPageFlow, PdfTable). Needs a QGuiApplication (fonts; the
// offscreen platform will do).
class ReportPdf final {
public:
    // Rows beyond this many in each list (batch lines, entries, alerts) are
    // summed up in the PDF; CSV and JSON list them all.
    static constexpr int ActionRows = 500;
    // The PDF's bytes, drawn in memory; ReportFile::save writes them whole.
    static Result<QByteArray> render(const ReportData &data);
};
