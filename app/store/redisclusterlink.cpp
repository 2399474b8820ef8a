#include "app/store/redisclusterlink.h"

#include "app/store/redisargs.h"

#include <QCoreApplication>
#include <QSet>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <thread>
#include <utility>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// A redirect chain longer than this is a misconfigured cluster, not a
// migration: the last reply is returned rather than followed forever.
constexpr int MaxRedirects = 5;
// TRYAGAIN and CLUSTERDOWN: 20 ms doubling, never longer than the last
// (a long budget would otherwise sleep seconds past the end of a move).
constexpr int FirstRetryMs = 20;
constexpr int LongestRetryMs = 500;

QByteArray upperName(const QByteArray &name)
{
    const bool upper = std::none_of(name.cbegin(), name.cend(), [](char c) { return c >= 'a' && c <= 'z'; });
    return upper ? name : name.toUpper();
}

// Commands that name no key: they go where their neighbours go.
bool isKeyless(const QByteArray &upper)
{
    static const QSet<QByteArray> names{
        "ACL",     "ASKING", "AUTH",   "BGREWRITEAOF", "BGSAVE",  "CLIENT",    "CLUSTER",  "COMMAND",   "CONFIG", "DBSIZE",   "DEBUG",
        "DISCARD", "ECHO",   "EXEC",   "FLUSHALL",     "FLUSHDB", "FUNCTION",  "HELLO",    "INFO",      "KEYS",   "LASTSAVE", "LATENCY",
        "MONITOR", "MULTI",  "PING",   "PUBLISH",      "QUIT",    "RANDOMKEY", "READONLY", "READWRITE", "RESET",  "ROLE",     "SAVE",
        "SCAN",    "SCRIPT", "SELECT", "SHUTDOWN",     "SLOWLOG", "SWAPDB",    "TIME",     "UNWATCH",   "WAIT",   "WAITAOF"};
    return names.contains(upper);
}

bool takesNumkeys(const QByteArray &upper)
{
    return upper == "EVALSHA" || upper == "EVAL" || upper == "EVALSHA_RO" || upper == "EVAL_RO" || upper == "FCALL" || upper == "FCALL_RO";
}

// What a reply asks of the router.
struct Redirect {
    enum Kind { None, Moved, Ask, Retry, ClusterDown } kind = None;
    QString address; // Moved, Ask: where the slot is now
};

Redirect redirectOf(const redisReply &reply, const QString &from)
{
    if (reply.type != REDIS_REPLY_ERROR)
        return {};
    const QByteArray text(reply.str, qsizetype(reply.len));
    if (text.startsWith("TRYAGAIN"))
        return {Redirect::Retry, QString()};
    if (text.startsWith("CLUSTERDOWN"))
        return {Redirect::ClusterDown, QString()};
    const bool moved = text.startsWith("MOVED ");
    if (!moved && !text.startsWith("ASK "))
        return {};
    // "MOVED 3999 127.0.0.1:6381"; an empty host is the node that answered.
    const QList<QByteArray> parts = text.split(' ');
    if (parts.size() < 3)
        return {};
    QString address = QString::fromUtf8(parts.at(2));
    if (address.startsWith(QLatin1Char(':')))
        address.prepend(from.left(from.lastIndexOf(QLatin1Char(':'))));
    return {moved ? Redirect::Moved : Redirect::Ask, address};
}

} // namespace

RedisClusterLink::RedisClusterLink(std::shared_ptr<RedisCluster> cluster, int sharedIndex)
    : m_cluster(std::move(cluster))
    , m_sharedIndex(sharedIndex)
{
}

RedisClusterLink::~RedisClusterLink() = default;

void RedisClusterLink::close()
{
    QMutexLocker lock(&m_nodesMutex);
    m_closed = true;
    // Shared connections are the cluster's to close (RedisCluster::close()).
    if (m_sharedIndex < 0) {
        for (const std::shared_ptr<RedisLink> &c : std::as_const(m_nodes))
            c->close();
    }
    if (m_unshared)
        m_unshared->close();
}

