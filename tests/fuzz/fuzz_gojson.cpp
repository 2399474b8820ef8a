// The go-middleware layout's value (seeds/000…): any bytes under idemp:<key>,
// read by GoJson::decode and GoRedisStore::toRecord, and any text as a
// time. Checks what gojson.h and goredisstore.h promise: a summary decode
// accepts exactly what a full one does and agrees with it; a decoded record
// comes back unchanged through encode → decode (encode writes json.Marshal's
// bytes, so the service can read what the console rewrites); a parsed time
// prints and parses back to the same instant; a value is a readable record
// exactly when it decodes, and its headers are readable.
#include "tests/fuzz/fuzzinput.h"

#include "app/store/gojson.h"
#include "app/store/goredisstore.h"
#include "app/store/layout.h"

namespace {

bool sameTime(const GoTime &a, const GoTime &b)
{
    return a.seconds == b.seconds && a.nanos == b.nanos && a.offsetSeconds == b.offsetSeconds && a.text == b.text;
}

bool sameRecord(const GoRecord &a, const GoRecord &b)
{
    return a.key == b.key && a.statusCode == b.statusCode && a.headers == b.headers && a.body == b.body
           && sameTime(a.createdAt, b.createdAt) && sameTime(a.expiresAt, b.expiresAt) && a.requestHash == b.requestHash
           && a.inFlight == b.inFlight;
}

void checkTime(QByteArrayView text)
{
    const std::optional<GoTime> time = GoJson::parseTime(text);
    if (!time)
        return;
    Fuzz::require(time->nanos >= 0 && time->nanos <= 999'999'999, "parseTime: nanoseconds within a second");
    GoTime instant = *time;
    instant.text.clear();
    const QByteArray printed = GoJson::formatTime(instant);
    if (printed.isEmpty())
        return; // a year outside 0…9999 once in its own offset: Go refuses to print it too
    const std::optional<GoTime> back = GoJson::parseTime(printed);
    Fuzz::require(back && back->seconds == time->seconds && back->nanos == time->nanos && back->offsetSeconds == time->offsetSeconds,
                  "formatTime(parseTime(t)) parses to the same instant and offset");
}

void checkDecode(const QByteArray &value, const Result<GoRecord> &full)
{
    const Result<GoRecord> summary = GoJson::decode(value, true);
    Fuzz::require(summary.ok() == full.ok(), "a summary decode accepts exactly what a full decode does");
    if (!full)
        return;
    Fuzz::require(summary->key == full->key && summary->inFlight == full->inFlight && summary->statusCode == full->statusCode
                      && sameTime(summary->createdAt, full->createdAt) && sameTime(summary->expiresAt, full->expiresAt),
                  "a summary decode reads the key, state and times of a full one");
    checkTime(full->createdAt.text);
    checkTime(full->expiresAt.text);

    const QByteArray encoded = GoJson::encode(full.value());
    const Result<GoRecord> again = GoJson::decode(encoded);
    Fuzz::require(again.ok() && sameRecord(again.value(), full.value()), "decode(encode(record)) is the record");
    Fuzz::require(GoJson::encode(again.value()) == encoded, "encode(decode(encode(record))) writes the same bytes");
}

// As GoRedisStore lists (summary) and reads a string under the record's own
// key, so a value that decodes is also a record that can be read.
void checkStoreRead(const QByteArray &value, const Result<GoRecord> &full)
{
    static const Layout layout = Layout::builtin(QStringLiteral("go-middleware")).value();
    redisReply reply{};
    reply.type = REDIS_REPLY_STRING;
    reply.str = const_cast<char *>(value.constData());
    reply.len = size_t(value.size());
    const KeyReplies key{layout.keyPrefix + (full ? full->key : QByteArrayLiteral("order-1001")), {Fuzz::Replies::shared(&reply)}, {}};

    const std::optional<Record> read = GoRedisStore::toRecord(layout, key);
    const std::optional<Record> listed = GoRedisStore::toRecord(layout, key, true);
    Fuzz::require(read && listed, "a string value is a record");
    Fuzz::require(read->readError.isEmpty() == full.ok(), "a value is readable exactly when it decodes");
    Fuzz::require(listed->readError.isEmpty() == full.ok() && listed->state == read->state && listed->createdAt == read->createdAt
                      && listed->expiresAt == read->expiresAt,
                  "a listing reads a value's state and times as a read does");
    Fuzz::require(decodeHeaders(read->headers).has_value(), "a record's headers are readable");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray value = Fuzz::bytes(data, size);
    checkTime(value);
    const Result<GoRecord> full = GoJson::decode(value);
    checkDecode(value, full);
    checkStoreRead(value, full);
    return 0;
}
