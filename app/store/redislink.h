#pragma once

#include "app/store/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <memory>

struct redisReply;

using RedisReply = std::shared_ptr<const redisReply>;
using RedisCommand = QList<QByteArray>;

// Pipelined connections a store's threads share by default (the URL option
// connections): to a single server, 4 (the best of 1, 2, 4 and 8 at 32
// threads on 2 cores); on a cluster, no more in all, spread over the
// masters, at least one each (RedisCluster::connectionsPerMaster).
inline constexpr int kRedisSharedConnections = 4;

// How long a cluster link waits out TRYAGAIN (a slot's keys split between
// two masters by a migration) and CLUSTERDOWN (a failover under way), both
// answers of a server that ran nothing, before it returns the reply:
//  - a claim and every other call: 2 s, then the guard fails closed (503)
//    before the business runs, and the client retries;
//  - completing or releasing a claim (RedisStore::transition): 30 s. Giving
//    up there leaves the record in flight, so the client's retry meets 409
//    until an operator fixes it; a failover's CLUSTERDOWN lasts about
//    cluster-node-timeout (15 s by default) and an election.
inline constexpr int kRedisRetryBudgetMs = 2000;
inline constexpr int kRedisFinishRetryBudgetMs = 30000;

// One Redis server, as the link sees it (the status bar, per-node progress).
struct RedisNodeInfo {
    QString address; // host:port
    bool master = true;
    bool up = true; // false: its last round trip or connect failed
    QString lastError; // why it is down; empty when up
};

// Where a store's commands go, for the calling thread: one server
// (RedisConnection) or a Redis Cluster (RedisClusterLink, which sends each
// command to the master that owns its key's slot and follows MOVED and ASK).
// The stores talk to a RedisLink and do not know which one they have; a
// command whose target is a whole node (SCAN, SCRIPT LOAD, WAIT, INFO) goes
// through pipelineOn() or pipelineAt(). A link belongs to one thread.
class RedisLink {
public:
    virtual ~RedisLink() = default;

    // Sends every command, then reads every reply: one round trip per node
    // involved (one on a single server, however many commands). A Redis error
    // reply (WRONGTYPE, NOSCRIPT …) is a reply like any other; only a
    // connection failure is an Error. On a cluster, a command with no key
    // goes to the node of the nearest command that has one (the next, else
    // the previous), or to the first master when none has.
    virtual Result<QList<RedisReply>> pipeline(const QList<RedisCommand> &commands) = 0;
    Result<RedisReply> command(const RedisCommand &command);
    // The same for requests already in the Redis protocol (RedisWireSink,
    // RedisConnection::encode), replyCount replies in all. One server only:
    // a cluster routes each command by its key, so it takes RedisCommands and
    // answers this with ErrorKind::Internal.
    virtual Result<QList<RedisReply>> pipelineWire(const QByteArray &wire, qsizetype replyCount) = 0;
    // The same for requests whose keys all lie in `key`'s slot (a script's
    // keys share a hash tag), and keyless commands that go with them: on one
    // server pipelineWire(); on a cluster the bytes go as they are to the
    // slot's master, and a reply that redirects is followed as pipeline()
    // follows it (the requests decoded only then). A cluster's routing then
    // costs the client a slot lookup instead of a command list per request.
    virtual Result<QList<RedisReply>> pipelineWireAt(QByteArrayView key, const QByteArray &wire, qsizetype replyCount)
    {
        Q_UNUSED(key)
        return pipelineWire(wire, replyCount);
    }

    // Every command to the node that owns `key`'s slot, whatever keys the
    // commands name (WAIT after a script on that key; SCRIPT LOAD + EVALSHA).
    // Right after a pipeline whose command on that slot was answered after
    // a redirect (ASK to the importing node of a migration, or MOVED), to
    // the node that answered: where it wrote, where its NOSCRIPT came from.
    virtual Result<QList<RedisReply>> pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands) = 0;

    // The masters, in a stable order (slot order on a cluster); one entry
    // on a single server. Refreshes a cluster's map when it has none yet.
    virtual Result<QList<RedisNodeInfo>> masters() = 0;
    // Every command to the master at `address` (from masters()): SCAN of
    // each master, SCRIPT LOAD on each. ErrorKind::Unavailable when it is
    // no longer a master (the map changed: ask masters() again).
    virtual Result<QList<RedisReply>> pipelineOn(const QString &address, const QList<RedisCommand> &commands) = 0;

    // The link for a write that a WAIT will follow, and for that WAIT: WAIT
    // counts what its own connection wrote and blocks that connection
    // meanwhile, so it must not go through a connection other threads share
    // (a cluster link's per-master RedisMux). This thread's link with
    // connections of its own; itself when its connections are its own
    // already. Belongs to this link, and to its thread.
    virtual RedisLink &unshared() { return *this; }

    // The TRYAGAIN and CLUSTERDOWN budget of this link's calls from now on
    // (kRedisRetryBudgetMs until set; RedisRetryBudget sets it for a scope).
    // A single server answers neither: it ignores this.
    virtual void setRetryBudget(int ms) { Q_UNUSED(ms) }
    virtual int retryBudget() const { return 0; }

    virtual bool isCluster() const = 0;
    // Frees the connections for good: the owning store is being destroyed.
    virtual void close() = 0;
    virtual bool isClosed() const = 0;
};

// A link's retry budget for as long as this lives, then the one before.
class RedisRetryBudget {
    Q_DISABLE_COPY_MOVE(RedisRetryBudget)
public:
    RedisRetryBudget(RedisLink &link, int ms)
        : m_link(link)
        , m_before(link.retryBudget())
    {
        m_link.setRetryBudget(ms);
    }
    ~RedisRetryBudget() { m_link.setRetryBudget(m_before); }

private:
    RedisLink &m_link;
    const int m_before;
};

inline Result<RedisReply> RedisLink::command(const RedisCommand &command)
{
    Result<QList<RedisReply>> replies = pipeline({command});
    if (!replies)
        return replies.error();
    return replies.value().constFirst();
}
