#pragma once

#include "app/ops/report.h"

#include <QByteArray>
#include <QString>

// A report as CSV (RFC 4180: CRLF line ends, cells with a comma, quote, CR or
// LF quoted, quotes doubled), in sections separated by an empty line, each
// with its own header row: report, scopes, series, actions, audit verdict,
// audit chain heads (one row per chain verified).
//
// Formula injection: a cell that begins with = + - @, a tab or a CR gets a
// leading apostrophe, so a spreadsheet shows it as text and never evaluates
// it (an operator name or a reason is free text). Our own numbers are never
// negative, so no figure is touched.
class ReportCsv final {
public:
    static QByteArray write(const ReportData &data);
    // One cell, escaped and quoted as above.
    static QString cell(const QString &text);
};
