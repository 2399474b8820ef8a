#include "ui/reportdialog.h"
#include "ui/screenfit.h"

#include "models/operatorsession.h"
#include "models/storesession.h"
#include "ui/jobprogresswidget.h"
#include "ui/scopechooser.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

QString extension(ReportDialog::Format format)
{
    switch (format) {
    case ReportDialog::Format::Pdf:
        return QStringLiteral("pdf");
    case ReportDialog::Format::Csv:
        return QStringLiteral("csv");
    case ReportDialog::Format::Json:
        return QStringLiteral("json");
    }
    return QString();
}

} // namespace

ReportDialog::ReportDialog(const QString &url, QWidget *parent)
    : QDialog(parent)
    , m_session(new StoreSession(url, OpenMode::ReadOnly, this)) // a report only reads
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_scope(new ScopeChooser(this))
    , m_format(new QComboBox(this))
    , m_file(new QLineEdit(this))
    , m_operator(new QLineEdit(OperatorSession::name(), this))
    , m_progress(new JobProgressWidget(this))
    , m_result(new QLabel(this))
{
    setWindowTitle(tr("Export report"));
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    }
    m_from->setObjectName(QStringLiteral("reportFrom"));
    m_to->setObjectName(QStringLiteral("reportTo"));
    m_scope->setObjectName(QStringLiteral("reportScope"));
    m_format->setObjectName(QStringLiteral("reportFormat"));
    m_file->setObjectName(QStringLiteral("reportFile"));
    m_operator->setObjectName(QStringLiteral("reportOperator"));
    m_result->setObjectName(QStringLiteral("reportResult"));
    m_format->addItem(tr("PDF"), int(Format::Pdf));
    m_format->addItem(tr("CSV"), int(Format::Csv));
    m_format->addItem(tr("JSON"), int(Format::Json));

    auto *quick = new QHBoxLayout;
    const QList<std::pair<QString, int>> spans = {{tr("Last hour"), 1}, {tr("Last 24 h"), 24}, {tr("Last 7 days"), 24 * 7}};
    for (const auto &[text, hours] : spans) {
        auto *button = new QPushButton(text, this);
        button->setAutoDefault(false);
        connect(button, &QPushButton::clicked, this, [this, hours = hours] { setLastHours(hours); });
        quick->addWidget(button);
    }
    quick->addStretch(1);

    auto *fileRow = new QHBoxLayout;
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    browseButton->setAutoDefault(false);
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browseButton);

    auto *form = new QFormLayout;
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    form->addRow(QString(), quick);
    form->addRow(tr("&Scope:"), m_scope);
    form->addRow(tr("F&ormat:"), m_format);
    auto *fileLabel = new QLabel(tr("&Output file:"), this); // a row of a layout gets no buddy by itself
    fileLabel->setBuddy(m_file);
    form->addRow(fileLabel, fileRow);
    form->addRow(tr("O&perator:"), m_operator);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_export = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("exportReport"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_result);
    layout->addStretch(1);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &ReportDialog::reject);
    connect(m_export, &QPushButton::clicked, this, &ReportDialog::startExport);
    connect(browseButton, &QPushButton::clicked, this, &ReportDialog::browse);
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &ReportDialog::suggestFile);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &ReportDialog::suggestFile);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ReportDialog::suggestFile);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_fileChosen = true; });

    setLastHours(24);
    m_scope->load(m_session);
    ScreenFit::fit(this, QSize(560, sizeHint().height()));
}

ReportDialog::~ReportDialog()
{
    // Stop the export, then join the worker thread before the widgets go.
    m_progress->cancel();
    delete m_session;
}

void ReportDialog::setRange(const QDateTime &from, const QDateTime &to)
{
    m_from->setDateTime(from);
    m_to->setDateTime(to);
}

void ReportDialog::setLastHours(int hours)
{
    const QDateTime now = QDateTime::currentDateTime();
    setRange(now.addSecs(-qint64(hours) * 3600), now);
}

