// The Redis Cluster routing layer (app/store/rediscluster.h and
// redisclusterlink.h) against a real cluster of 3 masters and 3 replicas
// (IDEM_TEST_REDIS_CLUSTER_URL; tools/lib/servers.sh starts one): key slots
// as the server computes them, pipelines across masters answered in order,
// transactions kept on one node, cluster detection from one host, MOVED, ASK
// and TRYAGAIN during a slot migration made here (and undone), an
// unreachable seed, a lost connection not retried, many threads counting
// exactly. No node is killed: other tests share the cluster.
#include "app/store/rediscluster.h"
#include "app/store/redisclusterlink.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redismux.h"
#include "tests/serverrequirement.h"

#include <QRandomGenerator>
#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <thread>

namespace {

// A cluster node as CLUSTER NODES describes it.
struct Node {
    QByteArray id;
    QString address;
    bool master = false;
};

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

// A unique key prefix per run, so a rerun against the same cluster starts clean.
QByteArray runPrefix()
{
    static const QByteArray prefix = "idem-tst-cluster-" + QByteArray::number(QRandomGenerator::global()->generate()) + '-';
    return prefix;
}

} // namespace

class TestRedisCluster : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void keySlot_data();
    void keySlot();
    void keySlotMatchesServer();
    void commandKey_data();
    void commandKey();

    void pipelineAcrossMasters();
    void transactionStaysOnItsNode();
    void nodeCommands();
    void oneHostUrlDetectsCluster();
    void singleServerStaysSingle();
    void unreachableSeed();
    void lostConnectionIsNotRetried();
    void probeFailureAndBadDatabase();
    void movedFollowsMigration();
    void askDuringMigration();
    void manyThreadsCountExactly();

private:
    // Admin commands straight to one node, behind the link's back.
    RedisReply admin(const QString &address, const RedisCommand &command);
    // Masters that own slots are "master"; everything else is not.
    QList<Node> clusterNodes();
    bool settled();
    QList<Node> masters();
    QString ownerOf(int slot, const QString &askedNode);
    // A key (with `stem`) whose slot `master` owns.
    QByteArray keyOn(const QString &master, const QByteArray &stem);
    void beginMigration(int slot, const Node &from, const Node &to);
    void moveKeys(int slot, const Node &from, const Node &to);
    void finishMigration(int slot, const Node &to, const Node &from);
    void migrateSlot(int slot, const Node &from, const Node &to);
    qint64 commandStat(const QString &address, const QByteArray &command, const QByteArray &field);

    StoreUrl m_url;
    QHash<QString, std::shared_ptr<RedisConnection>> m_admin;
    QList<QByteArray> m_keys; // deleted at the end
};

void TestRedisCluster::initTestCase()
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

bool TestRedisCluster::settled()
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

void TestRedisCluster::cleanupTestCase()
{
    for (const QByteArray &key : std::as_const(m_keys)) {
        const Node owner{{}, ownerOf(redisKeySlot(key), masters().constFirst().address), true};
        admin(owner.address, {"DEL", key});
    }
}

RedisReply TestRedisCluster::admin(const QString &address, const RedisCommand &command)
{
    std::shared_ptr<RedisConnection> &c = m_admin[address];
    if (!c)
        c = std::make_shared<RedisConnection>(settingsFor(address));
    Result<RedisReply> reply = c->command(command);
    if (!reply)
        qFatal("admin command to %s failed: %s", qPrintable(address), qPrintable(reply.error().message));
    return reply.value();
}

QList<Node> TestRedisCluster::clusterNodes()
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

QList<Node> TestRedisCluster::masters()
{
    QList<Node> all = clusterNodes();
    all.removeIf([](const Node &n) { return !n.master; });
    std::sort(all.begin(), all.end(), [](const Node &a, const Node &b) { return a.address < b.address; });
    return all;
}

QString TestRedisCluster::ownerOf(int slot, const QString &askedNode)
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

QByteArray TestRedisCluster::keyOn(const QString &master, const QByteArray &stem)
{
    for (int i = 0;; ++i) {
        const QByteArray key = runPrefix() + stem + '-' + QByteArray::number(i);
        if (ownerOf(redisKeySlot(key), master) == master) {
            m_keys.append(key);
            return key;
        }
    }
}

