// GoRedisStore's SCAN listing on a real Redis: records, detail, a read-only
// open that creates no audit file, progress and cancel, unreadable values.
// Runs twice: against IDEM_TEST_REDIS_URL (TestLayoutRedisListing), then against the Redis
// Cluster of IDEM_TEST_REDIS_CLUSTER_URL (TestLayoutRedisListingCluster: the same cases, the
// records written through the routed link so that they spread over the
// masters). Without its URL a pass fails under tools/test.sh and is skipped
// when run by hand (tests/serverrequirement.h).
#include "tests/layoutredisfixture.h"

using namespace Qt::StringLiterals;

class TestLayoutRedisListing : public LayoutRedisFixture {
    Q_OBJECT

public:
    explicit TestLayoutRedisListing(const char *urlVariable = "IDEM_TEST_REDIS_URL")
        : LayoutRedisFixture(urlVariable)
    {
    }

private slots:
    void listing()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001},
                 {"order-1002", kInFlight1002},
                 {"order-1003", kInFlight1003},
                 {"refund-1", kRefund1},
                 {"order-1000", kDone1000}});
        RecordQuery q;
        Result<QList<Record>> all = store->inFlight(q);
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(keysOf(all.value()), (QStringList{u"order-1003"_s, u"order-1001"_s, u"order-1002"_s, u"refund-1"_s}));
        QCOMPARE(all->at(0).updatedAt, k0610500);
        QCOMPARE(all->at(1).createdAt, k0620123);
        QCOMPARE(all->at(1).lease, sha1(kInFlight1001));
        QCOMPARE(all->at(1).fingerprint, u"9f86d081884c7d65"_s);
        QCOMPARE(all->at(1).bizNo, u"order-1001"_s);
        QCOMPARE(all->at(1).scope, u"default"_s);

        // Keyset pages, both orders.
        q.limit = 2;
        Result<QList<Record>> first = store->inFlight(q);
        QCOMPARE(keysOf(first.value()), (QStringList{u"order-1003"_s, u"order-1001"_s}));
        q.after = RecordQuery::Position{first->last().updatedAt, first->last().scope, first->last().key};
        QCOMPARE(keysOf(store->inFlight(q).value()), (QStringList{u"order-1002"_s, u"refund-1"_s}));
        q.after.reset();
        q.newestFirst = true;
        first = store->inFlight(q);
        QCOMPARE(keysOf(first.value()), (QStringList{u"refund-1"_s, u"order-1002"_s}));
        q.after = RecordQuery::Position{first->last().updatedAt, first->last().scope, first->last().key};
        QCOMPARE(keysOf(store->inFlight(q).value()), (QStringList{u"order-1001"_s, u"order-1003"_s}));

        // Age and key prefix filters; no owners, no TIMED_OUT in this layout.
        RecordQuery old;
        old.startedBeforeMs = k0621;
        QCOMPARE(keysOf(store->inFlight(old).value()), (QStringList{u"order-1003"_s, u"order-1001"_s}));
        // A cutoff before the epoch is a filter that matches nothing, never "no filter".
        for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) {
            old.startedBeforeMs = cutoff;
            QCOMPARE(store->inFlight(old)->size(), 0);
            QCOMPARE(store->countInFlight(old).value(), 0);
        }
        RecordQuery orders;
        orders.keyPrefix = u"order-"_s;
        QCOMPARE(store->inFlight(orders)->size(), 3);
        QCOMPARE(store->countInFlight(orders).value(), 3);
        orders.bizNoPrefix = u"refund"_s;
        QCOMPARE(store->inFlight(orders)->size(), 0);
        RecordQuery owned;
        owned.owner = u"host:1"_s;
        QCOMPARE(store->inFlight(owned)->size(), 0);
        RecordQuery timedOut;
        timedOut.state = RecordState::TimedOut;
        QCOMPARE(store->inFlight(timedOut)->size(), 0);
        RecordQuery completed;
        completed.state = RecordState::Completed;
        // The record browser: a scan that keeps the completed records too
        // (in summary: key, business number, times).
        const Result<QList<Record>> done = store->records(completed);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(keysOf(done.value()), QStringList{u"order-1000"_s});
        QCOMPARE(done->first().state, RecordState::Completed);
        QCOMPARE(done->first().scope, u"default"_s);
        QCOMPARE(done->first().bizNo, u"order-1000"_s);
        QCOMPARE(store->countRecords(completed).value_or(-1), 1);
        completed.keyPrefix = u"refund"_s;
        QCOMPARE(store->countRecords(completed).value_or(-1), 0);
        RecordQuery any;
        any.state.reset();
        any.limit = 3;
        QStringList every;
        for (int page = 0; page < 5; ++page) {
            const Result<QList<Record>> rows = store->records(any);
            QVERIFY2(rows.ok(), qPrintable(rows.error().message));
            every += keysOf(rows.value());
            if (rows->size() < any.limit)
                break;
            any.after = RecordQuery::Position{rows->last().updatedAt, rows->last().scope, rows->last().key};
        }
        QCOMPARE(every.size(), 5);
        QVERIFY(every.contains(u"order-1000"_s));
        every.removeDuplicates();
        QCOMPARE(every.size(), 5);
        any.after.reset();
        QCOMPARE(store->countRecords(any).value_or(-1), 5);
        QCOMPARE(store->inFlight(RecordQuery::ofScope(u"other"_s))->size(), 0);

        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts.size(), 2);
        QCOMPARE(counts[0].count, 4);
        QCOMPARE(counts[1].state, RecordState::Completed);
        QCOMPARE(counts[1].count, 1);
        // Created per minute, by state now: 06:20 has order-1001 and order-1000.
        const QList<ActivityRow> rows = store->activity(QString(), k0620123 / 60000, k0620123 / 60000).value();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].inFlight, 1);
        QCOMPARE(rows[0].completed, 1);
        QCOMPARE(store->activity(QString(), 0, std::numeric_limits<qint64>::max())->size(), 4);
    }

    // A read-only open never creates the audit file; without one
    // the log reads as empty, and the records are listed all the same.
    void readOnlyOpenCreatesNoAuditFile()
    {
        std::unique_ptr<Store> store = open("go-middleware", {}, OpenMode::ReadOnly);
        QVERIFY(store);
        const QString audit = m_dir.filePath(u"go-middleware-%1-audit.db"_s.arg(m_stores));
        setMany({{"order-1001", kInFlight1001}});
        QCOMPARE(store->inFlight(RecordQuery())->size(), 1);
        QVERIFY(store->auditEntries(AuditQuery()).value().isEmpty());
        QVERIFY(store->auditHeads().value().isEmpty());
        QVERIFY2(!QFileInfo::exists(audit), qPrintable(audit));
        QCOMPARE(store->applyAction(action(OperatorActionKind::MarkTimedOut, store->inFlight(RecordQuery())->first(), k0621)).error().kind,
                 ErrorKind::Refused);
        QVERIFY(!QFileInfo::exists(audit));
        redis(RedisCommand{"DEL", m_prefix + "order-1001"});
    }

    void detail()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1000", kDone1000}});
        Result<std::optional<Record>> got = store->get(u"default"_s, u"order-1000"_s);
        QVERIFY2(got.ok(), qPrintable(got.error().message));
        QVERIFY(got->has_value());
        const Record &r = *got.value();
        QCOMPARE(r.state, RecordState::Completed);
        QCOMPARE(r.statusCode, 201);
        QCOMPARE(decodeHeaders(r.headers).value(), (HeaderList{{"Content-Type", "application/json"}, {"X-Request-Id", "r-1"}}));
        QCOMPARE(r.body, R"({"ok":true})"_ba);
        QCOMPARE(r.fingerprint, u"a1b2c3d4e5f60718"_s);
        QCOMPARE(r.expiresAt, 1796019600000 + 86400000);
        QVERIFY(r.readError.isEmpty());
        QVERIFY(!store->get(u"default"_s, u"nope"_s)->has_value());
        QVERIFY(!store->get(u"other-scope"_s, u"order-1000"_s)->has_value());
        QCOMPARE(store->layoutName(), u"go-middleware-%1"_s.arg(m_stores));
        QVERIFY(!store->keepsCounters());
    }

    void progressAndCancel()
    {
        std::unique_ptr<Store> store = open("go-middleware", {{u"scan_count"_s, u"10"_s}});
        QVERIFY(store);
        QList<QPair<QByteArray, QByteArray>> values;
        const int total = 20000;
        for (int i = 0; i < total; ++i) {
            const QByteArray key = "k" + QByteArray::number(i);
            values.append({key, goValue(key, "2026-11-30T06:20:00Z", i % 4 == 0)});
        }
        setMany(values);
        std::shared_ptr<ScanProgress> progress = store->scanProgress();
        QVERIFY(progress);
        QCOMPARE(progress->count.load(), 10);

        // A whole scan: every key looked at, every fourth in flight.
        Result<qint64> count = store->countInFlight(RecordQuery());
        QVERIFY2(count.ok(), qPrintable(count.error().message));
        QCOMPARE(count.value(), total / 4);
        QVERIFY(progress->scanned.load() >= total);
        QCOMPARE(progress->found.load(), total / 4);
        QVERIFY(!progress->running.load());
        QVERIFY(!progress->lastCancelled.load());
        QVERIFY(progress->finishedAtMs.load() > 0);

        // The snapshot serves a second count; a new COUNT scans again.
        qint64 finished = progress->finishedAtMs.load();
        QTest::qWait(5);
        QCOMPARE(store->countInFlight(RecordQuery()).value(), total / 4);
        QCOMPARE(progress->finishedAtMs.load(), finished);
        progress->count = 1000;
        QCOMPARE(store->countInFlight(RecordQuery()).value(), total / 4);
        QVERIFY(progress->finishedAtMs.load() > finished);
        progress->count = 10;

        // Cancelled from another thread while it runs: a partial list.
        QTest::qWait(1100); // past the snapshot's 1 s: inFlight() scans again
        Result<QList<Record>> partial = QList<Record>();
        std::thread worker([&] { partial = store->inFlight(RecordQuery()); });
        QElapsedTimer waited;
        waited.start();
        bool sawRunning = false;
        while (waited.elapsed() < 20000) {
            sawRunning = progress->running.load();
            if (sawRunning && progress->scanned.load() >= 500)
                break;
            std::this_thread::yield();
        }
        progress->cancel();
        worker.join();
        QVERIFY(sawRunning);
        QVERIFY2(partial.ok(), qPrintable(partial.error().message));
        QVERIFY(progress->lastCancelled.load());
        QVERIFY2(progress->scanned.load() < total, qPrintable(QString::number(progress->scanned.load())));
        QVERIFY(partial->size() < total / 4);
        QVERIFY(!progress->running.load());

        // The next scan starts afresh.
        QTest::qWait(1100);
        QCOMPARE(store->inFlight(RecordQuery())->size(), 500); // the default limit
        QVERIFY(!progress->lastCancelled.load());
    }

    void malformedValues()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        const QByteArray rest = R"("created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h")"_ba;
        setMany({{"ok-1", QByteArray(kInFlight1001).replace("order-1001", "ok-1")},
                 {"bad-json", "{not json"},
                 {"bad-type", R"({"key":"bad-type",)" + rest + R"(,"in_flight":"yes"})"},
                 {"bad-missing", R"({"key":"bad-missing","in_flight":true})"},
                 {"bad-base64", R"({"key":"bad-base64",)" + rest + R"(,"in_flight":false,"body":"@@"})"},
                 {"bad-key", R"({"key":"someone-else",)" + rest + R"(,"in_flight":true})"}});
        redis({"HSET", m_prefix + "bad-hash", "key", "bad-hash"});

        Result<QList<Record>> all = store->inFlight(RecordQuery());
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(all->size(), 7);
        QHash<QString, Record> byKey;
        for (const Record &r : all.value())
            byKey.insert(r.key, r);
        QVERIFY(byKey.value(u"ok-1"_s).readError.isEmpty());
        const QHash<QString, QString> expected{{u"bad-json"_s, u"not valid JSON"_s},
                                               {u"bad-type"_s, u"in_flight is a string, expected true/false"_s},
                                               {u"bad-missing"_s, u"created_at is missing"_s},
                                               {u"bad-base64"_s, u"body is not valid base64"_s},
                                               {u"bad-key"_s, u"someone-else"_s},
                                               {u"bad-hash"_s, u"holds a Redis hash"_s}};
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const Record r = byKey.value(it.key());
            QVERIFY2(r.readError.startsWith(QString::fromUtf8(m_prefix) + it.key() + u": "_s),
                     qPrintable(it.key() + u" → "_s + r.readError));
            QVERIFY2(r.readError.contains(it.value()), qPrintable(r.readError));
            QCOMPARE(r.state, RecordState::InFlight);
        }
        QCOMPARE(byKey.value(u"bad-json"_s).body, "{not json"_ba);
        QCOMPARE(store->activity(QString(), 0, std::numeric_limits<qint64>::max()).value().constFirst().unreadable, 6);

        // Detail reads it the same way; every action is refused as Corrupt.
        const Record hash = store->get(u"default"_s, u"bad-hash"_s)->value();
        QVERIFY(hash.readError.contains(u"holds a Redis hash"_s));
        for (const QString &key : expected.keys()) {
            const Record seen = store->get(u"default"_s, key)->value();
            Result<ActionResult> done = store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250));
            QVERIFY(!done.ok());
            QCOMPARE(done.error().kind, ErrorKind::Corrupt);
        }
        QCOMPARE(redis({"EXISTS", m_prefix + "bad-json"})->integer, 1);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);
    }
};

// The same cases on a Redis Cluster.
class TestLayoutRedisListingCluster final : public TestLayoutRedisListing {
    Q_OBJECT

public:
    TestLayoutRedisListingCluster()
        : TestLayoutRedisListing("IDEM_TEST_REDIS_CLUSTER_URL")
    {
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestLayoutRedisListing single;
    const int failed = QTest::qExec(&single, argc, argv);
    TestLayoutRedisListingCluster cluster;
    return failed + QTest::qExec(&cluster, argc, argv);
}
#include "tst_layoutredislisting.moc"