RedisLink &RedisClusterLink::unshared()
{
    if (m_sharedIndex < 0)
        return *this;
    QMutexLocker lock(&m_nodesMutex);
    if (!m_unshared) {
        m_unshared = std::make_unique<RedisClusterLink>(m_cluster);
        if (m_closed)
            m_unshared->close(); // it answers "closed while still in use"
    }
    return *m_unshared;
}

std::optional<QByteArrayView> RedisClusterLink::commandKey(const RedisCommand &command)
{
    if (command.size() < 2)
        return std::nullopt;
    const QByteArray name = upperName(command.constFirst());
    if (takesNumkeys(name)) {
        // EVALSHA sha numkeys key …: routed by its first key.
        if (command.size() < 4 || command.at(2).toLongLong() <= 0)
            return std::nullopt;
        return QByteArrayView(command.at(3));
    }
    if (name == "MEMORY" || name == "OBJECT") {
        // MEMORY USAGE key, OBJECT ENCODING key; MEMORY STATS and OBJECT HELP have none.
        const bool keyed = command.size() > 2 && (name == "OBJECT" || upperName(command.at(1)) == "USAGE");
        return keyed ? std::optional<QByteArrayView>(command.at(2)) : std::nullopt;
    }
    if (isKeyless(name))
        return std::nullopt;
    return QByteArrayView(command.at(1));
}

Result<RedisSlotMapPtr> RedisClusterLink::currentMap()
{
    if (m_cluster->refreshRequested())
        return refreshMap();
    const quint64 generation = m_cluster->generation();
    if (generation == 0)
        return refreshMap();
    if (!m_map || m_map->generation() != generation)
        m_map = m_cluster->map();
    return m_map;
}

Result<RedisSlotMapPtr> RedisClusterLink::refreshMap()
{
    const auto clusterSlots = [this](const QString &address) -> Result<RedisReply> {
        Result<QList<RedisReply>> replies = sendTo(address, {RedisCommand{"CLUSTER", "SLOTS"}});
        if (!replies)
            return replies.error();
        return replies->constFirst();
    };
    Result<RedisSlotMapPtr> fresh = m_cluster->refresh(clusterSlots, m_map ? m_map->generation() : 0);
    if (fresh)
        m_map = fresh.value();
    return fresh;
}

QList<RedisClusterLink::Route> RedisClusterLink::routesByKey(const RedisSlotMap &map, const QList<RedisCommand> &commands) const
{
    QList<Route> routes(commands.size());
    QList<bool> keyed(commands.size(), false);
    for (qsizetype i = 0; i < commands.size(); ++i) {
        if (const std::optional<QByteArrayView> key = commandKey(commands.at(i))) {
            const int slot = redisKeySlot(*key);
            routes[i] = Route{map.masterOrFirst(slot), slot};
            keyed[i] = true;
        }
    }
    // A command without a key goes with the next command that has one, else the previous.
    QString next;
    for (qsizetype i = commands.size() - 1; i >= 0; --i) {
        if (keyed.at(i))
            next = routes.at(i).node;
        else
            routes[i].node = next;
    }
    QString previous = map.masters().constFirst().address; // no command has a key
    for (qsizetype i = 0; i < commands.size(); ++i) {
        if (keyed.at(i))
            previous = routes.at(i).node;
        else if (routes.at(i).node.isEmpty())
            routes[i].node = previous;
    }
    keepTransactionsTogether(commands, routes);
    return routes;
}

