// The threads of one store sharing pipelined connections per Redis Cluster
// master (RedisClusterLink over the cluster's RedisMux per node), on a
// throwaway cluster of the test's own (tests/testserver.h TestCluster: 3
// masters with one replica each), since it migrates a slot and kills a
// master:
//  - threadsShareConnections: many threads, one connection per thread or a
//    few shared per master (CLIENT LIST on every master while the pool is
//    alive), every INCR counted once;
//  - oneKeyManyThreads: 32 threads guard one key through one store; it
//    runs once, with and without WAIT (whose claims go over the threads'
//    own connections, RedisLink::unshared());
//  - movedWhilePipelined: threads INCR keys of one slot through one shared
//    connection per master while the slot moves to another master (ASK,
//    then MOVED), as commands and encoded: nothing fails, nothing is
//    counted twice or lost;
//  - guardedWhileMoved: pairs of threads guard keys of one bucket while its
//    slot moves: the claim scripts follow ASK and MOVED, every key runs
//    once and every replay returns its own response;
//  - masterKilledWhilePipelined (last: it breaks the cluster): threads
//    INCRBY keys of one master through one shared connection when that
//    master is SIGKILLed: every error is Unavailable (fail closed, never
//    retried), no thread gets another's reply, and the same pool works
//    again once the replica has taken over, without a restart.
// Bounds are hang guards, not speed assertions.
#include "tests/serverrequirement.h"
#include "tests/testrequests.h"
#include "tests/testserver.h"

#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/redisbuckets.h"
#include "app/store/rediscluster.h"
#include "app/store/redisconnection.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redislayout.h"

#include <QElapsedTimer>
#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

constexpr int kBoundMs = 60000; // liveness on a busy 2-core box, not speed

ScopePolicies policiesWith(const QString &scope, int replicaAcks)
{
    ScopePolicy policy = ScopePolicies::defaultFor(scope);
    policy.replicaAcks = replicaAcks;
    // A loaded 2-core box may take a while to replicate; the test is about
    // running once, not about the wait.
    policy.replicaWaitMs = 5000;
    ScopePolicies policies;
    policies.set(scope, policy);
    return policies;
}

} // namespace

class TstClusterShared : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void threadsShareConnections_data();
    void threadsShareConnections();
    void oneKeyManyThreads_data();
    void oneKeyManyThreads();
    void movedWhilePipelined();
    void guardedWhileMoved();
    void masterKilledWhilePipelined();

private:
    // The slot map as the first master that answers reads it.
    std::optional<RedisSlotMap> slotMap();
    // The master that serves `key`'s slot now (one CLUSTER SLOTS), -1 when none.
    int masterOfKey(const QByteArray &key);
    // A hash tag whose slot `master` serves.
    QByteArray tagOn(int master, const QByteArray &stem);
    // Connections of this process (CLIENT SETNAME idem-<pid>) on `node`.
    int ownConnections(int node);
    QByteArray cli(int node, const QStringList &arguments);
    QList<int> masters();
    void moveSlotUnderTraffic(const QByteArray &tag, int from, int to, int pauseMs = 20);

    std::unique_ptr<TestCluster> m_cluster;
};

void TstClusterShared::initTestCase()
{
    IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Redis);
    m_cluster = std::make_unique<TestCluster>();
    QString error;
    QVERIFY2(m_cluster->start(&error), qPrintable(error));
}

QByteArray TstClusterShared::cli(int node, const QStringList &arguments)
{
    QString error;
    const std::optional<QByteArray> out = m_cluster->cli(node, arguments, &error);
    if (!out)
        qWarning("redis-cli on node %d: %s", node, qPrintable(error));
    return out.value_or(QByteArray());
}

QList<int> TstClusterShared::masters()
{
    QList<int> all;
    for (int node = 0; node < TestCluster::NodeCount; ++node) {
        if (m_cluster->isRunning(node) && m_cluster->masterOf(node) == node)
            all << node;
    }
    return all;
}