void TestRedisCluster::beginMigration(int slot, const Node &from, const Node &to)
{
    const QByteArray s = QByteArray::number(slot);
    QCOMPARE(text(admin(to.address, {"CLUSTER", "SETSLOT", s, "IMPORTING", from.id})), QByteArray("OK"));
    QCOMPARE(text(admin(from.address, {"CLUSTER", "SETSLOT", s, "MIGRATING", to.id})), QByteArray("OK"));
}

void TestRedisCluster::moveKeys(int slot, const Node &from, const Node &to)
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

void TestRedisCluster::finishMigration(int slot, const Node &to, const Node &from)
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

void TestRedisCluster::migrateSlot(int slot, const Node &from, const Node &to)
{
    beginMigration(slot, from, to);
    moveKeys(slot, from, to);
    finishMigration(slot, to, from);
}

qint64 TestRedisCluster::commandStat(const QString &address, const QByteArray &command, const QByteArray &field)
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

// --- Key slots

void TestRedisCluster::keySlot_data()
{
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<int>("slot");
    // Values from CLUSTER KEYSLOT on Redis 7.0.
    QTest::newRow("foo") << QByteArray("foo") << 12182;
    QTest::newRow("bar") << QByteArray("bar") << 5061;
    QTest::newRow("hello") << QByteArray("hello") << 866;
    QTest::newRow("empty") << QByteArray() << 0;
    QTest::newRow("tag following") << QByteArray("{user1000}.following") << 3443;
    QTest::newRow("tag followers") << QByteArray("{user1000}.followers") << 3443;
    QTest::newRow("the tag alone") << QByteArray("user1000") << 3443;
    // An empty tag ("{}") hashes the whole key, even when a later tag follows.
    QTest::newRow("empty tag first") << QByteArray("foo{}{bar}") << 8363;
    QTest::newRow("only braces") << QByteArray("{}") << 15257;
    QTest::newRow("empty tag inside") << QByteArray("a{}b") << 13694;
    // The tag runs from the first '{' to the next '}'.
    QTest::newRow("nested brace") << QByteArray("foo{{bar}}zap") << 4015;
    QTest::newRow("first tag wins") << QByteArray("foo{bar}{zap}") << 5061;
    QTest::newRow("unclosed brace") << QByteArray("{bar") << 4015;
}

void TestRedisCluster::keySlot()
{
    QFETCH(QByteArray, key);
    QFETCH(int, slot);
    QCOMPARE(redisKeySlot(key), slot);
}

void TestRedisCluster::keySlotMatchesServer()
{
    // Random bytes, braces and all, against the server's own hash.
    const char alphabet[] = "{}{}ab:xyz-0\x01\xff";
    QList<QByteArray> keys;
    QList<RedisCommand> commands;
    for (int i = 0; i < 500; ++i) {
        QByteArray key;
        const int length = QRandomGenerator::global()->bounded(1, 16);
        for (int j = 0; j < length; ++j)
            key.append(alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet) - 1)]);
        keys.append(key);
        commands.append(RedisCommand{"CLUSTER", "KEYSLOT", key});
    }
    const QString seed = m_url.host + QLatin1Char(':') + QString::number(m_url.port);
    std::shared_ptr<RedisConnection> &c = m_admin[seed];
    admin(seed, {"PING"});
    Result<QList<RedisReply>> replies = c->pipeline(commands);
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    for (qsizetype i = 0; i < keys.size(); ++i)
        QVERIFY2(redisKeySlot(keys.at(i)) == replies->at(i)->integer, keys.at(i).toHex().constData());
}

void TestRedisCluster::commandKey_data()
{
    QTest::addColumn<QByteArrayList>("command");
    QTest::addColumn<QByteArray>("key"); // empty: none
    QTest::newRow("GET") << QByteArrayList{"GET", "k"} << QByteArray("k");
    QTest::newRow("lower case") << QByteArrayList{"hgetall", "k"} << QByteArray("k");
    QTest::newRow("EVALSHA") << QByteArrayList{"EVALSHA", "sha", "2", "k1", "k2", "arg"} << QByteArray("k1");
    QTest::newRow("EVAL no keys") << QByteArrayList{"EVAL", "return 1", "0"} << QByteArray();
    QTest::newRow("EVAL_RO") << QByteArrayList{"EVAL_RO", "return 1", "1", "k"} << QByteArray("k");
    QTest::newRow("MEMORY USAGE") << QByteArrayList{"MEMORY", "USAGE", "k"} << QByteArray("k");
    QTest::newRow("MEMORY STATS") << QByteArrayList{"MEMORY", "STATS"} << QByteArray();
    QTest::newRow("OBJECT ENCODING") << QByteArrayList{"OBJECT", "ENCODING", "k"} << QByteArray("k");
    QTest::newRow("SCRIPT LOAD") << QByteArrayList{"SCRIPT", "LOAD", "return 1"} << QByteArray();
    QTest::newRow("SCAN") << QByteArrayList{"SCAN", "0", "MATCH", "k*"} << QByteArray();
    QTest::newRow("WAIT") << QByteArrayList{"WAIT", "1", "100"} << QByteArray();
    QTest::newRow("PING") << QByteArrayList{"PING"} << QByteArray();
}

