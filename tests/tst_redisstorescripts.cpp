// The Redis store's scripts (DESIGN.md "Backends"): they survive a SCRIPT
// FLUSH; a first request is 2 round trips and a replay 1; every key of a scope
// carries its hash tag; counters are counted inside the scripts. Runs against
// IDEM_TEST_REDIS_URL (tools/test.sh starts a server).
#include "tests/redisstorefixture.h"

#include <QtTest>

class RedisStoreScriptsTest : public QObject, public RedisStoreFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openRedisStore(); }
    void init() { nameScope(); }
    void cleanup() { deleteDamaged(); }

    void noscriptIsReloadedAndRetried()
    {
        Guard guard(store(), {}, clock());
        int runs = 0;
        auto business = [&] {
            ++runs;
            return okResponse();
        };
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("a")), business).outcome, GuardOutcome::Executed);
        const qint64 loadsBefore = m_raw.commandCalls().value("script|load");
        QVERIFY(RawRedis::ok(m_raw.run({"SCRIPT", "FLUSH"})));
        const GuardResult replay = guard.handle(requestOf(m_scope, QStringLiteral("a")), business);
        QCOMPARE(replay.outcome, GuardOutcome::Replayed);
        QVERIFY(RawRedis::ok(m_raw.run({"SCRIPT", "FLUSH"})));
        const GuardResult fresh = guard.handle(requestOf(m_scope, QStringLiteral("b")), business); // claim and complete reload
        QCOMPARE(fresh.outcome, GuardOutcome::Executed);
        QVERIFY2(fresh.finalised, qPrintable(fresh.message));
        QCOMPARE(runs, 2);
        QVERIFY(m_raw.commandCalls().value("script|load") >= loadsBefore + 3);
    }

    void roundTripsPerGuardedRequest()
    {
        Guard guard(store(), {}, clock());
        // The scope's first request also registers it (pipelined); measure after.
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("warm-up")), okResponse).outcome, GuardOutcome::Executed);
        // commandstats are server-wide: another client can only add calls, so
        // the smallest of a few measurements is ours.
        qint64 firstEval = 1000, firstOther = 1000, replayEval = 1000, replayOther = 1000;
        for (int i = 0; i < 5 && (firstEval != 2 || firstOther != 0 || replayEval != 1 || replayOther != 0); ++i) {
            const QString key = QStringLiteral("first-%1").arg(i);
            QHash<QByteArray, qint64> before = m_raw.commandCalls();
            QCOMPARE(guard.handle(requestOf(m_scope, key), okResponse).outcome, GuardOutcome::Executed);
            QHash<QByteArray, qint64> after = m_raw.commandCalls();
            qint64 eval = 0;
            const qint64 other = topLevelCalls(before, after, &eval);
            firstEval = qMin(firstEval, eval);
            firstOther = qMin(firstOther, other);

            before = m_raw.commandCalls();
            QCOMPARE(guard.handle(requestOf(m_scope, key), okResponse).outcome, GuardOutcome::Replayed);
            after = m_raw.commandCalls();
            const qint64 otherReplay = topLevelCalls(before, after, &eval);
            replayEval = qMin(replayEval, eval);
            replayOther = qMin(replayOther, otherReplay);
        }
        QCOMPARE(firstEval, 2); // claim + complete
        QCOMPARE(firstOther, 0);
        QCOMPARE(replayEval, 1); // claim answers with the cached response
        QCOMPARE(replayOther, 0);
    }

    // While nearly every claim is a replay, a replay is one HMGET and no
    // script (RedisStore::claim); every other answer is still the claim
    // script's, and the counts stay exact once the buffer is written.
    void replaysReadFirstInARetryStorm()
    {
        RedisStore storm(m_url); // its own switch: the shared store's stays as the other tests expect
        QVERIFY(storm.open().ok());
        const auto claimAt = [&](const QString &key, qint64 now, const QString &fingerprint = QStringLiteral("fp")) {
            ClaimRequest r = claimOf(m_scope, key, now);
            r.fingerprint = fingerprint;
            return storm.claim(r);
        };
        const auto completed = [&](const QString &key, qint64 ttlMs) {
            const Result<ClaimResult> c = claimAt(key, T0);
            return c.ok() && c->outcome == ClaimOutcome::Claimed
                   && storm.complete(m_scope, key, c->record.lease, okResponse(), T0, ttlMs).ok();
        };
        const auto evalsOf = [&](const std::function<void()> &step) {
            const QHash<QByteArray, qint64> before = m_raw.commandCalls();
            step();
            qint64 evals = 0;
            topLevelCalls(before, m_raw.commandCalls(), &evals);
            return evals;
        };
        QVERIFY(completed(QStringLiteral("paid"), 3600'000));
        QVERIFY(completed(QStringLiteral("short"), 1000));
        QVERIFY(storm.claim(claimOf(m_scope, QStringLiteral("running"))).ok());
        m_raw.run({"HSET", RedisLayout::recordKey(m_scope, QStringLiteral("damaged")), "state", "COMPLETED", "fingerprint", "fp"});
        m_damaged << RedisLayout::recordKey(m_scope, QStringLiteral("damaged"));
        // A field another program added, and a string where a record belongs.
        QVERIFY(completed(QStringLiteral("annotated"), 3600'000));
        m_raw.run({"HSET", RedisLayout::recordKey(m_scope, QStringLiteral("annotated")), "note", "added by another program"});
        m_raw.run({"SET", RedisLayout::recordKey(m_scope, QStringLiteral("stringly")), "paid"});
        m_damaged << RedisLayout::recordKey(m_scope, QStringLiteral("stringly"));

        // The script answers the first replays; then the store reads first.
        constexpr int Storm = 150;
        qint64 lastEvals = -1;
        for (int i = 0; i < Storm; ++i) {
            lastEvals = evalsOf([&] {
                const Result<ClaimResult> r = claimAt(QStringLiteral("paid"), T0 + i);
                QVERIFY2(r.ok() && r->outcome == ClaimOutcome::Replay, r.ok() ? "" : qPrintable(r.error().message));
                QCOMPARE(r->record.body, okResponse().body);
                QCOMPARE(r->record.statusCode, 200);
            });
        }
        QCOMPARE(lastEvals, 0);
        // The read (HGETALL) ignores a field that is not the record's, as the
        // script's HMGET does: still a replay, read first.
        QCOMPARE(evalsOf([&] {
                     const Result<ClaimResult> r = claimAt(QStringLiteral("annotated"), T0);
                     QVERIFY2(r.ok() && r->outcome == ClaimOutcome::Replay, r.ok() ? "" : qPrintable(r.error().message));
                     QCOMPARE(r->record.body, okResponse().body);
                 }),
                 0);

        // Anything but a clean replay goes on to the script, which decides and counts it.
        const Result<ClaimResult> other = claimAt(QStringLiteral("paid"), T0, QStringLiteral("fp-other"));
        QVERIFY(other.ok());
        QCOMPARE(other->outcome, ClaimOutcome::Mismatch);
        const Result<ClaimResult> busy = claimAt(QStringLiteral("running"), T0);
        QVERIFY(busy.ok());
        QCOMPARE(busy->outcome, ClaimOutcome::InProgress);
        const Result<ClaimResult> damaged = claimAt(QStringLiteral("damaged"), T0);
        QVERIFY(!damaged.ok());
        QCOMPARE(damaged.error().kind, ErrorKind::Corrupt);
        const Result<ClaimResult> wrongType = claimAt(QStringLiteral("stringly"), T0);
        QVERIFY(!wrongType.ok());
        QCOMPARE(wrongType.error().kind, ErrorKind::Corrupt);
        QVERIFY(claimAt(QStringLiteral("paid"), T0).ok()); // the lean stays up: still reading first
        const Result<ClaimResult> expired = claimAt(QStringLiteral("short"), T0 + 5000);
        QVERIFY(expired.ok());
        QCOMPARE(expired->outcome, ClaimOutcome::Claimed); // an expired record is taken over, never replayed
        const Result<ClaimResult> fresh = claimAt(QStringLiteral("new"), T0);
        QVERIFY(fresh.ok());
        QCOMPARE(fresh->outcome, ClaimOutcome::Claimed);

        // The kept request is built only for a claim the script answers, and
        // once: a replay answered by the read never builds it.
        const QByteArray keptBytes = QByteArrayLiteral("{\"method\":\"POST\",\"path\":\"/pay\",\"headers\":[],\"original_bytes\":0}");
        int builds = 0;
        const auto claimBuilding = [&](const QString &key) {
            ClaimRequest r = claimOf(m_scope, key, T0);
            r.fingerprint = QStringLiteral("fp");
            r.buildRequest = [&] {
                ++builds;
                return keptBytes;
            };
            return storm.claim(r);
        };
        QCOMPARE(evalsOf([&] { QCOMPARE(claimBuilding(QStringLiteral("paid"))->outcome, ClaimOutcome::Replay); }), 0);
        QCOMPARE(builds, 0);
        const Result<ClaimResult> built = claimBuilding(QStringLiteral("kept"));
        QVERIFY2(built.ok(), built.ok() ? "" : qPrintable(built.error().message));
        QCOMPARE(built->outcome, ClaimOutcome::Claimed);
        QCOMPARE(builds, 1);
        QCOMPARE(built->record.request, keptBytes);
        const Result<std::optional<Record>> stored = storm.get(m_scope, QStringLiteral("kept"));
        QVERIFY(stored.ok() && stored->has_value());
        QCOMPARE(stored->value().request, keptBytes);

        // Counted exactly: the script's counts at once, the read replays once written.
        QVERIFY(storm.flushCounters().ok());
        RedisStore reader(m_url);
        const Result<QList<CounterRow>> rows = reader.counters(m_scope, T0 / 60000, T0 / 60000);
        QVERIFY2(rows.ok(), qPrintable(rows.error().message));
        QCOMPARE(rows->size(), 1);
        QCOMPARE(rows->at(0).counts[Counter::Replayed], Storm + 3); // and "annotated", and "paid" with a builder
        QCOMPARE(rows->at(0).counts[Counter::Executed], 7); // paid, short, running, annotated, short again, new, kept
        QCOMPARE(rows->at(0).counts[Counter::Mismatch], 1);
        QCOMPARE(rows->at(0).counts[Counter::InProgress], 1);

        // Enough non-replays (from the top, 100, at −10 each, to the bottom)
        // and the script answers everything again: a first request is 2
        // round trips, not 3.
        for (int i = 0; i < 2 * 100 / 10 + 1; ++i)
            QVERIFY(claimAt(QStringLiteral("fill-%1").arg(i), T0).ok());
        QCOMPARE(evalsOf([&] { QCOMPARE(claimAt(QStringLiteral("paid"), T0)->outcome, ClaimOutcome::Replay); }), 1);
    }

    void everyKeyOfAScopeSharesItsHashTag()
    {
        Guard guard(store(), {}, clock());
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("done")), okResponse).outcome, GuardOutcome::Executed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("boom")),
                              [] {
                                  return Response{503, {}, "x"};
                              })
                     .outcome,
                 GuardOutcome::Executed);
        const Result<ClaimResult> stuck = store().claim(claimOf(m_scope, QStringLiteral("stuck")));
        QVERIFY(stuck.ok());
        QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("left"))).ok());
        QVERIFY(store().applyAction(operatorTimeout(stuck->record, T0 + 1, 3600'000)).ok());
        store().countStoreError(m_scope, T0);
        QVERIFY(store().flushCounters().ok());

        // KEYS is fine here: the test server's own database.
        const QByteArrayList keys = m_raw.run({"KEYS", "*" + m_scope.toUtf8() + "*"}).items;
        const QByteArray tag = "idem:{" + m_scope.toUtf8() + "}:";
        QVERIFY(keys.size() >= 6);
        for (const QByteArray &key : keys)
            QVERIFY2(key.startsWith(tag), key.constData());
        const QByteArrayList expected{
            "r:done", "r:stuck", "inflight", "completed", "timedout", "minutes", QByteArray("c:") + QByteArray::number(T0 / 60000)};
        for (const QByteArray &suffix : expected) {
            const QByteArray key = tag + suffix;
            QVERIFY2(keys.contains(key), key.constData());
        }
        QVERIFY(!keys.contains(tag + "r:boom")); // released
        QCOMPARE(m_raw.run({"SISMEMBER", RedisLayout::scopesKey(), m_scope.toUtf8()}).integer, 1);

        // countByState reads the scope's zsets, not the keyspace.
        const Result<QList<ScopeCount>> counts = store().countByState(QString());
        QVERIFY2(counts.ok(), qPrintable(counts.error().message));
        QStringList mine;
        for (const ScopeCount &c : counts.value()) {
            if (c.scope == m_scope)
                mine << recordStateName(c.state) + QLatin1Char('=') + QString::number(c.count);
        }
        QCOMPARE(mine, (QStringList{QStringLiteral("COMPLETED=1"), QStringLiteral("IN_FLIGHT=1"), QStringLiteral("TIMED_OUT=1")}));
    }

    // scriptKeys keeps a thread's last scope and minute: a change of either,
    // back and forth, gives that scope's and minute's keys, never the last.
    void scriptKeysFollowTheScopeAndTheMinute()
    {
        const auto expected = [](const QString &scope, const QString &key, qint64 minute) {
            return RedisCommand{RedisLayout::recordKey(scope, key),     RedisLayout::inFlightKey(scope),
                                RedisLayout::completedKey(scope),       RedisLayout::timedOutKey(scope),
                                RedisLayout::counterKey(scope, minute), RedisLayout::minutesKey(scope)};
        };
        const QString a = QStringLiteral("scope-a"), b = QString::fromUtf8("范围-b");
        const struct {
            QString scope;
            const char *key;
            qint64 minute;
        } calls[] = {{a, "k1", 100}, {a, "k2", 100}, {a, "k2", 101}, {b, "k2", 101}, {a, "k1", 101}, {b, "键", 100}, {b, "k3", 100}};
        for (const auto &call : calls) {
            const QString key = QString::fromUtf8(call.key);
            QCOMPARE(RedisLayout::scriptKeys(call.scope, key, call.minute), expected(call.scope, key, call.minute));
        }
        // Another thread starts from nothing of this one's.
        const QString k9 = QStringLiteral("k9"), k4 = QStringLiteral("k4");
        std::thread other([&] { QCOMPARE(RedisLayout::scriptKeys(a, k9, 7), expected(a, k9, 7)); });
        other.join();
        QCOMPARE(RedisLayout::scriptKeys(b, k4, 100), expected(b, k4, 100));
        // The five keys of one scope and minute are the thread's own
        // buffers, shared by each call's list, not copied into it.
        const RedisCommand first = RedisLayout::scriptKeys(b, k4, 100), second = RedisLayout::scriptKeys(b, k9, 100);
        for (int i = 1; i < 6; ++i)
            QCOMPARE(static_cast<const void *>(first.at(i).constData()), static_cast<const void *>(second.at(i).constData()));
    }

    void countersAreIncrementedInsideTheScripts()
    {
        Guard guard(store(), {}, clock());
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c")), okResponse).outcome, GuardOutcome::Executed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c")), okResponse).outcome, GuardOutcome::Replayed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c"), "other"), okResponse).outcome, GuardOutcome::Mismatch);
        // Nothing flushed: the counts are in Redis already.
        const QByteArray hash = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HGET", hash, "executed"}).text, QByteArray("1"));
        QCOMPARE(m_raw.run({"HGET", hash, "replayed"}).text, QByteArray("1"));
        QCOMPARE(m_raw.run({"HGET", hash, "mismatch"}).text, QByteArray("1"));
        QVERIFY(m_raw.run({"PTTL", hash}).integer > 0); // counters expire
        // Another store instance (nothing buffered there) reads the same.
        RedisStore reader(m_url);
        const Result<QList<CounterRow>> rows = reader.counters(m_scope, T0 / 60000, T0 / 60000);
        QVERIFY2(rows.ok(), qPrintable(rows.error().message));
        QCOMPARE(rows->size(), 1);
        QCOMPARE(rows->at(0).counts[Counter::Executed], 1);
        QCOMPARE(rows->at(0).counts[Counter::Replayed], 1);
        QCOMPARE(rows->at(0).counts[Counter::Mismatch], 1);
    }

    // The audit stream and its head sit in the scope's slot beside the
    // records: action.lua touches both in one script, valid on Cluster.
    void auditKeysShareTheScopesHashTag()
    {
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("stuck")));
        QVERIFY(claimed.ok());
        const Result<ActionResult> applied = store().applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 1));
        QVERIFY2(applied.ok(), qPrintable(applied.error().message));
        QCOMPARE(applied->outcome, TransitionOutcome::Applied);
        const QString alerts = m_scope + QStringLiteral("-alerts"); // a chain about no record
        const Result<AuditEntry> alert = store().appendAudit(alertIn(alerts, T0 + 2));
        QVERIFY2(alert.ok(), qPrintable(alert.error().message));

        for (const QString &scope : {m_scope, alerts}) {
            const QByteArray tag = "idem:{" + scope.toUtf8() + "}:";
            QCOMPARE(RedisLayout::auditKey(scope), tag + "audit");
            QCOMPARE(RedisLayout::auditHeadKey(scope), tag + "audit:head");
            const QByteArrayList keys = m_raw.run({"KEYS", tag + "*"}).items;
            QVERIFY2(keys.contains(tag + "audit") && keys.contains(tag + "audit:head"), keys.join(' ').constData());
            for (const QByteArray &key : keys)
                QCOMPARE(hashTagOf(key), scope.toUtf8());
            QCOMPARE(m_raw.run({"TYPE", tag + "audit"}).text, QByteArray("stream"));
            QCOMPARE(m_raw.run({"HGET", tag + "audit:head", "seq"}).text, QByteArray("1"));
            // Registered, so auditHeads() and auditEntries() find the chain.
            QCOMPARE(m_raw.run({"SISMEMBER", RedisLayout::scopesKey(), scope.toUtf8()}).integer, 1);
            const Result<AuditChainHead> head = headOf(scope);
            QVERIFY2(head.ok(), qPrintable(head.error().message));
            QCOMPARE(head->seq, 1);
        }
        QCOMPARE(headOf(m_scope)->hash, applied->audit->hash);
        QCOMPARE(headOf(alerts)->hash, alert->hash);
    }
};

QTEST_GUILESS_MAIN(RedisStoreScriptsTest)
#include "tst_redisstorescripts.moc"
