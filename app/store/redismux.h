#pragma once

#include "app/store/redisconnection.h"
#include "app/store/redislink.h"

#include <QList>
#include <QString>

#include <atomic>
#include <mutex>

// One connection to a single Redis server shared by many threads: each
// thread's commands are queued, and whichever thread finds the connection
// idle writes every queued request at once and reads their replies in order
// (leader/follower). A request's commands stay together and in order, so
// SCRIPT LOAD + EVALSHA or MULTI … EXEC in one pipeline() keep their meaning.
//
// Why (docs/design.md says a connection per thread): a guarded request
// costs the server a read and a write system call per round trip, which on a
// busy server is several times what the claim script itself costs (measured
// with redis-benchmark on one core: the claim script's replay runs about
// 5 times as fast pipelined 16 deep as one per round trip). With 32 threads
// on their own connections, redis-server's one core went to those calls;
// sharing a few connections lets one read carry many threads' requests, and
// the server also holds far fewer connections. A thread alone is no slower:
// its request is a batch of one, one round trip as on a connection of its own.
//
// What is shared with the other requests of a batch: the connection's fate.
// A connection that fails (server gone, timeout) fails every request whose
// replies had not all arrived, each with ErrorKind::Unavailable (never
// retried: the command may have run); requests answered before the failure
// keep their replies. The reconnect backoff of RedisConnection is then shared
// too, so a hundred threads do not knock on a recovering server at once. A
// request may wait for the batch written before it: on a server that stops
// answering, up to twice the command timeout (timeout_ms).
// Commands that change the connection's state for later commands (SELECT,
// WATCH, a MULTI without its EXEC) or block it (WAIT, BLPOP) must not be sent
// through a RedisMux: the stores send none on a single server, and on a
// cluster (whose links share a RedisMux per node) a claim that WAIT confirms
// goes with its WAIT over the thread's own connection (RedisLink::unshared()).
class RedisMux final : public RedisLink {
    Q_DISABLE_COPY_MOVE(RedisMux)
public:
    explicit RedisMux(RedisSettings settings);
    ~RedisMux() override;

    Result<QList<RedisReply>> pipeline(const QList<RedisCommand> &commands) override;
    Result<QList<RedisReply>> pipelineWire(const QByteArray &wire, qsizetype replyCount) override;
    Result<QList<RedisReply>> pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands) override;
    Result<QList<RedisNodeInfo>> masters() override;
    Result<QList<RedisReply>> pipelineOn(const QString &address, const QList<RedisCommand> &commands) override;
    bool isCluster() const override { return false; }
    void close() override;
    bool isClosed() const override { return m_closed.load(); }

    // Round trips made so far (batches written), for tests and benchmarks.
    qint64 roundTrips() const { return m_roundTrips.load(std::memory_order_relaxed); }

private:
    struct Call;
    void lead();
    void run(const QList<Call *> &batch);

    const QString m_display; // the URL without its password
    const QString m_address; // host:port
    std::mutex m_mutex;
    QList<Call *> m_queue; // waiting to be written; under m_mutex
    bool m_leading = false; // a thread is writing or reading; under m_mutex
    RedisNodeInfo m_node; // as the last round trip went; under m_mutex
    RedisConnection m_connection; // used by the leading thread only
    QList<Call *> m_batch; // the batch being sent; the leading thread's
    QList<QByteArray> m_requests; // its requests; the leading thread's
    bool m_nodeUp = true; // m_node.up as the leading thread last set it
    std::atomic<bool> m_closed{false};
    std::atomic<qint64> m_roundTrips{0};
};
