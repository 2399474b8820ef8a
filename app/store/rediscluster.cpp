#include "app/store/rediscluster.h"

#include "app/store/redismux.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <array>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

using namespace std::chrono_literals;

// At most one CLUSTER SLOTS per cluster in this window: a migration answers
// MOVED to every thread at once, and one reading serves them all.
constexpr auto RefreshInterval = 100ms;

constexpr std::array<quint16, 256> crc16Table = [] {
    std::array<quint16, 256> table{};
    for (int i = 0; i < 256; ++i) {
        quint16 crc = quint16(i << 8);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
        table[size_t(i)] = crc;
    }
    return table;
}();

// CRC16 XMODEM (polynomial 0x1021, initial 0), the checksum Redis hashes keys with.
quint16 crc16(QByteArrayView bytes)
{
    quint16 crc = 0;
    for (const char ch : bytes)
        crc = quint16((crc << 8) ^ crc16Table[size_t(((crc >> 8) ^ quint8(ch)) & 0xff)]);
    return crc;
}

QString addressOf(const QByteArray &host, long long port)
{
    return QString::fromUtf8(host) + QLatin1Char(':') + QString::number(port);
}

// A node entry of CLUSTER SLOTS ([host, port, id, …]) as host:port; empty
// when it is not one or its endpoint is unknown ("?").
QString nodeAddress(const redisReply &node, const QByteArray &askedHost)
{
    if (node.type != REDIS_REPLY_ARRAY || node.elements < 2)
        return QString();
    const redisReply &host = *node.element[0];
    const redisReply &port = *node.element[1];
    if (host.type != REDIS_REPLY_STRING || port.type != REDIS_REPLY_INTEGER)
        return QString();
    const QByteArray name(host.str, qsizetype(host.len));
    if (name == "?")
        return QString();
    return addressOf(name.isEmpty() ? askedHost : name, port.integer);
}

} // namespace

int redisKeySlot(QByteArrayView key)
{
    const qsizetype open = key.indexOf('{');
    if (open >= 0) {
        const qsizetype close = key.indexOf('}', open + 1);
        if (close > open + 1)
            key = key.sliced(open + 1, close - open - 1);
    }
    return crc16(key) & (RedisSlotMap::SlotCount - 1);
}

std::optional<std::pair<QByteArray, int>> redisSplitAddress(const QString &address)
{
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int port = colon > 0 ? address.mid(colon + 1).toInt(&ok) : 0;
    if (!ok || port <= 0 || port > 65535)
        return std::nullopt;
    return std::pair{address.left(colon).toUtf8(), port};
}

// --- RedisSlotMap

Result<RedisSlotMap> RedisSlotMap::parse(const redisReply &reply, const QByteArray &askedHost)
{
    const Error notAMap = makeError(ErrorKind::InvalidArgument, Text::tr("The CLUSTER SLOTS reply is not a slot map."));
    if (reply.type != REDIS_REPLY_ARRAY)
        return notAMap;
    struct Range {
        long long first;
        long long last;
        const redisReply *entry;
    };
    QList<Range> ranges;
    for (size_t i = 0; i < reply.elements; ++i) {
        const redisReply &entry = *reply.element[i];
        if (entry.type != REDIS_REPLY_ARRAY || entry.elements < 3 || entry.element[0]->type != REDIS_REPLY_INTEGER
            || entry.element[1]->type != REDIS_REPLY_INTEGER)
            return notAMap;
        const long long first = entry.element[0]->integer;
        const long long last = entry.element[1]->integer;
        if (first < 0 || last >= SlotCount || first > last)
            return notAMap;
        ranges.append(Range{first, last, &entry});
    }
    if (ranges.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("The Redis Cluster serves no slot yet (CLUSTER SLOTS is empty)."));
    std::sort(ranges.begin(), ranges.end(), [](const Range &a, const Range &b) { return a.first < b.first; });

    RedisSlotMap map;
    map.m_owner.assign(SlotCount, NoOwner);
    for (const Range &range : ranges) {
        const QString master = nodeAddress(*range.entry->element[2], askedHost);
        if (master.isEmpty())
            continue; // a master nobody can reach: its slots stay unserved
        qsizetype index = 0;
        while (index < map.m_masters.size() && map.m_masters.at(index).address != master)
            ++index;
        if (index == map.m_masters.size())
            map.m_masters.append(Master{master, {}});
        for (size_t r = 3; r < range.entry->elements; ++r) {
            const QString replica = nodeAddress(*range.entry->element[r], askedHost);
            if (!replica.isEmpty() && !map.m_masters[index].replicas.contains(replica))
                map.m_masters[index].replicas.append(replica);
        }
        std::fill(map.m_owner.begin() + range.first, map.m_owner.begin() + range.last + 1, quint16(index));
    }
    if (map.m_masters.isEmpty())
        return notAMap;
    return map;
}

