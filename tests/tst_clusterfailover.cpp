// A Redis Cluster master SIGKILLed under guarded load, on a throwaway
// cluster of the test's own (tests/testserver.h TestCluster: 6 nodes, 3
// masters with one replica each, never the shared cluster of
// IDEM_TEST_REDIS_CLUSTER_URL). Every case keeps one Store object from
// before the kill to the end: it must find the new master by itself.
//
// pressThroughFailover: press client threads (as app/sim/pressrun.h, one
// hot key or many keys, the business counting its runs per key) run while
// the master of press-0 is killed; a probe in the test thread sends new
// keys of that master's slots until one executes. Counted: keys that ran
// more than once (doubles), keys never run, the errors, the seconds until
// the probe executes.
// Asserted: every error is store_unavailable (fail closed, nothing ran
// unguarded), the probe recovers within a liveness bound, and with
// replicaAcks=1 no key ran twice. Without WAIT a double needs a claim that
// was acknowledged but not yet replicated at the kill: on loopback that
// window is tiny, so the count is reported, not asserted.
//
// lossWindow makes that window certain: the replica of the master is
// SIGSTOPped and 48 MB written to the master first, more than both loopback
// socket buffers hold, so the claims that follow stay in the master's
// output buffer and die with it (checked by replication offsets, not
// assumed). Without WAIT every such key runs twice after the failover;
// with WAIT none runs before the kill (the claim answers Unavailable and is
// released at once, not left in flight) and each runs once afterwards.
//
// With replicaAcks=1 the promoted master has no replica until the killed
// node rejoins, so new claims of its slots fail closed until then: the test
// restarts the killed node once its replica has taken over, as an operator
// or orchestrator would. Bounds are hang guards, not speed assertions.
#include "tests/testrequests.h"
#include "tests/testserver.h"

#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/redisbuckets.h"
#include "app/store/rediscluster.h"
#include "app/store/redislayout.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QScopeGuard>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace {

constexpr int kRecoveryBoundMs = 60000; // liveness on a busy 2-core box, not speed
constexpr int kProbeIntervalMs = 100;
constexpr int kFillerMegabytes = 48; // > tcp_rmem max (32 MB) + tcp_wmem max (4 MB) on Debian 12

int nodeOfKey(const TestCluster &cluster, const RedisSlotMap &map, const QByteArray &rawKey)
{
    return cluster.nodeOf(map.masterOf(redisKeySlot(rawKey)));
}

// The node whose slots hold `key` of `scope` (its bucket's record key).
int ownerOf(const TestCluster &cluster, const RedisSlotMap &map, const QString &scope, const QString &key)
{
    const ScopeBuckets buckets = RedisBuckets::make(scope, RedisBuckets::kDefaultCount);
    return nodeOfKey(cluster, map, RedisLayout::recordKey(buckets.tagOf(key.toUtf8()), key));
}

// `count` keys `prefix`0, `prefix`1 … of `scope` whose records live on `node`.
QStringList keysOn(const TestCluster &cluster, const RedisSlotMap &map, int node, const QString &scope, const QString &prefix, int count)
{
    QStringList keys;
    for (int i = 0; keys.size() < count && i < count * 50; ++i) {
        const QString key = prefix + QString::number(i);
        if (ownerOf(cluster, map, scope, key) == node)
            keys << key;
    }
    return keys;
}

ScopePolicies policiesWith(const QString &scope, int replicaAcks)
{
    ScopePolicy policy = ScopePolicies::defaultFor(scope);
    policy.replicaAcks = replicaAcks;
    ScopePolicies policies;
    policies.set(scope, policy);
    return policies;
}

Response okResponse()
{
    return Response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
}

// A press's tally kept across the whole failover. The clients send every
// key again and again, as runPress does (app/sim/pressrun.h: a business
// action that counts its runs, then sleeps workMs), but count per key from
// before the kill to the end: runPress counts per call and reports only the
// sum, and one call cannot be made to span a failover of unknown length.
struct PressTally {
    explicit PressTally(int keys)
        : executions(size_t(keys))
    {
    }

    std::vector<std::atomic<int>> executions;
    std::atomic<qint64> requests{0};
    std::atomic<qint64> replayed{0};
    std::atomic<qint64> errors{0};
    std::atomic<int> next{0};
    QMutex samplesMutex;
    QStringList errorSamples; // the first few answers that were neither executed, replayed nor in progress

