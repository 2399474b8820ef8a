// Slots in the Redis Cluster routing layer (app/store/rediscluster.h and
// redisclusterlink.h) against a real cluster of 3 masters and 3 replicas
// (IDEM_TEST_REDIS_CLUSTER_URL; tools/lib/servers.sh starts one): key slots
// as the server computes them, the key of each command, and MOVED, ASK and
// TRYAGAIN during a slot migration made here (and undone): a claim fails
// closed soon, the end of a claim whose business ran waits the move out,
// and a script missing on the importing master is loaded there.
#include "tests/redisclusterfixture.h"
#include "tests/testrequests.h"

#include "app/store/openstore.h"
#include "app/store/redisbuckets.h"
#include "app/store/redislayout.h"

#include <QtTest>

#include <atomic>

class TestRedisClusterSlots : public QObject, public RedisClusterFixture {
    Q_OBJECT

private slots:
    void initTestCase() { connectCluster(); }
    void cleanupTestCase() { deleteKeys(); }

    void keySlot_data();
    void keySlot();
    void keySlotMatchesServer();
    void commandKey_data();
    void commandKey();

    void movedFollowsMigration();
    void askDuringMigration();
    void finishWaitsOutSplitBucket();

private:
    // TRYAGAIN replies on these nodes so far (INFO errorstats).
    qint64 tryAgains(const QList<Node> &nodes);
};

void TestRedisClusterSlots::keySlot_data()
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

void TestRedisClusterSlots::keySlot()
{
    QFETCH(QByteArray, key);
    QFETCH(int, slot);
    QCOMPARE(redisKeySlot(key), slot);
}

void TestRedisClusterSlots::keySlotMatchesServer()
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

void TestRedisClusterSlots::commandKey_data()
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

void TestRedisClusterSlots::commandKey()
{
    QFETCH(QByteArrayList, command);
    QFETCH(QByteArray, key);
    const std::optional<QByteArrayView> found = RedisClusterLink::commandKey(command);
    QCOMPARE(found.has_value(), !key.isEmpty());
    if (found)
        QCOMPARE(found->toByteArray(), key);
}

void TestRedisClusterSlots::movedFollowsMigration()
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

