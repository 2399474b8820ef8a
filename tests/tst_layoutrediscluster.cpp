// What only a Redis Cluster has, on the cluster of IDEM_TEST_REDIS_CLUSTER_URL:
// go-middleware and java-handler records spread over the masters, an action
// on a later master, a master that stops answering mid-listing. Without the
// URL each test fails under tools/test.sh and is skipped when run by hand
// (tests/serverrequirement.h).
#include "tests/layoutredisfixture.h"

using namespace Qt::StringLiterals;

class TestLayoutRedisCluster final : public LayoutRedisFixture {
    Q_OBJECT

public:
    TestLayoutRedisCluster()
        : LayoutRedisFixture("IDEM_TEST_REDIS_CLUSTER_URL")
    {
    }

private:
    QStringList masters()
    {
        QStringList addresses;
        const Result<QList<RedisNodeInfo>> nodes = m_raw->masters();
        for (const RedisNodeInfo &node : nodes.value())
            addresses.append(node.address);
        return addresses;
    }

    // The masters the store's nodeHealth() (the status bar's cluster line) finds up.
    static QStringList mastersUp(Store &store)
    {
        const Result<QList<StoreNode>> health = store.nodeHealth();
        if (!health)
            return {health.error().message};
        QStringList up;
        for (const StoreNode &node : health.value()) {
            if (node.up && node.roundTripMs >= 0)
                up.append(node.address);
        }
        return up;
    }

    // `n` go-middleware records, every other one in flight, in the store open() made last.
    QStringList writeSpread(int n)
    {
        QList<QPair<QByteArray, QByteArray>> values;
        QStringList inFlight;
        for (int i = 0; i < n; ++i) {
            const QByteArray key = "spread-" + QByteArray::number(i);
            values.append({key, goValue(key, "2026-11-30T06:20:00Z", i % 2 == 0)});
            if (i % 2 == 0)
                inFlight.append(QString::fromLatin1(key));
        }
        setMany(values);
        return inFlight;
    }

private slots:
    void clusterListsEveryMaster()
    {
        QVERIFY(m_pool->isCluster());
        const QStringList nodes = masters();
        QCOMPARE(nodes.size(), 3);
        std::unique_ptr<Store> store = open("go-middleware", {{u"scan_count"_s, u"7"_s}});
        QVERIFY(store);
        QStringList expected = writeSpread(90);
        const QHash<QString, QList<QByteArray>> placed = keysByMaster(m_prefix);
        for (const QString &node : nodes)
            QVERIFY2(placed.value(node).size() >= 5, qPrintable(node)); // each master holds some: the scan must visit all

        Result<QList<Record>> all = store->inFlight(RecordQuery());
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QStringList listed = keysOf(all.value());
        listed.sort();
        expected.sort();
        QCOMPARE(listed, expected);
        const std::shared_ptr<ScanProgress> progress = store->scanProgress();
        QVERIFY(progress->scanned.load() >= 90); // SCAN may return a key twice
        QCOMPARE(progress->node().count, 3);
        QCOMPARE(progress->node().index, 3);
        QCOMPARE(progress->node().address, nodes.last());
        QVERIFY(!progress->lastCancelled.load());
        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts[0].count, 45);
        QCOMPARE(counts[1].count, 45);
        QCOMPARE(mastersUp(*store), nodes);

        // java-handler on the same cluster.
        std::unique_ptr<Store> java = open("java-handler");
        QVERIFY(java);
        QList<QPair<QByteArray, QByteArray>> values;
        for (int i = 0; i < 60; ++i)
            values.append({"pay-" + QByteArray::number(i), i % 3 == 0 ? "SUCCESS" : "PROCESSING"});
        setMany(values);
        for (const QString &node : nodes)
            QVERIFY2(!keysByMaster(m_prefix).value(node).isEmpty(), qPrintable(node));
        Result<QList<Record>> processing = java->inFlight(RecordQuery());
        QVERIFY2(processing.ok(), qPrintable(processing.error().message));
        QCOMPARE(processing->size(), 40);
        QCOMPARE(java->countByState(QString()).value().at(1).count, 20);
        QCOMPARE(mastersUp(*java), nodes);
    }

    // An action on a key held by a master other than the first: the script
    // names only its own key, so it runs on that key's master.
    void clusterActionOnLaterMaster()
    {
        const QStringList nodes = masters();
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        const QStringList inFlight = writeSpread(40);
        const QHash<QString, QList<QByteArray>> placed = keysByMaster(m_prefix);
        QList<QByteArray> later; // in-flight keys of the second and third master
        for (const QString &node : nodes.mid(1)) {
            for (const QByteArray &key : placed.value(node)) {
                if (inFlight.contains(QString::fromUtf8(key.sliced(m_prefix.size())))) {
                    later.append(key);
                    break;
                }
            }
        }
        QCOMPARE(later.size(), 2);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const OperatorActionKind kinds[] = {OperatorActionKind::MarkTimedOut, OperatorActionKind::ReconcileRelease};
        for (int i = 0; i < 2; ++i) {
            const QString key = QString::fromUtf8(later[i].sliced(m_prefix.size()));
            const Record seen = store->get(u"default"_s, key)->value();
            Result<ActionResult> done = store->applyAction(action(kinds[i], seen, now));
            QVERIFY2(done.ok(), qPrintable(done.error().message));
            QCOMPARE(done->outcome, TransitionOutcome::Applied);
            QCOMPARE(redis({"EXISTS", later[i]})->integer, 0);
        }
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 2);
        QCOMPARE(store->countInFlight(RecordQuery()).value(), 18);
    }

    // A master that does not answer (CLIENT PAUSE, longer than the store's
    // timeout) fails the listing with its name; no partial list.
    void clusterMasterNotAnswering()
    {
        const QStringList nodes = masters();
        std::unique_ptr<Store> store = open("go-middleware", {{u"timeout_ms"_s, u"300"_s}});
        QVERIFY(store);
        writeSpread(30);
        QCOMPARE(store->inFlight(RecordQuery())->size(), 15);
        QTest::qWait(1100); // past the 1 s snapshot: the next listing scans again

        const QString paused = nodes.at(1);
        QVERIFY(m_raw->pipelineOn(paused, {{"CLIENT", "PAUSE", "1500"}}).ok());
        const auto unpause = qScopeGuard([&] { (void)m_raw->pipelineOn(paused, {{"CLIENT", "UNPAUSE"}}); });
        Result<QList<Record>> failed = store->inFlight(RecordQuery());
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().message.contains(paused) && failed.error().message.contains(u"2 of 3"_s),
                 qPrintable(failed.error().message));
        QVERIFY(!store->scanProgress()->running.load());
        QTest::qWait(1600); // the pause is over

        // Answering again: the whole list (after the connection's backoff).
        Result<QList<Record>> again = QList<Record>();
        for (int attempt = 0; attempt < 50; ++attempt) {
            again = store->inFlight(RecordQuery());
            if (again.ok())
                break;
            QTest::qWait(200);
        }
        QVERIFY2(again.ok(), qPrintable(again.error().message));
        QCOMPARE(again->size(), 15);
    }
};

QTEST_GUILESS_MAIN(TestLayoutRedisCluster)
#include "tst_layoutrediscluster.moc"