    int doubles() const
    {
        int n = 0;
        for (const std::atomic<int> &runs : executions)
            n += qMax(0, runs.load() - 1);
        return n;
    }
    int neverRun() const
    {
        return int(std::count_if(executions.cbegin(), executions.cend(), [](const std::atomic<int> &runs) { return runs.load() == 0; }));
    }
};

// One guarded request for key k; false when it was an error.
bool pressOnce(Guard &guard, const QString &scope, int k, int workMs, PressTally &tally)
{
    const GuardResult result = guard.handle(requestFor(scope, QStringLiteral("press-%1").arg(k)), [&] {
        ++tally.executions[size_t(k)];
        QThread::msleep(workMs);
        return okResponse();
    });
    ++tally.requests;
    switch (result.outcome) {
    case GuardOutcome::Executed:
    case GuardOutcome::InProgress:
        return true;
    case GuardOutcome::Replayed:
        ++tally.replayed;
        return true;
    default:
        ++tally.errors;
        QMutexLocker lock(&tally.samplesMutex);
        if (tally.errorSamples.size() < 10)
            tally.errorSamples << guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
        return false;
    }
}

// What the probe saw from the kill until a new key of the killed master's
// slots executed.
struct Recovery {
    qint64 ms = -1; // -1: not within the bound
    int unavailable = 0;
    QStringList otherOutcomes; // anything but store_unavailable before the first execution
};

bool failedClosed(const QString &sample)
{
    return sample.startsWith(guardOutcomeName(GuardOutcome::StoreUnavailable) + QLatin1Char(':'));
}

// Writes kFillerMegabytes of values to `master` (one script, keys of one of
// its slots), which its paused replica cannot take in: whatever the master
// writes next stays in its output buffer. Returns the master's replication
// offset after the filler (0 on failure).
qint64 fillReplicationStream(const TestCluster &cluster, const RedisSlotMap &map, int master)
{
    QByteArray tag;
    for (int i = 0; tag.isEmpty() && i < 1000; ++i) {
        const QByteArray candidate = "{filler-" + QByteArray::number(i) + '}';
        if (nodeOfKey(cluster, map, candidate) == master)
            tag = candidate;
    }
    QString error;
    const std::optional<QByteArray> written = cluster.cli(
        master,
        {QStringLiteral("eval"),
         QStringLiteral("for i = 1, %1 do redis.call('SET', KEYS[1] .. i, string.rep('x', 1048576)) end return 1").arg(kFillerMegabytes),
         QStringLiteral("1"), QString::fromLatin1(tag)},
        &error);
    if (tag.isEmpty() || !written) {
        qWarning("filler: %s", qPrintable(error));
        return 0;
    }
    return cluster.info(master, "master_repl_offset").toLongLong();
}

// One guarded request per key, all at once (a replica that never confirms
// makes each one wait its replicaWaitMs); the business counts its runs.
QList<GuardOutcome> handleAll(Guard &guard, const QString &scope, const QStringList &keys, std::vector<std::atomic<int>> &executions)
{
    QList<GuardOutcome> outcomes(keys.size());
    std::vector<std::thread> clients;
    for (qsizetype k = 0; k < keys.size(); ++k) {
        clients.emplace_back([&, k] {
            outcomes[k] = guard
                              .handle(requestFor(scope, keys.at(k)),
                                      [&] {
                                          ++executions[size_t(k)];
                                          return okResponse();
                                      })
                              .outcome;
        });
    }
    for (std::thread &client : clients)
        client.join();
    return outcomes;
}

// Each key again, every 100 ms while the store is unavailable, until it
// executes or replays (or the liveness bound passes): the last outcome per key.
QList<GuardOutcome> retryUntilAnswered(Guard &guard, const QString &scope, const QStringList &keys,
                                       std::vector<std::atomic<int>> &executions)
{
    QElapsedTimer timer;
    timer.start();
    QList<GuardOutcome> outcomes;
    for (qsizetype k = 0; k < keys.size(); ++k) {
        GuardOutcome outcome = GuardOutcome::StoreUnavailable;
        for (;;) {
            outcome = guard
                          .handle(requestFor(scope, keys.at(k)),
                                  [&] {
                                      ++executions[size_t(k)];
                                      return okResponse();
                                  })
                          .outcome;
            if (outcome != GuardOutcome::StoreUnavailable || timer.elapsed() > kRecoveryBoundMs)
                break;
            QThread::msleep(kProbeIntervalMs);
        }
        outcomes << outcome;
    }
    return outcomes;
}

} // namespace