std::optional<RedisSlotMap> TstClusterShared::slotMap()
{
    for (const int node : masters()) {
        const std::optional<std::pair<QByteArray, int>> hostPort = redisSplitAddress(m_cluster->address(node));
        RedisSettings settings;
        settings.host = hostPort->first;
        settings.port = hostPort->second;
        RedisConnection connection(settings);
        Result<RedisReply> reply = connection.command({"CLUSTER", "SLOTS"});
        if (!reply)
            continue;
        if (Result<RedisSlotMap> map = RedisSlotMap::parse(*reply.value(), settings.host))
            return std::move(map.value());
    }
    return std::nullopt;
}

int TstClusterShared::masterOfKey(const QByteArray &key)
{
    const std::optional<RedisSlotMap> map = slotMap();
    return map ? m_cluster->nodeOf(map->masterOf(redisKeySlot(key))) : -1;
}

QByteArray TstClusterShared::tagOn(int master, const QByteArray &stem)
{
    const std::optional<RedisSlotMap> map = slotMap();
    for (int i = 0; map && i < 100000; ++i) {
        const QByteArray tag = stem + QByteArray::number(i);
        if (m_cluster->nodeOf(map->masterOf(redisKeySlot(tag))) == master)
            return tag;
    }
    qWarning("no tag on node %d", master);
    return stem;
}

int TstClusterShared::ownConnections(int node)
{
    const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
    const QByteArray list = cli(node, {QStringLiteral("client"), QStringLiteral("list")});
    return int(list.count(name));
}

// Moves `tag`'s slot from master `from` to master `to` as redis-cli
// --cluster reshard does, a few keys at a time with pauses (pauseMs), so
// traffic meets ASK meanwhile and MOVED after (pauseMs 0: many keys at a
// time, no pauses); returns once the map names `to`.
void TstClusterShared::moveSlotUnderTraffic(const QByteArray &tag, int from, int to, int pauseMs)
{
    const QString slot = QString::number(redisKeySlot(tag));
    const auto idOf = [&](int node) {
        return QString::fromLatin1(cli(node, {QStringLiteral("cluster"), QStringLiteral("myid")}).trimmed());
    };
    const QString fromId = idOf(from);
    const QString toId = idOf(to);
    QVERIFY(!fromId.isEmpty() && !toId.isEmpty());
    const auto [host, port] = *redisSplitAddress(m_cluster->address(to));
    QCOMPARE(cli(to, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("importing"), fromId}).trimmed(),
             QByteArray("OK"));
    QCOMPARE(cli(from, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("migrating"), toId}).trimmed(),
             QByteArray("OK"));
    for (;;) {
        const QByteArray keys =
            cli(from, {QStringLiteral("cluster"), QStringLiteral("getkeysinslot"), slot, QString::number(pauseMs > 0 ? 4 : 500)}).trimmed();
        if (keys.isEmpty())
            break;
        QStringList migrate{QStringLiteral("migrate"), QString::fromUtf8(host), QString::number(port), QString(),
                            QStringLiteral("0"),       QStringLiteral("5000"),  QStringLiteral("keys")};
        for (const QByteArray &key : keys.split('\n'))
            migrate << QString::fromLatin1(key.trimmed());
        QCOMPARE(cli(from, migrate).trimmed(), QByteArray("OK"));
        QTest::qWait(pauseMs); // traffic meets ASK meanwhile
    }
    // The destination first, then the source, then the rest (as redis-cli
    // does): the other order sends MOVED back and forth meanwhile.
    QList<int> order{to, from};
    for (const int node : masters()) {
        if (node != to && node != from)
            order << node;
    }
    for (const int node : std::as_const(order))
        QCOMPARE(cli(node, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("node"), toId}).trimmed(),
                 QByteArray("OK"));
    QTRY_COMPARE_WITH_TIMEOUT(masterOfKey(tag), to, kBoundMs);
}