void RedisClusterLink::keepTransactionsTogether(const QList<RedisCommand> &commands, QList<Route> &routes)
{
    // Everything from MULTI to EXEC goes where MULTI goes (its first key's
    // master): a key of another slot then fails the transaction there
    // (MOVED, then EXECABORT) instead of running outside it elsewhere.
    QString multiNode;
    for (qsizetype i = 0; i < commands.size(); ++i) {
        const QByteArray name = upperName(commands.at(i).constFirst());
        if (multiNode.isEmpty()) {
            if (name == "MULTI")
                multiNode = routes.at(i).node;
            continue;
        }
        routes[i].node = multiNode;
        if (name == "EXEC" || name == "DISCARD")
            multiNode.clear();
    }
}

Result<QList<RedisReply>> RedisClusterLink::pipelineWire(const QByteArray &wire, qsizetype replyCount)
{
    Q_UNUSED(wire)
    Q_UNUSED(replyCount)
    // Routing needs each command's key: callers check isCluster() first.
    return makeError(ErrorKind::Internal, Text::tr("A Redis Cluster link was given encoded requests; it routes RedisCommands only."));
}

Result<QList<RedisReply>> RedisClusterLink::pipelineWireAt(QByteArrayView key, const QByteArray &wire, qsizetype replyCount)
{
    m_lastRedirected.reset();
    if (replyCount == 0)
        return QList<RedisReply>();
    Result<RedisSlotMapPtr> map = currentMap();
    if (!map)
        return map.error();
    const int slot = redisKeySlot(key);
    const Route route{map.value()->masterOrFirst(slot), slot};
    Result<QList<RedisReply>> replies = sendWireTo(route.node, wire, replyCount);
    if (!replies)
        return replies;
    const bool redirected = std::any_of(replies->cbegin(), replies->cend(),
                                        [&](const RedisReply &reply) { return redirectOf(*reply, route.node).kind != Redirect::None; });
    if (!redirected)
        return replies;
    // A slot being migrated or a failover: the same rules as pipeline(),
    // on the requests decoded from what was sent.
    const std::optional<QList<RedisCommand>> commands = redisWireCommands(wire);
    if (!commands || commands->size() != replies->size())
        return makeError(ErrorKind::Internal, Text::tr("Encoded Redis requests could not be read back to follow a redirect."));
    if (Result<void> followed = followAll(*commands, QList<Route>(commands->size(), route), replies.value()); !followed)
        return followed.error();
    return replies;
}

Result<QList<RedisReply>> RedisClusterLink::pipeline(const QList<RedisCommand> &commands)
{
    m_lastRedirected.reset();
    if (commands.isEmpty())
        return QList<RedisReply>();
    Result<RedisSlotMapPtr> map = currentMap();
    if (!map)
        return map.error();
    return send(commands, routesByKey(*map.value(), commands));
}

Result<QList<RedisReply>> RedisClusterLink::pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands)
{
    if (commands.isEmpty())
        return QList<RedisReply>();
    Result<RedisSlotMapPtr> map = currentMap();
    if (!map)
        return map.error();
    const int slot = redisKeySlot(key);
    // The last pipeline's command on this slot was answered by a node the
    // map does not name for it: the importing node of a migration (ASK), or
    // the new owner when the map still lags (MOVED). A WAIT must go there, on
    // the connection that wrote (on the old owner it would count replicas of
    // a connection that wrote nothing and confirm at once), and so must a
    // SCRIPT LOAD after its NOSCRIPT.
    const std::optional<std::pair<int, QString>> redirected = std::exchange(m_lastRedirected, std::nullopt);
    const Route route{redirected && redirected->first == slot ? redirected->second : map.value()->masterOrFirst(slot), slot};
    return send(commands, QList<Route>(commands.size(), route));
}

Result<QList<RedisNodeInfo>> RedisClusterLink::masters()
{
    if (Result<RedisSlotMapPtr> map = currentMap(); !map)
        return map.error();
    QList<RedisNodeInfo> masters = m_cluster->nodes();
    masters.removeIf([](const RedisNodeInfo &node) { return !node.master; });
    return masters;
}