void TestRedisCluster::commandKey()
{
    QFETCH(QByteArrayList, command);
    QFETCH(QByteArray, key);
    const std::optional<QByteArrayView> found = RedisClusterLink::commandKey(command);
    QCOMPARE(found.has_value(), !key.isEmpty());
    if (found)
        QCOMPARE(found->toByteArray(), key);
}

// --- Routing

void TestRedisCluster::pipelineAcrossMasters()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    QVERIFY(link.value()->isCluster());
    QVERIFY(pool.isCluster());

    const QList<Node> nodes = masters();
    const QByteArray k0 = keyOn(nodes.at(0).address, "across");
    const QByteArray k1 = keyOn(nodes.at(1).address, "across");
    const QByteArray k2 = keyOn(nodes.at(2).address, "across");
    const QList<RedisCommand> commands{
        {"PING"},           {"SET", k0, "zero"},
        {"SET", k1, "one"}, {"SET", k2, "two"},
        {"GET", k2},        {"ECHO", "between"},
        {"GET", k0},        {"EVAL", "return redis.call('GET', KEYS[1])", "1", k1},
        {"INCR", k0}, // an error reply stays a reply, in its place
        {"GET", k1},        {"TIME"},
    };
    Result<QList<RedisReply>> replies = link.value()->pipeline(commands);
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    QCOMPARE(replies->size(), commands.size());
    const QList<QByteArray> expected{
        "PONG", "OK", "OK", "OK", "two", "between", "zero", "one", "ERR value is not an integer or out of range", "one"};
    for (qsizetype i = 0; i < expected.size(); ++i)
        QCOMPARE(text(replies->at(i)), expected.at(i));
    QCOMPARE(replies->constLast()->type, REDIS_REPLY_ARRAY);

    // Each key landed on its own master: asked directly, no MOVED.
    QCOMPARE(text(admin(nodes.at(0).address, {"GET", k0})), QByteArray("zero"));
    QCOMPARE(text(admin(nodes.at(1).address, {"GET", k1})), QByteArray("one"));
    QCOMPARE(text(admin(nodes.at(2).address, {"GET", k2})), QByteArray("two"));

    // pipelineAt sends keyless commands along with the key.
    Result<QList<RedisReply>> at = link.value()->pipelineAt(k2, {{"GET", k2}, {"DBSIZE"}});
    QVERIFY2(at.ok(), qPrintable(at.error().message));
    QCOMPARE(text(at->at(0)), QByteArray("two"));
}

void TestRedisCluster::transactionStaysOnItsNode()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    const QList<Node> nodes = masters();
    const QByteArray k0 = keyOn(nodes.at(0).address, "multi");
    const QByteArray k1 = keyOn(nodes.at(1).address, "multi");
    const QByteArray counter = '{' + k0 + "}.n";
    m_keys.append(counter);

    // EXEC goes with MULTI's node, not with the GET after it.
    Result<QList<RedisReply>> replies =
        link.value()->pipeline({{"GET", k1}, {"MULTI"}, {"SET", k0, "t"}, {"INCR", counter}, {"EXEC"}, {"GET", k1}});
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    QCOMPARE(text(replies->at(1)), QByteArray("OK"));
    QCOMPARE(text(replies->at(2)), QByteArray("QUEUED"));
    QCOMPARE(replies->at(4)->type, REDIS_REPLY_ARRAY);
    QCOMPARE(items(replies->at(4)), (QList<QByteArray>{"OK", "1"}));

    // A key of another master inside the transaction fails it as a whole;
    // it does not run alone on its own master.
    replies = link.value()->pipeline({{"MULTI"}, {"SET", k0, "x"}, {"SET", k1, "x"}, {"EXEC"}});
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    QVERIFY2(text(replies->at(2)).startsWith("MOVED"), text(replies->at(2)).constData());
    QVERIFY2(text(replies->at(3)).startsWith("EXECABORT"), text(replies->at(3)).constData());
    QCOMPARE(text(admin(nodes.at(0).address, {"GET", k0})), QByteArray("t"));
    QCOMPARE(admin(nodes.at(1).address, {"GET", k1})->type, REDIS_REPLY_NIL);
}

