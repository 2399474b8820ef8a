// The store conformance suite: DESIGN.md's invariants, written once, run once
// per backend (CTest passes IDEM_TEST_BACKEND). Times are driven by a fake
// clock passed in each request, so expiry and stuck records need no sleeping.
#include "app/guard/guard.h"
#include "tests/teststore.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;

ClaimRequest claimOf(const QString &scope, const QString &key, const QString &fingerprint, qint64 now = T0)
{
    ClaimRequest r;
    r.scope = scope;
    r.key = key;
    r.fingerprint = fingerprint;
    r.owner = QStringLiteral("test-host:1");
    r.bizNo = QStringLiteral("SO-") + key;
    r.nowMs = now;
    return r;
}

Response okResponse(const QByteArray &body = QByteArrayLiteral("{\"ok\":true}"))
{
    return Response{201, {{"Content-Type", "application/json"}, {"X-Trace", "a"}, {"X-Trace", "b"}}, body};
}

GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body = QByteArrayLiteral("{\"amount\":100}"))
{
    GuardRequest r;
    r.scope = scope;
    r.key = key;
    r.path = "/api/payments";
    r.body = body;
    return r;
}

} // namespace

class ConformanceTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    std::atomic<qint64> m_now{T0};
    int m_case = 0;

    Store &store() { return *m_store; }
    // A fresh scope per test function: no test sees another's records.
    QString freshScope() { return m_env.scope(QStringLiteral("conf%1").arg(++m_case)); }
    Guard::Clock clock()
    {
        return [this] { return m_now.load(); };
    }

    // The scope's counts from fromMinute to toMinute, every buffer written
    // first, summed over rows (a Redis Cluster keeps one per bucket);
    // nullopt when the read fails.
    std::optional<CounterSet> flushedCounts(qint64 fromMinute, qint64 toMinute)
    {
        if (!store().flushCounters().ok())
            return std::nullopt;
        const Result<QList<CounterRow>> rows = store().counters(m_scope, fromMinute, toMinute);
        if (!rows.ok())
            return std::nullopt;
        CounterSet total;
        for (const CounterRow &row : rows.value())
            total += row.counts;
        return total;
    }

    // The record a claim answered is the one it wrote, field by field
    // (a Redis fresh claim builds it from the request, claim.lua).
    static void compareWhole(const Record &answered, const Record &stored)
    {
        QCOMPARE(answered.scope, stored.scope);
        QCOMPARE(answered.key, stored.key);
        QCOMPARE(answered.state, stored.state);
        QCOMPARE(answered.fingerprint, stored.fingerprint);
        QCOMPARE(answered.lease, stored.lease);
        QCOMPARE(answered.owner, stored.owner);
        QCOMPARE(answered.attempts, stored.attempts);
        QCOMPARE(answered.bizNo, stored.bizNo);
        QCOMPARE(answered.statusCode, stored.statusCode);
        QCOMPARE(answered.headers.isEmpty(), stored.headers.isEmpty());
        QCOMPARE(answered.body.isEmpty(), stored.body.isEmpty());
        QCOMPARE(answered.createdAt, stored.createdAt);
        QCOMPARE(answered.updatedAt, stored.updatedAt);
        QCOMPARE(answered.expiresAt, stored.expiresAt);
        QCOMPARE(answered.reconciled, stored.reconciled);
        QCOMPARE(answered.request, stored.request);
    }

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void init()
    {
        m_scope = freshScope();
        m_now = T0;
    }

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

    // A retry storm: hundreds of replays of one key (Redis then answers
    // them by a plain read, RedisStore::claim), among them another payload
    // and an expired record. Every answer and every count is as if each
    // claim had been decided alone.
    void retryStormAnswersAndCountsEachClaim()
    {
        const auto completed = [&](const QString &key, qint64 ttlMs) {
            const Result<ClaimResult> c = store().claim(claimOf(m_scope, key, QStringLiteral("fp")));
            return c.ok() && store().complete(m_scope, key, c->record.lease, okResponse(key.toUtf8()), T0, ttlMs).ok();
        };
        QVERIFY(completed(QStringLiteral("paid"), 3600'000));
        QVERIFY(completed(QStringLiteral("short"), 1000));
        constexpr int Storm = 200;
        for (int i = 0; i < Storm; ++i) {
            const Result<ClaimResult> r = store().claim(claimOf(m_scope, QStringLiteral("paid"), QStringLiteral("fp"), T0 + i));
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
            QCOMPARE(r->outcome, ClaimOutcome::Replay);
            QCOMPARE(r->record.response().body, QByteArray("paid"));
        }
        const Result<ClaimResult> other = store().claim(claimOf(m_scope, QStringLiteral("paid"), QStringLiteral("fp2"), T0 + 1));
        QVERIFY(other.ok());
        QCOMPARE(other->outcome, ClaimOutcome::Mismatch);
        const Result<ClaimResult> expired = store().claim(claimOf(m_scope, QStringLiteral("short"), QStringLiteral("fp"), T0 + 5000));
        QVERIFY(expired.ok());
        QCOMPARE(expired->outcome, ClaimOutcome::Claimed);
        // Enough first requests that later tests meet the store as they expect.
        for (int i = 0; i < 30; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("next-%1").arg(i), QStringLiteral("fp"))).ok());

        const std::optional<CounterSet> total = flushedCounts(T0 / Minute, T0 / Minute);
        QVERIFY(total);
        QCOMPARE((*total)[Counter::Replayed], Storm);
        QCOMPARE((*total)[Counter::Mismatch], 1);
        QCOMPARE((*total)[Counter::Executed], 3 + 30); // paid, short, short taken over, next-*
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

    void guardCaches2xxAnd4xxButNot5xx_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("cached");
        QTest::newRow("200") << 200 << true;
        QTest::newRow("201") << 201 << true;
        QTest::newRow("204 empty") << 204 << true;
        QTest::newRow("402") << 402 << true;
        QTest::newRow("422") << 422 << true;
        QTest::newRow("500") << 500 << false;
        QTest::newRow("503") << 503 << false;
    }

    void guardCaches2xxAnd4xxButNot5xx()
    {
        QFETCH(int, status);
        QFETCH(bool, cached);
        Guard guard(store(), {}, clock());
        int runs = 0;
        const QByteArray body = status == 204 ? QByteArray("") : QByteArray("{\"status\":") + QByteArray::number(status) + '}';
        auto business = [&] {
            ++runs;
            return Response{status, {{"Content-Type", "application/json"}}, body};
        };
        const GuardResult first = guard.handle(requestOf(m_scope, QStringLiteral("k")), business);
        QCOMPARE(first.outcome, GuardOutcome::Executed);
        QVERIFY2(first.finalised, qPrintable(first.message));
        const GuardResult second = guard.handle(requestOf(m_scope, QStringLiteral("k")), business);
        if (cached) {
            QCOMPARE(second.outcome, GuardOutcome::Replayed);
            QCOMPARE(runs, 1);
            QCOMPARE(second.response.status, status);
            QCOMPARE(second.response.body, body);
            QVERIFY(second.response.headers.contains(qMakePair(QByteArray("Idempotent-Replayed"), QByteArray("true"))));
        } else {
            QCOMPARE(second.outcome, GuardOutcome::Executed);
            QCOMPARE(runs, 2);
        }
    }

    void guardReplaysHugeBinaryBodyByteForByte()
    {
        QByteArray body;
        body.reserve(1 << 20);
        for (int i = 0; i < (1 << 20); ++i)
            body.append(char((i * 131 + (i >> 8)) & 0xff)); // every byte value, NULs and invalid UTF-8 included
        Guard guard(store(), {}, clock());
        int runs = 0;
        const Response response{200, {{"Content-Type", "application/octet-stream"}}, body};
        const GuardResult first = guard.handle(requestOf(m_scope, QStringLiteral("bin"), body), [&] {
            ++runs;
            return response;
        });
        QCOMPARE(first.outcome, GuardOutcome::Executed);
        QVERIFY2(first.finalised, qPrintable(first.message));
        const GuardResult second = guard.handle(requestOf(m_scope, QStringLiteral("bin"), body), [&] {
            ++runs;
            return response;
        });
        QCOMPARE(second.outcome, GuardOutcome::Replayed);
        QCOMPARE(runs, 1);
        QCOMPARE(second.response.body.size(), body.size());
        QVERIFY(second.response.body == body);
    }

    void guardMismatchAndInProgress()
    {
        Guard guard(store(), {}, clock());
        bool innerChecked = false;
        const GuardResult first = guard.handle(requestOf(m_scope, QStringLiteral("k")), [&] {
            // While the first attempt runs, the same request is in progress
            // and a different one is a mismatch.
            const GuardResult dup = guard.handle(requestOf(m_scope, QStringLiteral("k")), [] { return Response{200, {}, "dup"}; });
            const GuardResult other = guard.handle(requestOf(m_scope, QStringLiteral("k"), "{\"amount\":999}"), [] {
                return Response{200, {}, "x"};
            });
            innerChecked = dup.outcome == GuardOutcome::InProgress && dup.response.status == 409 && dup.retryAfterMs > 0
                           && other.outcome == GuardOutcome::Mismatch && other.response.status == 422;
            return okResponse();
        });
        QCOMPARE(first.outcome, GuardOutcome::Executed);
        QVERIFY(innerChecked);
        const GuardResult after = guard.handle(requestOf(m_scope, QStringLiteral("k"), "{\"amount\":999}"), [] {
            return Response{200, {}, "x"};
        });
        QCOMPARE(after.outcome, GuardOutcome::Mismatch);
    }

    void guardRejectsBadKeys_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("empty") << QString();
        QTest::newRow("256 bytes") << QString(256, QLatin1Char('a'));
        QTest::newRow("128 two-byte chars") << QString(128, QChar(0x00e9));
        QTest::newRow("newline") << QStringLiteral("abc\ndef");
        QTest::newRow("NUL") << QStringLiteral("abc") + QChar(0) + QStringLiteral("def");
        QTest::newRow("DEL") << QStringLiteral("abc\x7f");
    }

    void guardRejectsBadKeys()
    {
        QFETCH(QString, key);
        Guard guard(store(), {}, clock());
        bool ran = false;
        const GuardResult r = guard.handle(requestOf(m_scope, key), [&] {
            ran = true;
            return okResponse();
        });
        QCOMPARE(r.outcome, GuardOutcome::InvalidKey);
        QCOMPARE(r.response.status, 400);
        QVERIFY(!r.message.isEmpty());
        QVERIFY(!ran);
        const Result<qint64> inFlight = store().countInFlight(InFlightQuery::ofScope(m_scope));
        QVERIFY(inFlight.ok());
        QCOMPARE(inFlight.value(), 0);
    }

    void guardAcceptsLongestAllowedKey()
    {
        Guard guard(store(), {}, clock());
        const GuardResult r = guard.handle(requestOf(m_scope, QString(255, QLatin1Char('k'))), [] { return okResponse(); });
        QCOMPARE(r.outcome, GuardOutcome::Executed);
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

    // Many records with tied start times, paged both ways with a page size
    // that divides nothing: every record once, in strict keyset order (on a
    // Redis Cluster the scope's buckets are merged page by page).
    void inFlightPagesMergeInKeysetOrder()
    {
        const int n = 300;
        for (int i = 0; i < n; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("m%1").arg(i), QStringLiteral("fp"), T0 + (i % 40) * 1000)).ok());
        for (const bool newestFirst : {false, true}) {
            InFlightQuery q = InFlightQuery::ofScope(m_scope);
            q.limit = 37;
            q.newestFirst = newestFirst;
            QList<Record> seen;
            for (int pages = 0; pages < 20; ++pages) {
                const Result<QList<Record>> page = store().inFlight(q);
                QVERIFY2(page.ok(), qPrintable(page.error().message));
                seen += page.value();
                if (page->size() < q.limit)
                    break;
                q.after = InFlightQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
            }
            QCOMPARE(seen.size(), n);
            for (qsizetype i = 1; i < seen.size(); ++i) {
                const bool ordered = newestFirst ? keysetBefore(seen.at(i), seen.at(i - 1)) : keysetBefore(seen.at(i - 1), seen.at(i));
                QVERIFY2(ordered, qPrintable(QStringLiteral("row %1 (%2) out of order").arg(i).arg(seen.at(i).key)));
            }
        }
    }

    void inFlightListingPagesWithKeysetAndFilters()
    {
        // 25 records, attempts one second apart, two owners, some with LIKE wildcards in the key.
        const int n = 25;
        for (int i = 0; i < n; ++i) {
            ClaimRequest c = claimOf(m_scope, (i % 5 == 0 ? QStringLiteral("a%_") : QStringLiteral("key-")) + QString::number(i),
                                     QStringLiteral("fp"), T0 + i * 1000);
            c.owner = i % 2 ? QStringLiteral("odd:1") : QStringLiteral("even:2");
            c.bizNo = QStringLiteral("SO%1").arg(1000 + i);
            QVERIFY(store().claim(c).ok());
        }
        InFlightQuery q;
        q.scope = m_scope;
        q.limit = 7;
        QStringList seen;
        qint64 last = 0;
        for (;;) {
            const Result<QList<Record>> page = store().inFlight(q);
            QVERIFY2(page.ok(), qPrintable(page.error().message));
            for (const Record &r : page.value()) {
                QVERIFY(r.updatedAt >= last);
                last = r.updatedAt;
                seen << r.key;
            }
            if (page->size() < q.limit)
                break;
            q.after = InFlightQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
        }
        QCOMPARE(seen.size(), n);
        seen.removeDuplicates();
        QCOMPARE(seen.size(), n);

        InFlightQuery newest = InFlightQuery::ofScope(m_scope);
        newest.newestFirst = true;
        newest.limit = 1;
        QCOMPARE(store().inFlight(newest).value().constFirst().updatedAt, T0 + (n - 1) * 1000);

        auto count = [&](InFlightQuery f) {
            f.scope = m_scope;
            return store().countInFlight(f).value_or(-1);
        };
        QCOMPARE(count({}), n);
        InFlightQuery f;
        f.startedBeforeMs = T0 + 10 * 1000;
        QCOMPARE(count(f), 10);
        f = {};
        f.keyPrefix = QStringLiteral("a%_");
        QCOMPARE(count(f), 5);
        f.keyPrefix = QStringLiteral("a%");
        QCOMPARE(count(f), 5);
        f.keyPrefix = QStringLiteral("a_");
        QCOMPARE(count(f), 0); // '_' is literal, not a wildcard
        f = {};
        f.owner = QStringLiteral("odd:1");
        QCOMPARE(count(f), 12);
        f = {};
        f.bizNoPrefix = QStringLiteral("SO101");
        QCOMPARE(count(f), 10);

        InFlightQuery other;
        other.scope = m_scope + QStringLiteral("-none");
        QCOMPARE(store().countInFlight(other).value_or(-1), 0);
    }

    // A cutoff is always a filter. One at or before the epoch (what
    // now - age gives for an absurd age) matches nothing, in both orders and
    // for both listed states; only an unset cutoff lists every age.
    void aCutoffBeforeTheEpochMatchesNothing()
    {
        for (int i = 0; i < 3; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("fresh-%1").arg(i), QStringLiteral("fp"), T0 + i)).ok());
        InFlightQuery all = InFlightQuery::ofScope(m_scope);
        QCOMPARE(store().countInFlight(all).value_or(-1), 3);
        QCOMPARE(store().inFlight(all).value().size(), 3);
        for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000, std::numeric_limits<qint64>::min() + 1}) {
            for (const bool newestFirst : {false, true}) {
                for (const RecordState state : {RecordState::InFlight, RecordState::TimedOut}) {
                    InFlightQuery q = InFlightQuery::ofScope(m_scope);
                    q.state = state;
                    q.startedBeforeMs = cutoff;
                    q.newestFirst = newestFirst;
                    const Result<QList<Record>> page = store().inFlight(q);
                    QVERIFY2(page.ok(), qPrintable(page.error().message));
                    QVERIFY2(page->isEmpty(), qPrintable(QStringLiteral("cutoff %1 listed %2 records").arg(cutoff).arg(page->size())));
                    const Result<qint64> n = store().countInFlight(q);
                    QVERIFY2(n.ok(), qPrintable(n.error().message));
                    QCOMPARE(n.value(), 0);
                }
            }
        }
    }

    void countersAreFlushedPerScopeAndMinute()
    {
        Guard guard(store(), {}, clock());
        for (int i = 0; i < 3; ++i)
            guard.handle(requestOf(m_scope, QStringLiteral("c%1").arg(i)), [] { return okResponse(); });
        guard.handle(requestOf(m_scope, QStringLiteral("c0")), [] { return okResponse(); });
        guard.handle(requestOf(m_scope, QStringLiteral("c1")), [] { return okResponse(); });
        guard.handle(requestOf(m_scope, QStringLiteral("c1"), "other"), [] { return okResponse(); });
        m_now = T0 + 2 * Minute;
        guard.handle(requestOf(m_scope, QStringLiteral("c9")), [] { return Response{500, {}, "boom"}; });
        QVERIFY(store().flushCounters().ok());
        const Result<QList<CounterRow>> rows = store().counters(m_scope, T0 / Minute, T0 / Minute + 5);
        QVERIFY(rows.ok());
        QCOMPARE(rows->size(), 2);
        const CounterRow &first = rows->at(0);
        QCOMPARE(first.minute, T0 / Minute);
        QCOMPARE(first.counts[Counter::Executed], 3);
        QCOMPARE(first.counts[Counter::Replayed], 2);
        QCOMPARE(first.counts[Counter::Mismatch], 1);
        QCOMPARE(first.counts.hitRate().value(), 0.4);
        const CounterRow &second = rows->at(1);
        QCOMPARE(second.minute, T0 / Minute + 2);
        QCOMPARE(second.counts[Counter::Executed], 1);
        QCOMPARE(second.counts[Counter::Released], 1);
        // Flushing again adds nothing twice.
        QVERIFY(store().flushCounters().ok());
        QCOMPARE(store().counters(m_scope, T0 / Minute, T0 / Minute).value().at(0).counts[Counter::Executed], 3);
    }
    // --- operator actions (DESIGN.md "Operator actions"): compare-and-set plus audit entry ---

    OperatorAction actionOf(OperatorActionKind kind, const Record &seen, qint64 now)
    {
        OperatorAction a;
        a.kind = kind;
        a.scope = seen.scope;
        a.key = seen.key;
        a.lease = seen.lease;
        a.expectedState = seen.state;
        a.startedBeforeMs = seen.updatedAt + 1; // the age the preview chose: just old enough
        a.nowMs = now;
        a.retentionMs = 60 * Minute;
        a.audit.operatorName = QStringLiteral("ops-li");
        a.audit.host = QStringLiteral("console-1");
        a.audit.batchId = QStringLiteral("b-test");
        a.audit.reason = QStringLiteral("gateway outage, customers waiting");
        return a;
    }

    void actionAppliesOnlyUnderTheSeenLeaseAndIsAudited()
    {
        const Record seen = store().claim(claimOf(m_scope, QStringLiteral("a1"), QStringLiteral("fp"))).value().record;
        // A stale lease: nothing changes, nothing is audited.
        OperatorAction stale = actionOf(OperatorActionKind::MarkTimedOut, seen, T0 + 11 * Minute);
        stale.lease = QStringLiteral("not-the-lease");
        const Result<ActionResult> refused = store().applyAction(stale);
        QVERIFY2(refused.ok(), qPrintable(refused.error().message));
        QCOMPARE(refused->outcome, TransitionOutcome::StaleLease);
        QVERIFY(!refused->audit);
        QCOMPARE(store().get(m_scope, QStringLiteral("a1")).value()->state, RecordState::InFlight);

        const Result<ActionResult> applied = store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, seen, T0 + 11 * Minute));
        QVERIFY2(applied.ok(), qPrintable(applied.error().message));
        QCOMPARE(applied->outcome, TransitionOutcome::Applied);
        QVERIFY(applied->audit);
        QCOMPARE(applied->audit->seq, 1);
        QCOMPARE(applied->audit->prevHash, AuditEntry::genesisHash());
        QCOMPARE(applied->audit->hash, applied->audit->computeHash());
        QCOMPARE(store().get(m_scope, QStringLiteral("a1")).value()->state, RecordState::TimedOut);
        // Again with the same lease: the record is no longer in flight.
        QCOMPARE(store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, seen, T0 + 12 * Minute)).value().outcome,
                 TransitionOutcome::StaleLease);

        const QList<AuditEntry> chain = scopeAudit(store(), m_scope);
        QCOMPARE(chain.size(), 1);
        const AuditEntry &e = chain.first();
        QCOMPARE(e.key, QStringLiteral("a1"));
        QCOMPARE(e.action, QStringLiteral("timeout"));
        QCOMPARE(e.stateBefore, QStringLiteral("IN_FLIGHT"));
        QCOMPARE(e.stateAfter, QStringLiteral("TIMED_OUT"));
        QCOMPARE(e.operatorName, QStringLiteral("ops-li"));
        QCOMPARE(e.reason, QStringLiteral("gateway outage, customers waiting"));
        QCOMPARE(e.atMs, T0 + 11 * Minute);
        QCOMPARE(e.hash, e.computeHash());
        const Result<QList<AuditChainHead>> heads = store().auditHeads();
        QVERIFY(heads.ok());
        const auto head = std::find_if(heads->cbegin(), heads->cend(), [&](const AuditChainHead &h) { return h.scope == m_scope; });
        QVERIFY(head != heads->cend());
        QCOMPARE(head->seq, 1);
        QCOMPARE(head->hash, e.hash);
        QVERIFY(store().flushCounters().ok());
        const Result<QList<CounterRow>> rows = store().counters(m_scope, 0, (T0 + 20 * Minute) / Minute);
        QVERIFY(rows.ok());
        qint64 timedOut = 0, late = 0;
        for (const CounterRow &row : rows.value()) {
            timedOut += row.counts[Counter::TimedOut];
            late += row.counts[Counter::LateFinish];
        }
        QCOMPARE(timedOut, 1);
        QCOMPARE(late, 0); // an operator's lost race is not a late finish
    }

    void reconcileCompletesFlaggedOrReleases()
    {
        // Two keys of one audit chain (of one bucket on a Redis Cluster).
        const QStringList keys = m_env.sameChainKeys(m_scope, QStringLiteral("r"), 2);
        const QString &key1 = keys.at(0), &key2 = keys.at(1);
        const Record a = store().claim(claimOf(m_scope, key1, QStringLiteral("fp"))).value().record;
        const Record b = store().claim(claimOf(m_scope, key2, QStringLiteral("fp"))).value().record;
        // r1 timed out first, then reconciled from TIMED_OUT.
        QVERIFY(store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, a, T0 + 11 * Minute)).value().audit);
        Record timedOut = *store().get(m_scope, key1).value();
        OperatorAction complete = actionOf(OperatorActionKind::ReconcileComplete, timedOut, T0 + 12 * Minute);
        complete.response = Response{200, {{"Content-Type", "application/json"}}, QByteArrayLiteral("{\"order_no\":\"SO-r1\"}")};
        complete.audit.evidence = QByteArrayLiteral("{\"order_no\":\"SO-r1\",\"status\":\"PAID\"}");
        const Result<ActionResult> done = store().applyAction(complete);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        const Record r1 = *store().get(m_scope, key1).value();
        QCOMPARE(r1.state, RecordState::Completed);
        QVERIFY(r1.reconciled);
        QCOMPARE(r1.response(), complete.response);
        // The client's retry replays the synthesised response.
        const Result<ClaimResult> retry = store().claim(claimOf(m_scope, key1, QStringLiteral("fp"), T0 + 13 * Minute));
        QCOMPARE(retry->outcome, ClaimOutcome::Replay);

        const Result<ActionResult> released = store().applyAction(actionOf(OperatorActionKind::ReconcileRelease, b, T0 + 12 * Minute));
        QVERIFY2(released.ok(), qPrintable(released.error().message));
        QCOMPARE(released->outcome, TransitionOutcome::Applied);
        QVERIFY(!store().get(m_scope, key2).value());

        const QList<AuditEntry> chain = scopeAudit(store(), m_scope);
        QCOMPARE(chain.size(), 3);
        QCOMPARE(chain.at(1).action, QStringLiteral("reconcile-complete"));
        QCOMPARE(chain.at(1).stateBefore, QStringLiteral("TIMED_OUT"));
        QCOMPARE(chain.at(1).stateAfter, QStringLiteral("COMPLETED"));
        QCOMPARE(chain.at(1).evidence, complete.audit.evidence);
        QCOMPARE(chain.at(1).prevHash, chain.at(0).hash);
        QCOMPARE(chain.at(2).action, QStringLiteral("reconcile-release"));
        QCOMPARE(chain.at(2).stateAfter, QStringLiteral("RELEASED"));
        QCOMPARE(chain.at(2).prevHash, chain.at(1).hash);
        // Paging the chain continues after a store id.
        const QList<AuditEntry> rest = store().auditChain(m_env.sameChain(m_scope), chain.at(0).storeId, 100).value();
        QCOMPARE(rest.size(), 2);
        QCOMPARE(rest.first().seq, 2);
        // Listing: newest first, filtered in the store.
        AuditQuery q;
        q.scope = m_scope;
        q.action = QStringLiteral("reconcile-release");
        const QList<AuditEntry> listed = store().auditEntries(q).value();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().key, key2);
    }

    void timedOutRecordsAreListedForReconciliation()
    {
        for (int i = 0; i < 3; ++i) {
            const Record r = store().claim(claimOf(m_scope, QStringLiteral("t%1").arg(i), QStringLiteral("fp"), T0 + i)).value().record;
            if (i < 2)
                QVERIFY(store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, r, T0 + 11 * Minute + i)).value().audit);
        }
        InFlightQuery q = InFlightQuery::ofScope(m_scope);
        q.state = RecordState::TimedOut;
        const Result<QList<Record>> listed = store().inFlight(q);
        QVERIFY2(listed.ok(), qPrintable(listed.error().message));
        QCOMPARE(listed->size(), 2);
        QCOMPARE(listed->at(0).key, QStringLiteral("t0"));
        QCOMPARE(listed->at(1).state, RecordState::TimedOut);
        QCOMPARE(store().countInFlight(q).value_or(-1), 2);
        q.limit = 1;
        q.after = InFlightQuery::Position{listed->at(0).updatedAt, listed->at(0).scope, listed->at(0).key};
        QCOMPARE(store().inFlight(q).value().size(), 1);
        QCOMPARE(store().inFlight(q).value().first().key, QStringLiteral("t1"));
        QCOMPARE(store().countInFlight(InFlightQuery::ofScope(m_scope)).value_or(-1), 1);
    }

    // Every key the listing gives for `q`, page by page from the keyset
    // position: checks the order and the state of each row; `between` runs
    // after the first page (records added while an operator pages).
    QStringList pageThrough(RecordQuery q, const std::function<void()> &between = {})
    {
        QStringList keys;
        std::optional<Record> previous;
        for (int page = 0; page < 100; ++page) {
            const Result<QList<Record>> rows = store().records(q);
            if (!rows.ok()) {
                qWarning() << rows.error().message;
                return {QStringLiteral("<error>")};
            }
            for (const Record &r : rows.value()) {
                if (previous && !(q.newestFirst ? keysetBefore(r, *previous) : keysetBefore(*previous, r)))
                    return {QStringLiteral("<out of order at %1>").arg(r.key)};
                if (r.scope != m_scope || (q.state && r.state != *q.state) || !r.readError.isEmpty())
                    return {QStringLiteral("<wrong row %1 %2>").arg(r.key, recordStateName(r.state))};
                previous = r;
                keys << r.key;
            }
            if (page == 0 && between)
                between();
            if (rows->size() < q.limit)
                return keys;
            q.after = RecordQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
        }
        return {QStringLiteral("<endless>")};
    }

    void completeOne(const QString &key, qint64 claimedAt, qint64 completedAt)
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, key, QStringLiteral("fp"), claimedAt));
        QVERIFY2(c.ok(), qPrintable(c.error().message));
        const Result<Transition> done = store().complete(m_scope, key, c->record.lease, okResponse(), completedAt, 600 * Minute);
        QVERIFY2(done.ok() && done->outcome == TransitionOutcome::Applied, qPrintable(done.ok() ? QString() : done.error().message));
    }

    // The record browser (issue: timed-out records left for review could not
    // be found): COMPLETED, TIMED_OUT and every state page by keyset like the
    // in-flight list, filter by key and business number, count, and change
    // nothing.
    void recordsOfEveryStatePageByKeyset_data()
    {
        QTest::addColumn<bool>("newestFirst");
        QTest::newRow("oldest first") << false;
        QTest::newRow("newest first") << true;
    }

    void recordsOfEveryStatePageByKeyset()
    {
        QFETCH(bool, newestFirst);
        for (int i = 0; i < 12; ++i) // done-0 … done-11, completed one second apart
            completeOne(QStringLiteral("done-%1").arg(i), T0 + i * 1000, T0 + i * 1000 + 500);
        for (int i = 0; i < 6; ++i) { // the six left for manual review
            const Record r =
                store().claim(claimOf(m_scope, QStringLiteral("late-%1").arg(i), QStringLiteral("fp"), T0 + 100 + i)).value().record;
            const Result<ActionResult> timedOut = store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, r, T0 + 11 * Minute + i));
            QVERIFY2(timedOut.ok() && timedOut->audit, qPrintable(timedOut.ok() ? QString() : timedOut.error().message));
        }
        for (int i = 0; i < 3; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("busy-%1").arg(i), QStringLiteral("fp"), T0 + 200 + i)).ok());
        const Result<QList<ScopeCount>> before = store().countByState(m_scope);
        QVERIFY(before.ok());

        RecordQuery completed = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        completed.newestFirst = newestFirst;
        completed.limit = 5;
        // While the operator pages, one record completes beyond the position
        // reached (listed: it sorts after it, both orders would meet it or
        // not by where it sorts) and none is lost or repeated.
        const QStringList keys = pageThrough(completed, [&] { completeOne(QStringLiteral("done-new"), T0 + 30'000, T0 + 30'500); });
        QStringList expected;
        for (int i = 0; i < 12; ++i)
            expected << QStringLiteral("done-%1").arg(i);
        if (!newestFirst)
            expected << QStringLiteral("done-new"); // sorts after every page already read
        else
            std::reverse(expected.begin(), expected.end()); // newer than the first page: not met again
        QCOMPARE(keys, expected);
        QCOMPARE(store().countRecords(completed).value_or(-1), 13);

        RecordQuery f = completed;
        f.limit = 500;
        f.keyPrefix = QStringLiteral("done-1");
        QCOMPARE(store().countRecords(f).value_or(-1), 3); // done-1, done-10, done-11
        QCOMPARE(pageThrough(f).size(), 3);
        f.keyPrefix.clear();
        f.bizNoPrefix = QStringLiteral("SO-done-11");
        QCOMPARE(pageThrough(f), QStringList{QStringLiteral("done-11")});
        QCOMPARE(store().countRecords(f).value_or(-1), 1);
        f.bizNoPrefix = QStringLiteral("SO-late-");
        QCOMPARE(store().countRecords(f).value_or(-1), 0); // timed out, not completed

        RecordQuery timedOut = RecordQuery::ofScope(m_scope).inState(RecordState::TimedOut);
        timedOut.newestFirst = newestFirst;
        timedOut.limit = 4;
        QStringList late = pageThrough(timedOut);
        QCOMPARE(late.size(), 6);
        late.removeDuplicates();
        QCOMPARE(late.size(), 6);
        timedOut.keyPrefix = QStringLiteral("late-3");
        QCOMPARE(pageThrough(timedOut), QStringList{QStringLiteral("late-3")});
        timedOut.keyPrefix.clear();
        timedOut.bizNoPrefix = QStringLiteral("SO-late-4");
        QCOMPARE(pageThrough(timedOut), QStringList{QStringLiteral("late-4")});
        QCOMPARE(store().countRecords(timedOut).value_or(-1), 1);

        RecordQuery any = RecordQuery::ofScope(m_scope);
        any.state.reset();
        any.newestFirst = newestFirst;
        any.limit = 5;
        QStringList all = pageThrough(any);
        QCOMPARE(all.size(), 13 + 6 + 3);
        all.removeDuplicates();
        QCOMPARE(all.size(), 13 + 6 + 3);
        QCOMPARE(store().countRecords(any).value_or(-1), 13 + 6 + 3);
        any.keyPrefix = QStringLiteral("late-");
        QCOMPARE(store().countRecords(any).value_or(-1), 6);
        any.keyPrefix = QStringLiteral("busy-1");
        QCOMPARE(pageThrough(any), QStringList{QStringLiteral("busy-1")});

        // Reading changed nothing: one more completion (done-new) and nothing else.
        const Result<QList<ScopeCount>> after = store().countByState(m_scope);
        QVERIFY(after.ok());
        QCOMPARE(after->size(), before->size());
        for (qsizetype i = 0; i < after->size(); ++i)
            QCOMPARE(after->at(i).count, before->at(i).count + (after->at(i).state == RecordState::Completed ? 1 : 0));
        QCOMPARE(store().countRecords(RecordQuery::ofScope(m_scope + QStringLiteral("-none")).inState(RecordState::Completed)).value_or(-1),
                 0);
    }
};

QTEST_GUILESS_MAIN(ConformanceTest)
#include "tst_conformance.moc"
