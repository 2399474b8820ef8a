// RedisAuditChain: appending to a scope's audit chain in Redis.
#include "app/store/redisauditchain.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <chrono>
#include <thread>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// A busy chain (another operator's batch appending) is waited for, not
// failed: a writer retries with the head the losing reply carried, for up
// to this long. 32 tries with pauses of up to 32 ms lost every time to a
// batch appending an entry every few round trips.
constexpr auto kChainPatience = std::chrono::seconds(20);

} // namespace

Result<AuditChainHead> RedisAuditChain::readHead(RedisLink &c, const QString &chain) const
{
    Result<RedisReply> reply = c.command({"HMGET", RedisLayout::auditHeadKey(chain), "seq", "hash"});
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    if (isArray(r, 2))
        return m_layout.decodeHead(chain, *r.element[0], *r.element[1]);
    return m_layout.decodeHead(chain, r, r); // an error reply (WRONGTYPE …)
}

Result<RedisReply> RedisAuditChain::append(RedisLink &c, RedisScripts::Script script, const QString &scope, const QString &chain,
                                           const RedisCommand &keys, const RedisCommand &args, AuditEntry &entry, const QString &serverUser)
{
    // This process's writers of one chain take turns here: they would only
    // make each other retry. Other processes are met by the head check.
    QMutexLocker turn(&m_turns[qHash(chain) % m_turns.size()]);
    // Who the server says this connection is, never what a caller set.
    entry.serverUser = serverUser;
    Result<AuditChainHead> head = readHead(c, chain);
    if (!head)
        return head.error();
    const auto deadline = std::chrono::steady_clock::now() + kChainPatience;
    int attempt = 0;
    for (;; ++attempt) {
        if (attempt > 0 && std::chrono::steady_clock::now() > deadline)
            break;
        // The losing reply carries the new head, so the next try goes at
        // once: a pause would only let the other writer append again. Every
        // 8th try pauses at random (up to 1, 2, 4, 8 ms) so that writers who
        // lost to the same winner do not collide again in step.
        if (attempt > 0 && attempt % 8 == 0)
            std::this_thread::sleep_for(std::chrono::microseconds(QRandomGenerator::global()->bounded(1000 << qMin(attempt / 8 - 1, 3))));
        entry.chainAfter(head->seq, head->hash);
        RedisCommand full = args;
        full << QByteArray::number(head->seq) << head->hash.toLatin1() << QByteArray::number(entry.seq) << entry.hash.toLatin1()
             << RedisLayout::auditFields(entry);
        Result<RedisReply> reply = m_scripts.run(c, script, scope, keys, full);
        if (!reply)
            return reply.error();
        const redisReply &r = *reply.value();
        const QByteArray outcome = isArray(r, 1) ? bytes(r.element[0]) : QByteArray();
        if (outcome == "corrupt_audit" && r.elements >= 3) {
            const QByteArray key = bytes(r.element[1]);
            if (bytes(r.element[2]) == "none")
                return scopeError(m_layout.corruptAuditKey(key, Text::tr("is missing while the chain's stream holds entries: the head was "
                                                                         "deleted. Actions in scope %1 stay blocked until the chain is "
                                                                         "looked at; other scopes go on")
                                                                    .arg(chain)));
            const QString expected = key.endsWith(":head") ? QStringLiteral("hash") : QStringLiteral("stream");
            return scopeError(m_layout.corruptAuditKey(key, Text::tr("holds a %1 instead of a %2: another program wrote that key")
                                                                .arg(QString::fromUtf8(bytes(r.element[2])), expected)));
        }
        if (outcome != "chain_moved")
            return reply;
        if (r.elements < 3)
            break;
        head = m_layout.decodeHead(chain, *r.element[1], *r.element[2]);
        if (!head)
            return head.error();
    }
    return scopeError(makeError(ErrorKind::Unavailable,
                                Text::tr("The audit chain of scope %1 on %2 kept moving: other writers appended first %3 times in a row "
                                         "over %4 s. Nothing was changed; try again.")
                                    .arg(chain, m_display)
                                    .arg(attempt)
                                    .arg(std::chrono::duration_cast<std::chrono::seconds>(kChainPatience).count())));
}