void TestRedisCluster::nodeCommands()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    Result<QList<RedisNodeInfo>> listed = link.value()->masters();
    QVERIFY2(listed.ok(), qPrintable(listed.error().message));
    QCOMPARE(listed->size(), 3);
    // In slot order: the first owns slot 0, the last slot 16383.
    const QString seed = m_url.host + QLatin1Char(':') + QString::number(m_url.port);
    QCOMPARE(listed->constFirst().address, ownerOf(0, seed));
    QCOMPARE(listed->constLast().address, ownerOf(16383, seed));
    for (const RedisNodeInfo &m : listed.value()) {
        QVERIFY(m.master && m.up);
        Result<QList<RedisReply>> role = link.value()->pipelineOn(m.address, {{"ROLE"}});
        QVERIFY2(role.ok(), qPrintable(role.error().message));
        QCOMPARE(RedisConnection::bytes(role->constFirst()->element[0]), QByteArray("master"));
    }
    // A replica is no master: Unavailable, naming it.
    for (const Node &n : clusterNodes()) {
        if (n.master)
            continue;
        Result<QList<RedisReply>> onReplica = link.value()->pipelineOn(n.address, {{"DBSIZE"}});
        QVERIFY(!onReplica.ok());
        QCOMPARE(onReplica.error().kind, ErrorKind::Unavailable);
        QVERIFY2(onReplica.error().message.contains(n.address), qPrintable(onReplica.error().message));
    }
    // The status bar's view: three masters and three replicas, all up.
    const QList<RedisNodeInfo> all = pool.nodes();
    QCOMPARE(all.size(), 6);
    QCOMPARE(std::count_if(all.cbegin(), all.cend(), [](const RedisNodeInfo &n) { return n.master; }), 3);
    QVERIFY(std::all_of(all.cbegin(), all.cend(), [](const RedisNodeInfo &n) { return n.up; }));
}

void TestRedisCluster::oneHostUrlDetectsCluster()
{
    StoreUrl oneHost = m_url;
    oneHost.moreHosts.clear();
    RedisConnectionPool pool(oneHost);
    QVERIFY(!pool.isCluster());
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    QVERIFY(pool.isCluster());
    QVERIFY(link.value()->isCluster());
    QVERIFY(dynamic_cast<RedisClusterLink *>(link.value()));
    QCOMPARE(pool.nodes().size(), 6); // the probe's map, before any command

    QList<RedisCommand> commands;
    for (const Node &m : masters()) {
        const QByteArray key = keyOn(m.address, "onehost");
        commands.append(RedisCommand{"SET", key, key});
        commands.append(RedisCommand{"GET", key});
    }
    Result<QList<RedisReply>> replies = link.value()->pipeline(commands);
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    for (qsizetype i = 0; i < commands.size(); i += 2)
        QCOMPARE(text(replies->at(i + 1)), commands.at(i).at(1));
}

void TestRedisCluster::singleServerStaysSingle()
{
    IDEM_FETCH_SERVER_URL(urlText, "IDEM_TEST_REDIS_URL");
    const Result<StoreUrl> url = StoreUrl::parse(urlText);
    QVERIFY2(url.ok(), qPrintable(url.error().message));
    RedisConnectionPool pool(url.value());
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    QVERIFY(!link.value()->isCluster());
    QVERIFY(!pool.isCluster());
    // One server: a connection its threads share (RedisMux, tst_redismux).
    QVERIFY(dynamic_cast<RedisMux *>(link.value()));
    Result<RedisReply> pong = link.value()->command({"PING"});
    QVERIFY2(pong.ok(), qPrintable(pong.error().message));
    QCOMPARE(text(pong.value()), QByteArray("PONG"));
    const QList<RedisNodeInfo> nodes = pool.nodes();
    QCOMPARE(nodes.size(), 1);
    QCOMPARE(nodes.constFirst().address, url->host + QLatin1Char(':') + QString::number(url->port));
    QVERIFY(nodes.constFirst().up);
}

