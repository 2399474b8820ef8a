// Claims on every store: a new key is owned, a second claim is in progress or
// a mismatch, a completion is cached byte for byte, a stale lease changes
// nothing, release, time-out, expiry and stuck records, keys as the client
// sent them, one execution under concurrent claims, a corrupt record a clear
// error. Part of the store conformance suite (tests/conformancefixture.h):
// run once per backend (CTest passes IDEM_TEST_BACKEND), times driven by a
// fake clock.
#include "tests/conformancefixture.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

class ConformanceClaimsTest : public QObject, private ConformanceFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openStore(); }
    void init() { startCase(); }

    void claimNewKeyOwnsTheRecord()
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("k1"), QStringLiteral("fp1")));
        QVERIFY2(c.ok(), qPrintable(c.error().message));
        QCOMPARE(c->outcome, ClaimOutcome::Claimed);
        QCOMPARE(c->record.state, RecordState::InFlight);
        QCOMPARE(c->record.attempts, 1);
        QVERIFY(c->record.lease.size() >= 16);

        const Result<std::optional<Record>> got = store().get(m_scope, QStringLiteral("k1"));
        QVERIFY(got.ok() && got.value());
        const Record &r = *got.value();
        QCOMPARE(r.state, RecordState::InFlight);
        QCOMPARE(r.lease, c->record.lease);
        QCOMPARE(r.fingerprint, QStringLiteral("fp1"));
        QCOMPARE(r.owner, QStringLiteral("test-host:1"));
        QCOMPARE(r.bizNo, QStringLiteral("SO-k1"));
        QCOMPARE(r.createdAt, T0);
        QCOMPARE(r.updatedAt, T0);
        QCOMPARE(r.expiresAt, 0);
        compareWhole(c->record, r);
        if (QTest::currentTestFailed())
            return;

        // No business number: the record keeps none, and says so alike.
        ClaimRequest bare = claimOf(m_scope, QStringLiteral("k2"), QStringLiteral("fp2"));
        bare.bizNo.clear();
        const Result<ClaimResult> c2 = store().claim(bare);
        QVERIFY2(c2.ok(), qPrintable(c2.error().message));
        const Result<std::optional<Record>> got2 = store().get(m_scope, QStringLiteral("k2"));
        QVERIFY(got2.ok() && got2.value());
        QVERIFY(c2->record.bizNo.isEmpty());
        compareWhole(c2->record, *got2.value());
    }

    void secondClaimIsInProgressOrMismatch()
    {
        QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"))).ok());
        const Result<ClaimResult> same = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"), T0 + 1000));
        QVERIFY(same.ok());
        QCOMPARE(same->outcome, ClaimOutcome::InProgress);
        QVERIFY(!same->stuck);
        const Result<ClaimResult> other = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp-other"), T0 + 1000));
        QVERIFY(other.ok());
        QCOMPARE(other->outcome, ClaimOutcome::Mismatch);
    }

    void completeCachesResponseByteForByte()
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(c.ok());
        const Response response = okResponse();
        const Result<Transition> done = store().complete(m_scope, QStringLiteral("k"), c->record.lease, response, T0 + 50, 3600'000);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);

        const Result<ClaimResult> again = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"), T0 + 100));
        QVERIFY(again.ok());
        QCOMPARE(again->outcome, ClaimOutcome::Replay);
        QCOMPARE(again->record.state, RecordState::Completed);
        QCOMPARE(again->record.response(), response);
        QCOMPARE(again->record.expiresAt, T0 + 50 + 3600'000);
    }

    // Keys and scopes as clients send them, quotes and all: every backend
    // binds or escapes them (MariaDB's claim sends its values as escaped
    // literals, SqlStore::inlined), so each is its own record.
    void hostileKeysAreStoredAsTheyAre_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("quote") << QStringLiteral("o'brien");
        QTest::newRow("quote and comment") << QStringLiteral("k'); DELETE FROM idem_records; --");
        QTest::newRow("backslash") << QStringLiteral("back\\slash\\'");
        QTest::newRow("placeholder") << QStringLiteral("what?who?");
        QTest::newRow("double quote") << QStringLiteral("\"x\"");
        QTest::newRow("control characters") << QStringLiteral("tab\tnew\nline\x1b[2J");
        QTest::newRow("non-ASCII") << QStringLiteral("订单-✓-ä");
    }

    void hostileKeysAreStoredAsTheyAre()
    {
        QFETCH(QString, key);
        const Result<ClaimResult> first = store().claim(claimOf(m_scope, key, QStringLiteral("fp")));
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().message));
        QCOMPARE(first->outcome, ClaimOutcome::Claimed);
        QCOMPARE(first->record.key, key);
        QVERIFY(store().complete(m_scope, key, first->record.lease, okResponse(key.toUtf8()), T0 + 1, 3600'000).ok());
        const Result<ClaimResult> again = store().claim(claimOf(m_scope, key, QStringLiteral("fp"), T0 + 2));
        QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : again.error().message));
        QCOMPARE(again->outcome, ClaimOutcome::Replay);
        QCOMPARE(again->record.key, key);
        QCOMPARE(again->record.body, key.toUtf8());
        // Another key that differs only where escaping could lose a character is another record.
        const QString near = QString(key).remove(QLatin1Char('\'')).remove(QLatin1Char('\\')) + QStringLiteral("-near");
        const Result<ClaimResult> other = store().claim(claimOf(m_scope, near, QStringLiteral("fp"), T0 + 3));
        QVERIFY(other.ok());
        QCOMPARE(other->outcome, ClaimOutcome::Claimed);
        const Result<std::optional<Record>> got = store().get(m_scope, key);
        QVERIFY(got.ok() && got.value());
        QCOMPARE(got.value()->state, RecordState::Completed);
    }

    void staleLeaseChangesNothing()
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(c.ok());
        const QString stale = QStringLiteral("0123456789abcdef0123456789abcdef");
        const Result<Transition> complete = store().complete(m_scope, QStringLiteral("k"), stale, okResponse(), T0 + 1, 1000);
        const Result<Transition> release = store().release(m_scope, QStringLiteral("k"), stale, T0 + 1);
        Record staleSeen = c->record;
        staleSeen.lease = stale;
        const Result<ActionResult> timeout = store().applyAction(operatorTimeout(staleSeen, T0 + 1, 1000));
        for (const Result<Transition> *t : {&complete, &release}) {
            QVERIFY2(t->ok(), qPrintable(t->error().message));
            QCOMPARE(t->value().outcome, TransitionOutcome::StaleLease);
            QVERIFY(t->value().current);
            QCOMPARE(t->value().current->lease, c->record.lease);
        }
        QVERIFY2(timeout.ok(), qPrintable(timeout.error().message));
        QCOMPARE(timeout->outcome, TransitionOutcome::StaleLease);
        QVERIFY(timeout->current && !timeout->audit);
        QCOMPARE(timeout->current->lease, c->record.lease);
        const Result<std::optional<Record>> got = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(got.ok() && got.value());
        QCOMPARE(got.value()->state, RecordState::InFlight);
        QCOMPARE(got.value()->updatedAt, T0);
        QCOMPARE(got.value()->statusCode, 0);

        const Result<Transition> missing = store().complete(m_scope, QStringLiteral("nobody"), stale, okResponse(), T0, 1000);
        QVERIFY(missing.ok());
        QCOMPARE(missing->outcome, TransitionOutcome::NotFound);
    }

    void releaseLetsTheClientRetry()
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(c.ok());
        const Result<Transition> released = store().release(m_scope, QStringLiteral("k"), c->record.lease, T0 + 10);
        QVERIFY(released.ok());
        QCOMPARE(released->outcome, TransitionOutcome::Applied);
        const Result<std::optional<Record>> got = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(got.ok());
        QVERIFY(!got.value());
        const Result<ClaimResult> again = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"), T0 + 20));
        QVERIFY(again.ok());
        QCOMPARE(again->outcome, ClaimOutcome::Claimed);
        QCOMPARE(again->record.attempts, 1);
    }

    void timedOutRecordIsReclaimedAndTheLateFinisherLoses()
    {
        const Result<ClaimResult> first = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(first.ok());
        const Result<ActionResult> timedOut = store().applyAction(operatorTimeout(first->record, T0 + 11 * Minute, 3600'000));
        QVERIFY2(timedOut.ok(), qPrintable(timedOut.error().message));
        QCOMPARE(timedOut->outcome, TransitionOutcome::Applied);
        Result<std::optional<Record>> got = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(got.ok() && got.value());
        QCOMPARE(got.value()->state, RecordState::TimedOut);

        // The client resubmits: a new attempt with a new lease.
        const Result<ClaimResult> second = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"), T0 + 12 * Minute));
        QVERIFY(second.ok());
        QCOMPARE(second->outcome, ClaimOutcome::Claimed);
        QCOMPARE(second->record.attempts, 2);
        QVERIFY(second->record.lease != first->record.lease);
        got = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(got.ok() && got.value());
        compareWhole(second->record, *got.value());
        if (QTest::currentTestFailed())
            return;

        // The first attempt finishes late: it must not overwrite anything.
        const Result<Transition> late =
            store().complete(m_scope, QStringLiteral("k"), first->record.lease, okResponse("late"), T0 + 13 * Minute, 3600'000);
        QVERIFY(late.ok());
        QCOMPARE(late->outcome, TransitionOutcome::StaleLease);
        got = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(got.ok() && got.value());
        QCOMPARE(got.value()->state, RecordState::InFlight);
        QCOMPARE(got.value()->lease, second->record.lease);
        QVERIFY(got.value()->body.isEmpty());

        const std::optional<CounterSet> total = flushedCounts(0, (T0 + 60 * Minute) / Minute);
        QVERIFY(total);
        QCOMPARE((*total)[Counter::Executed], 2);
        QCOMPARE((*total)[Counter::TimedOut], 1);
        QCOMPARE((*total)[Counter::LateFinish], 1);
    }

    // A claim no replica confirmed (ClaimRequest::replicaAcks; the test
    // cluster has one replica per master, so five never confirm) is taken
    // back: the business never ran, so it counts neither executed nor
    // released, and the key can be claimed again.
    void unconfirmedClaimCountsNothing()
    {
        if (m_env.backend() != QLatin1String("redis_cluster"))
            QSKIP("replica acknowledgements apply to a Redis Cluster only");
        ClaimRequest claim = claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"));
        claim.replicaAcks = 5;
        claim.replicaWaitMs = 50;
        const Result<ClaimResult> refused = store().claim(claim);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().kind, ErrorKind::Unavailable);
        QVERIFY2(refused.error().message.contains(QLatin1String("released")), qPrintable(refused.error().message));
        const Result<std::optional<Record>> gone = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(gone.ok());
        QVERIFY(!gone.value());

        claim.replicaAcks = 0;
        const Result<ClaimResult> again = store().claim(claim);
        QVERIFY(again.ok());
        QCOMPARE(again->outcome, ClaimOutcome::Claimed);
        const std::optional<CounterSet> total = flushedCounts(T0 / Minute, T0 / Minute);
        QVERIFY(total);
        QCOMPARE((*total)[Counter::Executed], 1); // the second claim's only
        QCOMPARE((*total)[Counter::Released], 0);
    }

    void stuckRecordPolicy()
    {
        const Result<ClaimResult> first = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(first.ok());
        ClaimRequest later = claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp"), T0 + 10 * Minute + 1);
        Result<ClaimResult> rejected = store().claim(later);
        QVERIFY(rejected.ok());
        QCOMPARE(rejected->outcome, ClaimOutcome::InProgress);
        QVERIFY(rejected->stuck);

        later.reclaimStuck = true;
        const Result<ClaimResult> reclaimed = store().claim(later);
        QVERIFY(reclaimed.ok());
        QCOMPARE(reclaimed->outcome, ClaimOutcome::Claimed);
        QCOMPARE(reclaimed->record.attempts, 2);
        const Result<Transition> oldRelease = store().release(m_scope, QStringLiteral("k"), first->record.lease, later.nowMs + 5);
        QVERIFY(oldRelease.ok());
        QCOMPARE(oldRelease->outcome, TransitionOutcome::StaleLease);
    }

    void expiredRecordStartsAfresh()
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp")));
        QVERIFY(c.ok());
        QVERIFY(store().complete(m_scope, QStringLiteral("k"), c->record.lease, okResponse(), T0 + 10, 1000).ok());
        // Before expiry another payload is a mismatch; after it the key is free.
        const Result<ClaimResult> early = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp2"), T0 + 500));
        QVERIFY(early.ok());
        QCOMPARE(early->outcome, ClaimOutcome::Mismatch);
        const Result<ClaimResult> fresh = store().claim(claimOf(m_scope, QStringLiteral("k"), QStringLiteral("fp2"), T0 + 2000));
        QVERIFY(fresh.ok());
        QCOMPARE(fresh->outcome, ClaimOutcome::Claimed);
        QCOMPARE(fresh->record.attempts, 1);
        QCOMPARE(fresh->record.fingerprint, QStringLiteral("fp2"));
        QCOMPARE(fresh->record.createdAt, T0 + 2000);

        const Result<ClaimResult> other = store().claim(claimOf(m_scope, QStringLiteral("k2"), QStringLiteral("fp")));
        QVERIFY(other.ok());
        QVERIFY(store().complete(m_scope, QStringLiteral("k2"), other->record.lease, okResponse(), T0 + 10, 1000).ok());
        const Result<qint64> purged = store().purgeExpired(T0 + 5000);
        QVERIFY(purged.ok());
        QVERIFY(purged.value() >= 1);
        const Result<std::optional<Record>> gone = store().get(m_scope, QStringLiteral("k2"));
        QVERIFY(gone.ok());
        QVERIFY(!gone.value());
        const Result<std::optional<Record>> kept = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(kept.ok() && kept.value()); // in flight: never purged
    }

    // A key is the client's bytes: no collation may fold two keys into one
    // record (one client's cached response replayed to another's request).
    void keysDifferingOnlyInCaseAreTwoRecords_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::newRow("case") << QStringLiteral("ABC") << QStringLiteral("abc");
        QTest::newRow("trailing space") << QStringLiteral("abc") << QStringLiteral("abc ");
        QTest::newRow("accent") << QStringLiteral("e") << QString(QChar(0x00e9));
        QTest::newRow("composed vs decomposed") << QString(QChar(0x00e9)) << QStringLiteral("e") + QChar(0x0301);
        QTest::newRow("sharp s") << QString(QChar(0x00df)) << QStringLiteral("ss");
    }

    void keysDifferingOnlyInCaseAreTwoRecords()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        const Result<ClaimResult> a = store().claim(claimOf(m_scope, first, QStringLiteral("fp")));
        QVERIFY2(a.ok(), qPrintable(a.error().message));
        QCOMPARE(a->outcome, ClaimOutcome::Claimed);
        const Result<ClaimResult> b = store().claim(claimOf(m_scope, second, QStringLiteral("fp")));
        QVERIFY2(b.ok(), qPrintable(b.error().message));
        QCOMPARE(b->outcome, ClaimOutcome::Claimed); // not "in progress" on the first key's record
        for (const auto &[key, lease, body] :
             {std::tuple{first, a->record.lease, QByteArray("first")}, std::tuple{second, b->record.lease, QByteArray("second")}}) {
            const Result<Transition> done = store().complete(m_scope, key, lease, okResponse(body), T0 + 1, 3600'000);
            QVERIFY2(done.ok(), qPrintable(done.error().message));
            QCOMPARE(done->outcome, TransitionOutcome::Applied);
        }
        for (const auto &[key, body] : {std::pair{first, QByteArray("first")}, std::pair{second, QByteArray("second")}}) {
            const Result<std::optional<Record>> got = store().get(m_scope, key);
            QVERIFY2(got.ok() && got.value(), qPrintable(key));
            QCOMPARE(got.value()->key, key);
            QCOMPARE(got.value()->body, body);
        }
    }

    void concurrentClaimsExecuteOnce()
    {
        constexpr int threads = 32;
        std::atomic<int> claimed{0}, inProgress{0}, failed{0};
        std::atomic<bool> go{false};
        std::vector<std::thread> pool;
        for (int i = 0; i < threads; ++i) {
            pool.emplace_back([&] {
                while (!go)
                    std::this_thread::yield();
                const Result<ClaimResult> c = store().claim(claimOf(m_scope, QStringLiteral("hot"), QStringLiteral("fp")));
                if (!c.ok())
                    ++failed;
                else if (c->outcome == ClaimOutcome::Claimed)
                    ++claimed;
                else if (c->outcome == ClaimOutcome::InProgress)
                    ++inProgress;
            });
        }
        go = true;
        for (std::thread &t : pool)
            t.join();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(claimed.load(), 1);
        QCOMPARE(inProgress.load(), threads - 1);
    }

    void corruptRecordIsAClearErrorNeverAnExecution()
    {
        Guard guard(store(), {}, clock());
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("h")), [] { return okResponse(); }).outcome, GuardOutcome::Executed);
        QVERIFY(m_env.corruptHeaders(m_scope, QStringLiteral("h")));
        bool ran = false;
        const GuardResult r = guard.handle(requestOf(m_scope, QStringLiteral("h")), [&] {
            ran = true;
            return okResponse();
        });
        QCOMPARE(r.outcome, GuardOutcome::CorruptRecord);
        QVERIFY(r.message.contains(QStringLiteral("h")));
        QVERIFY(!ran);

        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("s")), [] { return okResponse(); }).outcome, GuardOutcome::Executed);
        QVERIFY(m_env.corruptState(m_scope, QStringLiteral("s")));
        const Result<std::optional<Record>> got = store().get(m_scope, QStringLiteral("s"));
        QVERIFY(!got.ok());
        QCOMPARE(got.error().kind, ErrorKind::Corrupt);
        QVERIFY(got.error().message.contains(QStringLiteral("HALF_DONE")));
        const GuardResult r2 = guard.handle(requestOf(m_scope, QStringLiteral("s")), [&] {
            ran = true;
            return okResponse();
        });
        QCOMPARE(r2.outcome, GuardOutcome::CorruptRecord);
        QVERIFY(!ran);
        QVERIFY(m_env.restoreState(m_scope, QStringLiteral("s")));
        QVERIFY(store().get(m_scope, QStringLiteral("s")).ok());
    }
};

QTEST_GUILESS_MAIN(ConformanceClaimsTest)
#include "tst_conformanceclaims.moc"
