#pragma once

#include "app/store/auditentry.h"
#include "app/store/redisconnection.h"
#include "app/store/redislayout.h"
#include "app/store/redisscripts.h"
#include "app/store/result.h"

#include <QMutex>
#include <QString>

#include <array>

// Appends entries to a scope's tamper-evident audit chain in Redis
// (resources/lua/chain.lua: the stream idem:{s}:audit and its head
// idem:{s}:audit:head). Redis Lua has no SHA-256, so an entry's hash is
// computed here: read the head (HMGET, 1 round trip), chain the entry after
// it, run the audit script (1 round trip), which appends only if the head
// has not moved meanwhile, else answers with the new head and changes
// nothing; then chain again, for up to 20 s, before giving up with
// ErrorKind::Unavailable. Uncontended: 2 round trips. Threads of this
// process writing one chain take turns (a lock per chain), so only other
// processes make a write retry.
class RedisAuditChain final {
public:
    // `display` names the store in messages (the password left out).
    RedisAuditChain(const RedisLayout &layout, RedisScripts &scripts, const QString &display)
        : m_layout(layout)
        , m_scripts(scripts)
        , m_display(display)
    {
    }
    Q_DISABLE_COPY_MOVE(RedisAuditChain)

    // The chain's head (seq and hash; seq 0 for an empty chain). An audit
    // key of another type: ErrorKind::Corrupt naming it.
    Result<AuditChainHead> readHead(RedisLink &c, const QString &chain) const;
    // Chains `entry` after the head of `chain` (the scope, or on a cluster
    // the bucket whose chain it is) and runs `script` with `keys` and
    // `args`, the chain arguments appended, until the head stayed put;
    // returns its last reply. `entry` is left chained as it was sent, with
    // serverUser as who the server says this connection is.
    Result<RedisReply> append(RedisLink &c, RedisScripts::Script script, const QString &scope, const QString &chain,
                              const RedisCommand &keys, const RedisCommand &args, AuditEntry &entry, const QString &serverUser);

private:
    const RedisLayout &m_layout;
    RedisScripts &m_scripts;
    const QString m_display;
    std::array<QMutex, 16> m_turns; // by chain hash: see append()
};