class TstClusterFailover : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pressThroughFailover_data();
    void pressThroughFailover();
    void lossWindow_data();
    void lossWindow();

private:
    Recovery probeUntilExecuted(Guard &guard, TestCluster &cluster, int killed, int replica, const QStringList &probeKeys,
                                const QString &scope, int replicaAcks, const QElapsedTimer &sinceKill);
    bool rejoin(TestCluster &cluster, int killed, int replica);
    bool pressEveryKeyUntilClean(Guard &guard, const QString &scope, int workMs, PressTally &tally);
};

void TstClusterFailover::initTestCase()
{
    IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Redis);
}

void TstClusterFailover::pressThroughFailover_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("concurrency");
    QTest::addColumn<int>("workMs");
    QTest::addColumn<int>("replicaAcks");
    QTest::addColumn<int>("killAfterMs");
    // The hot key: its record exists when the kill comes, so the failover
    // tests that it survived (replays, no second run).
    QTest::newRow("hot key, no WAIT") << 1 << 32 << 20 << 0 << 600;
    QTest::newRow("hot key, WAIT 1") << 1 << 32 << 20 << 1 << 600;
    // Many keys: the kill lands among claims, business runs and completions.
    QTest::newRow("many keys, no WAIT") << 3000 << 16 << 5 << 0 << 500;
    QTest::newRow("many keys, WAIT 1") << 3000 << 16 << 5 << 1 << 500;
}

void TstClusterFailover::pressThroughFailover()
{
    QFETCH(int, keys);
    QFETCH(int, concurrency);
    QFETCH(int, workMs);
    QFETCH(int, replicaAcks);
    QFETCH(int, killAfterMs);

    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error));
    Result<std::unique_ptr<Store>> opened = openStore(cluster.url());
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = *opened.value();

    const QString scope = QStringLiteral("pay%1x%2").arg(keys).arg(replicaAcks);
    const std::optional<RedisSlotMap> map = cluster.slotMap();
    QVERIFY2(map, "no master answered CLUSTER SLOTS");
    const int killed = ownerOf(cluster, *map, scope, QStringLiteral("press-0"));
    QVERIFY2(killed >= 0, "no master owns press-0");
    const int replica = cluster.replicaOf(killed);
    QVERIFY2(replica >= 0, "the master of press-0 has no replica");
    const QString probeScope = scope + QStringLiteral("probe");
    const QStringList probeKeys = keysOn(cluster, *map, killed, probeScope, QStringLiteral("probe-"), kRecoveryBoundMs / kProbeIntervalMs);
    QVERIFY(!probeKeys.isEmpty());

    Guard guard(store, policiesWith(scope, replicaAcks));
    PressTally tally(keys);
    std::atomic<bool> stop{false};
    std::vector<std::thread> clients;
    // Stops and joins the clients however this function returns (a failed
    // check returns early; a joinable std::thread would terminate the test).
    const auto stopClients = [&] {
        stop = true;
        for (std::thread &client : clients) {
            if (client.joinable())
                client.join();
        }
    };
    const auto joinOnReturn = qScopeGuard(stopClients);
    for (int t = 0; t < concurrency; ++t) {
        clients.emplace_back([&] {
            while (!stop)
                pressOnce(guard, scope, tally.next++ % keys, workMs, tally);
        });
    }
    QTest::qWait(killAfterMs);
    if (keys == 1) {
        // The hot key must have its record before the kill.
        QTRY_VERIFY_WITH_TIMEOUT(tally.replayed.load() > 0, kRecoveryBoundMs);
    }
    QElapsedTimer sinceKill;
    QVERIFY2(cluster.kill(killed, &error), qPrintable(error));
    sinceKill.start();

    Guard probe(store, policiesWith(probeScope, replicaAcks));
    const Recovery recovery = probeUntilExecuted(probe, cluster, killed, replica, probeKeys, probeScope, replicaAcks, sinceKill);
    stopClients();
    QVERIFY2(pressEveryKeyUntilClean(guard, scope, workMs, tally), "the keys still met errors a minute after the recovery");

    // A key never run is one whose claim reached the replica while its WAIT
    // died with the master: in flight on the new master (409), never run twice.
    qInfo("%s: %lld requests; %d of %d keys ran twice, %d never ran (left in flight); %lld errors; "
          "probe: %d store_unavailable, executed %.1f s after the kill",
          QTest::currentDataTag(), tally.requests.load(), tally.doubles(), keys, tally.neverRun(), tally.errors.load(),
          recovery.unavailable, recovery.ms / 1000.0);
    for (const QString &sample : std::as_const(tally.errorSamples))
        QVERIFY2(failedClosed(sample), qPrintable(QStringLiteral("not a fail-closed answer: ") + sample));
    QVERIFY2(recovery.otherOutcomes.isEmpty(), qPrintable(recovery.otherOutcomes.join(QLatin1String("; "))));
    QVERIFY2(recovery.unavailable > 0, "the probe right after the kill did not fail closed");
    QVERIFY2(recovery.ms >= 0, qPrintable(QStringLiteral("no guarded request of the killed master's slots executed within %1 s of the kill")
                                              .arg(kRecoveryBoundMs / 1000)));
    if (replicaAcks > 0)
        QCOMPARE(tally.doubles(), 0);
    for (int k = 0; k < keys; ++k) {
        if (tally.executions[size_t(k)].load() > 0)
            continue;
        const Result<std::optional<Record>> record = store.get(scope, QStringLiteral("press-%1").arg(k));
        QVERIFY2(record && record.value() && record.value()->state == RecordState::InFlight,
                 qPrintable(QStringLiteral("press-%1 never ran and is not in flight").arg(k)));
    }
}