void ReportDialog::setScope(const QString &scope)
{
    m_scope->setScope(scope);
}

void ReportDialog::setFormat(Format format)
{
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

void ReportDialog::setOutputFile(const QString &path)
{
    m_fileChosen = true;
    m_file->setText(path);
}

void ReportDialog::setOperatorName(const QString &name)
{
    m_operator->setText(name);
}

QDateTime ReportDialog::from() const
{
    return m_from->dateTime();
}
QDateTime ReportDialog::to() const
{
    return m_to->dateTime();
}
ReportDialog::Format ReportDialog::format() const
{
    return Format(m_format->currentData().toInt());
}
QString ReportDialog::outputFile() const
{
    return m_file->text().trimmed();
}
bool ReportDialog::isExporting() const
{
    return m_progress->isRunning();
}

QString ReportDialog::suggestedFileName() const
{
    const QString stamp = QStringLiteral("yyyyMMdd-HHmm");
    return QStringLiteral("idem-report-%1-%2.%3").arg(from().toString(stamp), to().toString(stamp), extension(format()));
}

void ReportDialog::suggestFile()
{
    if (!m_fileChosen) {
        m_file->setText(QDir::home().filePath(suggestedFileName()));
        return;
    }
    // A chosen file keeps its name; only its extension follows the format.
    const QString path = outputFile();
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    m_file->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + extension(format())));
}

void ReportDialog::browse()
{
    const QString ext = extension(format());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"),
                                                      outputFile().isEmpty() ? QDir::home().filePath(suggestedFileName()) : outputFile(),
                                                      tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
    if (!path.isEmpty())
        setOutputFile(path);
}

void ReportDialog::startExport()
{
    if (isExporting())
        return;
    const QString path = outputFile();
    const QString who = m_operator->text().trimmed();
    if (to() < from())
        return showResult(tr("The end of the range must not be before its start."), true);
    if (path.isEmpty())
        return showResult(tr("Choose the file to write."), true);
    if (who.isEmpty())
        return showResult(tr("Enter the operator the report is for."), true);
    OperatorSession::remember(who);

    ReportRequest request;
    request.fromMs = from().toMSecsSinceEpoch();
    request.toMs = to().toMSecsSinceEpoch();
    if (!m_scope->scope().isEmpty())
        request.scopes = {m_scope->scope()};
    request.operatorName = who;
    request.nowMs = QDateTime::currentMSecsSinceEpoch();
    const Format format = this->format();

    m_result->clear();
    m_export->setEnabled(false);
    const ActionControl control = m_progress->start(tr("Exporting report"));
    // On the session's worker thread. PDF drawing is QImage, QPainter on
    // QPdfWriter and QTextDocument: no QPixmap.
    m_session->request<ReportSummary>(
        this, [request, format, path, control](Store &store) { return exportReport(store, request, format, path, control); },
        [this, path](const Result<ReportSummary> &result) {
            m_progress->finish();
            m_export->setEnabled(true);
            if (!result) {
                showResult(tr("The report was not written: %1").arg(result.error().message), true);
                emit exportFailed(result.error().message);
                return;
            }
            const ReportSummary &o = result.value();
            if (o.cancelled) {
                showResult(tr("Stopped: no file was written."), false);
                emit exportCancelled();
                return;
            }
            showResult(tr("Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert "
                          "handling entries, audit log %7.")
                           .arg(QDir::toNativeSeparators(path))
                           .arg(o.scopes)
                           .arg(o.executed)
                           .arg(o.replayed)
                           .arg(o.operatorActions)
                           .arg(o.alertEntries)
                           .arg(o.auditOk ? tr("intact") : tr("BROKEN")),
                       false);
            emit exported(path);
        });
}

void ReportDialog::showResult(const QString &text, bool error)
{
    m_result->setText(text);
    m_result->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void ReportDialog::reject()
{
    if (isExporting()) {
        m_progress->cancel();
        return;
    }
    QDialog::reject();
}
