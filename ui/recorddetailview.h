#pragma once

#include "app/store/record.h"

#include <QWidget>

class KeptRequestView;
class QComboBox;
class QGridLayout;
class QLabel;
class QPlainTextEdit;
class QTabWidget;

// Every field of one record; below them two tabs: the request the record
// kept (KeptRequestView) and the cached response, its headers pretty-printed
// and its body as text, JSON or hex (JSON and text only when the bytes are
// valid UTF-8). A record still in flight or timed out opens on the request
// (it has no response yet: the request is what tells it apart), a
// completed one on the response. A foreign value that could not be read
// (Record::readError) is introduced by the reason, prominently, and its raw
// bytes are shown as the body.
class RecordDetailView final : public QWidget {
    Q_OBJECT
public:
    enum class BodyFormat { Text, Json, Hex };

    explicit RecordDetailView(QWidget *parent = nullptr);

    void showRecord(const Record &record, qint64 nowMs);
    // The shown record's age at nowMs (the list's clock ticks it), nothing else.
    void showAge(qint64 nowMs);
    void clear();
    void setBodyFormat(BodyFormat format);
    QString fieldText(const QString &name) const; // for tests: the value shown for a field
    QString bodyText() const;
    QString headersText() const;
    QString readErrorText() const; // empty when the shown record was readable
    // How the store reads times without a zone (Store::timeZoneNote), shown
    // under the times; the row is hidden when empty (native stores).
    void setTimeZoneNote(const QString &note);
    // Why a record of the store may show no request (Store::requestNote).
    void setRequestNote(const QString &note);
    KeptRequestView *requestView() const { return m_request; }
    // The tab shown: true for the request, false for the response.
    bool showsRequest() const;

private:
    // The constructor's parts: the red line for a record that cannot be
    // read, the fields two a row, the response tab (headers, body and its
    // format).
    void setUpReadError();
    void buildForm();
    QWidget *buildResponse();
    void renderBody();

    std::optional<Record> m_record;
    QGridLayout *m_form;
    QHash<QString, QLabel *> m_fields;
    QHash<QString, QLabel *> m_captions;
    QPlainTextEdit *m_headers;
    QComboBox *m_format;
    QPlainTextEdit *m_body;
    QLabel *m_bodyNote;
    QLabel *m_readError;
    QLabel *m_bodyCaption;
    QTabWidget *m_tabs;
    KeptRequestView *m_request;
    QString m_requestNote;
};
