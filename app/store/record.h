#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <optional>

// DESIGN.md "The record and its states". Times are milliseconds since the
// Unix epoch (UTC) in every backend, so ages compare without time zones.
enum class RecordState { InFlight, Completed, TimedOut };

QString recordStateName(RecordState state); // "IN_FLIGHT", "COMPLETED", "TIMED_OUT"
std::optional<RecordState> recordStateFromName(const QString &name);

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// A cached HTTP response. Headers keep their order and duplicates.
struct Response {
    int status = 0;
    HeaderList headers;
    QByteArray body;

    bool operator==(const Response &) const = default;
};

// Headers are stored as a JSON array of [name, value] pairs (order and
// duplicates kept). Decoding reports malformed JSON instead of guessing.
QByteArray encodeHeaders(const HeaderList &headers);
std::optional<HeaderList> decodeHeaders(const QByteArray &json);

struct Record {
    QString scope;
    QString key;
    RecordState state = RecordState::InFlight;
    QString fingerprint; // SHA-256 of the canonical request, hex
    QString lease; // token of the claim that owns it
    QString owner; // host:pid of the claimer
    int attempts = 1;
    QString bizNo;
    int statusCode = 0;
    QByteArray headers; // JSON, see encodeHeaders()
    QByteArray body;
    qint64 createdAt = 0;
    qint64 updatedAt = 0; // for an in-flight record: when the current attempt claimed it
    qint64 expiresAt = 0; // 0: no expiry (in flight)
    bool reconciled = false; // response synthesised by reconciliation, not by the service
    // The request the current attempt's claim kept (KeptRequest's document,
    // at most 4 KiB); empty when none was kept: the scope's policy keeps
    // none, the record predates keeping, or the layout has no place for it
    // (Store::requestNote says which). Never part of a claim's decision:
    // a claim's answer carries it only for the record it claimed.
    QByteArray request;
    // Set when a foreign layout's stored value cannot be read (invalid JSON,
    // a wrong type, a missing field): the record is still listed, with what
    // is wrong, and no action applies to it. `body` then holds the raw value.
    QString readError;

    bool isExpired(qint64 nowMs) const { return state != RecordState::InFlight && expiresAt > 0 && expiresAt <= nowMs; }
    // When the attempt began, for its age: an in-flight record's updatedAt
    // is its current claim; a timed-out one's is when it was timed out, so
    // its attempt counts from the first claim (the same attempt unless
    // attempts > 1, where it is the oldest one); a completed one's, since it
    // completed. Every age shown (lists, details, plans, idemctl) is this one.
    qint64 attemptStartedAt() const { return state == RecordState::TimedOut && createdAt > 0 ? createdAt : updatedAt; }
    qint64 ageMs(qint64 nowMs) const { return nowMs - attemptStartedAt(); }
    Response response() const;
};

// The range a native record's fields keep. The engine writes
// times from a clock, attempts from 1 and statuses of HTTP; a value outside
// this range was written by something else (a hand edit, another program, a
// disk fault) and says nothing true about the attempt: the record is
// unreadable (listed in red, never acted on), never taken for an old one.
// resources/lua/record.lua and SqlDialect::readableRecord() check the same
// bounds inside the compare-and-set.
constexpr qint64 kEarliestRecordMs = 946'684'800'000; // 2000-01-01T00:00:00Z: no record of this engine is older
constexpr qint64 kLatestRecordMs = 253'402'300'799'999; // 9999-12-31T23:59:59.999Z

// A native record's numeric fields as stored, before they are narrowed.
struct NativeNumbers {
    qint64 attempts = 1;
    qint64 statusCode = 0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    qint64 expiresAt = 0;
    qint64 reconciled = 0;
};

// What is out of range in a native record ("updated_at=-5 is not a time
// between 2000-01-01 and 9999-12-31"), or an empty string. An in-flight
// record must carry the lease of its attempt.
QString nativeRangeProblem(const NativeNumbers &n, RecordState state, const QString &lease);

Q_DECLARE_METATYPE(Record)
