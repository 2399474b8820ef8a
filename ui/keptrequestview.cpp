#include "ui/keptrequestview.h"

#include "app/store/keptrequest.h"
#include "app/store/visibletext.h"
#include "models/statuscolors.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

KeptRequestView::KeptRequestView(QWidget *parent)
    : QWidget(parent)
    , m_line(new QLabel(this))
    , m_notes(new QLabel(this))
    , m_headers(new QPlainTextEdit(this))
    , m_body(new QPlainTextEdit(this))
{
    m_line->setObjectName(QStringLiteral("requestLine"));
    m_notes->setObjectName(QStringLiteral("requestNotes"));
    m_headers->setObjectName(QStringLiteral("requestHeaders"));
    m_body->setObjectName(QStringLiteral("requestBody"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QLabel *label : {m_line, m_notes}) {
        label->setTextFormat(Qt::PlainText); // a stored "<b>" is text, never markup
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
    }
    m_line->setFont(mono);
    QFont bold = m_line->font();
    bold.setBold(true);
    m_line->setFont(bold);
    // A cut, masked or withheld request must not pass for the client's whole one.
    m_notes->setStyleSheet(QStringLiteral("background: %1; color: %2; padding: 3px;")
                               .arg(StatusColors::warningBackground(palette()).name(), palette().color(QPalette::WindowText).name()));
    m_headers->setReadOnly(true);
    m_headers->setFont(mono);
    m_headers->setMaximumHeight(80);
    m_headers->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_body->setReadOnly(true);
    m_body->setFont(mono);
    m_body->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_line);
    layout->addWidget(m_notes);
    layout->addWidget(m_headers);
    layout->addWidget(m_body, 1);
    layout->addStretch(); // keeps a lone line at the top when the body is hidden
    clear();
}

void KeptRequestView::clear()
{
    m_line->setText(tr("Select a record to see the request it kept."));
    m_notes->hide();
    m_notes->clear();
    m_headers->clear();
    m_headers->hide();
    m_body->clear();
    m_body->hide();
}

void KeptRequestView::showRequest(const QByteArray &document, const QString &absentNote)
{
    clear();
    const Result<std::optional<KeptRequest>> decoded = KeptRequest::decode(document);
    if (!decoded) {
        m_line->setText(visibleBlock(decoded.error().message));
        return;
    }
    if (!decoded.value()) {
        m_line->setText(absentNote.isEmpty() ? tr("No request was kept with this record.") : absentNote);
        return;
    }
    const KeptRequest &r = *decoded.value();
    const bool hasLine = !r.method.isEmpty() || !r.path.isEmpty();
    m_line->setText(hasLine ? visibleText(r.method) + QLatin1Char(' ') + visibleText(r.path)
                            : tr("The request body only (the layout keeps no method, path or headers)"));
    const QStringList notes = r.notes();
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    if (hasLine) {
        QString headers;
        for (const auto &[name, value] : r.headers)
            headers += visibleText(name) + QStringLiteral(": ") + visibleText(value) + QLatin1Char('\n');
        m_headers->setPlainText(headers.isEmpty() ? tr("(no headers kept)") : headers.chopped(1));
        m_headers->show();
    }
    m_body->setPlainText(r.bodyText());
    m_body->show();
}

QString KeptRequestView::requestLineText() const
{
    return m_line->text();
}

QString KeptRequestView::notesText() const
{
    return m_notes->isHidden() ? QString() : m_notes->text();
}

QString KeptRequestView::headersText() const
{
    return m_headers->isHidden() ? QString() : m_headers->toPlainText();
}

QString KeptRequestView::bodyText() const
{
    return m_body->isHidden() ? QString() : m_body->toPlainText();
}
