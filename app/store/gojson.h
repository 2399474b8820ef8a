#pragma once

#include "app/store/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QMap>
#include <QString>

#include <optional>

// The go-middleware layout's value (seeds/000…): Go's encoding/json of
//
//   type IdempotencyRecord struct {
//       Key string `json:"key"`; StatusCode int `json:"status_code"`
//       Headers map[string]string `json:"headers"`; Body []byte `json:"body"`
//       CreatedAt, ExpiresAt time.Time `json:"created_at"/"expires_at"`
//       RequestHash string `json:"request_hash"`; InFlight bool `json:"in_flight"`
//   }
//
// decode() accepts what json.Unmarshal accepts for it (field names matched
// case-insensitively as Go folds them, the last duplicate winning, unknown
// fields ignored, body as base64 or an array of bytes, headers merged, time
// in RFC 3339 as time.Time.UnmarshalJSON parses it), but asks for the fields
// the middleware always writes (key, created_at, expires_at, request_hash,
// in_flight) and says which one is wrong. encode() writes byte for byte what
// Go 1.22's json.Marshal writes (HTML-safe escaping, sorted map keys).

// A time.Time as the record stored it: the instant and the UTC offset it was
// written in (Go keeps the offset; so does a rewrite).
struct GoTime {
    qint64 seconds = 0; // Unix seconds (UTC)
    int nanos = 0; // 0 … 999 999 999
    int offsetSeconds = 0; // east of UTC; 0 prints as "Z"
    QByteArray text; // as stored; when set, encode() writes it unchanged

    qint64 msSinceEpoch() const { return seconds * 1000 + nanos / 1000000; }
    static GoTime fromMs(qint64 ms, int offsetSeconds);
};

struct GoRecord {
    QByteArray key; // UTF-8
    qint64 statusCode = 0;
    std::optional<QMap<QByteArray, QByteArray>> headers; // nullopt: nil map (null)
    std::optional<QByteArray> body; // nullopt: nil slice (null)
    GoTime createdAt;
    GoTime expiresAt;
    QByteArray requestHash;
    bool inFlight = false;
};

namespace GoJson {

// The record, or ErrorKind::Corrupt with what is wrong ("in_flight is a
// string, expected true/false"), without naming the key: the caller does.
// summary: every field checked as fully, but request_hash, headers and body
// not kept (a listing scan wants the state, times and key of most values).
Result<GoRecord> decode(QByteArrayView json, bool summary = false);
QByteArray encode(const GoRecord &record);

// A JSON string as Go writes it, quotes included. Invalid UTF-8 becomes \ufffd.
QByteArray quote(QByteArrayView utf8);
// time.Time.UnmarshalJSON's RFC 3339 (text without the quotes).
std::optional<GoTime> parseTime(QByteArrayView text);
// time.RFC3339Nano: fractional zeros trimmed, "Z" for offset 0. Empty when
// the year is outside 0…9999 (Go's MarshalJSON refuses those).
QByteArray formatTime(const GoTime &time);

} // namespace GoJson