// One new key every 100 ms until one executes; with replicaAcks the killed
// node is restarted once its replica is master (see the file comment).
Recovery TstClusterFailover::probeUntilExecuted(Guard &guard, TestCluster &cluster, int killed, int replica, const QStringList &probeKeys,
                                                const QString &scope, int replicaAcks, const QElapsedTimer &sinceKill)
{
    Recovery recovery;
    bool rejoined = replicaAcks == 0;
    for (const QString &key : probeKeys) {
        if (sinceKill.elapsed() > kRecoveryBoundMs)
            break;
        const GuardResult result = guard.handle(requestFor(scope, key), okResponse);
        if (result.outcome == GuardOutcome::Executed) {
            recovery.ms = sinceKill.elapsed();
            break;
        }
        if (result.outcome == GuardOutcome::StoreUnavailable)
            ++recovery.unavailable;
        else
            recovery.otherOutcomes << guardOutcomeName(result.outcome) + QStringLiteral(": ") + result.message;
        if (!rejoined)
            rejoined = rejoin(cluster, killed, replica);
        QThread::msleep(kProbeIntervalMs);
    }
    return recovery;
}

// The killed node back, once its slots have a new master: it then rejoins
// as that master's replica (started earlier, with no data and its old
// nodes.conf, it would serve those slots empty).
bool TstClusterFailover::rejoin(TestCluster &cluster, int killed, int replica)
{
    if (replica < 0 || cluster.masterOf(replica) != replica)
        return false;
    QString error;
    if (!cluster.restart(killed, &error))
        qWarning("restarting node %d: %s", killed, qPrintable(error));
    return true;
}

// Passes over every key after the recovery until one has no error, so
// every key the failover refused has run (or found its record) before
// counting.
bool TstClusterFailover::pressEveryKeyUntilClean(Guard &guard, const QString &scope, int workMs, PressTally &tally)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < kRecoveryBoundMs) {
        bool clean = true;
        for (int k = 0; k < int(tally.executions.size()); ++k)
            clean &= pressOnce(guard, scope, k, workMs, tally);
        if (clean)
            return true;
        QThread::msleep(200);
    }
    return false;
}

void TstClusterFailover::lossWindow_data()
{
    QTest::addColumn<int>("replicaAcks");
    QTest::newRow("no WAIT") << 0;
    QTest::newRow("WAIT 1") << 1;
}

