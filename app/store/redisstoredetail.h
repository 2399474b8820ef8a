#pragma once

// Helpers shared by redisstore.cpp (the claim protocol) and
// redisstoreactions.cpp (operator actions and the audit chain): one class,
// two files, split for size.
#include "app/store/redisargs.h"
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

// A string or status reply's bytes where they lie (while the reply lives):
// the scripts' answer words, compared without a copy.
inline QByteArrayView word(const redisReply *r)
{
    return r && (r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_STATUS) ? QByteArrayView(r->str, qsizetype(r->len))
                                                                                 : QByteArrayView();
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

constexpr qsizetype kScriptKeyCount = 6;
constexpr qsizetype kScriptArgCount = 4; // before each script's own

inline void writeScriptArgs(RedisArgSink &sink, const QString &key, qint64 nowMs)
{
    sink.add(key);
    sink.add(nowMs);
    sink.add(nowMs / 60000);
    sink.add(kCounterTtlMs);
}

inline RedisCommand scriptArgs(const QString &key, qint64 nowMs, qsizetype more = 0)
{
    RedisCommand args;
    args.reserve(kScriptArgCount + more); // room for the script's own arguments
    RedisCommandSink sink(args);
    writeScriptArgs(sink, key, nowMs);
    return args;
}

} // namespace RedisStoreDetail