// --- Sharing

void TstClusterShared::threadsShareConnections_data()
{
    QTest::addColumn<int>("connections");
    QTest::newRow("a connection per thread") << 0;
    QTest::newRow("2 shared per master") << 2;
    QTest::newRow("4 shared per master") << 4;
    QTest::newRow("1 shared per master (the default)") << -1;
}

void TstClusterShared::threadsShareConnections()
{
    QFETCH(int, connections);
    constexpr int Threads = 24;
    constexpr int Rounds = 100;
    const QList<int> nodes = masters();
    QCOMPARE(nodes.size(), 3);
    QList<int> before;
    for (const int node : nodes)
        before << ownConnections(node);

    const Result<StoreUrl> url =
        StoreUrl::parse(m_cluster->url(connections < 0 ? QString() : QStringLiteral("connections=%1").arg(connections)));
    QVERIFY2(url, qPrintable(url ? QString() : url.error().message));
    RedisConnectionPool pool(url.value());
    // A key on every master, one per row: counted from zero.
    QList<QByteArray> keys;
    for (const int node : nodes)
        keys << '{' + tagOn(node, "share-") + "}:" + QTest::currentDataTag();
    QList<QString> errors(Threads);
    // The threads stay until the connections are counted: a thread's own
    // link is closed when its thread ends.
    std::atomic<int> done{0};
    std::atomic<bool> counted{false};
    std::vector<std::thread> threads;
    const auto joinAll = qScopeGuard([&] {
        counted = true;
        for (std::thread &thread : threads)
            thread.join();
    });
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            const auto wait = qScopeGuard([&] {
                ++done;
                while (!counted)
                    QThread::msleep(5);
            });
            Result<RedisLink *> link = pool.connection();
            if (!link) {
                errors[t] = link.error().message;
                return;
            }
            QList<RedisCommand> commands;
            for (const QByteArray &key : std::as_const(keys))
                commands.append(RedisCommand{"INCR", key});
            for (int round = 0; round < Rounds && errors.at(t).isEmpty(); ++round) {
                Result<QList<RedisReply>> replies = link.value()->pipeline(commands);
                if (!replies)
                    errors[t] = replies.error().message;
                else if (std::any_of(replies->cbegin(), replies->cend(),
                                     [](const RedisReply &r) { return r->type != REDIS_REPLY_INTEGER; }))
                    errors[t] = QStringLiteral("a reply that is not a count");
            }
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(done.load(), Threads, kBoundMs);
    for (const QString &error : std::as_const(errors))
        QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QByteArray &key : std::as_const(keys))
        QCOMPARE(cli(masterOfKey(key), {QStringLiteral("get"), QString::fromLatin1(key)}).trimmed(), QByteArray::number(Threads * Rounds));

    // The pool and its threads are alive: its connections are all open. A
    // connection closed meanwhile by an earlier test's pool only lowers the count.
    const int expected = connections == 0 ? Threads : connections < 0 ? 1 : connections;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const int open = ownConnections(nodes.at(i)) - before.at(i);
        qInfo("master %d: %d connections of this pool", nodes.at(i), open);
        if (connections == 0)
            QCOMPARE(open, expected); // the first row: nothing of an earlier pool is closing
        else
            QVERIFY2(open <= expected, qPrintable(QString::number(open)));
    }
}

void TstClusterShared::oneKeyManyThreads_data()
{
    QTest::addColumn<int>("replicaAcks");
    QTest::newRow("no WAIT") << 0;
    QTest::newRow("WAIT 1") << 1;
}