void TestRedisCluster::unreachableSeed()
{
    // Port 1 on loopback: connection refused at once.
    StoreUrl url = m_url;
    url.moreHosts.prepend(url.host + QLatin1Char(':') + QString::number(url.port));
    url.host = QStringLiteral("127.0.0.1");
    url.port = 1;
    RedisConnectionPool pool(url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    const QByteArray key = keyOn(masters().constLast().address, "seed");
    Result<QList<RedisReply>> replies = link.value()->pipeline({{"SET", key, "v"}, {"GET", key}});
    QVERIFY2(replies.ok(), qPrintable(replies.error().message));
    QCOMPARE(text(replies->at(1)), QByteArray("v"));
    for (const RedisNodeInfo &n : pool.nodes())
        QVERIFY(n.address != QLatin1String("127.0.0.1:1"));

    // No seed answers: Unavailable naming every one tried.
    StoreUrl nowhere = url;
    nowhere.moreHosts = QStringList{QStringLiteral("127.0.0.1:2")};
    RedisConnectionPool lost(nowhere);
    Result<RedisLink *> lostLink = lost.connection();
    QVERIFY2(lostLink.ok(), qPrintable(lostLink.error().message)); // connects lazily
    Result<RedisReply> reply = lostLink.value()->command({"GET", key});
    QVERIFY(!reply.ok());
    QCOMPARE(reply.error().kind, ErrorKind::Unavailable);
    QVERIFY2(reply.error().message.contains(QLatin1String("127.0.0.1:1")) && reply.error().message.contains(QLatin1String("127.0.0.1:2")),
             qPrintable(reply.error().message));
    QVERIFY(lost.nodes().isEmpty()); // no map: nothing to show
}

void TestRedisCluster::lostConnectionIsNotRetried()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    const Node victim = masters().at(1);
    const QByteArray key = keyOn(victim.address, "lost");
    QVERIFY(link.value()->command({"SET", key, "1"}).ok());

    // The server drops this process's connections (the node stays up).
    const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
    int killed = 0;
    for (const QByteArray &line : text(admin(victim.address, {"CLIENT", "LIST"})).split('\n')) {
        if (!line.contains(name))
            continue;
        const QByteArray id = line.mid(3, line.indexOf(' ') - 3); // "id=42 addr=…"
        killed += int(admin(victim.address, {"CLIENT", "KILL", "ID", id})->integer);
    }
    QVERIFY(killed >= 1);

    // INCR may have run before the connection broke: not sent again.
    Result<RedisReply> lost = link.value()->command({"INCR", key});
    QVERIFY(!lost.ok());
    QCOMPARE(lost.error().kind, ErrorKind::Unavailable);
    QVERIFY2(lost.error().message.contains(victim.address), qPrintable(lost.error().message));
    const QList<RedisNodeInfo> during = pool.nodes();
    const auto entry = std::find_if(during.cbegin(), during.cend(), [&](const RedisNodeInfo &n) { return n.address == victim.address; });
    QVERIFY(entry != during.cend());
    QVERIFY(!entry->up);
    QVERIFY(!entry->lastError.isEmpty());
    QCOMPARE(text(admin(victim.address, {"GET", key})), QByteArray("1"));

    // The next call reads the map again and reconnects: the node is up again.
    Result<RedisReply> back = link.value()->command({"INCR", key});
    QVERIFY2(back.ok(), qPrintable(back.error().message));
    QCOMPARE(back.value()->integer, 2);
    const QList<RedisNodeInfo> after = pool.nodes();
    QVERIFY(std::all_of(after.cbegin(), after.cend(), [](const RedisNodeInfo &n) { return n.up; }));
}