Result<QList<RedisReply>> RedisClusterLink::pipelineOn(const QString &address, const QList<RedisCommand> &commands)
{
    Result<RedisSlotMapPtr> map = currentMap();
    if (!map)
        return map.error();
    if (!map.value()->isMaster(address)) {
        QStringList masters;
        for (const RedisSlotMap::Master &m : map.value()->masters())
            masters.append(m.address);
        return makeError(ErrorKind::Unavailable, Text::tr("Redis at %1 is no longer a master of the cluster; its masters are now %2.")
                                                     .arg(address, masters.join(QLatin1String(", "))));
    }
    if (commands.isEmpty())
        return QList<RedisReply>();
    return send(commands, QList<Route>(commands.size(), Route{address, -1}));
}

Result<QList<RedisReply>> RedisClusterLink::send(const QList<RedisCommand> &commands, const QList<Route> &routes)
{
    Result<QList<RedisReply>> replies = sendGrouped(commands, routes);
    if (!replies)
        return replies;
    if (Result<void> followed = followAll(commands, routes, replies.value()); !followed)
        return followed.error();
    return replies;
}

Result<QList<RedisReply>> RedisClusterLink::sendGrouped(const QList<RedisCommand> &commands, const QList<Route> &routes)
{
    // The common case, every command to one node: no regrouping.
    const QString &first = routes.constFirst().node;
    if (std::all_of(routes.cbegin(), routes.cend(), [&](const Route &r) { return r.node == first; }))
        return sendTo(first, commands);
    // One pipeline per node, in the order the nodes first appear.
    QStringList nodes;
    QHash<QString, QList<qsizetype>> indexes;
    for (qsizetype i = 0; i < routes.size(); ++i) {
        QList<qsizetype> &mine = indexes[routes.at(i).node];
        if (mine.isEmpty())
            nodes.append(routes.at(i).node);
        mine.append(i);
    }
    QList<RedisReply> replies(commands.size());
    for (const QString &node : std::as_const(nodes)) {
        const QList<qsizetype> &mine = indexes.value(node);
        QList<RedisCommand> batch;
        batch.reserve(mine.size());
        for (const qsizetype i : mine)
            batch.append(commands.at(i));
        Result<QList<RedisReply>> got = sendTo(node, batch);
        if (!got)
            return got.error();
        for (qsizetype j = 0; j < mine.size(); ++j)
            replies[mine.at(j)] = got->at(j);
    }
    return replies;
}

Result<void> RedisClusterLink::followAll(const QList<RedisCommand> &commands, const QList<Route> &routes, QList<RedisReply> &replies)
{
    bool inTransaction = false;
    for (qsizetype i = 0; i < commands.size(); ++i) {
        const QByteArray name = upperName(commands.at(i).constFirst());
        const bool queued = inTransaction && name != "EXEC" && name != "DISCARD";
        inTransaction = name == "MULTI" || queued;
        if (replies.at(i)->type != REDIS_REPLY_ERROR)
            continue;
        if (queued) {
            // EXEC will answer EXECABORT: nothing ran. Re-sending this one
            // command alone would run it outside the transaction.
            if (redirectOf(*replies.at(i), routes.at(i).node).kind == Redirect::Moved)
                m_cluster->requestRefresh();
            continue;
        }
        Result<RedisReply> final = followRedirects(commands.at(i), routes.at(i), replies.at(i));
        if (!final)
            return final.error();
        replies[i] = final.value();
    }
    return {};
}