void TstClusterFailover::lossWindow()
{
    QFETCH(int, replicaAcks);
    constexpr int keyCount = 8;

    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error));
    Result<std::unique_ptr<Store>> opened = openStore(cluster.url());
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = *opened.value();
    const QString scope = QStringLiteral("loss%1").arg(replicaAcks);
    Guard guard(store, policiesWith(scope, replicaAcks));
    // Fixes the scope's buckets and loads the scripts before anything stops.
    QCOMPARE(guard.handle(requestFor(scope, QStringLiteral("warm-up")), okResponse).outcome, GuardOutcome::Executed);

    const std::optional<RedisSlotMap> map = cluster.slotMap();
    QVERIFY2(map, "no master answered CLUSTER SLOTS");
    const int master = ownerOf(cluster, *map, scope, QStringLiteral("press-0"));
    const int replica = cluster.replicaOf(master);
    QVERIFY2(master >= 0 && replica >= 0, "no master with a replica for press-0");
    const QStringList keys = keysOn(cluster, *map, master, scope, QStringLiteral("loss-"), keyCount);
    QCOMPARE(keys.size(), keyCount);

    QVERIFY(cluster.pause(replica));
    const qint64 offsetBeforeClaims = fillReplicationStream(cluster, *map, master);
    QVERIFY2(offsetBeforeClaims > 0, "the filler was not written");

    std::vector<std::atomic<int>> executions(keyCount);
    const QList<GuardOutcome> before = handleAll(guard, scope, keys, executions);
    if (replicaAcks == 0) {
        QVERIFY(std::all_of(before.cbegin(), before.cend(), [](GuardOutcome o) { return o == GuardOutcome::Executed; }));
    } else {
        // Fails closed: nothing ran, and no key is left in flight.
        QVERIFY(std::all_of(before.cbegin(), before.cend(), [](GuardOutcome o) { return o == GuardOutcome::StoreUnavailable; }));
        for (int k = 0; k < keyCount; ++k) {
            QCOMPARE(executions[size_t(k)].load(), 0);
            const Result<std::optional<Record>> record = store.get(scope, keys.at(k));
            QVERIFY2(record, qPrintable(record ? QString() : record.error().message));
            QVERIFY2(!record.value(), qPrintable(keys.at(k) + QStringLiteral(" was left in the store")));
        }
    }

    QVERIFY2(cluster.kill(master, &error), qPrintable(error));
    QVERIFY(cluster.resume(replica));
    QVERIFY2(cluster.waitForMaster(replica, kRecoveryBoundMs), "the replica was not promoted");
    // The promoted replica's stream ended before the claims: they are lost.
    const qint64 promotedAt = cluster.info(replica, "second_repl_offset").toLongLong() - 1;
    qInfo("%s: claims began at offset %lld of the old master; the replica was promoted at %lld", QTest::currentDataTag(),
          offsetBeforeClaims, promotedAt);
    // 0 is a real answer, not a missing one: the replica had received
    // nothing of this master's stream since its sync (the warm-up may have
    // gone to another master, and what sat unread in the stopped replica's
    // socket may be lost when the killed master's connection resets). The
    // row failed once under -j2 with 0. A node never promoted answers -1.
    QVERIFY2(promotedAt >= 0, "the promoted replica reports no promotion offset");
    // Without WAIT this is the window the row is about. With WAIT every
    // claim was already answered 503 and released above, so nothing can run
    // twice whether or not the replica got them: the replica, stopped for
    // the 8 WAIT timeouts, was seen to receive them once (the master's
    // stream to it got through), and that must not fail the row.
    if (replicaAcks == 0)
        QVERIFY2(promotedAt <= offsetBeforeClaims, "the replica received the claims: the filler did not hold its stream back");

    QVERIFY2(cluster.restart(master, &error), qPrintable(error));
    QVERIFY2(cluster.waitHealthy(&error, kRecoveryBoundMs), qPrintable(error));
    const QList<GuardOutcome> after = retryUntilAnswered(guard, scope, keys, executions);
    int doubles = 0;
    for (int k = 0; k < keyCount; ++k) {
        QVERIFY2(after.at(k) == GuardOutcome::Executed || after.at(k) == GuardOutcome::Replayed,
                 qPrintable(keys.at(k) + QStringLiteral(": ") + guardOutcomeName(after.at(k))));
        doubles += qMax(0, executions[size_t(k)].load() - 1);
    }
    qInfo("%s: %d of %d keys ran twice", QTest::currentDataTag(), doubles, keyCount);
    QCOMPARE(doubles, replicaAcks == 0 ? keyCount : 0);
}

QTEST_GUILESS_MAIN(TstClusterFailover)
#include "tst_clusterfailover.moc"
