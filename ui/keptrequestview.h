#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;

// The request a record kept (Record::request, KeptRequest), as the detail
// pane's Request tab shows it: the method and path on top, what was cut,
// masked or withheld right under them (so an operator never takes a cut
// body for the whole one, or a mask for the client's value), the kept
// headers, and the body (pretty-printed when it is JSON, hex when it is not
// text). Stored text is shown escaped (visibleText): a control character or
// bidi override in a kept header cannot disguise what it says. When no
// request was kept it says why (Store::requestNote).
class KeptRequestView final : public QWidget {
    Q_OBJECT
public:
    explicit KeptRequestView(QWidget *parent = nullptr);

    // `document`: the record's request (empty: none kept, `absentNote` says why).
    void showRequest(const QByteArray &document, const QString &absentNote);
    void clear();

    // For tests: what is shown.
    QString requestLineText() const;
    QString notesText() const;
    QString headersText() const;
    QString bodyText() const;

private:
    QLabel *m_line;
    QLabel *m_notes;
    QPlainTextEdit *m_headers;
    QPlainTextEdit *m_body;
};