QString RedisSlotMap::masterOf(int slot) const
{
    const quint16 owner = slot >= 0 && slot < SlotCount ? m_owner[size_t(slot)] : NoOwner;
    return owner == NoOwner ? QString() : m_masters.at(owner).address;
}

QString RedisSlotMap::masterOrFirst(int slot) const
{
    const quint16 owner = slot >= 0 && slot < SlotCount ? m_owner[size_t(slot)] : NoOwner;
    return m_masters.at(owner == NoOwner ? 0 : owner).address;
}

bool RedisSlotMap::isMaster(const QString &address) const
{
    return std::any_of(m_masters.cbegin(), m_masters.cend(), [&](const Master &m) { return m.address == address; });
}

QStringList RedisSlotMap::nodes() const
{
    QStringList all;
    for (const Master &m : m_masters)
        all.append(m.address);
    for (const Master &m : m_masters)
        all.append(m.replicas);
    return all;
}

// --- RedisCluster

RedisCluster::RedisCluster(RedisSettings base, QStringList seeds, int connectionsPerMaster)
    : m_base(std::move(base))
    , m_connectionsPerMaster(connectionsPerMaster)
    , m_seeds(std::move(seeds))
{
}

RedisSettings RedisCluster::nodeSettings(const QString &address) const
{
    RedisSettings settings = m_base;
    const auto hostPort = redisSplitAddress(address);
    settings.host = hostPort ? hostPort->first : address.toUtf8();
    settings.port = hostPort ? hostPort->second : 0;
    settings.display = address;
    return settings;
}

int RedisCluster::connectionsPerMaster() const
{
    if (m_connectionsPerMaster > 0)
        return m_connectionsPerMaster;
    // No more connections in all than a single server gets, at least one
    // per master: one master then has the pipelining depth of a single
    // server (with one connection a one-master cluster served 0.86 of the
    // first requests and 0.70 of the replays that four gave, 32 threads),
    // and three or more keep one each (of 1, 2 and 4 per master on 3
    // masters, 1 cost the masters the least CPU per request, and 2 served
    // no more first requests; tools/bench-cluster.sh).
    const RedisSlotMapPtr current = map();
    const int masters = current ? int(current->masters().size()) : 0;
    return masters > 0 ? std::max(1, kRedisSharedConnections / masters) : 1;
}

std::shared_ptr<RedisLink> RedisCluster::sharedConnection(const QString &address, int turn)
{
    if (turn < 0 || !redisSplitAddress(address))
        return nullptr;
    const int index = turn % connectionsPerMaster();
    QMutexLocker lock(&m_sharedMutex);
    if (m_closed)
        return nullptr;
    QList<std::shared_ptr<RedisLink>> &connections = m_shared[address];
    if (connections.size() <= index)
        connections.resize(index + 1);
    if (!connections.at(index))
        connections[index] = std::make_shared<RedisMux>(nodeSettings(address));
    return connections.at(index);
}

void RedisCluster::close()
{
    QMutexLocker lock(&m_sharedMutex);
    m_closed = true;
    for (const QList<std::shared_ptr<RedisLink>> &connections : std::as_const(m_shared)) {
        for (const std::shared_ptr<RedisLink> &connection : connections) {
            if (connection)
                connection->close();
        }
    }
}

RedisSlotMapPtr RedisCluster::map() const
{
    QMutexLocker lock(&m_mutex);
    return m_map;
}

