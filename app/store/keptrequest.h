#pragma once

#include "app/store/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

// The request a claim keeps with its record (Record::request), so that an
// operator looking at a stuck or replayed record sees what the client sent,
// not only its fingerprint: the seed's Java handler keeps its request body
// for exactly this. What is kept is chosen and masked by the guard
// (app/guard/requestkeeping.h) before anything reaches a store; this is the
// stored form and its reading.
//
// Stored as one compact JSON document of at most kMaxKeptRequestBytes
// bytes, whatever the request's size, so that a 1 MB upload costs a record
// 4 KiB and the guard's one round trip stays one:
//   {"method":"POST","path":"/api/payments",
//    "headers":[["Content-Type","application/json"],…],   order and repeats kept
//    "body":"…"              a body that is UTF-8 text, JSON-escaped
//    | "body_base64":"…"     one that is not (binary, invalid UTF-8)
//    "original_bytes":1234,  the body's size as the client sent it
//    "truncated":true,       only when something was cut to fit
//    "redacted":["card_number","payer.cvv","items[].pan"],  fields masked before storing
//    "body_withheld":true}   the body named a masked field but could not be parsed to mask it
// One value rather than columns or hash fields: every backend stores it the
// same way (a nullable BLOB/BYTEA column, a hash field), a store made before
// it needs one column, and foreign layouts can hand theirs over the same way.
inline constexpr qsizetype kMaxKeptRequestBytes = 4096;

// At most this many masked fields are named (a body with thousands of card
// numbers lists the first ones; every one of them is masked).
inline constexpr int kMaxRedactedPaths = 16;

// What replaces a masked value, in the body and in a query string.
inline constexpr char kRedactionMask[] = "[REDACTED]";

struct KeptRequest {
    QString method;
    QString path; // with its query, masked like a form body
    QList<QPair<QString, QString>> headers; // the kept ones, in the request's order
    QByteArray body; // as kept: masked, perhaps cut
    bool hasBody = false; // false: no body (none sent, or withheld)
    bool binary = false; // stored as base64: not UTF-8 text
    qint64 originalBytes = 0; // the body's size as received
    bool truncated = false; // the body (or a header, the path) was cut to fit
    QStringList redacted; // the masked fields' paths (at most kMaxRedactedPaths)
    bool bodyWithheld = false; // the body was not kept at all (see above)

    // The document, at most maxBytes long: the method, path and headers
    // first (the path cut at 1 KiB, a header value at 512 bytes, headers
    // beyond 1.5 KiB left out), then as much of the body as fits, cut on a
    // character boundary, then the size and markers; `truncated` is set in
    // the document when anything was cut. Text bodies are cut after
    // escaping, so the document never exceeds maxBytes. Cost: linear in
    // what is written (at most maxBytes), never in the whole body.
    QByteArray encode(qsizetype maxBytes = kMaxKeptRequestBytes) const;
    // The document read back. An empty document is no request (nullopt,
    // not an error); anything that is not a document of this form is
    // ErrorKind::Corrupt with what is wrong (the record itself stays
    // readable: only its request cannot be shown).
    static Result<std::optional<KeptRequest>> decode(const QByteArray &document);

    // Whether the body is a JSON document (then shown pretty-printed).
    bool bodyIsJson() const;
    // The body for a person: JSON re-indented (members in the order sent,
    // strings as sent), else text with control
    // characters escaped (visibleBlock), else "N bytes, not UTF-8" and a
    // hex dump of the first 4 KiB.
    QString bodyText() const;
    // One line each: what was cut, masked or withheld; empty when none.
    QStringList notes() const;
    // The whole request as a block of text (idemctl get, the reconcile
    // evidence): "POST /path", the headers, a blank line, bodyText(), the
    // notes. Every stored string escaped (visibleText).
    QString displayText() const;
};

// A request's path or header as text: UTF-8 when the bytes are valid UTF-8,
// else Latin-1 (as HTTP/1.1 reads header bytes), so nothing is lost to a
// replacement character.
QString requestText(QByteArrayView bytes);
