#include "app/store/redisconnectionpool.h"

#include "app/store/rediscluster.h"
#include "app/store/redisclusterlink.h"
#include "app/store/redismux.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>

#include <hiredis/hiredis.h>

#include <limits>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisConnectionPool)
};

// This thread's link of each pool, freed when the thread ends.
struct ThreadLinks {
    QHash<quint64, std::shared_ptr<RedisLink>> byPool;
};
thread_local ThreadLinks t_links;
QAtomicInteger<quint64> g_nextPoolId{1};

} // namespace

RedisConnectionPool::RedisConnectionPool(const StoreUrl &url)
    : m_id(g_nextPoolId.fetchAndAddRelaxed(1))
{
    m_settings.host = url.host.toUtf8();
    m_settings.port = url.port;
    m_settings.user = url.user.toUtf8();
    m_settings.password = (url.password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url.password).toUtf8();
    m_settings.database = url.database.isEmpty() ? 0 : url.database.toInt();
    m_settings.display = url.displayString();
    m_settings.clientName = "idem-" + QByteArray::number(QCoreApplication::applicationPid());
    const auto option = [&](const char *name, int fallback, int *out) {
        const QString text = url.options.value(QLatin1String(name));
        bool ok = true;
        const int value = text.isEmpty() ? fallback : text.toInt(&ok);
        if ((!ok || value < 1 || value > 600000) && !m_settingsError) {
            m_settingsError = makeError(ErrorKind::InvalidArgument,
                                        Text::tr("The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not '%2'.")
                                            .arg(QLatin1String(name), text));
        }
        *out = value;
    };
    option("connect_timeout_ms", 2000, &m_settings.connectTimeoutMs);
    option("timeout_ms", 5000, &m_settings.commandTimeoutMs);
    if (const QString text = url.options.value(QStringLiteral("connections")); !text.isEmpty()) {
        bool ok = false;
        m_sharedConnections = text.toInt(&ok);
        m_clusterConnections = m_sharedConnections;
        if ((!ok || m_sharedConnections < 0 || m_sharedConnections > 64) && !m_settingsError) {
            m_settingsError = makeError(ErrorKind::InvalidArgument, Text::tr("The Redis URL option connections must be a number from 0 "
                                                                             "(a connection per thread) to 64, not '%1'.")
                                                                        .arg(text));
        }
    }

    m_seeds.append(QString::fromUtf8(m_settings.host) + QLatin1Char(':') + QString::number(m_settings.port));
    m_seeds.append(url.moreHosts);
    if (!url.moreHosts.isEmpty()) {
        // Redis Cluster has database 0 only (SELECT is refused there).
        if (m_settings.database != 0 && !m_settingsError) {
            m_settingsError =
                makeError(ErrorKind::InvalidArgument, Text::tr("A Redis Cluster has only database 0: remove /%1 from the URL %2.")
                                                          .arg(m_settings.database)
                                                          .arg(m_settings.display));
        }
        m_cluster = std::make_shared<RedisCluster>(m_settings, m_seeds, m_clusterConnections.value_or(0));
        m_topology = Topology::Cluster;
    }
}

RedisConnectionPool::~RedisConnectionPool()
{
    QMutexLocker lock(&m_mutex);
    for (const std::weak_ptr<RedisLink> &weak : m_links) {
        if (const std::shared_ptr<RedisLink> link = weak.lock())
            link->close();
    }
    for (const std::shared_ptr<RedisLink> &mux : m_muxes)
        mux->close();
    if (m_cluster)
        m_cluster->close();
}

Result<RedisLink *> RedisConnectionPool::connection()
{
    if (m_settingsError)
        return *m_settingsError;
    auto found = t_links.byPool.constFind(m_id);
    if (found != t_links.byPool.cend())
        return found.value().get();
    if (m_topology.load(std::memory_order_acquire) == Topology::Unknown) {
        QMutexLocker lock(&m_mutex);
        if (Result<void> probed = probe(); !probed)
            return probed.error();
    }
    // Links of pools destroyed since this thread last looked.
    t_links.byPool.removeIf([](const auto &it) { return it.value()->isClosed(); });
    const std::shared_ptr<RedisLink> link = newLink();
    t_links.byPool.insert(m_id, link);
    QMutexLocker lock(&m_mutex);
    std::erase_if(m_links, [](const std::weak_ptr<RedisLink> &w) { return w.expired(); });
    m_links.push_back(link);
    return link.get();
}