RedisSlotMapPtr RedisCluster::install(RedisSlotMap map)
{
    QMutexLocker lock(&m_mutex);
    map.m_generation = m_generation.load() + 1;
    // Every node ever seen is a seed from now on: the URL's may all be gone.
    for (const QString &node : map.nodes()) {
        if (!m_seeds.contains(node))
            m_seeds.append(node);
    }
    m_map = std::make_shared<const RedisSlotMap>(std::move(map));
    m_refreshRequested.store(false, std::memory_order_release);
    m_generation.store(m_map->generation(), std::memory_order_release);
    return m_map;
}

QStringList RedisCluster::refreshOrder() const
{
    QMutexLocker lock(&m_mutex);
    QStringList candidates = m_map ? m_map->nodes() : QStringList();
    for (const QString &seed : m_seeds) {
        if (!candidates.contains(seed))
            candidates.append(seed);
    }
    // Nodes known to be down are asked last: each may cost a connect timeout.
    std::stable_partition(candidates.begin(), candidates.end(), [this](const QString &node) { return !m_down.contains(node); });
    return candidates;
}

Result<RedisSlotMapPtr> RedisCluster::refresh(const SlotsQuery &query, quint64 knownGeneration)
{
    QMutexLocker refreshing(&m_refreshMutex);
    if (generation() != knownGeneration && !refreshRequested()) {
        if (RedisSlotMapPtr current = map())
            return current; // another thread read it while this one waited
    }
    const Clock::time_point now = Clock::now();
    if (m_lastRefresh && now - *m_lastRefresh < RefreshInterval) {
        if (RedisSlotMapPtr current = map())
            return current;
        if (m_lastRefreshError)
            return *m_lastRefreshError;
    }
    m_lastRefresh = now;

    QStringList tried;
    Error last{ErrorKind::Unavailable, QString()}; // refreshOrder() holds the seeds at least
    for (const QString &address : refreshOrder()) {
        tried.append(address);
        Result<RedisReply> reply = query(address);
        if (!reply) {
            markDown(address, reply.error().message);
            last = reply.error();
            continue;
        }
        Result<RedisSlotMap> parsed =
            RedisSlotMap::parse(*reply.value(), redisSplitAddress(address).value_or(std::pair<QByteArray, int>()).first);
        if (!parsed) {
            const QByteArray serverError = RedisConnection::errorText(*reply.value());
            last = makeError(ErrorKind::Unavailable,
                             Text::tr("%1 answered CLUSTER SLOTS with: %2")
                                 .arg(address, serverError.isEmpty() ? parsed.error().message : QString::fromUtf8(serverError)));
            continue;
        }
        markUp(address);
        m_lastRefreshError.reset();
        return install(std::move(parsed).value());
    }
    // A wrong password stays Refused: retrying will not help.
    const ErrorKind kind = last.kind == ErrorKind::Refused ? ErrorKind::Refused : ErrorKind::Unavailable;
    m_lastRefreshError = makeError(kind, Text::tr("No node of the Redis Cluster answered CLUSTER SLOTS (tried %1). Last error: %2")
                                             .arg(tried.join(QLatin1String(", ")), last.message));
    return *m_lastRefreshError;
}

void RedisCluster::markDown(const QString &address, const QString &error)
{
    QMutexLocker lock(&m_mutex);
    if (!m_down.contains(address))
        m_downCount.fetch_add(1, std::memory_order_release);
    m_down.insert(address, error);
}

void RedisCluster::markUp(const QString &address)
{
    QMutexLocker lock(&m_mutex);
    if (m_down.remove(address))
        m_downCount.fetch_sub(1, std::memory_order_release);
}

QList<RedisNodeInfo> RedisCluster::nodes() const
{
    QMutexLocker lock(&m_mutex);
    QList<RedisNodeInfo> all;
    if (!m_map)
        return all;
    const auto info = [this](const QString &address, bool master) {
        const auto down = m_down.constFind(address);
        return RedisNodeInfo{address, master, down == m_down.cend(), down == m_down.cend() ? QString() : down.value()};
    };
    for (const RedisSlotMap::Master &m : m_map->masters())
        all.append(info(m.address, true));
    for (const RedisSlotMap::Master &m : m_map->masters()) {
        for (const QString &replica : m.replicas)
            all.append(info(replica, false));
    }
    return all;
}
