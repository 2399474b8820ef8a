// Routing in the Redis Cluster layer (app/store/rediscluster.h and
// redisclusterlink.h) against a real cluster of 3 masters and 3 replicas
// (IDEM_TEST_REDIS_CLUSTER_URL; tools/lib/servers.sh starts one): pipelines
// across masters answered in order, transactions kept on one node, node
// commands, cluster detection from one host, an unreachable seed, a lost
// connection not retried, many threads counting exactly.
#include "tests/redisclusterfixture.h"

#include <QtTest>

class TestRedisClusterRouting : public QObject, public RedisClusterFixture {
    Q_OBJECT

private slots:
    void initTestCase() { connectCluster(); }
    void cleanupTestCase() { deleteKeys(); }

    void pipelineAcrossMasters();
    void transactionStaysOnItsNode();
    void nodeCommands();
    void oneHostUrlDetectsCluster();
    void singleServerStaysSingle();
    void unreachableSeed();
    void lostConnectionIsNotRetried();
    void probeFailureAndBadDatabase();
    void manyThreadsCountExactly();
};

void TestRedisClusterRouting::pipelineAcrossMasters()
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

void TestRedisClusterRouting::transactionStaysOnItsNode()
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

void TestRedisClusterRouting::nodeCommands()
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

void TestRedisClusterRouting::oneHostUrlDetectsCluster()
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

void TestRedisClusterRouting::singleServerStaysSingle()
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

void TestRedisClusterRouting::unreachableSeed()
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

void TestRedisClusterRouting::lostConnectionIsNotRetried()
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

void TestRedisClusterRouting::probeFailureAndBadDatabase()
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

void TestRedisClusterRouting::manyThreadsCountExactly()
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

QTEST_GUILESS_MAIN(TestRedisClusterRouting)
#include "tst_redisclusterrouting.moc"
