// Values of the wrong type or shape in the Redis store are clear per-record
// errors, never an absent record: records, audit keys and stream entries
// broken behind the store's back. Runs against IDEM_TEST_REDIS_URL
// (tools/test.sh starts a server).
#include "tests/redisstorefixture.h"

#include <QtTest>

class RedisStoreCorruptTest : public QObject, public RedisStoreFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openRedisStore(); }
    void init() { nameScope(); }
    void cleanup() { deleteDamaged(); }

    void wrongKeyTypeIsCorruptNeverAbsent_data()
    {
        QTest::addColumn<QByteArrayList>("write");
        QTest::addColumn<QString>("type");
        QTest::newRow("string") << QByteArrayList{"SET", "{\"state\":\"COMPLETED\"}"} << QStringLiteral("string");
        QTest::newRow("list") << QByteArrayList{"RPUSH", "IN_FLIGHT"} << QStringLiteral("list");
        QTest::newRow("set") << QByteArrayList{"SADD", "IN_FLIGHT"} << QStringLiteral("set");
        // A hash without any field of ours: the claim script's HMGET sees
        // nothing, as for an absent key; EXISTS tells them apart.
        QTest::newRow("another program's hash") << QByteArrayList{"HSET", "status", "PAID"} << QStringLiteral("hash");
    }

    void wrongKeyTypeIsCorruptNeverAbsent()
    {
        QFETCH(QByteArrayList, write);
        QFETCH(QString, type);
        const QString key = QStringLiteral("k");
        const QByteArray redisKey = RedisLayout::recordKey(m_scope, key);
        write.insert(1, redisKey);
        m_damaged << redisKey;
        QVERIFY(RawRedis::ok(m_raw.run(write)));

        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key));
        QVERIFY(!claimed.ok());
        QCOMPARE(claimed.error().kind, ErrorKind::Corrupt);
        QVERIFY2(claimed.error().message.contains(type) && claimed.error().message.contains(QString::fromUtf8(redisKey)),
                 qPrintable(claimed.error().message));
        const Result<std::optional<Record>> got = store().get(m_scope, key);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().kind, ErrorKind::Corrupt);
        QVERIFY2(got.error().message.contains(type), qPrintable(got.error().message));
        const QString lease = QStringLiteral("0123456789abcdef0123456789abcdef");
        QCOMPARE(store().complete(m_scope, key, lease, okResponse(), T0, 1000).error().kind, ErrorKind::Corrupt);
        QCOMPARE(store().release(m_scope, key, lease, T0).error().kind, ErrorKind::Corrupt);
        Record seen;
        seen.scope = m_scope;
        seen.key = key;
        seen.lease = lease;
        seen.updatedAt = T0 - 1;
        QCOMPARE(store().applyAction(operatorTimeout(seen, T0, 1000)).error().kind, ErrorKind::Corrupt);

        Guard guard(store(), {}, clock());
        bool ran = false;
        const GuardResult r = guard.handle(requestOf(m_scope, key), [&] {
            ran = true;
            return okResponse();
        });
        QCOMPARE(r.outcome, GuardOutcome::CorruptRecord);
        QVERIFY(!ran);
        QCOMPARE(m_raw.run({"TYPE", redisKey}).text, type.toUtf8()); // left as it was
    }

    void truncatedOrUnreadableHashIsCorrupt_data()
    {
        QTest::addColumn<bool>("completed");
        QTest::addColumn<QByteArrayList>("damage");
        QTest::addColumn<QString>("named");
        // Completing reads only the state and the lease (the scripts read
        // what the decision needs): with both intact, the owner's complete
        // rewrites the times and the record is whole again.
        QTest::addColumn<bool>("completeApplies");
        QTest::newRow("in flight without lease") << false << QByteArrayList{"HDEL", "lease"} << QStringLiteral("lease") << false;
        QTest::newRow("in flight without state") << false << QByteArrayList{"HDEL", "state"} << QStringLiteral("state") << false;
        QTest::newRow("in flight without times")
            << false << QByteArrayList{"HDEL", "updated_at", "expires_at"} << QStringLiteral("updated_at, expires_at") << true;
        QTest::newRow("completed without body") << true << QByteArrayList{"HDEL", "body"} << QStringLiteral("COMPLETED") << false;
        QTest::newRow("completed, attempts not a number")
            << true << QByteArrayList{"HSET", "attempts", "two"} << QStringLiteral("attempts=two") << false;
        QTest::newRow("completed, unknown state") << true << QByteArrayList{"HSET", "state", "DONE"} << QStringLiteral("DONE") << false;
    }

    void truncatedOrUnreadableHashIsCorrupt()
    {
        QFETCH(bool, completed);
        QFETCH(QByteArrayList, damage);
        QFETCH(QString, named);
        QFETCH(bool, completeApplies);
        const QString key = QStringLiteral("k");
        const Result<ClaimResult> first = store().claim(claimOf(m_scope, key));
        QVERIFY(first.ok());
        if (completed)
            QVERIFY(store().complete(m_scope, key, first->record.lease, okResponse(), T0 + 5, 3600'000).ok());
        damage.insert(1, RedisLayout::recordKey(m_scope, key));
        m_damaged << damage.at(1);
        QVERIFY(RawRedis::ok(m_raw.run(damage)));

        const Result<std::optional<Record>> got = store().get(m_scope, key);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().kind, ErrorKind::Corrupt);
        QVERIFY2(got.error().message.contains(named) && got.error().message.contains(m_scope), qPrintable(got.error().message));
        const Result<ClaimResult> again = store().claim(claimOf(m_scope, key, T0 + 10));
        QVERIFY(!again.ok());
        QCOMPARE(again.error().kind, ErrorKind::Corrupt);
        QVERIFY2(again.error().message.contains(named), qPrintable(again.error().message));
        if (!completed) {
            // The listing reads the hash too: it lists the record as
            // unreadable, saying what is wrong, rather than fail or skip it
            // (one bad record blocks only itself).
            const Result<QList<Record>> listed = store().inFlight(RecordQuery::ofScope(m_scope));
            QVERIFY2(listed.ok(), qPrintable(listed.error().message));
            QCOMPARE(listed->size(), 1);
            QCOMPARE(listed->at(0).key, key);
            QVERIFY2(listed->at(0).readError.contains(named), qPrintable(listed->at(0).readError));
        }
        const Result<Transition> finish = store().complete(m_scope, key, first->record.lease, okResponse(), T0 + 20, 1000);
        if (completeApplies) {
            QVERIFY2(finish.ok() && finish->outcome == TransitionOutcome::Applied,
                     qPrintable(finish.ok() ? QString() : finish.error().message));
            const Result<std::optional<Record>> whole = store().get(m_scope, key);
            QVERIFY2(whole.ok() && whole->has_value(), qPrintable(whole.ok() ? QString() : whole.error().message));
            QCOMPARE(whole->value().state, RecordState::Completed);
            return;
        }
        QVERIFY(!finish.ok());
        QCOMPARE(finish.error().kind, ErrorKind::Corrupt);
    }

    void wrongTypeAtAnAuditKeyIsCorrupt_data()
    {
        QTest::addColumn<QByteArray>("suffix");
        QTest::addColumn<QByteArrayList>("write");
        QTest::addColumn<QString>("problem");
        QTest::newRow("stream is a string") << QByteArray("audit") << QByteArrayList{"SET", "x"} << QStringLiteral("string");
        QTest::newRow("head is a list") << QByteArray("audit:head") << QByteArrayList{"RPUSH", "x"} << QStringLiteral("hash");
        QTest::newRow("head without its hash") << QByteArray("audit:head") << QByteArrayList{"HSET", "seq", "3"}
                                               << QStringLiteral("seq '3'");
    }

    void wrongTypeAtAnAuditKeyIsCorrupt()
    {
        QFETCH(QByteArray, suffix);
        QFETCH(QByteArrayList, write);
        QFETCH(QString, problem);
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("k")));
        QVERIFY(claimed.ok());
        const QByteArray key = "idem:{" + m_scope.toUtf8() + "}:" + suffix;
        write.insert(1, key);
        m_damaged << key;
        const auto unregister = qScopeGuard([&] { m_raw.run({"SREM", RedisLayout::scopesKey(), m_scope.toUtf8()}); });
        QVERIFY(RawRedis::ok(m_raw.run(write)));
        const QByteArray typeBefore = m_raw.run({"TYPE", key}).text;

        const auto isCorruptNamingKey = [&](const Error &error) {
            return error.kind == ErrorKind::Corrupt && error.message.contains(QString::fromUtf8(key)) && error.message.contains(problem);
        };
        for (OperatorActionKind kind :
             {OperatorActionKind::MarkTimedOut, OperatorActionKind::ReconcileComplete, OperatorActionKind::ReconcileRelease}) {
            const Result<ActionResult> applied = store().applyAction(actionOn(claimed->record, kind, T0 + 1));
            QVERIFY(!applied.ok());
            QVERIFY2(isCorruptNamingKey(applied.error()), qPrintable(applied.error().message));
        }
        const Result<AuditEntry> alert = store().appendAudit(alertIn(m_scope, T0 + 2));
        QVERIFY(!alert.ok());
        QVERIFY2(isCorruptNamingKey(alert.error()), qPrintable(alert.error().message));
        const Result<QList<AuditChainHead>> heads = store().auditHeads();
        QVERIFY(!heads.ok());
        QVERIFY2(heads.error().kind == ErrorKind::Corrupt && heads.error().message.contains(QString::fromUtf8(key)),
                 qPrintable(heads.error().message));
        if (suffix == "audit") {
            const Result<QList<AuditEntry>> chain = store().auditChain(m_scope, QString(), 10);
            QVERIFY(!chain.ok());
            QCOMPARE(chain.error().kind, ErrorKind::Corrupt);
            AuditQuery query;
            query.scope = m_scope;
            QCOMPARE(store().auditEntries(query).error().kind, ErrorKind::Corrupt);
        }

        // Nothing changed: the record, its index, the counters, the other audit key.
        const Result<std::optional<Record>> now = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(now.ok() && now.value());
        QCOMPARE(now.value()->state, RecordState::InFlight);
        QCOMPARE(now.value()->lease, claimed->record.lease);
        QCOMPARE(m_raw.run({"ZSCORE", RedisLayout::inFlightKey(m_scope), "k"}).text, QByteArray::number(T0));
        const QByteArray counters = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HKEYS", counters}).items, QByteArrayList{"executed"});
        QCOMPARE(m_raw.run({"TYPE", key}).text, typeBefore);
        const QByteArray other = suffix == "audit" ? RedisLayout::auditHeadKey(m_scope) : RedisLayout::auditKey(m_scope);
        QCOMPARE(m_raw.run({"EXISTS", other}).integer, 0);
    }

    // An entry edited behind the store's back reads back as it is, with
    // empty fields where it lost some: verification reports it, the read
    // does not fail or crash.
    void malformedStreamEntriesReadBackEmpty()
    {
        QVERIFY(store().appendAudit(alertIn(m_scope, T0)).ok());
        const Result<AuditEntry> second = store().appendAudit(alertIn(m_scope, T0 + 1));
        QVERIFY(second.ok());
        const QByteArray stream = RedisLayout::auditKey(m_scope);
        m_damaged << stream << RedisLayout::auditHeadKey(m_scope);
        QVERIFY(RawRedis::ok(m_raw.run({"XADD", stream, "*", "seq", "three", "note", "forged"})));
        QVERIFY(RawRedis::ok(m_raw.run({"XADD", stream, "*", "hash", "", "scope", m_scope.toUtf8()})));

        const Result<QList<AuditEntry>> chain = store().auditChain(m_scope, QString(), 10);
        QVERIFY2(chain.ok(), qPrintable(chain.error().message));
        QCOMPARE(chain->size(), 4);
        QCOMPARE(chain->at(1).hash, second->hash);
        QCOMPARE(chain->at(1).storeId, second->storeId);
        const AuditEntry &forged = chain->at(2);
        QCOMPARE(forged.seq, 0);
        QVERIFY(forged.hash.isEmpty() && forged.prevHash.isEmpty() && forged.scope.isEmpty());
        QVERIFY(!forged.storeId.isEmpty());
        QCOMPARE(chain->at(3).scope, m_scope);
        QVERIFY(chain->at(3).hash.isEmpty());
        QVERIFY(!chainBreak(chain.value(), headOf(m_scope).value()).isEmpty());

        const Result<QList<AuditEntry>> rest = store().auditChain(m_scope, second->storeId, 10);
        QVERIFY(rest.ok());
        QCOMPARE(rest->size(), 2);
        QCOMPARE(rest->at(0).storeId, forged.storeId);
        QCOMPARE(store().auditChain(m_scope, QStringLiteral("last week"), 10).error().kind, ErrorKind::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(RedisStoreCorruptTest)
#include "tst_redisstorecorrupt.moc"
