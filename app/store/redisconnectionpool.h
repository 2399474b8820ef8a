#pragma once

#include "app/store/redisconnection.h"
#include "app/store/redislink.h"
#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QMutex>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class RedisCluster;

// One RedisLink per thread for one store: on a single server, one of a few
// RedisMux connections that the store's threads share (URL option
// connections, default 4; each thread keeps the one it was given), or with
// connections=0 a RedisConnection of its own (DESIGN.md "Threading": a
// hiredis context belongs to the thread that uses it; RedisMux says why it
// shares); on a Redis Cluster, a RedisClusterLink of its own that routes
// over shared RedisMux connections, one per node unless connections says
// how many (or, with
// connections=0, connections of its own; a write that a WAIT follows always
// goes over its own, RedisLink::unshared()). A thread gets
// its link on first use and keeps it until the thread ends or the pool is
// destroyed, which closes every link. Shared by RedisStore and the foreign
// layouts' RedisScan.
//
// A URL with several hosts is a cluster (its seed nodes). A one-host URL is
// asked CLUSTER SLOTS once per pool, on the first connection(): a slot map
// makes it a cluster (and the first map), an error reply (cluster support
// off, no permission, an older server) a single server. When that server
// cannot be reached, connection() returns the error and asks again on a
// later call (with the connect backoff of RedisConnection).
//
// The settings come from a redis:// URL: host, port, user, database, the
// password from the URL or else IDEM_REDIS_PASSWORD, and the options
// connect_timeout_ms (default 2000) and timeout_ms (per command, default
// 5000), each 1 to 600000, and connections (0 to 64). A bad option makes every connection() fail
// with ErrorKind::InvalidArgument naming it.
class RedisConnectionPool final {
    Q_DISABLE_COPY_MOVE(RedisConnectionPool)
public:
    explicit RedisConnectionPool(const StoreUrl &url);
    ~RedisConnectionPool();

    // The calling thread's link (it connects lazily, on first command;
    // the first call of a one-host pool costs one round trip, the probe).
    Result<RedisLink *> connection();
    const RedisSettings &settings() const { return m_settings; }

    // False until connection() has found a cluster.
    bool isCluster() const { return m_topology.load(std::memory_order_acquire) == Topology::Cluster; }
    // For the status bar, without a round trip: a cluster's masters then
    // replicas, each up or down as the last round trip to it went (empty
    // before the first map); a single server as its probe found it.
    QList<RedisNodeInfo> nodes() const;
    // Store::nodeHealth for every store on this pool (native and foreign
    // layouts): on a cluster, each master of the map PINGed in turn from the
    // calling thread's link; nothing on a single server.
    Result<QList<StoreNode>> pingMasters();

private:
    enum class Topology { Unknown, Single, Cluster };

    Result<void> probe();
    void setProbeError(const QString &error);
    std::shared_ptr<RedisLink> newLink();

    const quint64 m_id;
    RedisSettings m_settings;
    QStringList m_seeds; // host:port of every host of the URL
    std::optional<Error> m_settingsError;
    mutable QMutex m_mutex;
    std::atomic<Topology> m_topology{Topology::Unknown};
    std::unique_ptr<RedisConnection> m_probe; // kept between failed probes for its backoff; under m_mutex
    // The last failed probe's error, under its own mutex: nodes() must not
    // wait for a probe's connect timeout (the status bar asks from the GUI thread).
    mutable QMutex m_probeErrorMutex;
    QString m_probeError;
    std::shared_ptr<RedisCluster> m_cluster; // set before m_topology becomes Cluster
    std::vector<std::weak_ptr<RedisLink>> m_links; // every thread's, for the destructor
    int m_sharedConnections = kRedisSharedConnections; // the connections option, or its default
    // On a cluster, per master: the option when given (0: a link per
    // thread), else RedisCluster spreads kRedisSharedConnections over the
    // masters (RedisCluster::connectionsPerMaster).
    std::optional<int> m_clusterConnections;
    size_t m_nextMux = 0; // under m_mutex; on a cluster, the next thread's turn
    std::vector<std::shared_ptr<RedisLink>> m_muxes; // the shared connections, made as threads come; under m_mutex
};
