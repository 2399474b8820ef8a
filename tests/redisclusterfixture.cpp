#include "tests/redisclusterfixture.h"

QByteArray text(const RedisReply &reply)
{
    if (reply->type == REDIS_REPLY_ERROR)
        return RedisConnection::errorText(*reply);
    return RedisConnection::bytes(reply.get());
}

QList<QByteArray> items(const RedisReply &reply)
{
    QList<QByteArray> out;
    for (size_t i = 0; i < reply->elements; ++i)
        out.append(RedisConnection::bytes(reply->element[i]));
    return out;
}

RedisSettings settingsFor(const QString &address)
{
    const auto hostPort = redisSplitAddress(address);
    RedisSettings settings;
    settings.host = hostPort->first;
    settings.port = hostPort->second;
    settings.display = address;
    return settings;
}

QByteArray runPrefix()
{
    static const QByteArray prefix = "idem-tst-cluster-" + QByteArray::number(QRandomGenerator::global()->generate()) + '-';
    return prefix;
}

void RedisClusterFixture::connectCluster()
{
    IDEM_FETCH_SERVER_URL(urlText, "IDEM_TEST_REDIS_CLUSTER_URL");
    const Result<StoreUrl> url = StoreUrl::parse(urlText);
    QVERIFY2(url.ok(), qPrintable(url.error().message));
    m_url = url.value();
    QVERIFY2(!m_url.moreHosts.isEmpty(), "IDEM_TEST_REDIS_CLUSTER_URL should list the seed nodes (host:port,host:port,…)");
    // A fresh cluster is "ok" before its replicas have attached: wait for
    // the shape every test expects, 3 masters with one replica each.
    QTRY_VERIFY2_WITH_TIMEOUT(settled(), "the cluster did not settle into 3 masters with one replica each", 30000);
}

bool RedisClusterFixture::settled()
{
    const QList<Node> nodes = clusterNodes();
    const auto replicas = std::count_if(nodes.cbegin(), nodes.cend(), [](const Node &n) { return !n.master; });
    if (masters().size() != 3 || replicas != 3)
        return false;
    // Every node's view, since the link may read the map from any of them.
    for (const Node &n : nodes) {
        const RedisReply map = admin(n.address, {"CLUSTER", "SLOTS"});
        for (size_t i = 0; i < map->elements; ++i) {
            if (map->element[i]->elements < 4) // start, end, master, replica
                return false;
        }
    }
    return true;
}

void RedisClusterFixture::deleteKeys()
{
    for (const QByteArray &key : std::as_const(m_keys)) {
        const Node owner{{}, ownerOf(redisKeySlot(key), masters().constFirst().address), true};
        admin(owner.address, {"DEL", key});
    }
}

RedisReply RedisClusterFixture::admin(const QString &address, const RedisCommand &command)
{
    std::shared_ptr<RedisConnection> &c = m_admin[address];
    if (!c)
        c = std::make_shared<RedisConnection>(settingsFor(address));
    Result<RedisReply> reply = c->command(command);
    if (!reply)
        qFatal("admin command to %s failed: %s", qPrintable(address), qPrintable(reply.error().message));
    return reply.value();
}

QList<Node> RedisClusterFixture::clusterNodes()
{
    const QString seed = m_url.host + QLatin1Char(':') + QString::number(m_url.port);
    QList<Node> nodes;
    for (const QByteArray &line : text(admin(seed, {"CLUSTER", "NODES"})).split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 8 || fields.at(2).contains("fail"))
            continue;
        const QByteArray address = fields.at(1).left(fields.at(1).indexOf('@'));
        // A master without slots is a replica still attaching (a fresh cluster).
        const bool master = fields.at(2).contains("master") && fields.size() > 8;
        nodes.append(Node{fields.at(0), QString::fromUtf8(address), master});
    }
    return nodes;
}

