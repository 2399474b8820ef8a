// What the Redis store lists and logs: the in-flight listing as the SQL store
// gives it, the timed-out and completed indexes, audit entries filtered and
// merged newest first, one contiguous chain under concurrent writers. Runs
// against IDEM_TEST_REDIS_URL (tools/test.sh starts a server).
#include "tests/redisstorefixture.h"

#include <QtTest>

class RedisStoreListingsTest : public QObject, public RedisStoreFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openRedisStore(); }
    void init() { nameScope(); }
    void cleanup() { deleteDamaged(); }

    // The in-flight listing is served by zsets here and by SQL there: the
    // same records must list in the same order, page by page, both ways.
    void inFlightListingMatchesSqlStore()
    {
        QTemporaryDir dir;
        Result<std::unique_ptr<Store>> sqlite = openStore(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("ref.db")));
        QVERIFY2(sqlite.ok(), qPrintable(sqlite.error().message));
        Store &reference = *sqlite.value();
        const QString owner = QStringLiteral("diff:%1").arg(m_scope);
        const QStringList scopes{m_scope + QStringLiteral("-b"), m_scope + QStringLiteral("-a"), m_scope + QStringLiteral("-c")};
        for (int i = 0; i < 60; ++i) {
            ClaimRequest c =
                claimOf(scopes.at(i % 3), QStringLiteral("%1-%2").arg(i % 4 ? QStringLiteral("k") : QStringLiteral("z")).arg(i * 7 % 60),
                        T0 + (i % 7) * 1000); // many records start in the same millisecond
            c.owner = i % 5 ? owner : QStringLiteral("other:%1").arg(m_scope);
            c.bizNo = QStringLiteral("SO%1").arg(i % 9);
            for (Store *s : {static_cast<Store *>(&store()), &reference}) {
                const Result<ClaimResult> claimed = s->claim(c);
                QVERIFY(claimed.ok() && claimed->outcome == ClaimOutcome::Claimed);
                if (i % 6 == 0)
                    QVERIFY(s->complete(c.scope, c.key, claimed->record.lease, okResponse(), c.nowMs + 1, 3600'000).ok());
            }
        }
        auto listAll = [](Store &s, RecordQuery q) {
            QStringList rows;
            for (int page = 0; page < 100; ++page) {
                const Result<QList<Record>> got = s.inFlight(q);
                if (!got.ok())
                    return QStringList{QStringLiteral("error: ") + got.error().message};
                for (const Record &r : got.value())
                    rows << QStringLiteral("%1 %2 %3").arg(r.updatedAt - T0).arg(r.scope, r.key);
                if (got->size() < q.limit)
                    break;
                q.after = RecordQuery::Position{got->constLast().updatedAt, got->constLast().scope, got->constLast().key};
            }
            return rows;
        };
        for (const QString &scope : {scopes.at(0), scopes.at(1), QString()}) {
            for (bool newestFirst : {false, true}) {
                for (const std::optional<qint64> before : {std::optional<qint64>(), std::optional<qint64>(T0 + 3000)}) { // unset: any age
                    for (int limit : {1, 4, 500}) {
                        RecordQuery q;
                        q.scope = scope;
                        q.owner = scope.isEmpty() ? owner : QString(); // every scope: only this test's records
                        q.newestFirst = newestFirst;
                        q.startedBeforeMs = before;
                        q.limit = limit;
                        const QStringList expected = listAll(reference, q);
                        QVERIFY(expected.size() > 3);
                        QCOMPARE(listAll(store(), q), expected);
                        QCOMPARE(store().countInFlight(q).value_or(-1), reference.countInFlight(q).value_or(-2));
                        q.keyPrefix = QStringLiteral("z");
                        q.bizNoPrefix = QStringLiteral("SO1");
                        QCOMPARE(listAll(store(), q), listAll(reference, q));
                        QCOMPARE(store().countInFlight(q).value_or(-1), reference.countInFlight(q).value_or(-2));
                    }
                }
            }
        }
    }

    // 16 threads append to one chain at once, through applyAction and
    // appendAudit, over 8 store instances (as 8 processes would: the threads
    // of one instance take turns, instances race): the optimistic head check
    // must retry on 'chain_moved' so that the seqs are 1..N without a gap and
    // every entry links to the one before it. Stale actions write nothing.
    void concurrentWritersKeepOneContiguousChain()
    {
        constexpr int Threads = 16, PerThread = 6, Instances = 8;
        std::vector<std::unique_ptr<RedisStore>> stores;
        for (int i = 0; i < Instances; ++i)
            stores.push_back(std::make_unique<RedisStore>(m_url));
        QMutex mutex;
        QStringList failures;
        QList<qint64> seqs;
        const QHash<QByteArray, qint64> before = m_raw.commandCalls();
        std::vector<std::thread> threads;
        for (int t = 0; t < Threads; ++t) {
            threads.emplace_back([&, t] {
                Store &store = *stores[size_t(t % Instances)];
                const auto fail = [&](const QString &what) {
                    QMutexLocker lock(&mutex);
                    failures << what;
                };
                for (int i = 0; i < PerThread; ++i) {
                    const Result<ClaimResult> claimed = store.claim(claimOf(m_scope, QStringLiteral("t%1-%2").arg(t).arg(i), T0 + i));
                    if (!claimed.ok())
                        return fail(claimed.error().message);
                    OperatorAction stale = actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 100);
                    stale.lease = QStringLiteral("not-the-lease");
                    const Result<ActionResult> lost = store.applyAction(stale);
                    if (!lost.ok() || lost->outcome != TransitionOutcome::StaleLease || lost->audit)
                        return fail(QStringLiteral("stale action: ")
                                    + (lost.ok() ? transitionOutcomeName(lost->outcome) : lost.error().message));
                    const Result<ActionResult> applied =
                        store.applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 100));
                    if (!applied.ok() || applied->outcome != TransitionOutcome::Applied || !applied->audit)
                        return fail(QStringLiteral("action: ")
                                    + (applied.ok() ? transitionOutcomeName(applied->outcome) : applied.error().message));
                    const Result<AuditEntry> alert = store.appendAudit(alertIn(m_scope, T0 + 200));
                    if (!alert.ok())
                        return fail(QStringLiteral("alert: ") + alert.error().message);
                    QMutexLocker lock(&mutex);
                    seqs << applied->audit->seq << alert->seq;
                }
            });
        }
        for (std::thread &thread : threads)
            thread.join();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));

        constexpr int Total = Threads * PerThread * 2;
        std::sort(seqs.begin(), seqs.end());
        QCOMPARE(seqs.size(), Total);
        for (int i = 0; i < Total; ++i)
            QCOMPARE(seqs.at(i), qint64(i + 1));
        QList<AuditEntry> chain;
        for (QString after;;) { // pages of 50, as verification pages
            const Result<QList<AuditEntry>> page = store().auditChain(m_scope, after, 50);
            QVERIFY2(page.ok(), qPrintable(page.error().message));
            chain += page.value();
            if (page->size() < 50)
                break;
            after = page->constLast().storeId;
        }
        QCOMPARE(chain.size(), Total);
        const Result<AuditChainHead> head = headOf(m_scope);
        QVERIFY2(head.ok(), qPrintable(head.error().message));
        const QString broken = chainBreak(chain, head.value());
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        // Counted once per applied action, never for the stale ones.
        const QByteArray counters = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HGET", counters, "timed_out"}).text, QByteArray::number(Threads * PerThread));
        QCOMPARE(m_raw.run({"HGET", counters, "late_finish"}).type, REDIS_REPLY_NIL);
        qint64 evalsha = 0;
        topLevelCalls(before, m_raw.commandCalls(), &evalsha);
        // claims, stale actions and chained writes: one EVALSHA each; the
        // rest retried after 'chain_moved' (8 instances raced, so some did).
        const qint64 firstTries = Total + 2 * Threads * PerThread;
        qInfo("%lld retries after 'chain_moved' for %d chained writes", evalsha - firstTries, Total);
        QVERIFY(evalsha > firstTries);
    }

    // No index but the stream's order: filtered here, pages of 500 from the
    // newest, merged across scopes newest first.
    void auditEntriesFilterAndMergeNewestFirst()
    {
        const QString other = m_scope + QStringLiteral("-other");
        const QString bob = QStringLiteral("bob-") + m_scope, carol = QStringLiteral("carol-") + m_scope; // only this test's
        for (int i = 0; i < 600; ++i) {
            AuditEntry e = alertIn(m_scope, T0 + i);
            e.operatorName = i % 2 ? bob : carol;
            e.key = QStringLiteral("k-%1").arg(i);
            QVERIFY(store().appendAudit(e).ok());
        }
        AuditEntry late = alertIn(other, T0 + 598);
        late.operatorName = bob;
        QVERIFY(store().appendAudit(late).ok());
        const auto listed = [&](const AuditQuery &q) {
            QStringList rows;
            const Result<QList<AuditEntry>> got = store().auditEntries(q);
            if (!got.ok())
                return QStringList{got.error().message};
            for (const AuditEntry &e : got.value())
                rows << QStringLiteral("%1 %2 %3")
                            .arg(e.atMs - T0)
                            .arg(e.scope == other ? QStringLiteral("other") : QStringLiteral("mine"), e.key);
            return rows;
        };
        AuditQuery q;
        q.scope = m_scope;
        q.limit = 3;
        QCOMPARE(listed(q),
                 (QStringList{QStringLiteral("599 mine k-599"), QStringLiteral("598 mine k-598"), QStringLiteral("597 mine k-597")}));
        q.fromMs = T0 + 10; // on the second page of 500
        q.toMs = T0 + 12;
        q.limit = 10;
        QCOMPARE(listed(q), (QStringList{QStringLiteral("12 mine k-12"), QStringLiteral("11 mine k-11"), QStringLiteral("10 mine k-10")}));
        q = AuditQuery();
        q.operatorName = bob;
        q.action = QStringLiteral("alert");
        q.fromMs = T0 + 595;
        q.limit = 3; // every scope: this test's two, merged
        QCOMPARE(listed(q),
                 (QStringList{QStringLiteral("599 mine k-599"), QStringLiteral("598 other "), QStringLiteral("597 mine k-597")}));
        q.keyPrefix = QStringLiteral("k-59");
        q.operatorName = carol;
        QCOMPARE(listed(q), (QStringList{QStringLiteral("598 mine k-598"), QStringLiteral("596 mine k-596")}));
    }

    // The timed-out zset is scored by expiry, so the TIMED_OUT listing is
    // ordered and paged here: (updatedAt, scope, key), keyset, both ways.
    void timedOutListingPagesByTheTimeItWasMarked()
    {
        QStringList expected; // "updatedAt key", oldest first
        for (int i = 0; i < 9; ++i) {
            const QString key = QStringLiteral("%1-%2").arg(i % 2 ? QStringLiteral("a") : QStringLiteral("b")).arg(i);
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, T0 + i));
            QVERIFY(claimed.ok());
            if (i == 8)
                continue; // stays in flight
            const qint64 markedAt = T0 + 1000 + (i % 3) * 10; // ties at the same ms
            const Result<ActionResult> marked = store().applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, markedAt));
            QVERIFY2(marked.ok() && marked->outcome == TransitionOutcome::Applied, qPrintable(marked.error().message));
            QCOMPARE(marked->current->state, RecordState::TimedOut);
            if (i == 7) { // reconciled afterwards: no longer timed out
                const Result<ActionResult> done =
                    store().applyAction(actionOn(*marked->current, OperatorActionKind::ReconcileComplete, markedAt + 1));
                QVERIFY2(done.ok() && done->outcome == TransitionOutcome::Applied, qPrintable(done.error().message));
                QVERIFY(done->current->reconciled);
                QCOMPARE(done->current->state, RecordState::Completed);
                continue;
            }
            expected << QStringLiteral("%1 %2").arg(markedAt - T0).arg(key);
        }
        std::sort(expected.begin(), expected.end());
        RecordQuery q = RecordQuery::ofScope(m_scope);
        q.state = RecordState::TimedOut;
        for (bool newestFirst : {false, true}) {
            q.newestFirst = newestFirst;
            q.after.reset();
            q.limit = 2;
            QStringList listed;
            for (int page = 0; page < 10; ++page) {
                const Result<QList<Record>> rows = store().inFlight(q);
                QVERIFY2(rows.ok(), qPrintable(rows.error().message));
                for (const Record &r : rows.value()) {
                    QCOMPARE(r.state, RecordState::TimedOut);
                    listed << QStringLiteral("%1 %2").arg(r.updatedAt - T0).arg(r.key);
                }
                if (rows->size() < q.limit)
                    break;
                q.after = RecordQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
            }
            QStringList want = expected;
            if (newestFirst)
                std::reverse(want.begin(), want.end());
            QCOMPARE(listed, want);
        }
        q.after.reset();
        QCOMPARE(store().countInFlight(q).value_or(-1), expected.size());
        q.keyPrefix = QStringLiteral("a");
        q.startedBeforeMs = T0 + 1020;
        QCOMPARE(store().countInFlight(q).value_or(-1), 2); // a-1 (1010), a-3 (1000); a-5 at 1020 is not before
        QCOMPARE(store().countInFlight(RecordQuery::ofScope(m_scope)).value_or(-1), 1);
        // The record browser lists completed ones too: a-7, reconciled.
        q.state = RecordState::Completed;
        QCOMPARE(store().countInFlight(q).value_or(-1), 1);
        const Result<QList<Record>> reconciled = store().inFlight(q);
        QVERIFY2(reconciled.ok(), qPrintable(reconciled.error().message));
        QCOMPARE(reconciled->size(), 1);
        QCOMPARE(reconciled->first().key, QStringLiteral("a-7"));
        QVERIFY(reconciled->first().reconciled);
    }

    // complete.lua drops the completed index's expired entries on about one
    // complete in 16 (RedisStore::complete picks it by the random lease), so
    // a busy scope's index stays bounded without a scan; readers count and
    // list only live entries either way.
    void completedIndexDropsExpiredEntries()
    {
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600'000; // the server's clock decides
        const int n = 200;
        for (int i = 0; i < n; ++i) {
            const QString key = QStringLiteral("e%1").arg(i);
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, hourAgo));
            QVERIFY(claimed.ok());
            QVERIFY(store().complete(m_scope, key, claimed->record.lease, Response{200, {}, "ok"}, hourAgo, 1000).ok());
        }
        // Every entry expired when it was written. 200 completes without a
        // trim have a chance of (15/16)^200: about once in 400,000 runs.
        const RawRedis::Reply left = m_raw.run({"ZCARD", "idem:{" + m_scope.toUtf8() + "}:completed"});
        QCOMPARE(left.type, REDIS_REPLY_INTEGER);
        QVERIFY2(left.integer < n, qPrintable(QStringLiteral("%1 expired entries left").arg(left.integer)));
    }

    // COMPLETED has no index by updated_at: the completed zset (scored by
    // expires_at) is walked with ZSCAN. What the walk meets besides
    // completed records: an entry whose hash Redis expired (skipped), a
    // record claimed again (skipped: listed in flight), a key of another
    // type (listed unreadable), glob characters in the key prefix (literal).
    void completedListingWalksTheCompletedIndex()
    {
        QStringList expected;
        for (int i = 0; i < 40; ++i) { // more than one ZSCAN step
            const QString key = QStringLiteral("c*[%1]").arg(i, 2, 10, QLatin1Char('0'));
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, T0 + i));
            QVERIFY(claimed.ok());
            QVERIFY(store().complete(m_scope, key, claimed->record.lease, Response{200, {}, "ok"}, T0 + 100 - i, 3600'000).ok());
            expected.prepend(key); // completed in reverse order of claiming
        }
        const QByteArray zset = "idem:{" + m_scope.toUtf8() + "}:completed";
        QVERIFY(RawRedis::ok(m_raw.run({"ZADD", zset, QByteArray::number(T0 + 3600'000), "gone"})));
        QVERIFY(RawRedis::ok(m_raw.run({"ZADD", zset, QByteArray::number(T0 + 3600'000), "odd"})));
        QVERIFY(RawRedis::ok(m_raw.run({"SET", "idem:{" + m_scope.toUtf8() + "}:r:odd", "not a hash"})));
        const auto cleanup = qScopeGuard([&] { m_raw.run({"DEL", "idem:{" + m_scope.toUtf8() + "}:r:odd"}); });
        // c*[39] expired by its retention and claimed again: in flight now.
        QCOMPARE(store().claim(claimOf(m_scope, QStringLiteral("c*[39]"), T0 + 4000'000)).value().outcome, ClaimOutcome::Claimed);
        expected.removeOne(QStringLiteral("c*[39]"));

        RecordQuery q = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        q.keyPrefix = QStringLiteral("c*[");
        q.limit = 7;
        QStringList listed;
        for (int page = 0; page < 20; ++page) {
            const Result<QList<Record>> rows = store().records(q);
            QVERIFY2(rows.ok(), qPrintable(rows.error().message));
            for (const Record &r : rows.value()) {
                QCOMPARE(r.state, RecordState::Completed);
                QCOMPARE(r.body, QByteArray("ok")); // read in full for the page
                listed << r.key;
            }
            if (rows->size() < q.limit)
                break;
            q.after = RecordQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
        }
        QCOMPARE(listed, expected);
        q.after.reset();
        QCOMPARE(store().countRecords(q).value_or(-1), 39);
        q.keyPrefix = QStringLiteral("c*[0");
        QCOMPARE(store().countRecords(q).value_or(-1), 10);
        q.keyPrefix = QStringLiteral("c?[0"); // '?' is literal
        QCOMPARE(store().countRecords(q).value_or(-1), 0);

        RecordQuery all = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        const Result<QList<Record>> withOdd = store().records(all);
        QVERIFY2(withOdd.ok(), qPrintable(withOdd.error().message));
        QCOMPARE(withOdd->size(), 40); // 39 and the unreadable one
        QCOMPARE(withOdd->first().key, QStringLiteral("odd"));
        QVERIFY(withOdd->first().readError.contains(QLatin1String("instead of a hash")));
        all.owner = QStringLiteral("test-host:1");
        QCOMPARE(store().countRecords(all).value_or(-1), 39); // what cannot be read matches no owner
    }
};

QTEST_GUILESS_MAIN(RedisStoreListingsTest)
#include "tst_redisstorelistings.moc"
