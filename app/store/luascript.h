#pragma once

#include "app/store/redislink.h"
#include "app/store/result.h"

#include <QByteArray>
#include <QString>

#include <initializer_list>

// A Lua script of resources/lua as Redis runs it: one or more of its files
// joined in order (a shared preamble first), and the text's SHA1, computed
// once. Every Redis store runs its scripts through this: EVALSHA, so a call
// sends 40 bytes instead of the script; on NOSCRIPT (the server lost its
// script cache: a restart, SCRIPT FLUSH, a failover) EVAL of the text once,
// which also caches it again.
class LuaScript {
public:
    static LuaScript fromResources(std::initializer_list<const char *> names);

    const QByteArray &text() const { return m_text; }
    const QByteArray &sha() const { return m_sha; }
    // An error naming the file this build is missing; never the case in a
    // build whose resources compiled.
    Result<void> present() const;
    // EVALSHA with keys, then args (EVAL once on NOSCRIPT). A Redis error
    // reply is a reply: the caller reads what the script answered.
    Result<RedisReply> run(RedisLink &link, const RedisCommand &keys, const RedisCommand &args = {}) const;

private:
    QByteArray m_text;
    QByteArray m_sha;
    QString m_missing;
};
