// The timeout sweep end to end: preview and apply, an age reaching before the
// epoch refused, pages and a cancel leaving the rest untouched, an apply
// without an identity refused. Part of the operator action suites
// (tests/operatoractionsfixture.h): run on every backend (CTest passes
// IDEM_TEST_BACKEND), times from a fake clock passed in each call.
#include "app/store/openstore.h"
#include "tests/operatoractionsfixture.h"

#include <QtTest>

#include <barrier>
#include <limits>
#include <thread>

class OperatorSweepsTest : public QObject, private OperatorActionsFixture {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void init() { m_scope = m_env.scope(QStringLiteral("ops%1").arg(++m_case)); }

    void sweepPreviewAndApplyEndToEnd()
    {
        // Seven stuck attempts from two owners, two young ones.
        for (int i = 0; i < 7; ++i)
            claim(QStringLiteral("old-%1").arg(i), T0 + i * 1000, i < 4 ? QStringLiteral("svc-a:1") : QStringLiteral("svc-b:2"));
        claim(QStringLiteral("young-0"), T0 + 9 * Minute);
        claim(QStringLiteral("young-1"), T0 + 9 * Minute);
        const qint64 now = T0 + 10 * Minute + 7000;

        QList<QPair<qint64, qint64>> progress;
        ActionControl control;
        control.progress = [&progress](qint64 done, qint64 total) { progress.append({done, total}); };
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now, control);
        QVERIFY2(preview.ok(), qPrintable(preview.error().message));
        QCOMPARE(preview->matched, 7);
        QVERIFY(!preview->cancelled);
        QCOMPARE(preview->oldestAgeMs, 10 * Minute + 7000);
        QCOMPARE(preview->owners.value(QStringLiteral("svc-a:1")), 4);
        QCOMPARE(preview->owners.value(QStringLiteral("svc-b:2")), 3);
        QCOMPARE(preview->targets.size(), 7);
        QCOMPARE(preview->targets.constFirst().key, QStringLiteral("old-0")); // oldest first
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.constLast(), qMakePair(qint64(7), qint64(7)));

        // Between preview and apply the service finishes one and releases another.
        const ActionTarget &done = preview->targets.at(0), &released = preview->targets.at(1);
        QCOMPARE(store().complete(m_scope, done.key, done.lease, okResponse(), now, Retention).value().outcome, TransitionOutcome::Applied);
        QCOMPARE(store().release(m_scope, released.key, released.lease, now).value().outcome, TransitionOutcome::Applied);

        const Result<ActionReport> report = TimeoutSweep::apply(store(), preview->targets, operatorOf(), ScopePolicies(), now + 1000);
        QVERIFY2(report.ok(), qPrintable(report.error().message));
        QCOMPARE(report->matched, 7);
        QCOMPARE(report->applied, 5);
        QCOMPARE(report->skipped, 2);
        QCOMPARE(report->failed, 0);
        QCOMPARE(report->untouched(), 0);
        QVERIFY(report->batchId.startsWith(QStringLiteral("b-")));
        QStringList skipped;
        for (const ActionTarget &t : report->skippedTargets)
            skipped << t.key;
        skipped.sort();
        QCOMPARE(skipped, (QStringList{QStringLiteral("old-0"), QStringLiteral("old-1")}));

        QCOMPARE(get(QStringLiteral("old-0"))->state, RecordState::Completed);
        QVERIFY(!get(QStringLiteral("old-1")));
        for (int i = 2; i < 7; ++i) {
            const std::optional<Record> r = get(QStringLiteral("old-%1").arg(i));
            QVERIFY(r);
            QCOMPARE(r->state, RecordState::TimedOut);
            QCOMPARE(r->expiresAt, now + 1000 + ScopePolicies::defaultFor(m_scope).retentionMs);
        }
        QCOMPARE(get(QStringLiteral("young-0"))->state, RecordState::InFlight);
        QCOMPARE(get(QStringLiteral("young-1"))->state, RecordState::InFlight);

        const QList<AuditEntry> entries = chain();
        QCOMPARE(entries.size(), 5);
        for (const AuditEntry &e : entries) {
            QCOMPARE(e.batchId, report->batchId);
            QCOMPARE(e.operatorName, QStringLiteral("night-ops"));
            QCOMPARE(e.host, QStringLiteral("console-1"));
            QCOMPARE(e.reason, QStringLiteral("stuck after the 04:00 failover"));
            QCOMPARE(e.stateBefore, QStringLiteral("IN_FLIGHT"));
            QCOMPARE(e.stateAfter, QStringLiteral("TIMED_OUT"));
        }
        AuditQuery byBatch;
        byBatch.batchId = report->batchId;
        QCOMPARE(store().auditEntries(byBatch).value().size(), 5);
        QVERIFY(verifyScope().ok);
        // The run went to the store together (a SQL store: one transaction):
        // each applied record counted once, the skipped ones not at all.
        QCOMPARE(counters()[Counter::TimedOut], 5);

        // A second sweep finds nothing left to do.
        const Result<SweepPreview> again = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now + 2000);
        QVERIFY(again.ok());
        QCOMPARE(again->matched, 0);
    }

    // More than one page of 500, and a cancel in the middle of the apply.
    // An age so long that now - age reaches before the epoch used to
    // become "no age filter" and time out an attempt that had just started.
    // The engine refuses it, and a zero or negative age, from any caller.
    void sweepRefusesAnAgeThatReachesBeforeTheEpoch_data()
    {
        QTest::addColumn<qint64>("olderThanMs");
        QTest::newRow("500000h") << 500'000LL * 3'600'000;
        QTest::newRow("24855d") << 24'855LL * 86'400'000;
        QTest::newRow("2147483648s") << 2'147'483'648LL * 1000;
        QTest::newRow("99999999h") << 99'999'999LL * 3'600'000;
        QTest::newRow("zero") << qint64(0);
        QTest::newRow("negative") << qint64(-Minute);
        QTest::newRow("int64 max") << std::numeric_limits<qint64>::max();
    }

    void sweepRefusesAnAgeThatReachesBeforeTheEpoch()
    {
        QFETCH(qint64, olderThanMs);
        // The real clock here: the ages are absurd against today, not against the fake T0.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        claim(QStringLiteral("just-started"), now - 2000);
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{m_scope, olderThanMs}, now);
        QVERIFY(!preview.ok());
        QCOMPARE(preview.error().kind, ErrorKind::InvalidArgument);
        QVERIFY2(!preview.error().message.isEmpty(), "the refusal says why");
        QCOMPARE(store().get(m_scope, QStringLiteral("just-started")).value()->state, RecordState::InFlight);
        // The contract itself: positive ages whose cutoff is after the epoch pass unchanged.
        QCOMPARE(ageCutoff(now, 1).value(), now - 1);
        QCOMPARE(ageCutoff(now, now - 1).value(), 1);
        QVERIFY(!ageCutoff(now, now).ok());
    }

    void sweepPagesAndCancelLeavesTheRestUntouched()
    {
        constexpr int Records = 1203;
        for (int i = 0; i < Records; ++i)
            claim(QStringLiteral("bulk-%1").arg(i, 4, 10, QLatin1Char('0')), T0 + i);
        const qint64 now = T0 + 20 * Minute;
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now);
        QVERIFY2(preview.ok(), qPrintable(preview.error().message));
        QCOMPARE(preview->matched, Records);
        QSet<QString> keys;
        for (const ActionTarget &t : preview->targets)
            keys.insert(t.key);
        QCOMPARE(keys.size(), Records); // keyset paging: no row twice, none lost

        std::atomic_bool cancel{false};
        ActionControl control;
        control.cancel = &cancel;
        control.progress = [&cancel](qint64 done, qint64) {
            if (done >= 100)
                cancel = true;
        };
        const Result<ActionReport> report = TimeoutSweep::apply(store(), preview->targets, operatorOf(), ScopePolicies(), now, control);
        QVERIFY2(report.ok(), qPrintable(report.error().message));
        QVERIFY(report->cancelled);
        QCOMPARE(report->applied, 100);
        QCOMPARE(report->skipped, 0);
        QCOMPARE(report->failed, 0);
        QCOMPARE(report->untouched(), Records - 100);
        QCOMPARE(count(RecordState::TimedOut), 100);
        QCOMPARE(count(RecordState::InFlight), Records - 100);
        QCOMPARE(chain().size(), 100);

        // A cancelled preview says so instead of posing as the whole picture.
        std::atomic_bool cancelNow{true};
        ActionControl stop;
        stop.cancel = &cancelNow;
        const Result<SweepPreview> stopped = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now, stop);
        QVERIFY(stopped.ok());
        QVERIFY(stopped->cancelled);
    }

    void sweepApplyRefusesWithoutIdentity_data()
    {
        QTest::addColumn<QString>("operatorName");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no operator") << QString() << QStringLiteral("stuck");
        QTest::newRow("blank reason") << QStringLiteral("night-ops") << QStringLiteral("   ");
        QTest::newRow("control character") << QStringLiteral("night\x1bops") << QStringLiteral("stuck");
    }

    void sweepApplyRefusesWithoutIdentity()
    {
        QFETCH(QString, operatorName);
        QFETCH(QString, reason);
        claim(QStringLiteral("k"));
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, T0 + 11 * Minute);
        QVERIFY(preview.ok());
        QCOMPARE(preview->matched, 1);
        const Result<ActionReport> report = TimeoutSweep::apply(
            store(), preview->targets, OperatorIdentity{operatorName, QString(), reason}, ScopePolicies(), T0 + 11 * Minute);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::InvalidArgument);
        QCOMPARE(get(QStringLiteral("k"))->state, RecordState::InFlight);
        QVERIFY(chain().isEmpty());
    }
};

QTEST_GUILESS_MAIN(OperatorSweepsTest)
#include "tst_operatorsweeps.moc"
