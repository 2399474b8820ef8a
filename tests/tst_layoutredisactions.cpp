// Operator actions on foreign layouts on a real Redis: GoRedisStore's
// compare-and-set timeout and reconcile with their audit entries and a stale
// lease, and JavaRedisStore's PROCESSING/SUCCESS cache.
// Runs twice: against IDEM_TEST_REDIS_URL (TestLayoutRedisActions), then against the Redis
// Cluster of IDEM_TEST_REDIS_CLUSTER_URL (TestLayoutRedisActionsCluster: the same cases, the
// records written through the routed link so that they spread over the
// masters). Without its URL a pass fails under tools/test.sh and is skipped
// when run by hand (tests/serverrequirement.h).
#include "tests/layoutredisfixture.h"

using namespace Qt::StringLiterals;

class TestLayoutRedisActions : public LayoutRedisFixture {
    Q_OBJECT

public:
    explicit TestLayoutRedisActions(const char *urlVariable = "IDEM_TEST_REDIS_URL")
        : LayoutRedisFixture(urlVariable)
    {
    }

private slots:
    void timeoutDeletesAndAudits()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        Result<ActionResult> done = store->applyAction(action(OperatorActionKind::MarkTimedOut, seen, k0700250));
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        QVERIFY(!done->current);
        QVERIFY(done->audit);
        QCOMPARE(redis({"EXISTS", m_prefix + "order-1001"})->integer, 0);

