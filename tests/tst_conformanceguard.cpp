// The guard on every store: a retry storm answered and counted claim by
// claim, 2xx and 4xx cached but not 5xx, a huge binary body replayed byte for
// byte, mismatch and in progress, bad and longest keys; counters flushed per
// scope and minute. Part of the store conformance suite
// (tests/conformancefixture.h): run once per backend (CTest passes
// IDEM_TEST_BACKEND), times driven by a fake clock.
#include "tests/conformancefixture.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

class ConformanceGuardTest : public QObject, private ConformanceFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openStore(); }
    void init() { startCase(); }

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
        const Result<qint64> inFlight = store().countInFlight(RecordQuery::ofScope(m_scope));
        QVERIFY(inFlight.ok());
        QCOMPARE(inFlight.value(), 0);
    }

    void guardAcceptsLongestAllowedKey()
    {
        Guard guard(store(), {}, clock());
        const GuardResult r = guard.handle(requestOf(m_scope, QString(255, QLatin1Char('k'))), [] { return okResponse(); });
        QCOMPARE(r.outcome, GuardOutcome::Executed);
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
};

QTEST_GUILESS_MAIN(ConformanceGuardTest)
#include "tst_conformanceguard.moc"