void TstClusterShared::oneKeyManyThreads()
{
    QFETCH(int, replicaAcks);
    constexpr int Threads = 32;
    constexpr int Rounds = 20;
    Result<std::unique_ptr<Store>> opened = openStore(m_cluster->url());
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    const QString scope = QStringLiteral("onekey%1").arg(replicaAcks);
    Guard guard(*opened.value(), policiesWith(scope, replicaAcks));
    std::atomic<int> runs{0};
    std::atomic<int> replayed{0};
    QList<QString> others(Threads);
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < Rounds; ++round) {
                const GuardResult result = guard.handle(requestFor(scope, QStringLiteral("the-key")), [&] {
                    ++runs;
                    QThread::msleep(20);
                    return Response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
                });
                if (result.outcome == GuardOutcome::Replayed)
                    ++replayed;
                else if (result.outcome != GuardOutcome::Executed && result.outcome != GuardOutcome::InProgress)
                    others[t] = guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const QString &other : std::as_const(others))
        QVERIFY2(other.isEmpty(), qPrintable(other));
    QCOMPARE(runs.load(), 1);
    QVERIFY(replayed.load() > 0);
}

// --- A slot moving under pipelined traffic

void TstClusterShared::movedWhilePipelined()
{
    constexpr int Threads = 16;
    const QList<int> nodes = masters();
    QCOMPARE(nodes.size(), 3);
    const int from = nodes.at(0);
    const int to = nodes.at(1);
    const QByteArray tag = tagOn(from, "moving-");
    const QString slot = QString::number(redisKeySlot(tag));

    const Result<StoreUrl> url = StoreUrl::parse(m_cluster->url(QStringLiteral("connections=1")));
    QVERIFY(url);
    RedisConnectionPool pool(url.value());
    std::atomic<bool> stop{false};
    std::atomic<int> started{0};
    QList<qint64> counted(Threads, 0);
    QList<QString> errors(Threads);
    std::vector<std::thread> threads;
    const auto joinAll = qScopeGuard([&] {
        stop = true;
        for (std::thread &thread : threads)
            thread.join();
    });
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            Result<RedisLink *> link = pool.connection();
            if (!link) {
                errors[t] = link.error().message;
                return;
            }
            // Two keys of the slot per request: one of them may have moved
            // while the other has not (ASK for one, the other served). Odd
            // threads send them encoded, as the store sends its scripts
            // (pipelineWireAt: decoded only to follow a redirect).
            const QByteArray a = '{' + tag + "}:a" + QByteArray::number(t);
            const QByteArray b = '{' + tag + "}:b" + QByteArray::number(t);
            const QList<RedisCommand> commands{{"INCR", a}, {"INCR", b}};
            const QByteArray wire = RedisConnection::encode(commands);
            ++started;
            while (!stop && errors.at(t).isEmpty()) {
                Result<QList<RedisReply>> replies =
                    t % 2 ? link.value()->pipelineWireAt(a, wire, commands.size()) : link.value()->pipeline(commands);
                if (!replies) {
                    errors[t] = replies.error().message;
                } else if (replies->at(0)->type != REDIS_REPLY_INTEGER || replies->at(1)->type != REDIS_REPLY_INTEGER) {
                    errors[t] =
                        QString::fromUtf8(replies->at(0)->type == REDIS_REPLY_INTEGER ? RedisConnection::errorText(*replies->at(1))
                                                                                      : RedisConnection::errorText(*replies->at(0)));
                } else {
                    ++counted[t];
                    if (replies->at(0)->integer != counted.at(t) || replies->at(1)->integer != counted.at(t))
                        errors[t] = QStringLiteral("counted %1, the server says %2 and %3")
                                        .arg(counted.at(t))
                                        .arg(replies->at(0)->integer)
                                        .arg(replies->at(1)->integer);
                }
            }
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(started.load(), Threads, kBoundMs);
    QTest::qWait(200);

    moveSlotUnderTraffic(tag, from, to);
    if (QTest::currentTestFailed())
        return;
    QTest::qWait(300); // traffic meets MOVED, then goes by the new map
    stop = true;
    for (std::thread &thread : threads)
        thread.join();
    threads.clear();

    for (int t = 0; t < Threads; ++t) {
        QVERIFY2(errors.at(t).isEmpty(), qPrintable(errors.at(t)));
        QVERIFY(counted.at(t) > 0);
        const QByteArray a = '{' + tag + "}:a" + QByteArray::number(t);
        QCOMPARE(cli(to, {QStringLiteral("get"), QString::fromLatin1(a)}).trimmed(), QByteArray::number(counted.at(t)));
    }
    QCOMPARE(cli(from, {QStringLiteral("cluster"), QStringLiteral("countkeysinslot"), slot}).trimmed(), QByteArray("0"));
}

