#pragma once

#include <QByteArray>
#include <QByteArrayList>
#include <QString>
#include <QStringList>

// Masks a request's sensitive fields by name before the request is kept
// with its record (ScopePolicy::redactedFields), so that a card number
// never reaches a store, a backup or an operator's screen.
//
// A field name stands for a masked name when, ignoring case, it is the name
// with its separators dropped ("cardNumber", "CARD-NUMBER" for card_number)
// or its words contain the name's words in a row ("payer_card_number",
// "newPassword", "cvv2"; words split at '_', '-', '.', case changes and
// digits). Matching errs towards masking: a false mask costs a field an
// operator rarely needs, a missed one a card number in the store.
//
// Bodies: JSON (masked in place, every other byte kept as sent: key order,
// spacing and escapes stay), forms (name=value&…, also a path's query
// string), anything else left as it is unless it names a masked field, in
// which case it is withheld as a whole. A JSON string or form value that
// holds embedded structure (a '{', '<', '=' or ':') naming a masked field
// (a gateway's biz_content) is masked whole: nested encodings are not
// unpacked.
class FieldMasking final {
public:
    explicit FieldMasking(const QStringList &names);

    // The masking of a policy's names, built once per thread and reused
    // while the policy's list is the same (shared) list: the guard asks on
    // every claim, and splitting the names each time would allocate for
    // every request.
    static const FieldMasking &forNames(const QStringList &names);

    struct Masked {
        QByteArray body; // the body with masked values (the input itself when nothing was masked)
        QStringList paths; // where values were masked: "card_number", "payer.cvv", "items[].pan"
        bool withheld = false; // the body names a masked field but could not be parsed: keep none of it
    };
    // Cost: one pass over the body (JSON or form), without allocating
    // unless a value is masked.
    Masked maskBody(const QByteArray &body) const;
    // The path with its query string masked as a form; the masked fields'
    // names are appended to *paths.
    QByteArray maskQuery(const QByteArray &path, QStringList *paths) const;

    // Whether a field name stands for a masked name (see above).
    bool matches(QByteArrayView field) const;
    // Whether the text holds a word run (letters, digits, '_', '-') that matches.
    bool mentions(QByteArrayView text) const;
    bool isEmpty() const { return m_names.isEmpty(); }

private:
    struct Name {
        QByteArray joined; // lower case, separators dropped: "cardnumber"
        QByteArrayList words; // lower case: "card", "number"
    };
    QByteArray maskForm(QByteArrayView form, QStringList *paths, bool *changed) const;

    QStringList m_source;
    QList<Name> m_names;
};
