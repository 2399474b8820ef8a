#include "ui/recorddetailview.h"
#include "models/auditwording.h"

#include <QComboBox>
#include <QDateTime>
#include <QFontDatabase>
#include <QGridLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStringDecoder>
#include <QTabWidget>
#include <QVBoxLayout>

#include "app/ops/agetext.h"
#include "app/store/visibletext.h"
#include "models/statuscolors.h"
#include "ui/keptrequestview.h"

namespace {

QString when(qint64 ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")) : QStringLiteral("–");
}

std::optional<QString> utf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

QString hexDump(const QByteArray &bytes, int limit)
{
    QString out;
    const int n = int(qMin<qsizetype>(bytes.size(), limit));
    for (int offset = 0; offset < n; offset += 16) {
        const QByteArray line = bytes.mid(offset, qMin(16, n - offset));
        QString ascii;
        for (char c : line)
            ascii += (c >= 0x20 && c < 0x7f) ? QLatin1Char(c) : QLatin1Char('.');
        out +=
            QStringLiteral("%1  %2  %3\n").arg(offset, 8, 16, QLatin1Char('0')).arg(QString::fromLatin1(line.toHex(' ')), -47).arg(ascii);
    }
    return out;
}

} // namespace

RecordDetailView::RecordDetailView(QWidget *parent)
    : QWidget(parent)
    , m_form(new QGridLayout)
    , m_headers(new QPlainTextEdit(this))
    , m_format(new QComboBox(this))
    , m_body(new QPlainTextEdit(this))
    , m_bodyNote(new QLabel(this))
    , m_readError(new QLabel(this))
    , m_bodyCaption(new QLabel(tr("Body as"), this))
    , m_tabs(new QTabWidget(this))
    , m_request(new KeptRequestView(this))
{
    auto *layout = new QVBoxLayout(this);
    setUpReadError();
    layout->addWidget(m_readError);
    buildForm();
    layout->addLayout(m_form);
    QWidget *response = buildResponse();
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->addTab(m_request, tr("Request"));
    m_tabs->addTab(response, tr("Response"));
    layout->addWidget(m_tabs, 1);
    connect(m_format, &QComboBox::currentIndexChanged, this, &RecordDetailView::renderBody);
    clear();
}

void RecordDetailView::setUpReadError()
{
    m_readError->setObjectName(QStringLiteral("readError"));
    m_readError->setWordWrap(true);
    m_readError->setTextFormat(Qt::PlainText);
    m_readError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readError->setStyleSheet(QStringLiteral("background: %1; color: %2; padding: 6px; font-weight: bold;")
                                   .arg(StatusColors::warningBackground(palette()).name(), StatusColors::alarmText(palette()).name()));
    m_readError->hide();
}

void RecordDetailView::buildForm()
{
    // Two fields a row where both are short, long ones (key, lease,
    // fingerprint, the time zone note) across: the fields take half the
    // height one a row took, and the request and response below get it.
    struct Field {
        const char *name;
        QString caption;
        int row;
        int column; // 0: left (or the whole row when wide), 1: right
        bool wide;
    };
    const Field fields[] = {
        {"scope", tr("Scope"), 0, 0, false},
        {"state", tr("State"), 0, 1, false},
        {"key", tr("Key"), 1, 0, true},
        {"biz_no", tr("Business no."), 2, 0, false},
        {"attempts", tr("Attempts"), 2, 1, false},
        {"age", tr("Age"), 3, 0, false},
        {"status_code", tr("Status code"), 3, 1, false},
        {"owner", tr("Owner"), 4, 0, false},
        {"reconciled", tr("Reconciled"), 4, 1, false},
        {"lease", tr("Lease"), 5, 0, true},
        {"fingerprint", tr("Fingerprint"), 6, 0, true},
        {"created_at", tr("Created"), 7, 0, false},
        {"updated_at", tr("Updated"), 7, 1, false},
        {"expires_at", tr("Expires"), 8, 0, false},
        {"time_zone", tr("Times"), 9, 0, true},
    };
    for (const Field &f : fields) {
        auto *caption = new QLabel(f.caption + QLatin1Char(':'), this);
        auto *value = new QLabel(this);
        value->setTextFormat(Qt::PlainText); // a stored "<img …>" is text, never markup
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true);
        m_form->addWidget(caption, f.row, 2 * f.column);
        m_form->addWidget(value, f.row, 2 * f.column + 1, 1, f.wide ? 3 : 1);
        m_fields.insert(QLatin1String(f.name), value);
        m_captions.insert(QLatin1String(f.name), caption);
    }
    m_form->setColumnStretch(1, 1);
    m_form->setColumnStretch(3, 1);
    m_form->setHorizontalSpacing(8);
    m_form->setVerticalSpacing(2);
    setTimeZoneNote(QString());
}

