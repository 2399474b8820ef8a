// What the native layout reads back from Redis, which anything with write
// access to the server may have changed: a record hash (the HMGET reply
// RedisLayout::decode reads, or a script's copy of one), the response
// headers stored in it (decodeHeaders), an audit stream entry and the audit
// chain head.
//
// Input, one Redis reply a field (fuzzinput.h): the record read (*13 and its
// 13 fields in record.lua's order, or anything else), then an XRANGE item,
// then the head's seq and hash replies.
#include "tests/fuzz/fuzzinput.h"

#include "app/store/redislayout.h"

namespace {

enum Field {
    State,
    Fingerprint,
    Lease,
    Owner,
    Attempts,
    BizNo,
    StatusCode,
    Headers,
    Body,
    CreatedAt,
    UpdatedAt,
    ExpiresAt,
    Reconciled,
    FieldCount
};

bool inRange(qint64 ms)
{
    return ms >= kEarliestRecordMs && ms <= kLatestRecordMs;
}

void checkRecord(const RedisLayout &layout, const redisReply &fields)
{
    const Result<std::optional<Record>> read = layout.decode(QStringLiteral("payment"), QStringLiteral("order-1001"), fields);
    if (!read || !read.value())
        return;
    // Only a hash of every field passes, each field in the range record.lua checks.
    const Record &r = *read.value();
    Fuzz::require(fields.type == REDIS_REPLY_ARRAY && fields.elements == FieldCount, "a record is read from all its fields");
    Fuzz::require(inRange(r.createdAt) && inRange(r.updatedAt) && (r.expiresAt == 0 || inRange(r.expiresAt)),
                  "a record's times are between 2000 and 9999");
    Fuzz::require(r.attempts >= 1 && r.statusCode >= 0 && r.statusCode <= 999, "a record's attempts and status are in range");
    Fuzz::require(r.state != RecordState::InFlight || !r.lease.isEmpty(), "an in-flight record has a lease");
    if (r.state == RecordState::Completed) {
        Fuzz::require(fields.element[Headers]->type != REDIS_REPLY_NIL && fields.element[Body]->type != REDIS_REPLY_NIL,
                      "a completed record has a response");
    }
    (void)r.response();
}

// Stored headers come back as they went in: decode(encode(decode(x))) == decode(x).
void checkHeaders(const QByteArray &json)
{
    const std::optional<HeaderList> headers = decodeHeaders(json);
    if (!headers)
        return;
    Fuzz::require(decodeHeaders(encodeHeaders(*headers)) == headers, "stored headers read back unchanged");
}

void checkAuditHead(const RedisLayout &layout, const redisReply &seq, const redisReply &hash)
{
    const Result<AuditChainHead> head = layout.decodeHead(QStringLiteral("payment"), seq, hash);
    if (!head || head->seq == 0)
        return;
    Fuzz::require(head->seq >= 1 && head->hash.size() == 64, "a chain head has a sequence number and a SHA-256");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const RedisLayout layout(QStringLiteral("redis://fuzz:6379/0"));
    Fuzz::Replies replies(Fuzz::lines(data, size));
    const redisReply *record = replies.next();
    checkRecord(layout, *record);
    if (record->type == REDIS_REPLY_ARRAY && record->elements > Headers)
        checkHeaders(RedisConnection::bytes(record->element[Headers]));
    else
        checkHeaders(RedisConnection::bytes(record));

    (void)RedisLayout::decodeAuditEntry(*replies.next());
    const redisReply *seq = replies.next();
    checkAuditHead(layout, *seq, *replies.next());
    return 0;
}