void TestRedisCluster::probeFailureAndBadDatabase()
{
    // A one-host URL nobody answers: no link yet, the error says why, and
    // the status bar shows the server down.
    StoreUrl closed = m_url;
    closed.moreHosts.clear();
    closed.host = QStringLiteral("127.0.0.1");
    closed.port = 1;
    RedisConnectionPool pool(closed);
    for (int i = 0; i < 2; ++i) {
        Result<RedisLink *> link = pool.connection();
        QVERIFY(!link.ok());
        QCOMPARE(link.error().kind, ErrorKind::Unavailable);
        QVERIFY2(link.error().message.contains(QLatin1String("127.0.0.1")), qPrintable(link.error().message));
    }
    QVERIFY(!pool.isCluster());
    QCOMPARE(pool.nodes().size(), 1);
    QVERIFY(!pool.nodes().constFirst().up);
    QVERIFY(!pool.nodes().constFirst().lastError.isEmpty());

    // A cluster has database 0 only.
    StoreUrl database = m_url;
    database.database = QStringLiteral("3");
    RedisConnectionPool wrong(database);
    Result<RedisLink *> link = wrong.connection();
    QVERIFY(!link.ok());
    QCOMPARE(link.error().kind, ErrorKind::InvalidArgument);
    QVERIFY2(link.error().message.contains(QLatin1String("/3")), qPrintable(link.error().message));
}

// --- Slot migration

void TestRedisCluster::movedFollowsMigration()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    const QList<Node> nodes = masters();
    const Node from = nodes.at(0);
    const Node to = nodes.at(1);
    const QByteArray key = keyOn(from.address, "moved");
    const int slot = redisKeySlot(key);
    Result<RedisReply> set = link.value()->command({"SET", key, "before"});
    QVERIFY2(set.ok(), qPrintable(set.error().message));

    migrateSlot(slot, from, to);
    auto moveBack = qScopeGuard([&] { migrateSlot(slot, to, from); });
    QThread::msleep(150); // out of the map refresh's rate limit
    const qint64 rejectedBefore = commandStat(from.address, "get", "rejected_calls");
    const qint64 callsBefore = commandStat(to.address, "get", "calls");

    // The first GET meets MOVED and follows it; the second goes straight to
    // the new owner (the map was read again).
    for (int i = 0; i < 2; ++i) {
        Result<RedisReply> got = link.value()->command({"GET", key});
        QVERIFY2(got.ok(), qPrintable(got.error().message));
        QCOMPARE(text(got.value()), QByteArray("before"));
    }
    QCOMPARE(commandStat(from.address, "get", "rejected_calls") - rejectedBefore, 1);
    QCOMPARE(commandStat(to.address, "get", "calls") - callsBefore, 2);
    Result<QList<RedisReply>> at = link.value()->pipelineAt(key, {{"SET", key, "after"}});
    QVERIFY2(at.ok(), qPrintable(at.error().message));
    QCOMPARE(text(admin(to.address, {"GET", key})), QByteArray("after"));

    // Back to where it was; the link follows again.
    moveBack.dismiss();
    migrateSlot(slot, to, from);
    Result<RedisReply> got = link.value()->command({"GET", key});
    QVERIFY2(got.ok(), qPrintable(got.error().message));
    QCOMPARE(text(got.value()), QByteArray("after"));
}

