// Guarded and pipelined traffic through one store while a Redis Cluster
// slot moves between masters (ASK meanwhile, MOVED after), on a throwaway
// cluster of the test's own (tests/testserver.h TestCluster: 3 masters with
// one replica each), since it migrates slots:
//  - movedWhilePipelined: threads INCR keys of one slot through one shared
//    connection per master while the slot moves to another master, as
//    commands and encoded: nothing fails, nothing is counted twice or lost;
//  - guardedWhileMoved: pairs of threads guard keys of one bucket while its
//    slot moves: a request fails closed (503) or runs once and is
//    finalised, every key both twins finished ran exactly once, every
//    replay returns its own
//    response, and a store with a stale map follows MOVED afterwards.
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

#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

constexpr int kBoundMs = 60000; // liveness on a busy 2-core box, not speed
constexpr int kPauseMs = 20; // between a move's batches of keys: traffic meets ASK meanwhile

// The scope's defaults: no WAIT (a slot move and its redirects are the point).
ScopePolicies defaultPolicies(const QString &scope)
{
    ScopePolicies policies;
    policies.set(scope, ScopePolicies::defaultFor(scope));
    return policies;
}

} // namespace

class TstClusterSlotMove : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void movedWhilePipelined();
    void guardedWhileMoved();

private:
    std::unique_ptr<TestCluster> m_cluster;
};

void TstClusterSlotMove::initTestCase()
{
    IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Redis);
    m_cluster = std::make_unique<TestCluster>();
    QString error;
    QVERIFY2(m_cluster->start(&error), qPrintable(error));
}

// --- A slot moving under pipelined traffic

void TstClusterSlotMove::movedWhilePipelined()
{
    constexpr int Threads = 16;
    const QList<int> nodes = m_cluster->masters();
    QCOMPARE(nodes.size(), 3);
    const int from = nodes.at(0);
    const int to = nodes.at(1);
    const QByteArray tag = m_cluster->tagOn(from, "moving-");
    QVERIFY(!tag.isEmpty());
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

    QString error;
    QVERIFY2(m_cluster->moveSlot(tag, from, to, kPauseMs, &error), qPrintable(error));
    QTest::qWait(300); // traffic meets MOVED, then goes by the new map
    stop = true;
    for (std::thread &thread : threads)
        thread.join();
    threads.clear();

    for (int t = 0; t < Threads; ++t) {
        QVERIFY2(errors.at(t).isEmpty(), qPrintable(errors.at(t)));
        QVERIFY(counted.at(t) > 0);
        const QByteArray a = '{' + tag + "}:a" + QByteArray::number(t);
        QCOMPARE(m_cluster->cliOrWarn(to, {QStringLiteral("get"), QString::fromLatin1(a)}).trimmed(), QByteArray::number(counted.at(t)));
    }
    QCOMPARE(m_cluster->cliOrWarn(from, {QStringLiteral("cluster"), QStringLiteral("countkeysinslot"), slot}).trimmed(), QByteArray("0"));
}

// --- Guarded requests while their bucket's slot moves

void TstClusterSlotMove::guardedWhileMoved()
{
    constexpr int Pairs = 8; // two threads per key, in step
    constexpr int KeysPerPair = 4000; // more than a migration takes
    const QString scope = QStringLiteral("movingguard");
    const QString bucketTag = RedisBuckets::tag(scope, 0, RedisBuckets::kDefaultCount);
    const QByteArray tag = bucketTag.toUtf8();
    const QList<int> nodes = m_cluster->masters();
    QCOMPARE(nodes.size(), 3);
    const int from = m_cluster->masterOfKey(tag);
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
        const QByteArray stats = m_cluster->cliOrWarn(node, {QStringLiteral("info"), QStringLiteral("commandstats")});
        const qsizetype at = stats.indexOf("cmdstat_evalsha:");
        const qsizetype field = at < 0 ? -1 : stats.indexOf("rejected_calls=", at);
        return field < 0 ? 0 : stats.mid(field + 15, stats.indexOf(',', field) - field - 15).toLongLong();
    };

    Result<std::unique_ptr<Store>> opened = openStore(m_cluster->url());
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Guard guard(*opened.value(), defaultPolicies(scope));
    std::atomic<bool> stop{false};
    std::atomic<bool> moved{false};
    std::atomic<int> started{0};
    std::vector<std::atomic<int>> runs(Pairs * KeysPerPair);
    // A key a request of which failed closed during the move: its twin may
    // have found it in progress meanwhile (claimed, its completion waiting).
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
                    // The twin's request may wait out TRYAGAIN for 2 s, longer on a busy box.
                    const QDeadlineTimer twinBound(kBoundMs);
                    for (;;) {
                        const GuardResult result = guard.handle(requestFor(scope, key), [&] {
                            ++runs[at];
                            return Response{200, {{"Content-Type", "application/json"}}, body};
                        });
                        if (result.outcome == GuardOutcome::InProgress && ask == 0 && !twinBound.hasExpired() && !troubled[at]) {
                            std::this_thread::sleep_for(std::chrono::milliseconds(1));
                            continue;
                        }
                        const bool fine = (result.outcome == GuardOutcome::Executed && ask == 0 && result.finalised)
                                          || (result.outcome == GuardOutcome::Replayed && result.response.body == body);
                        // While the slot's keys are split between the two
                        // masters a claim's script gets TRYAGAIN (retried for
                        // 2 s, then a 503): failing closed, never widened.
                        // Or the twin's did, which may have begun before the
                        // move ended although this thread's began after it.
                        // A completion waits the move out (30 s): a request
                        // that ran is always finalised.
                        const bool closed = result.outcome == GuardOutcome::StoreUnavailable;
                        const bool twinClosed = result.outcome == GuardOutcome::InProgress && troubled[at];
                        if (!fine && ((closed && !afterMove) || twinClosed)) {
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
    QString error;
    QElapsedTimer moving;
    moving.start();
    QVERIFY2(m_cluster->moveSlot(tag, from, to, kPauseMs, &error), qPrintable(error));
    moved = true;
    qInfo("the slot moved in %lld ms", moving.elapsed());
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
    QVERIFY2(m_cluster->moveSlot(tag, to, from, 0, &error), qPrintable(error));
    const qint64 rejectedBefore = rejectedScripts(to);
    const QString &settledKey = keys.at(0).at(qMin(reached.at(0), reached.at(1)) - 1);
    const GuardResult replay = guard.handle(requestFor(scope, settledKey), [] { return Response{500, {}, "ran again"}; });
    QCOMPARE(guardOutcomeName(replay.outcome), guardOutcomeName(GuardOutcome::Replayed));
    QCOMPARE(replay.response.body, "{\"paid\":\"" + settledKey.toUtf8() + "\"}");
    QCOMPARE(rejectedScripts(to) - rejectedBefore, 1);
    qInfo("%d requests failed closed while the slot's keys were split between two masters", failedClosed.load());
    QCOMPARE(m_cluster->cliOrWarn(to, {QStringLiteral("cluster"), QStringLiteral("countkeysinslot"), QString::number(redisKeySlot(tag))})
                 .trimmed(),
             QByteArray("0"));
}

QTEST_GUILESS_MAIN(TstClusterSlotMove)
#include "tst_clusterslotmove.moc"
