#pragma once

#include "app/store/rediscluster.h"
#include "app/store/redisconnection.h"
#include "app/store/redislink.h"

#include <QByteArrayView>
#include <QHash>
#include <QMutex>

#include <atomic>
#include <memory>
#include <optional>

// One thread's way into a cluster: the routing (see rediscluster.h for
// what it does and does not do, RedisLink for the contract), a copy of the
// shared map, and a connection per node it talks to. Those connections are,
// with a `sharedIndex` (the pool's default), the cluster's pipelined
// connections that the threads share (RedisMux, one of a few per node: one
// socket read on the server carries several threads' requests, as on one
// server); without one (connections=0, and unshared() for a write that a
// WAIT follows), RedisConnections of this link's own. Redirects are
// followed at most 5 hops per command; TRYAGAIN and CLUSTERDOWN are retried
// for the link's retry budget (2 s unless set; 20 ms doubling, at most
// 500 ms apart), then returned as the reply. A connection failure is never
// retried (the command may have run): Unavailable naming the node, for
// every request that was on a shared connection with it.
class RedisClusterLink final : public RedisLink {
    Q_DISABLE_COPY_MOVE(RedisClusterLink)
public:
    // sharedIndex: which of the cluster's shared connections to each node
    // this link uses; -1: connections of its own.
    explicit RedisClusterLink(std::shared_ptr<RedisCluster> cluster, int sharedIndex = -1);
    ~RedisClusterLink() override;

    Result<QList<RedisReply>> pipeline(const QList<RedisCommand> &commands) override;
    Result<QList<RedisReply>> pipelineWire(const QByteArray &wire, qsizetype replyCount) override;
    Result<QList<RedisReply>> pipelineWireAt(QByteArrayView key, const QByteArray &wire, qsizetype replyCount) override;
    Result<QList<RedisReply>> pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands) override;
    Result<QList<RedisNodeInfo>> masters() override;
    Result<QList<RedisReply>> pipelineOn(const QString &address, const QList<RedisCommand> &commands) override;
    RedisLink &unshared() override;
    void setRetryBudget(int ms) override { m_retryBudgetMs = ms; }
    int retryBudget() const override { return m_retryBudgetMs; }
    bool isCluster() const override { return true; }
    void close() override;
    bool isClosed() const override { return m_closed.load(); }

    // The key a command routes by (after its name, EVAL's numkeys …); empty
    // for a command without one (PING, SCRIPT LOAD, SCAN …).
    static std::optional<QByteArrayView> commandKey(const RedisCommand &command);

private:
    // Where one command goes: a node, and its key's slot (-1: no key).
    struct Route {
        QString node;
        int slot = -1;
    };

    Result<RedisSlotMapPtr> currentMap();
    Result<RedisSlotMapPtr> refreshMap();
    QList<Route> routesByKey(const RedisSlotMap &map, const QList<RedisCommand> &commands) const;
    static void keepTransactionsTogether(const QList<RedisCommand> &commands, QList<Route> &routes);
    // One pipeline per node, then each redirect followed.
    Result<QList<RedisReply>> send(const QList<RedisCommand> &commands, const QList<Route> &routes);
    Result<QList<RedisReply>> sendGrouped(const QList<RedisCommand> &commands, const QList<Route> &routes);
    Result<void> followAll(const QList<RedisCommand> &commands, const QList<Route> &routes, QList<RedisReply> &replies);
    Result<RedisReply> followRedirects(const RedisCommand &command, Route route, RedisReply reply);
    static int pause(int wantedMs, int leftMs);
    std::optional<QString> ownerAfterRefresh(int slot);
    Result<QList<RedisReply>> sendTo(const QString &node, const QList<RedisCommand> &commands);
    Result<QList<RedisReply>> sendWireTo(const QString &node, const QByteArray &wire, qsizetype replyCount);
    // The connection to a node, or why there is none.
    Result<RedisLink *> connectionTo(const QString &address);
    // Marks the node down after a failed call, up after a good one.
    Result<QList<RedisReply>> noted(const QString &address, Result<QList<RedisReply>> replies);
    RedisLink *node(const QString &address);

    const std::shared_ptr<RedisCluster> m_cluster;
    const int m_sharedIndex; // -1: the connections in m_nodes are this link's own
    RedisSlotMapPtr m_map;
    QHash<QString, std::shared_ptr<RedisLink>> m_nodes;
    QMutex m_nodesMutex; // m_nodes and m_unshared against close() from the destroying thread
    std::unique_ptr<RedisClusterLink> m_unshared; // made by the first unshared() of a sharing link
    std::atomic<bool> m_closed{false};
    int m_retryBudgetMs = kRedisRetryBudgetMs;
    // The slot and node of the last pipeline's command that was answered
    // after a redirect (ASK during a migration, MOVED): where pipelineAt()
    // sends a WAIT or a SCRIPT LOAD for it.
    std::optional<std::pair<int, QString>> m_lastRedirected;
};
