#pragma once

// Helpers shared by redisstore.cpp (the claim protocol) and
// redisstoreactions.cpp (operator actions and the audit chain): one class,
// two files, split for size.
#include "app/store/redisconnection.h"
#include "app/store/redislayout.h"

#include <QByteArray>
#include <QString>

#include <hiredis/hiredis.h>

namespace RedisStoreDetail {

constexpr qint64 kCounterTtlMs = 8LL * 24 * 3600 * 1000;
constexpr int kBatch = 500;

inline QByteArray bytes(const redisReply *r)
{
    return RedisConnection::bytes(r);
}

inline bool isArray(const redisReply &r, size_t atLeast)
{
    return r.type == REDIS_REPLY_ARRAY && r.elements >= atLeast;
}

// The keys of claim/complete/release/timeout and the arguments every one
// of them starts with (resources/lua/record.lua).
inline RedisCommand scriptKeys(const QString &scope, const QString &key, qint64 nowMs)
{
    return RedisLayout::scriptKeys(scope, key, nowMs / 60000);
}

inline RedisCommand scriptArgs(const QString &key, qint64 nowMs, qsizetype more = 0)
{
    RedisCommand args;
    args.reserve(4 + more); // room for the script's own arguments
    static const QByteArray ttl = QByteArray::number(kCounterTtlMs);
    args << key.toUtf8() << QByteArray::number(nowMs) << QByteArray::number(nowMs / 60000) << ttl;
    return args;
}

} // namespace RedisStoreDetail