Result<void> RedisConnectionPool::probe()
{
    if (m_topology.load() != Topology::Unknown)
        return {}; // another thread probed while this one waited
    if (!m_probe)
        m_probe = std::make_unique<RedisConnection>(m_settings);
    Result<RedisReply> reply = m_probe->command(RedisCommand{"CLUSTER", "SLOTS"});
    if (!reply) {
        setProbeError(reply.error().message);
        return reply.error();
    }
    if (reply.value()->type == REDIS_REPLY_ARRAY) {
        Result<RedisSlotMap> map = RedisSlotMap::parse(*reply.value(), m_settings.host);
        if (!map) {
            // A cluster node before its slots are assigned: ask again later.
            const Error error = makeError(ErrorKind::Unavailable,
                                          Text::tr("Redis at %1 is a cluster node, but: %2").arg(m_settings.display, map.error().message));
            setProbeError(error.message);
            return error;
        }
        m_cluster = std::make_shared<RedisCluster>(m_settings, m_seeds, m_clusterConnections.value_or(0));
        m_cluster->install(std::move(map).value());
        m_topology = Topology::Cluster;
    } else {
        // ERR This instance has cluster support disabled, NOPERM, unknown command.
        m_topology = Topology::Single;
    }
    setProbeError(QString());
    m_probe.reset();
    return {};
}

void RedisConnectionPool::setProbeError(const QString &error)
{
    QMutexLocker lock(&m_probeErrorMutex);
    m_probeError = error;
}

std::shared_ptr<RedisLink> RedisConnectionPool::newLink()
{
    // Threads take the shared connections in turn, each the first time it
    // asks; one that ends leaves its connection to the others. On a cluster
    // the turn picks the same connection number on every node, out of as
    // many as the cluster keeps per master (RedisCluster::sharedConnection).
    if (m_topology.load() == Topology::Cluster) {
        if (m_clusterConnections == 0) // connections=0: a connection per thread
            return std::make_shared<RedisClusterLink>(m_cluster);
        QMutexLocker lock(&m_mutex);
        return std::make_shared<RedisClusterLink>(m_cluster, int(m_nextMux++ % size_t(std::numeric_limits<int>::max())));
    }
    if (m_sharedConnections == 0)
        return std::make_shared<RedisConnection>(m_settings);
    QMutexLocker lock(&m_mutex);
    const size_t next = m_nextMux++ % size_t(m_sharedConnections);
    if (next == m_muxes.size())
        m_muxes.push_back(std::make_shared<RedisMux>(m_settings));
    return m_muxes[next];
}

QList<RedisNodeInfo> RedisConnectionPool::nodes() const
{
    if (isCluster())
        return m_cluster->nodes();
    QMutexLocker lock(&m_probeErrorMutex);
    return {RedisNodeInfo{m_seeds.constFirst(), true, m_probeError.isEmpty(), m_probeError}};
}

Result<QList<StoreNode>> RedisConnectionPool::pingMasters()
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    if (!c.value()->isCluster())
        return QList<StoreNode>();
    Result<QList<RedisNodeInfo>> masters = c.value()->masters();
    if (!masters)
        return masters.error();
    QList<StoreNode> nodes;
    for (const RedisNodeInfo &master : masters.value()) {
        StoreNode node{master.address, false, -1, QString()};
        QElapsedTimer timer;
        timer.start();
        const Result<QList<RedisReply>> pong = c.value()->pipelineOn(master.address, {{"PING"}});
        if (!pong)
            node.error = pong.error().message;
        else if (const QByteArray error = RedisConnection::errorText(*pong->constFirst()); !error.isEmpty())
            node.error = QString::fromUtf8(error);
        node.up = node.error.isEmpty();
        node.roundTripMs = node.up ? timer.elapsed() : -1;
        nodes.append(node);
    }
    return nodes;
}
