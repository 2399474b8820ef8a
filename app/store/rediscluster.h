#pragma once

// A small Redis Cluster client over hiredis. Debian 12 ships no C or C++
// cluster client (no hiredis-cluster, no redis-plus-plus), and the stores
// must run against a cluster, so this layer routes each command to the
// master that owns its key's slot and keeps the stores unaware of it: they
// talk to a RedisLink (redislink.h).
//
// What it does: reads the slot map with CLUSTER SLOTS, sends each command of
// a pipeline to its slot's master (one pipeline per node), follows MOVED
// (refreshing the map) and ASK, waits out TRYAGAIN and CLUSTERDOWN for a
// while (RedisLink::setRetryBudget), and refreshes the map from any node it
// knows when a node stops answering.
// What it does not do: read from replicas, split a multi-key command whose
// keys lie in different slots (the server answers CROSSSLOT), or run one
// MULTI/EXEC across nodes. Everything from MULTI to EXEC goes to the master
// of the first key after MULTI, so a transaction must keep to one slot; a
// redirect inside one is returned (EXEC then answers EXECABORT), not
// followed, since re-sending one command of it would run that command
// outside the transaction.

#include "app/store/redisconnection.h"
#include "app/store/redislink.h"

#include <QByteArrayView>
#include <QHash>
#include <QMutex>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

// The hash slot (0 to 16383) of a key, as Redis computes it: CRC16 (XMODEM)
// of the hash tag (the bytes between the first '{' and the next '}', when
// there are any) else of the whole key, modulo 16384.
int redisKeySlot(QByteArrayView key);

// "host:port" split at its last ':'; nullopt when the port is not a number.
std::optional<std::pair<QByteArray, int>> redisSplitAddress(const QString &address);

// One reading of CLUSTER SLOTS: which master owns each slot. Immutable once
// built; shared between threads through shared_ptr.
class RedisSlotMap final {
public:
    struct Master {
        QString address; // host:port
        QStringList replicas; // host:port each, as CLUSTER SLOTS lists them (failed ones are left out)
    };
    static constexpr int SlotCount = 16384;

    // A CLUSTER SLOTS reply read from `askedHost`: a node listed with an
    // empty host is that host. InvalidArgument when the reply is not a
    // slot map; a map that covers no slot is one too.
    static Result<RedisSlotMap> parse(const redisReply &reply, const QByteArray &askedHost);

    // The masters in the order of their first slot.
    const QList<Master> &masters() const { return m_masters; }
    // The master that owns `slot`; empty when no master serves it.
    QString masterOf(int slot) const;
    // Where a command on `slot` goes: its master, or for a slot no master
    // serves the first master, which answers CLUSTERDOWN (retried).
    QString masterOrFirst(int slot) const;
    bool isMaster(const QString &address) const;
    // Every node the map names, masters first.
    QStringList nodes() const;
    // Counts the successful CLUSTER SLOTS readings of its RedisCluster: a
    // link re-reads the shared map only when this changed.
    quint64 generation() const { return m_generation; }

private:
    friend class RedisCluster;
    static constexpr quint16 NoOwner = 0xffff;
    QList<Master> m_masters;
    std::vector<quint16> m_owner; // per slot: index into m_masters
    quint64 m_generation = 0;
};

using RedisSlotMapPtr = std::shared_ptr<const RedisSlotMap>;

// What every thread's RedisClusterLink of one store shares: the seed nodes,
// the current slot map, each node's health for the status bar, the base
// connection settings, and the pipelined connections to each node that the
// threads share (RedisMux, as on one server). Thread-safe. A link reads the
// map through generation() (one atomic load) and takes the mutex only when
// it changed.
class RedisCluster final {
    Q_DISABLE_COPY_MOVE(RedisCluster)
public:
    // `seeds`: host:port of the URL's nodes; the first map's nodes join them.
    // `connectionsPerMaster`: the shared connections to each node (the URL
    // option connections); 0: kRedisSharedConnections in all at most,
    // spread over the current map's masters, at least one each.
    RedisCluster(RedisSettings base, QStringList seeds, int connectionsPerMaster = 0);

    // `base` with host and port of `address`, displayed as "host:port" so
    // that messages name the node.
    RedisSettings nodeSettings(const QString &address) const;

    quint64 generation() const { return m_generation.load(std::memory_order_acquire); }
    RedisSlotMapPtr map() const;
    // The shared connection to the node at `address` for a thread whose
    // turn (the order in which the store's threads came) is `turn`: number
    // turn % connectionsPerMaster (a RedisMux, made on first use and kept
    // until close(); nodes that leave the map keep theirs, failing and
    // reconnecting as any other). Null after close() or for an address that
    // is not host:port.
    std::shared_ptr<RedisLink> sharedConnection(const QString &address, int turn);
    // The shared connections to each node now (the option, or what the
    // current map's masters share).
    int connectionsPerMaster() const;
    // Closes every shared connection for good: the store is being destroyed.
    void close();

    // Installs a map read elsewhere (the pool's cluster probe).
    RedisSlotMapPtr install(RedisSlotMap map);

    // Runs CLUSTER SLOTS on one node for refresh(), on the caller's own connection.
    using SlotsQuery = std::function<Result<RedisReply>(const QString &address)>;
    // A new map from the first node that answers (the map's nodes, then
    // the seeds; nodes marked down last). One refresh at a time: a thread
    // that waited for another's refresh takes its map. At most one
    // CLUSTER SLOTS per 100 ms: inside that window it returns the current
    // map, or the last failure when there is none. Unavailable naming every
    // node tried when none answered.
    Result<RedisSlotMapPtr> refresh(const SlotsQuery &query, quint64 knownGeneration);
    // A node failed: the next call of any link refreshes the map first.
    void requestRefresh() { m_refreshRequested.store(true, std::memory_order_release); }
    bool refreshRequested() const { return m_refreshRequested.load(std::memory_order_acquire); }

    void markDown(const QString &address, const QString &error);
    void markUp(const QString &address);
    // Cheap test before markUp(): is any node marked down?
    bool anyDown() const { return m_downCount.load(std::memory_order_acquire) > 0; }
    // Every master of the current map, then their replicas, with their
    // health (a node is up until a round trip or connect to it failed).
    QList<RedisNodeInfo> nodes() const;

private:
    using Clock = std::chrono::steady_clock;
    QStringList refreshOrder() const;

    const RedisSettings m_base;
    const int m_connectionsPerMaster; // 0: kRedisSharedConnections spread over the masters
    mutable QMutex m_mutex; // m_map, m_seeds, m_down
    QMutex m_refreshMutex; // one CLUSTER SLOTS at a time; m_lastRefresh, m_lastRefreshError
    RedisSlotMapPtr m_map;
    QStringList m_seeds;
    QHash<QString, QString> m_down; // address → why
    std::atomic<quint64> m_generation{0};
    std::atomic<bool> m_refreshRequested{false};
    std::atomic<int> m_downCount{0};
    std::optional<Clock::time_point> m_lastRefresh;
    std::optional<Error> m_lastRefreshError;
    QMutex m_sharedMutex; // m_shared, m_closed
    QHash<QString, QList<std::shared_ptr<RedisLink>>> m_shared; // address → connections by index
    bool m_closed = false;
};
