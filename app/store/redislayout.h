#pragma once

#include "record.h"
#include "redisconnection.h"
#include "store.h"

#include <functional>

// The native record layout in Redis, read side (the Lua scripts in
// resources/lua write it; RedisStore's header lists the keys): key names,
// all of one scope under the hash tag {scope}; the record hash's fields,
// decoded and checked the way resources/lua/record.lua checks them; and the
// walk over a scope's in-flight index.
class RedisLayout final {
public:
    explicit RedisLayout(QString display) : m_display(std::move(display)) {}

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

    // The KEYS of the claim/complete/release/timeout scripts, in record.lua's order.
    static RedisCommand scriptKeys(const QString &scope, const QString &key, qint64 minute);
    // HMGET of every field, in the order decode() and record.lua expect.
    static RedisCommand readCommand(const QByteArray &recordKey);
    // An HMGET reply (or a script's copy of one) as a record: nullopt when the
    // key is gone; ErrorKind::Corrupt naming the record and what is wrong for
    // another type, a missing field, an unknown state or a non-number.
    Result<std::optional<Record>> decode(const QString &scope, const QString &key, const redisReply &fields) const;
    // reason/detail as record.lua's read_record() reports them.
    Error corrupt(const QString &scope, const QString &key, const QByteArray &reason, const QByteArray &detail) const;
    Error replyError(const QByteArray &error, const QString &what) const;

    // Walks a scope's in-flight zset in the query's order from its keyset
    // position (age filter served by the zset), reading hashes with pipelined
    // HMGETs, and hands each matching record to visit until it returns false.
    // Two round trips per batch of up to 500 members; key prefix is filtered
    // on members, owner and biz_no prefix on the fetched hashes.
    Result<void> walkInFlight(RedisConnection &c, const QString &scope, const InFlightQuery &query,
                              const std::function<bool(Record &&)> &visit) const;

private:
    static QByteArray prefix(const QString &scope) { return QByteArrayLiteral("idem:{") + scope.toUtf8() + QByteArrayLiteral("}:"); }

    const QString m_display;
};
