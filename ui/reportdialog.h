#pragma once

#include "app/ops/reportfile.h"

#include <QDateTime>
#include <QDialog>

class JobProgressWidget;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class ScopeChooser;
class StoreSession;

// Exports a report (DESIGN.md "Reports") from the console: a time range,
// one scope or all, PDF, CSV or JSON, the output file and the operator.
// Export gathers and writes on a read-only StoreSession of its own (worker
// thread), with a progress bar and Stop; a stopped export writes no file.
// No store or file I/O on the GUI thread.
class ReportDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportDialog)
public:
    using Format = ReportFormat;

    explicit ReportDialog(const QString &url, QWidget *parent = nullptr);
    ~ReportDialog() override; // stops a running export and joins the session's thread

    void setRange(const QDateTime &from, const QDateTime &to);
    void setLastHours(int hours); // to: now, from: `hours` before
    void setScope(const QString &scope); // empty: every scope
    void setFormat(Format format);
    void setOutputFile(const QString &path);
    void setOperatorName(const QString &name);

    QDateTime from() const;
    QDateTime to() const;
    Format format() const;
    QString outputFile() const;
    // idem-report-<from>-<to>.<ext> for the current range and format.
    QString suggestedFileName() const;

    // As if Export was clicked: checks the fields, then starts the job.
    void startExport();
    bool isExporting() const;
    JobProgressWidget *progress() const { return m_progress; }
    QLabel *resultLabel() const { return m_result; }
    ScopeChooser *scopeChooser() const { return m_scope; }

    void reject() override; // while exporting: stops the export first

signals:
    void exported(const QString &path);
    void exportFailed(const QString &message);
    void exportCancelled();

private:
    void browse();
    void suggestFile();
    void showResult(const QString &text, bool error);

    StoreSession *m_session;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    ScopeChooser *m_scope;
    QComboBox *m_format;
    QLineEdit *m_file;
    QLineEdit *m_operator;
    JobProgressWidget *m_progress;
    QLabel *m_result;
    QPushButton *m_export;
    bool m_fileChosen = false; // the operator picked a file: stop suggesting names
};