QWidget *RecordDetailView::buildResponse()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto *response = new QWidget(this);
    auto *responseLayout = new QVBoxLayout(response);
    responseLayout->setContentsMargins(4, 4, 4, 4);
    responseLayout->addWidget(new QLabel(tr("Headers"), response));
    m_headers->setReadOnly(true);
    m_headers->setFont(mono);
    m_headers->setMaximumHeight(90);
    responseLayout->addWidget(m_headers);
    auto *bodyRow = new QHBoxLayout;
    bodyRow->addWidget(m_bodyCaption);
    m_format->addItem(tr("Text"), int(BodyFormat::Text));
    m_format->addItem(tr("JSON"), int(BodyFormat::Json));
    m_format->addItem(tr("Hex"), int(BodyFormat::Hex));
    bodyRow->addWidget(m_format);
    bodyRow->addWidget(m_bodyNote, 1);
    responseLayout->addLayout(bodyRow);
    m_body->setReadOnly(true);
    m_body->setFont(mono);
    m_body->setLineWrapMode(QPlainTextEdit::NoWrap);
    responseLayout->addWidget(m_body, 1);
    return response;
}

void RecordDetailView::clear()
{
    m_record.reset();
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        if (it.key() != QLatin1String("time_zone")) // the store's, not the record's
            it.value()->setText(QStringLiteral("–"));
    }
    m_headers->clear();
    m_body->setPlainText(tr("Select a record to see its details."));
    m_bodyNote->clear();
    m_readError->hide();
    m_readError->clear();
    m_bodyCaption->setText(tr("Body as"));
    m_request->clear();
}

void RecordDetailView::showRecord(const Record &r, qint64 nowMs)
{
    m_record = r;
    // Stored text is shown escaped: a bidi override or escape sequence in a
    // key must not make it read as another key.
    const auto set = [this](const QString &name, const QString &value) { m_fields.value(name)->setText(visibleText(value)); };
    set(QStringLiteral("scope"), r.scope);
    set(QStringLiteral("key"), r.key);
    set(QStringLiteral("state"), AuditWording::state(recordStateName(r.state))); // in words; the stored name is in idemctl get
    set(QStringLiteral("biz_no"), r.bizNo.isEmpty() ? QStringLiteral("–") : r.bizNo);
    set(QStringLiteral("age"), r.updatedAt > 0 ? ageText(r.ageMs(nowMs)) : QStringLiteral("–"));
    set(QStringLiteral("attempts"), QString::number(r.attempts));
    set(QStringLiteral("owner"), r.owner);
    set(QStringLiteral("lease"), r.lease);
    set(QStringLiteral("fingerprint"), r.fingerprint);
    set(QStringLiteral("status_code"), r.statusCode ? QString::number(r.statusCode) : QStringLiteral("–"));
    set(QStringLiteral("created_at"), when(r.createdAt));
    set(QStringLiteral("updated_at"), when(r.updatedAt));
    set(QStringLiteral("expires_at"), when(r.expiresAt));
    set(QStringLiteral("reconciled"), r.reconciled ? tr("yes (response synthesised from the order)") : tr("no"));
    const bool unreadable = !r.readError.isEmpty();
    m_readError->setVisible(unreadable);
    m_readError->setText(unreadable ? tr("This stored value cannot be read: %1\nNo operator action applies to it. "
                                         "The raw value is shown below.")
                                          .arg(visibleText(r.readError))
                                    : QString());
    m_bodyCaption->setText(unreadable ? tr("Raw stored value as") : tr("Body as"));
    if (unreadable)
        set(QStringLiteral("state"), tr("unreadable"));

    const std::optional<HeaderList> headers = decodeHeaders(r.headers);
    if (!headers) {
        m_headers->setPlainText(tr("(not a JSON list of pairs — the raw bytes:)\n") + hexDump(r.headers, 4096));
    } else {
        QString text;
        for (const auto &[name, value] : *headers)
            text +=
                visibleText(QString::fromLatin1(name)) + QStringLiteral(": ") + visibleText(QString::fromLatin1(value)) + QLatin1Char('\n');
        m_headers->setPlainText(text.isEmpty() ? tr("(none)") : text);
    }
    // Pick the most readable form the bytes allow.
    const std::optional<QString> text = utf8(r.body);
    const bool json = text && !QJsonDocument::fromJson(r.body).isNull();
    const QSignalBlocker block(m_format);
    m_format->setCurrentIndex(m_format->findData(int(json ? BodyFormat::Json : text ? BodyFormat::Text : BodyFormat::Hex)));
    renderBody();
    m_request->showRequest(r.request, m_requestNote);
    m_tabs->setCurrentIndex(r.state == RecordState::Completed || unreadable ? 1 : 0);
}