// --- Guarded requests while their bucket's slot moves

void TstClusterShared::guardedWhileMoved()
{
    constexpr int Pairs = 8; // two threads per key, in step
    constexpr int KeysPerPair = 4000; // more than a migration takes
    const QString scope = QStringLiteral("movingguard");
    const QString bucketTag = RedisBuckets::tag(scope, 0, RedisBuckets::kDefaultCount);
    const QByteArray tag = bucketTag.toUtf8();
    const QList<int> nodes = masters();
    QCOMPARE(nodes.size(), 3);
    const int from = masterOfKey(tag);
    QVERIFY(from >= 0);
    const int to = nodes.at((nodes.indexOf(from) + 1) % nodes.size());
    // Keys of bucket 0 only: every request goes to the moving slot.
    QList<QStringList> keys(Pairs);
    for (int n = 0, pair = 0; pair < Pairs; ++n) {
        const QString key = QStringLiteral("pay-%1").arg(n);
        if (RedisBuckets::bucketOf(key.toUtf8(), RedisBuckets::kDefaultCount) != 0)
            continue;
        keys[pair].append(key);
        if (keys.at(pair).size() == KeysPerPair)
            ++pair;
    }
    const auto rejectedScripts = [&](int node) {
        const QByteArray stats = cli(node, {QStringLiteral("info"), QStringLiteral("commandstats")});
        const qsizetype at = stats.indexOf("cmdstat_evalsha:");
        const qsizetype field = at < 0 ? -1 : stats.indexOf("rejected_calls=", at);
        return field < 0 ? 0 : stats.mid(field + 15, stats.indexOf(',', field) - field - 15).toLongLong();
    };

    Result<std::unique_ptr<Store>> opened = openStore(m_cluster->url());
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Guard guard(*opened.value(), policiesWith(scope, 0));
    std::atomic<bool> stop{false};
    std::atomic<bool> moved{false};
    std::atomic<int> started{0};
    std::vector<std::atomic<int>> runs(Pairs * KeysPerPair);
    // A key a request of which failed closed during the move: its twin may
    // find it in progress (claimed, not completed) until its lease ends.
    std::vector<std::atomic<bool>> troubled(Pairs * KeysPerPair);
    std::atomic<int> failedClosed{0};
    std::atomic<int> settledAfterMove{0};
    QList<int> reached(Pairs * 2, 0);
    QList<QString> errors(Pairs * 2);
    std::vector<std::thread> threads;
    const auto joinAll = qScopeGuard([&] {
        stop = true;
        for (std::thread &thread : threads)
            thread.join();
    });
    for (int t = 0; t < Pairs * 2; ++t) {
        threads.emplace_back([&, t] {
            const int pair = t / 2;
            ++started;
            for (int n = 0; n < KeysPerPair && !stop && errors.at(t).isEmpty(); ++n) {
                const int at = pair * KeysPerPair + n;
                const QString &key = keys.at(pair).at(n);
                const QByteArray body = "{\"paid\":\"" + key.toUtf8() + "\"}";
                const bool afterMove = moved;
                // Each thread asks until it has an answer (a first request
                // or a replay; in progress while its twin runs the key), then
                // once more, which must be a replay.
                bool settled = true;
                for (int ask = 0; ask < 2 && settled && errors.at(t).isEmpty(); ++ask) {
                    for (int attempt = 0;; ++attempt) {
                        const GuardResult result = guard.handle(requestFor(scope, key), [&] {
                            ++runs[at];
                            return Response{200, {{"Content-Type", "application/json"}}, body};
                        });
                        if (result.outcome == GuardOutcome::InProgress && ask == 0 && attempt < 2000 && !troubled[at]) {
                            std::this_thread::sleep_for(std::chrono::milliseconds(1));
                            continue;
                        }
                        const bool fine = (result.outcome == GuardOutcome::Executed && ask == 0 && result.finalised)
                                          || (result.outcome == GuardOutcome::Replayed && result.response.body == body);
                        // While the slot's keys are split between the two
                        // masters a script on them gets TRYAGAIN (retried for
                        // 2 s, then a 503): failing closed, never widened.
                        const bool closed = result.outcome == GuardOutcome::StoreUnavailable
                                            || (result.outcome == GuardOutcome::Executed && !result.finalised)
                                            || (result.outcome == GuardOutcome::InProgress && troubled[at]);
                        if (!fine && closed && !afterMove) {
                            troubled[at] = true;
                            ++failedClosed;
                            settled = false;
                        } else if (!fine) {
                            errors[t] =
                                key
                                + QStringLiteral(" (ask %1%2): ").arg(ask).arg(afterMove ? QStringLiteral(", after the move") : QString())
                                + guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
                        }
                        break;
                    }
                }
                if (!errors.at(t).isEmpty())
                    break;
                if (settled && afterMove)
                    ++settledAfterMove;
                reached[t] = n + 1;
            }
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(started.load(), Pairs * 2, kBoundMs);
    QTest::qWait(200);
    moveSlotUnderTraffic(tag, from, to);
    if (QTest::currentTestFailed())
        return;
    moved = true;
    QTRY_VERIFY_WITH_TIMEOUT(settledAfterMove.load() >= 200, kBoundMs);
    stop = true;
    for (std::thread &thread : threads)
        thread.join();
    threads.clear();

    for (const QString &error : std::as_const(errors))
        QVERIFY2(error.isEmpty(), qPrintable(error));
    for (int t = 0; t < Pairs * 2; ++t)
        QVERIFY2(reached.at(t) < KeysPerPair, "the keys ran out before the test ended: raise KeysPerPair");
    // No key ran twice; every key both of a pair's threads settled ran once.
    for (int pair = 0; pair < Pairs; ++pair) {
        const int done = qMin(reached.at(pair * 2), reached.at(pair * 2 + 1));
        for (int n = 0; n < KeysPerPair; ++n) {
            const int at = pair * KeysPerPair + n;
            const int expected = n < done && !troubled[at] ? 1 : runs[at].load();
            QVERIFY2(runs[at].load() <= 1 && runs[at].load() == expected,
                     qPrintable(QStringLiteral("%1 ran %2 times").arg(keys.at(pair).at(n)).arg(runs[at].load())));
        }
    }
    // Back again with no traffic: the store's map still names `to`, so a
    // replay's script meets MOVED there, follows it and is answered.
    moveSlotUnderTraffic(tag, to, from, 0);
    if (QTest::currentTestFailed())
        return;
    const qint64 rejectedBefore = rejectedScripts(to);
    const QString &settledKey = keys.at(0).at(qMin(reached.at(0), reached.at(1)) - 1);
    const GuardResult replay = guard.handle(requestFor(scope, settledKey), [] { return Response{500, {}, "ran again"}; });
    QCOMPARE(guardOutcomeName(replay.outcome), guardOutcomeName(GuardOutcome::Replayed));
    QCOMPARE(replay.response.body, "{\"paid\":\"" + settledKey.toUtf8() + "\"}");
    QCOMPARE(rejectedScripts(to) - rejectedBefore, 1);
    qInfo("%d requests failed closed while the slot's keys were split between two masters", failedClosed.load());
    QCOMPARE(cli(to, {QStringLiteral("cluster"), QStringLiteral("countkeysinslot"), QString::number(redisKeySlot(tag))}).trimmed(),
             QByteArray("0"));
}

// --- A master killed under pipelined traffic (last: the cluster is left without it)

void TstClusterShared::masterKilledWhilePipelined()
{
    constexpr int Threads = 16;
    const QList<int> nodes = masters();
    QVERIFY(nodes.size() >= 2);
    const int victim = nodes.constLast();
    const int replica = m_cluster->replicaOf(victim);
    QVERIFY2(replica >= 0, "the master has no replica");
    const QByteArray tag = tagOn(victim, "killed-");

    const Result<StoreUrl> url = StoreUrl::parse(m_cluster->url(QStringLiteral("connections=1&timeout_ms=2000")));
    QVERIFY(url);
    RedisConnectionPool pool(url.value());
    std::atomic<bool> stop{false};
    std::atomic<int> started{0};
    std::atomic<int> unavailable{0};
    std::atomic<bool> killed{false};
    QList<int> succeededAfterKill(Threads, 0);
    QList<QString> errors(Threads);
    std::vector<std::thread> threads;
    const auto joinAll = qScopeGuard([&] {
        stop = true;
        for (std::thread &thread : threads)
            thread.join();
    });
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            Result<RedisLink *> link = pool.connection();
            if (!link) {
                errors[t] = link.error().message;
                return;
            }
            // Each thread adds its own step to its own key: a reply that is
            // not a multiple of it is another request's.
            const QByteArray key = '{' + tag + "}:" + QByteArray::number(t);
            const qint64 step = 1000 + t;
            ++started;
            while (!stop && errors.at(t).isEmpty()) {
                const bool afterKill = killed.load();
                Result<RedisReply> reply = link.value()->command({"INCRBY", key, QByteArray::number(step)});
                if (!reply) {
                    if (reply.error().kind != ErrorKind::Unavailable)
                        errors[t] = QStringLiteral("not Unavailable: ") + reply.error().message;
                    ++unavailable;
                    QThread::msleep(20);
                } else if (reply.value()->type == REDIS_REPLY_ERROR) {
                    // CLUSTERDOWN past its retries while the failover runs
                    // is a reply, and nothing ran: fail closed too.
                    const QByteArray text = RedisConnection::errorText(*reply.value());
                    if (!text.startsWith("CLUSTERDOWN"))
                        errors[t] = QString::fromUtf8(text);
                    ++unavailable;
                } else if (reply.value()->type != REDIS_REPLY_INTEGER || reply.value()->integer % step != 0) {
                    errors[t] = QStringLiteral("thread %1 got a reply that is not its own: %2").arg(t).arg(reply.value()->integer);
                } else if (afterKill) {
                    ++succeededAfterKill[t];
                }
            }
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(started.load(), Threads, kBoundMs);
    QTest::qWait(300);
    QString error;
    killed = true;
    QVERIFY2(m_cluster->kill(victim, &error), qPrintable(error));

    // Recovery without a restart of the pool: every thread succeeds again
    // once the replica serves the slot.
    QTRY_VERIFY_WITH_TIMEOUT(std::all_of(succeededAfterKill.cbegin(), succeededAfterKill.cend(), [](int n) { return n > 0; })
                                 || std::any_of(errors.cbegin(), errors.cend(), [](const QString &e) { return !e.isEmpty(); }),
                             kBoundMs);
    stop = true;
    for (std::thread &thread : threads)
        thread.join();
    threads.clear();
    for (const QString &e : std::as_const(errors))
        QVERIFY2(e.isEmpty(), qPrintable(e));
    QVERIFY2(unavailable.load() > 0, "no request failed while the master was gone");
    QCOMPARE(m_cluster->masterOf(replica), replica);
    qInfo("%d requests failed closed during the failover", unavailable.load());
}

QTEST_GUILESS_MAIN(TstClusterShared)
#include "tst_clustershared.moc"
