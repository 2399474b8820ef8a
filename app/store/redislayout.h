#pragma once

#include "app/store/record.h"
#include "app/store/redisargs.h"
#include "app/store/redisconnection.h"
#include "app/store/redispacked.h"
#include "app/store/store.h"

// The native record layout in Redis, read side (the Lua scripts in
// resources/lua write it; RedisStore's header lists the keys): key names,
// all of one scope under the hash tag {scope} (on a Redis Cluster: of one of
// the scope's buckets, {scope#NN}, which the key functions take in its place); the record hash's fields,
// decoded and checked the way resources/lua/record.lua checks them; and the
// walk over a scope's in-flight index.
class RedisLayout final {
public:
    explicit RedisLayout(QString display)
        : m_display(std::move(display))
    {
    }

    // InvalidArgument for a scope that cannot be a hash tag (empty, '{', '}').
    static std::optional<Error> checkScope(const QString &scope);
    static QByteArray scopesKey() { return QByteArrayLiteral("idem:scopes"); }
    static QByteArray recordKey(const QString &scope, const QString &key) { return recordKey(scope, key.toUtf8()); }
    static QByteArray recordKey(const QString &scope, const QByteArray &key) { return prefix(scope) + "r:" + key; }
    static QByteArray inFlightKey(const QString &scope) { return prefix(scope) + "inflight"; }
    static QByteArray completedKey(const QString &scope) { return prefix(scope) + "completed"; }
    static QByteArray timedOutKey(const QString &scope) { return prefix(scope) + "timedout"; }
    static QByteArray minutesKey(const QString &scope) { return prefix(scope) + "minutes"; }
    static QByteArray counterKey(const QString &scope, qint64 minute) { return prefix(scope) + "c:" + QByteArray::number(minute); }
    static QByteArray auditKey(const QString &scope) { return prefix(scope) + "audit"; }
    static QByteArray auditHeadKey(const QString &scope) { return prefix(scope) + "audit:head"; }

    // The KEYS of the claim/complete/release/timeout scripts, in record.lua's order.
    static RedisCommand scriptKeys(const QString &scope, const QString &key, qint64 minute);
    // The same six keys, into sink.
    static void writeScriptKeys(RedisArgSink &sink, const QString &scope, const QString &key, qint64 minute);
    // HMGET of every field, in the order decode() and record.lua expect.
    static RedisCommand readCommand(const QByteArray &recordKey);
    // The record hash's fields, in readCommand()'s order.
    static QByteArrayList fieldNames();
    // An HMGET reply (or a script's copy of one) as a record: nullopt when the
    // key is gone; ErrorKind::Corrupt naming the record and what is wrong for
    // another type, a missing field, an unknown state or a non-number.
    // `tag`: the hash tag the record is kept under when it is not the scope
    // (a bucket on a Redis Cluster, RedisBuckets), for the key messages name.
    Result<std::optional<Record>> decode(const QString &scope, const QString &key, const redisReply &fields,
                                         const QString &tag = QString()) const;
    // The same from an HGETALL reply (name/value pairs, in any order; names
    // that are not the record's are ignored, as an HMGET ignores them).
    Result<std::optional<Record>> decodeAll(const QString &scope, const QString &key, const redisReply &pairs,
                                            const QString &tag = QString()) const;
    // The same from the claim script's packed copy (redispacked.h).
    Result<std::optional<Record>> decodePacked(const QString &scope, const QString &key, const redisReply &packed,
                                               const QString &tag = QString()) const;
    // The same from the fields' bytes, in readCommand()'s order.
    Result<std::optional<Record>> decode(const QString &scope, const QString &key, const QList<PackedField> &values,
                                         const QString &tag = QString()) const;
    // reason/detail as record.lua's read_record() reports them.
    Error corrupt(const QString &scope, const QString &key, const QByteArray &reason, const QByteArray &detail,
                  const QString &tag = QString()) const;
    Error replyError(const QByteArray &error, const QString &what) const;

    // The audit chain (resources/lua/chain.lua). An entry's stream fields as
    // XADD's field/value pairs: scope, seq, at, operator, host, action, batch,
    // key, before, after, reason, evidence, prev, hash.
    static RedisCommand auditFields(const AuditEntry &entry);
    // One XRANGE/XREVRANGE item ([id, [field, value, …]]) as an entry. Never
    // fails: a missing or malformed field is left empty (0 for numbers), so
    // verification reports the entry as broken instead of the read failing.
    static AuditEntry decodeAuditEntry(const redisReply &item);
    // A head read as HMGET seq hash (or a script's copy): seq 0 and an empty
    // hash when absent; ErrorKind::Corrupt naming the key when unreadable.
    Result<AuditChainHead> decodeHead(const QString &scope, const redisReply &seq, const redisReply &hash) const;
    // An audit key (stream or head) that holds another type or is unreadable.
    Error corruptAuditKey(const QByteArray &key, const QString &what) const;

private:
    // A record read's error reply as decode() words it; nullopt for any other reply.
    std::optional<Error> readError(const QString &scope, const QString &key, const redisReply &reply, const QString &tag) const;
    static QByteArray prefix(const QString &scope) { return QByteArrayLiteral("idem:{") + scope.toUtf8() + QByteArrayLiteral("}:"); }

    const QString m_display;
};