        const QList<AuditEntry> entries = store->auditEntries(AuditQuery()).value();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].action, u"timeout"_s);
        QCOMPARE(entries[0].key, u"order-1001"_s);
        QCOMPARE(entries[0].operatorName, u"ops-li"_s);
        QCOMPARE(entries[0].stateBefore, u"IN_FLIGHT"_s);
        QCOMPARE(entries[0].stateAfter, u"DELETED"_s); // go-middleware has no TIMED_OUT: the record is gone
        Result<AuditVerdict> verdict = AuditVerifier::verify(*store);
        QVERIFY2(verdict.ok(), qPrintable(verdict.error().message));
        QVERIFY(verdict->ok);
        QCOMPARE(verdict->entries, 1);
        QVERIFY(QFile::exists(m_dir.filePath(u"go-middleware-%1-audit.db"_s.arg(m_stores))));

        // Gone now: NotFound, no entry.
        QCOMPARE(store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250))->outcome, TransitionOutcome::NotFound);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 1);
    }

    void staleLease()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        // The middleware finished it after the operator's preview.
        QByteArray finished = kInFlight1001;
        finished.replace(R"("in_flight":true)", R"("in_flight":false)");
        setMany({{"order-1001", finished}});
        Result<ActionResult> done = store->applyAction(action(OperatorActionKind::ReconcileRelease, seen, k0700250));
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::StaleLease);
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "order-1001"}).get()), finished);
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);

        // The race inside the write: the script compares the SHA1 of the value
        // it reads itself, so a change after the store's read loses too.
        QFile script(u":/lua/goaction.lua"_s);
        QVERIFY(script.open(QIODevice::ReadOnly));
        const QByteArray text = script.readAll();
        const QByteArray key = m_prefix + "order-1001";
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key, sha1(kInFlight1001).toLatin1(), "del"}).get()), "stale"_ba);
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key + "x", sha1(finished).toLatin1(), "del"}).get()), "gone"_ba);
        redis({"HSET", key + "h", "f", "v"});
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key + "h", sha1(finished).toLatin1(), "del"}).get()), "stale"_ba);
        QCOMPARE(RedisConnection::bytes(redis({"EVAL", text, "1", key, sha1(finished).toLatin1(), "del"}).get()), "applied"_ba);
        QCOMPARE(redis({"EXISTS", key})->integer, 0);
    }

    void reconcileComplete()
    {
        std::unique_ptr<Store> store = open("go-middleware");
        QVERIFY(store);
        setMany({{"order-1001", kInFlight1001}});
        const Record seen = store->get(u"default"_s, u"order-1001"_s)->value();
        OperatorAction a = action(OperatorActionKind::ReconcileComplete, seen, k0700250);
        a.response.status = 200;
        a.response.headers = {{"Content-Type", "application/json"}, {"X-A", "1"}, {"X-A", "2"}};
        a.response.body = R"({"paid":true})";
        Result<ActionResult> done = store->applyAction(a);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        const QByteArray expected =
            R"({"key":"order-1001","status_code":200,"headers":{"Content-Type":"application/json","X-A":"2"},"body":"eyJwYWlkIjp0cnVlfQ==","created_at":"2026-11-30T14:20:00.123456789+08:00","expires_at":"2026-12-01T15:00:00.25+08:00","request_hash":"9f86d081884c7d65","in_flight":false})"_ba;
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "order-1001"}).get()), expected);
        const qint64 pttl = redis({"PTTL", m_prefix + "order-1001"})->integer;
        QVERIFY2(pttl > 86400000 - 60000 && pttl <= 86400000, qPrintable(QString::number(pttl)));
        QVERIFY(done->current);
        QCOMPARE(done->current->state, RecordState::Completed);
        QCOMPARE(done->current->body, R"({"paid":true})"_ba);
        QCOMPARE(store->auditEntries(AuditQuery())->first().stateAfter, u"COMPLETED"_s);

        // An empty body is Go's nil slice: null.
        setMany({{"order-1002", kInFlight1002}});
        const Record second = store->get(u"default"_s, u"order-1002"_s)->value();
        a = action(OperatorActionKind::ReconcileComplete, second, k0700250);
        a.response.status = 204;
        QCOMPARE(store->applyAction(a)->outcome, TransitionOutcome::Applied);
        QCOMPARE(
            RedisConnection::bytes(redis({"GET", m_prefix + "order-1002"}).get()),
            R"({"key":"order-1002","status_code":204,"headers":{},"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T07:00:00.25Z","request_hash":"1b4f0e9851971998","in_flight":false})"_ba);
        // Completed records are not acted on.
        const Record completed = store->get(u"default"_s, u"order-1002"_s)->value();
        QCOMPARE(store->applyAction(action(OperatorActionKind::MarkTimedOut, completed, k0700250)).error().kind,
                 ErrorKind::InvalidArgument);
    }

    void javaCache()
    {
        std::unique_ptr<Store> store = open("java-handler");
        QVERIFY(store);
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        redis({"SET", m_prefix + "pay-1", "PROCESSING", "PX", QByteArray::number(600000 - 120000)}); // set 2 minutes ago
        redis({"SET", m_prefix + "pay-2", "PROCESSING", "PX", QByteArray::number(600000 - 5000)});
        redis({"SET", m_prefix + "pay-3", "SUCCESS", "EX", "86400"});
        redis({"SET", m_prefix + "pay-4", "MAYBE", "EX", "60"});
        Result<QList<Record>> all = store->inFlight(RecordQuery());
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        QVERIFY2(all.ok(), qPrintable(all.error().message));
        QCOMPARE(keysOf(all.value()), (QStringList{u"pay-4"_s, u"pay-1"_s, u"pay-2"_s}));
        QVERIFY(all->at(0).readError.contains(u"\"MAYBE\""_s));
        const Record &oldest = all->at(1);
        QVERIFY(oldest.readError.isEmpty());
        QVERIFY2(oldest.updatedAt >= before - 120000 - 100 && oldest.updatedAt <= after - 120000 + 100,
                 qPrintable(QString::number(after - oldest.updatedAt)));
        QVERIFY(oldest.fingerprint.isEmpty() && oldest.body.isEmpty());
        RecordQuery old;
        old.startedBeforeMs = after - 60000;
        QCOMPARE(keysOf(store->inFlight(old).value()), (QStringList{u"pay-4"_s, u"pay-1"_s}));
        const QList<ScopeCount> counts = store->countByState(QString()).value();
        QCOMPARE(counts[0].count, 3);
        QCOMPARE(counts[1].count, 1);

        const Record done = store->get(u"default"_s, u"pay-3"_s)->value();
        QCOMPARE(done.state, RecordState::Completed);
        const Record seen = store->get(u"default"_s, u"pay-1"_s)->value();
        QCOMPARE(seen.state, RecordState::InFlight);
        Result<ActionResult> refused = store->applyAction(action(OperatorActionKind::MarkTimedOut, seen, after));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().kind, ErrorKind::Refused);
        QVERIFY2(refused.error().message.contains(u"MySQL"_s) && refused.error().message.contains(u"cache=redis://"_s),
                 qPrintable(refused.error().message));
        QCOMPARE(store->auditEntries(AuditQuery())->size(), 0);
        QCOMPARE(RedisConnection::bytes(redis({"GET", m_prefix + "pay-1"}).get()), "PROCESSING"_ba);
    }
};

// The same cases on a Redis Cluster.
class TestLayoutRedisActionsCluster final : public TestLayoutRedisActions {
    Q_OBJECT

public:
    TestLayoutRedisActionsCluster()
        : TestLayoutRedisActions("IDEM_TEST_REDIS_CLUSTER_URL")
    {
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestLayoutRedisActions single;
    const int failed = QTest::qExec(&single, argc, argv);
    TestLayoutRedisActionsCluster cluster;
    return failed + QTest::qExec(&cluster, argc, argv);
}
#include "tst_layoutredisactions.moc"