Result<RedisReply> RedisClusterLink::followRedirects(const RedisCommand &command, Route route, RedisReply reply)
{
    QString target = route.node;
    bool asking = false; // ASK: every retry to that node goes after ASKING too
    int hops = 0;
    int waitedMs = 0;
    int backoffMs = FirstRetryMs;
    for (;;) {
        const Redirect redirect = redirectOf(*reply, target);
        switch (redirect.kind) {
        case Redirect::None:
            if (target != route.node && route.slot >= 0)
                m_lastRedirected = std::pair{route.slot, target};
            return reply;
        case Redirect::Moved:
        case Redirect::Ask:
            if (++hops > MaxRedirects)
                return reply;
            target = redirect.address;
            asking = redirect.kind == Redirect::Ask;
            // MOVED: the reply names the new owner; the map is for later
            // commands. ASK: this key only, this time only; the map stays.
            if (!asking)
                (void)refreshMap();
            break;
        case Redirect::Retry:
        case Redirect::ClusterDown:
            if (waitedMs >= m_retryBudgetMs)
                return reply;
            waitedMs += pause(backoffMs, m_retryBudgetMs - waitedMs);
            backoffMs = qMin(backoffMs * 2, LongestRetryMs);
            if (redirect.kind == Redirect::ClusterDown && route.slot >= 0) {
                // A failover may have moved the slot meanwhile.
                asking = false;
                target = ownerAfterRefresh(route.slot).value_or(target);
            }
            break;
        }
        QList<RedisCommand> batch{command};
        if (asking)
            batch.prepend(RedisCommand{"ASKING"});
        Result<QList<RedisReply>> got = sendTo(target, batch);
        if (!got)
            return got.error();
        reply = got->constLast();
    }
}

int RedisClusterLink::pause(int wantedMs, int leftMs)
{
    const int ms = qMin(wantedMs, leftMs);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return ms;
}

std::optional<QString> RedisClusterLink::ownerAfterRefresh(int slot)
{
    m_cluster->requestRefresh();
    Result<RedisSlotMapPtr> map = refreshMap();
    if (!map || map.value()->masterOf(slot).isEmpty())
        return std::nullopt;
    return map.value()->masterOf(slot);
}

Result<QList<RedisReply>> RedisClusterLink::sendTo(const QString &address, const QList<RedisCommand> &commands)
{
    Result<RedisLink *> connection = connectionTo(address);
    if (!connection)
        return connection.error();
    return noted(address, connection.value()->pipeline(commands));
}

Result<QList<RedisReply>> RedisClusterLink::sendWireTo(const QString &address, const QByteArray &wire, qsizetype replyCount)
{
    Result<RedisLink *> connection = connectionTo(address);
    if (!connection)
        return connection.error();
    return noted(address, connection.value()->pipelineWire(wire, replyCount));
}

Result<RedisLink *> RedisClusterLink::connectionTo(const QString &address)
{
    if (RedisLink *connection = node(address))
        return connection;
    if (m_closed || redisSplitAddress(address)) // a well-formed address: the link or the cluster was closed
        return makeError(ErrorKind::Internal, Text::tr("The Redis store %1 was closed while still in use.").arg(address));
    return makeError(ErrorKind::Unavailable, Text::tr("The Redis Cluster named a node '%1' that is not host:port.").arg(address));
}

Result<QList<RedisReply>> RedisClusterLink::noted(const QString &address, Result<QList<RedisReply>> replies)
{
    if (!replies) {
        if (!m_closed) {
            // The command may have run: not retried. The next call of any
            // link reads the map again, from another node if need be.
            m_cluster->markDown(address, replies.error().message);
            m_cluster->requestRefresh();
        }
        return replies.error();
    }
    if (m_cluster->anyDown())
        m_cluster->markUp(address);
    return replies;
}

RedisLink *RedisClusterLink::node(const QString &address)
{
    const auto found = m_nodes.constFind(address);
    if (found != m_nodes.cend())
        return found.value().get();
    if (!redisSplitAddress(address))
        return nullptr;
    QMutexLocker lock(&m_nodesMutex);
    if (m_closed)
        return nullptr;
    std::shared_ptr<RedisLink> connection = m_sharedIndex < 0 ? std::make_shared<RedisConnection>(m_cluster->nodeSettings(address))
                                                              : m_cluster->sharedConnection(address, m_sharedIndex);
    if (!connection)
        return nullptr; // the cluster was closed
    m_nodes.insert(address, connection);
    return connection.get();
}