QList<Node> RedisClusterFixture::masters()
{
    QList<Node> all = clusterNodes();
    all.removeIf([](const Node &n) { return !n.master; });
    std::sort(all.begin(), all.end(), [](const Node &a, const Node &b) { return a.address < b.address; });
    return all;
}

QString RedisClusterFixture::ownerOf(int slot, const QString &askedNode)
{
    const RedisReply map = admin(askedNode, {"CLUSTER", "SLOTS"});
    for (size_t i = 0; i < map->elements; ++i) {
        const redisReply *range = map->element[i];
        if (range->element[0]->integer <= slot && slot <= range->element[1]->integer) {
            const redisReply *node = range->element[2];
            return QString::fromUtf8(RedisConnection::bytes(node->element[0])) + QLatin1Char(':')
                   + QString::number(node->element[1]->integer);
        }
    }
    return QString();
}

QByteArray RedisClusterFixture::keyOn(const QString &master, const QByteArray &stem)
{
    for (int i = 0;; ++i) {
        const QByteArray key = runPrefix() + stem + '-' + QByteArray::number(i);
        if (ownerOf(redisKeySlot(key), master) == master) {
            m_keys.append(key);
            return key;
        }
    }
}

void RedisClusterFixture::beginMigration(int slot, const Node &from, const Node &to)
{
    const QByteArray s = QByteArray::number(slot);
    QCOMPARE(text(admin(to.address, {"CLUSTER", "SETSLOT", s, "IMPORTING", from.id})), QByteArray("OK"));
    QCOMPARE(text(admin(from.address, {"CLUSTER", "SETSLOT", s, "MIGRATING", to.id})), QByteArray("OK"));
}

void RedisClusterFixture::moveKeys(int slot, const Node &from, const Node &to)
{
    const auto hostPort = redisSplitAddress(to.address);
    for (;;) {
        const QList<QByteArray> keys = items(admin(from.address, {"CLUSTER", "GETKEYSINSLOT", QByteArray::number(slot), "100"}));
        if (keys.isEmpty())
            return;
        RedisCommand migrate{"MIGRATE", hostPort->first, QByteArray::number(hostPort->second), "", "0", "5000", "KEYS"};
        migrate.append(keys);
        QCOMPARE(text(admin(from.address, migrate)), QByteArray("OK"));
    }
}

void RedisClusterFixture::finishMigration(int slot, const Node &to, const Node &from)
{
    // The destination first, then the source, then the rest (as redis-cli does).
    QList<Node> order{to, from};
    for (const Node &m : masters()) {
        if (m.id != to.id && m.id != from.id)
            order.append(m);
    }
    for (const Node &m : std::as_const(order))
        QCOMPARE(text(admin(m.address, {"CLUSTER", "SETSLOT", QByteArray::number(slot), "NODE", to.id})), QByteArray("OK"));
    // Every node, replicas too, must agree before the test goes on.
    for (const Node &n : clusterNodes())
        QTRY_COMPARE_WITH_TIMEOUT(ownerOf(slot, n.address), to.address, 10000);
}

void RedisClusterFixture::migrateSlot(int slot, const Node &from, const Node &to)
{
    beginMigration(slot, from, to);
    moveKeys(slot, from, to);
    finishMigration(slot, to, from);
}

qint64 RedisClusterFixture::commandStat(const QString &address, const QByteArray &command, const QByteArray &field)
{
    // "cmdstat_get:calls=2,usec=9,usec_per_call=4.50,rejected_calls=1,failed_calls=0"
    for (const QByteArray &line : text(admin(address, {"INFO", "commandstats"})).split('\n')) {
        if (!line.startsWith(QByteArray("cmdstat_" + command + ':')))
            continue;
        for (const QByteArray &pair : line.trimmed().mid(line.indexOf(':') + 1).split(',')) {
            if (pair.startsWith(QByteArray(field + '=')))
                return pair.mid(field.size() + 1).toLongLong();
        }
    }
    return 0;
}
