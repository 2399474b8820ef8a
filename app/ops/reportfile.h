#pragma once

#include "report.h"

#include <QByteArray>
#include <QString>

enum class ReportFormat { Pdf, Csv, Json };

// Saving a report: one path for idemctl report and the console's report
// dialog. A report is evidence for an audit, so a file that says less than it
// should is worse than none: the destination gets the whole report or keeps
// what it had, and every write error (a full disk, a quota, a lost mount) is
// an error, never "Report written".
class ReportFile final {
public:
    // The report's bytes in one format (the PDF needs a QGuiApplication).
    static Result<QByteArray> render(const ReportData &data, ReportFormat format);
    // render, then writeWhole.
    static Result<void> save(const ReportData &data, ReportFormat format, const QString &path);

    // Writes bytes as the whole content of path. A regular file (or a new
    // one) is written to a temporary file beside it, checked write by write,
    // flushed to disk with fsync and renamed over the target, so a reader
    // sees the old file or the complete new one; on any error the temporary
    // file is removed and the target is untouched. A symbolic link is
    // followed. Anything else that exists (a device such as /dev/stdout or
    // /dev/full, a FIFO) is written in place and never renamed over:
    // QSaveFile replaced /dev/full with a regular file when run as root.
    static Result<void> writeWhole(const QString &path, const QByteArray &bytes);
};
