// The threads of one store sharing pipelined connections per Redis Cluster
// master (RedisClusterLink over the cluster's RedisMux per node), on a
// throwaway cluster of the test's own (tests/testserver.h TestCluster: 3
// masters with one replica each), since it kills a master (slots moving
// under traffic: tst_clusterslotmove):
//  - threadsShareConnections: many threads, one connection per thread or a
//    few shared per master (CLIENT LIST on every master while the pool is
//    alive), every INCR counted once;
//  - oneKeyManyThreads: 32 threads guard one key through one store; it
//    runs once, with and without WAIT (whose claims go over the threads'
//    own connections, RedisLink::unshared());
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
#include "app/store/rediscluster.h"
#include "app/store/redisconnection.h"
#include "app/store/redisconnectionpool.h"

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
    void masterKilledWhilePipelined();

private:
    // Connections of this process (CLIENT SETNAME idem-<pid>) on `node`.
    int ownConnections(int node);

    std::unique_ptr<TestCluster> m_cluster;
};

void TstClusterShared::initTestCase()
{
    IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Redis);
    m_cluster = std::make_unique<TestCluster>();
    QString error;
    QVERIFY2(m_cluster->start(&error), qPrintable(error));
}

int TstClusterShared::ownConnections(int node)
{
    const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
    const QByteArray list = m_cluster->cliOrWarn(node, {QStringLiteral("client"), QStringLiteral("list")});
    return int(list.count(name));
}

// --- Sharing

void TstClusterShared::threadsShareConnections_data()
{
    QTest::addColumn<int>("connections");
    QTest::newRow("a connection per thread") << 0;
    QTest::newRow("2 shared per master") << 2;
    QTest::newRow("4 shared per master") << 4;
    QTest::newRow("the default: at most 4 in all, 1 each of 3 masters") << -1;
}

void TstClusterShared::threadsShareConnections()
{
    QFETCH(int, connections);
    constexpr int Threads = 24;
    constexpr int Rounds = 100;
    const QList<int> nodes = m_cluster->masters();
    QCOMPARE(nodes.size(), 3);
    // An earlier pool's connections are closed when it is destroyed; the
    // server may still list them for a moment.
    for (const int node : nodes)
        QTRY_COMPARE_WITH_TIMEOUT(ownConnections(node), 0, kBoundMs);

    const Result<StoreUrl> url =
        StoreUrl::parse(m_cluster->url(connections < 0 ? QString() : QStringLiteral("connections=%1").arg(connections)));
    QVERIFY2(url, qPrintable(url ? QString() : url.error().message));
    RedisConnectionPool pool(url.value());
    // A key on every master, one per row: counted from zero.
    QList<QByteArray> keys;
    for (const int node : nodes)
        keys << '{' + m_cluster->tagOn(node, "share-") + "}:" + QTest::currentDataTag();
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
        QCOMPARE(m_cluster->cliOrWarn(m_cluster->masterOfKey(key), {QStringLiteral("get"), QString::fromLatin1(key)}).trimmed(),
                 QByteArray::number(Threads * Rounds));

    // The pool and its threads are alive: its connections are all open.
    const int expected = connections == 0 ? Threads : connections < 0 ? kRedisSharedConnections / 3 : connections;
    for (const int node : nodes) {
        const int open = ownConnections(node);
        qInfo("master %d: %d connections of this pool", node, open);
        QCOMPARE(open, expected);
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

// --- A master killed under pipelined traffic (last: the cluster is left without it)

void TstClusterShared::masterKilledWhilePipelined()
{
    constexpr int Threads = 16;
    const QList<int> nodes = m_cluster->masters();
    QVERIFY(nodes.size() >= 2);
    const int victim = nodes.constLast();
    const int replica = m_cluster->replicaOf(victim);
    QVERIFY2(replica >= 0, "the master has no replica");
    const QByteArray tag = m_cluster->tagOn(victim, "killed-");
    QVERIFY(!tag.isEmpty());

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
