#pragma once

#include "app/ops/report.h"

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

// What an export ended with: the numbers "Report written to …" quotes.
struct ReportSummary {
    bool cancelled = false; // stopped while gathering: nothing was written
    qint64 scopes = 0;
    qint64 executed = 0;
    qint64 replayed = 0;
    qint64 actions = 0; // audit entries in the range: operatorActions + alertEntries
    qint64 operatorActions = 0;
    qint64 alertEntries = 0;
    bool auditOk = true;
};

// The one export of a report, for idemctl report and the console's report
// dialog alike (DESIGN.md: the same report from both): gathers it
// (ReportBuilder::gather, its round trips and cancel points), then saves the
// whole of it to path (ReportFile::save). A gather stopped through `control`
// writes nothing and returns a summary with `cancelled` set. Runs where the
// store may be used: never on the GUI thread.
Result<ReportSummary> exportReport(Store &store, const ReportRequest &request, ReportFormat format, const QString &path,
                                   const ActionControl &control = {});