void TestRedisCluster::askDuringMigration()
{
    RedisConnectionPool pool(m_url);
    Result<RedisLink *> link = pool.connection();
    QVERIFY2(link.ok(), qPrintable(link.error().message));
    const QList<Node> nodes = masters();
    const Node from = nodes.at(2);
    const Node to = nodes.at(0);
    // Two keys of one slot (one hash tag): one moved, one not yet.
    const QByteArray tag = keyOn(from.address, "ask");
    const QByteArray moved = '{' + tag + "}.moved";
    const QByteArray staying = '{' + tag + "}.staying";
    m_keys << moved << staying;
    const int slot = redisKeySlot(tag);
    Result<QList<RedisReply>> set = link.value()->pipeline({{"SET", moved, "m"}, {"SET", staying, "s"}});
    QVERIFY2(set.ok(), qPrintable(set.error().message));

    beginMigration(slot, from, to);
    auto restore = qScopeGuard([&] {
        moveKeys(slot, from, to);
        finishMigration(slot, to, from);
        migrateSlot(slot, to, from);
    });
    const auto hostPort = redisSplitAddress(to.address);
    QCOMPARE(text(admin(from.address, {"MIGRATE", hostPort->first, QByteArray::number(hostPort->second), moved, "0", "5000"})),
             QByteArray("OK"));

    const qint64 askingBefore = commandStat(to.address, "asking", "calls");
    const qint64 rejectedBefore = commandStat(from.address, "get", "rejected_calls");
    for (int i = 0; i < 2; ++i) {
        Result<QList<RedisReply>> got = link.value()->pipeline({{"GET", moved}, {"GET", staying}});
        QVERIFY2(got.ok(), qPrintable(got.error().message));
        QCOMPARE(text(got->at(0)), QByteArray("m"));
        QCOMPARE(text(got->at(1)), QByteArray("s"));
    }
    // ASK each time: the map still names the old owner until the migration ends.
    QCOMPARE(commandStat(to.address, "asking", "calls") - askingBefore, 2);
    QCOMPARE(commandStat(from.address, "get", "rejected_calls") - rejectedBefore, 2);

    // A WAIT after a write that went by ASK goes where the write went (the
    // importing node); on the old owner it would confirm a write it never
    // saw. Without such a write just before, it goes by the map.
    const auto answeringPort = [&](const QByteArray &key) {
        Result<QList<RedisReply>> info = link.value()->pipelineAt(key, {{"INFO", "server"}});
        const QByteArray body = info ? text(info->constFirst()) : QByteArray();
        const qsizetype at = body.indexOf("tcp_port:");
        return at < 0 ? -1 : body.mid(at + 9, body.indexOf('\r', at) - at - 9).toInt();
    };
    Result<QList<RedisReply>> written = link.value()->pipeline({{"SET", moved, "m"}});
    QVERIFY2(written.ok(), qPrintable(written.error().message));
    QCOMPARE(answeringPort(moved), redisSplitAddress(to.address)->second);
    QCOMPARE(answeringPort(moved), redisSplitAddress(from.address)->second);

    // Both keys at once while they are apart: TRYAGAIN, retried for about
    // 2 s, then returned as the reply.
    QElapsedTimer timer;
    timer.start();
    Result<RedisReply> apart = link.value()->command({"MGET", moved, staying});
    QVERIFY2(apart.ok(), qPrintable(apart.error().message));
    QVERIFY2(text(apart.value()).startsWith("TRYAGAIN"), text(apart.value()).constData());
    QVERIFY2(timer.elapsed() >= 1900 && timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));

    // Once the other key has moved too, a retry succeeds (through ASK).
    std::thread mover([&] {
        QThread::msleep(300);
        RedisConnection source(settingsFor(from.address));
        (void)source.command({"MIGRATE", hostPort->first, QByteArray::number(hostPort->second), staying, "0", "5000"});
    });
    timer.restart();
    Result<RedisReply> together = link.value()->command({"MGET", moved, staying});
    mover.join();
    QVERIFY2(together.ok(), qPrintable(together.error().message));
    QCOMPARE(items(together.value()), (QList<QByteArray>{"m", "s"}));
    QVERIFY(timer.elapsed() >= 250);
    Result<QList<RedisNodeInfo>> listed = link.value()->masters();
    QVERIFY(listed.ok());
    QCOMPARE(listed->size(), 3);
}

// --- Threads

void TestRedisCluster::manyThreadsCountExactly()
{
    RedisConnectionPool pool(m_url);
    QList<QByteArray> keys;
    for (const Node &m : masters()) {
        keys.append(keyOn(m.address, "count-a"));
        keys.append(keyOn(m.address, "count-b"));
    }
    constexpr int Threads = 16;
    constexpr int Rounds = 200;
    QList<QString> errors(Threads);
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            Result<RedisLink *> link = pool.connection();
            if (!link) {
                errors[t] = link.error().message;
                return;
            }
            QList<RedisCommand> commands;
            for (const QByteArray &key : std::as_const(keys))
                commands.append(RedisCommand{"INCR", key});
            for (int round = 0; round < Rounds; ++round) {
                Result<QList<RedisReply>> replies = link.value()->pipeline(commands);
                if (!replies) {
                    errors[t] = replies.error().message;
                    return;
                }
                for (const RedisReply &reply : replies.value()) {
                    if (reply->type != REDIS_REPLY_INTEGER) {
                        errors[t] = QString::fromUtf8(text(reply));
                        return;
                    }
                }
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const QString &error : std::as_const(errors))
        QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QByteArray &key : std::as_const(keys))
        QCOMPARE(text(admin(ownerOf(redisKeySlot(key), masters().constFirst().address), {"GET", key})),
                 QByteArray::number(Threads * Rounds));
}

QTEST_GUILESS_MAIN(TestRedisCluster)
#include "tst_rediscluster.moc"