void TestRedisClusterSlots::askDuringMigration()
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

    // Both keys at once while they are apart: TRYAGAIN, retried for 2 s
    // (the sleeps alone take that long), then returned as the reply.
    QElapsedTimer timer;
    timer.start();
    const qint64 tryAgainsBefore = tryAgains({from, to});
    Result<RedisReply> apart = link.value()->command({"MGET", moved, staying});
    QVERIFY2(apart.ok(), qPrintable(apart.error().message));
    QVERIFY2(text(apart.value()).startsWith("TRYAGAIN"), text(apart.value()).constData());
    QVERIFY2(timer.elapsed() >= 1900, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(tryAgains({from, to}) - tryAgainsBefore > 1);

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

void TestRedisClusterSlots::finishWaitsOutSplitBucket()
{
    constexpr int BoundMs = 60000; // liveness on a busy 2-core box, not speed
    const QString scope = QStringLiteral("splitfinish");
    // Two keys of bucket 0: one claimed before its bucket splits, one after.
    QStringList keys;
    for (int n = 0; keys.size() < 2; ++n) {
        const QString key = QString::fromLatin1(runPrefix()) + QStringLiteral("pay-%1").arg(n);
        if (RedisBuckets::bucketOf(key.toUtf8(), RedisBuckets::kDefaultCount) == 0)
            keys.append(key);
    }
    const QString tag = RedisBuckets::tag(scope, 0, RedisBuckets::kDefaultCount);
    const int slot = redisKeySlot(tag.toUtf8());
    const QList<Node> nodes = masters();
    const QString owner = ownerOf(slot, nodes.constFirst().address);
    const auto fromAt = std::find_if(nodes.cbegin(), nodes.cend(), [&](const Node &n) { return n.address == owner; });
    QVERIFY(fromAt != nodes.cend());
    const Node from = *fromAt;
    const Node to = nodes.at((fromAt - nodes.cbegin() + 1) % nodes.size());
    for (const QString &key : std::as_const(keys))
        m_keys << RedisLayout::recordKey(tag, key);

    Result<std::unique_ptr<Store>> opened = openStore(m_url);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    ScopePolicies policies;
    policies.set(scope, ScopePolicies::defaultFor(scope)); // no WAIT: the split is the point
    Guard guard(*opened.value(), policies);

    // The first key's business runs while its bucket is split.
    std::atomic<int> stage{0}; // 1: the business runs; 2: it may return
    std::atomic<bool> finished{false};
    GuardResult first;
    std::thread request([&] {
        first = guard.handle(requestFor(scope, keys.at(0)), [&] {
            stage = 1;
            while (stage.load() < 2)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return Response{200, {}, "paid once"};
        });
        finished = true;
    });
    bool moved = false;
    const auto cleanup = qScopeGuard([&] {
        stage = 2;
        if (request.joinable())
            request.join();
        if (!moved) {
            moveKeys(slot, from, to);
            finishMigration(slot, to, from);
        }
        migrateSlot(slot, to, from);
    });
    QTRY_COMPARE_WITH_TIMEOUT(stage.load(), 1, BoundMs);

    // Every key of the bucket moves but the first key's record.
    beginMigration(slot, from, to);
    const QByteArray record = RedisLayout::recordKey(tag, keys.at(0));
    QList<QByteArray> others = items(admin(from.address, {"CLUSTER", "GETKEYSINSLOT", QByteArray::number(slot), "1000"}));
    QVERIFY(others.removeAll(record) == 1);
    QVERIFY(!others.isEmpty()); // the in-flight index at least
    const auto hostPort = redisSplitAddress(to.address);
    RedisCommand migrate{"MIGRATE", hostPort->first, QByteArray::number(hostPort->second), "", "0", "5000", "KEYS"};
    QCOMPARE(text(admin(from.address, migrate + others)), QByteArray("OK"));

    // A claim on the split bucket fails closed once its 2 s are up,
    // before its business runs.
    qint64 before = tryAgains({from, to});
    bool secondRan = false;
    const GuardResult second = guard.handle(requestFor(scope, keys.at(1)), [&] {
        secondRan = true;
        return Response{200, {}, "ran"};
    });
    QCOMPARE(guardOutcomeName(second.outcome), guardOutcomeName(GuardOutcome::StoreUnavailable));
    QVERIFY2(second.message.contains(QLatin1String("TRYAGAIN")), qPrintable(second.message));
    QVERIFY(!secondRan);
    const qint64 claimTries = tryAgains({from, to}) - before;
    QVERIFY(claimTries > 1);

    // The first key's business returns: its completion meets the split and
    // keeps trying past the claim's budget, until the bucket has moved.
    before = tryAgains({from, to});
    stage = 2;
    QTRY_VERIFY_WITH_TIMEOUT(tryAgains({from, to}) - before > claimTries || finished, BoundMs);
    QVERIFY2(!finished, qPrintable(first.message));
    // The importing master has no scripts yet (as a master added to the
    // cluster would not): its NOSCRIPT is answered by loading them there,
    // where the completion went by ASK, not on the master the map names.
    QCOMPARE(text(admin(to.address, {"SCRIPT", "FLUSH"})), QByteArray("OK"));
    moveKeys(slot, from, to);
    finishMigration(slot, to, from);
    moved = true;
    request.join();
    QCOMPARE(guardOutcomeName(first.outcome), guardOutcomeName(GuardOutcome::Executed));
    QVERIFY2(first.finalised, qPrintable(first.message));

    // Its retry replays the response, the other key runs now.
    const GuardResult replay = guard.handle(requestFor(scope, keys.at(0)), [] { return Response{500, {}, "ran again"}; });
    QCOMPARE(guardOutcomeName(replay.outcome), guardOutcomeName(GuardOutcome::Replayed));
    QCOMPARE(replay.response.body, QByteArray("paid once"));
    const GuardResult again = guard.handle(requestFor(scope, keys.at(1)), [] { return Response{200, {}, "ran"}; });
    QCOMPARE(guardOutcomeName(again.outcome), guardOutcomeName(GuardOutcome::Executed));
    QVERIFY2(again.finalised, qPrintable(again.message));
}

qint64 TestRedisClusterSlots::tryAgains(const QList<Node> &nodes)
{
    // "errorstat_TRYAGAIN:count=3"
    qint64 total = 0;
    for (const Node &node : nodes) {
        const QByteArray stats = text(admin(node.address, {"INFO", "errorstats"}));
        const qsizetype at = stats.indexOf("errorstat_TRYAGAIN:count=");
        if (at >= 0)
            total += stats.mid(at + 25, stats.indexOf('\r', at) - at - 25).toLongLong();
    }
    return total;
}

QTEST_GUILESS_MAIN(TestRedisClusterSlots)
#include "tst_redisclusterslots.moc"
