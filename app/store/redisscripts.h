#pragma once

// The native Redis store's Lua scripts (resources/lua/*.lua) and the
// registry of its scopes (the set idem:scopes), which a scope joins with
// its first script call: loading the scripts, calling one, and knowing
// which scopes this process has registered already.
#include "app/store/luascript.h"
#include "app/store/redisargs.h"
#include "app/store/redisconnection.h"
#include "app/store/redislayout.h"
#include "app/store/result.h"

#include <QReadWriteLock>
#include <QSet>
#include <QString>

#include <array>
#include <atomic>
#include <optional>

// The scopes this process has added to idem:scopes (SADD). A registration
// is never taken back, so a scope found here stays registered.
class RedisScopeRegistry {
public:
    bool isRegistered(const QString &scope) const;
    void markRegistered(const QString &scope);

private:
    // Tells this registry from any other, even one made later at the same
    // address (isRegistered's per-thread cache).
    const quint64 m_instance = s_instances.fetch_add(1) + 1;
    static inline std::atomic<quint64> s_instances{0};
    mutable QReadWriteLock m_lock;
    QSet<QString> m_scopes;
};

class RedisScripts {
public:
    enum Script { Claim, Complete, Release, Purge, Action, Audit, Rights, ProposalStep, ScriptCount };

    // Reads every script from the build's resources; layout and displayUrl
    // name the store in errors, registry is the store's.
    RedisScripts(const RedisLayout &layout, const QString &displayUrl, RedisScopeRegistry &registry);

    // A script missing from this build: the store refuses every call.
    const std::optional<Error> &missing() const { return m_missing; }
    const LuaScript &lua(Script script) const { return m_scripts[script].lua; }

    // SCRIPT LOAD of every script in one round trip, each checked against
    // this build's SHA1. False when the server lets this user only read (a
    // viewer of `idemctl init --roles`: NOPERM): it may open and read, and
    // the server refuses the rest.
    Result<bool> load(RedisLink &c) const;

    // EVALSHA of script with keyCount keys and then argCount arguments, as
    // write puts them into its sink (sizeHint: their bytes beyond the usual
    // few hundred), the arguments packed into one for a packed script; the
    // scope's first call also registers it, in the same round trip;
    // NOSCRIPT loads the script and retries once.
    Result<RedisReply> run(RedisLink &c, Script script, const QString &scope, qsizetype keyCount, qsizetype argCount, RedisArgWriter write,
                           qsizetype sizeHint = 0);
    Result<RedisReply> run(RedisLink &c, Script script, const QString &scope, const RedisCommand &keys, const RedisCommand &args);

private:
    struct ScriptCall {
        LuaScript lua;
        // Its arguments go packed into one (RedisPackingSink): the guard's
        // three scripts, which run on every guarded request.
        bool packed = false;
    };

    const RedisLayout &m_layout;
    const QString m_display;
    RedisScopeRegistry &m_registry;
    std::optional<Error> m_missing;
    std::array<ScriptCall, ScriptCount> m_scripts;
};