void RecordDetailView::setRequestNote(const QString &note)
{
    m_requestNote = note;
    if (m_record)
        m_request->showRequest(m_record->request, m_requestNote);
}

bool RecordDetailView::showsRequest() const
{
    return m_tabs->currentIndex() == 0;
}

void RecordDetailView::showAge(qint64 nowMs)
{
    if (m_record)
        m_fields.value(QStringLiteral("age"))->setText(m_record->updatedAt > 0 ? ageText(m_record->ageMs(nowMs)) : QStringLiteral("–"));
}

void RecordDetailView::setBodyFormat(BodyFormat format)
{
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

void RecordDetailView::renderBody()
{
    if (!m_record)
        return;
    const QByteArray &body = m_record->body;
    constexpr int kHexLimit = 64 * 1024; // a 1 MiB body would make a 4 MB widget; the rest is summarised
    const auto format = BodyFormat(m_format->currentData().toInt());
    m_bodyNote->setText(tr("%n byte(s)", nullptr, int(body.size())));
    if (body.isEmpty()) {
        m_body->setPlainText(tr("(empty)"));
        return;
    }
    const std::optional<QString> text = utf8(body);
    if (format == BodyFormat::Hex || !text) {
        if (format != BodyFormat::Hex)
            m_bodyNote->setText(tr("%n byte(s), not UTF-8: shown as hex", nullptr, int(body.size())));
        QString dump = hexDump(body, kHexLimit);
        if (body.size() > kHexLimit)
            dump += tr("… %1 more bytes not shown").arg(body.size() - kHexLimit);
        m_body->setPlainText(dump);
        return;
    }
    if (format == BodyFormat::Json) {
        const QJsonDocument doc = QJsonDocument::fromJson(body);
        if (!doc.isNull()) {
            m_body->setPlainText(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
            return;
        }
        m_bodyNote->setText(tr("%n byte(s), not JSON: shown as text", nullptr, int(body.size())));
    }
    m_body->setPlainText(visibleBlock(*text));
}

QString RecordDetailView::fieldText(const QString &name) const
{
    const QLabel *label = m_fields.value(name);
    return label ? label->text() : QString();
}

QString RecordDetailView::bodyText() const
{
    return m_body->toPlainText();
}

void RecordDetailView::setTimeZoneNote(const QString &note)
{
    QLabel *label = m_fields.value(QStringLiteral("time_zone"));
    label->setText(note);
    label->setVisible(!note.isEmpty());
    m_captions.value(QStringLiteral("time_zone"))->setVisible(!note.isEmpty());
}

QString RecordDetailView::readErrorText() const
{
    return m_readError->isHidden() ? QString() : m_readError->text();
}

QString RecordDetailView::headersText() const
{
    return m_headers->toPlainText();
}
