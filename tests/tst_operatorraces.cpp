// Operator actions racing services and each other: the compare-and-set
// against a service finishing at the same moment, late finishers after a
// timeout, counted and changing nothing, two concurrent sweeps changing every
// record once. Part of the operator action suites
// (tests/operatoractionsfixture.h): run on every backend (CTest passes
// IDEM_TEST_BACKEND), times from a fake clock passed in each call.
#include "app/store/openstore.h"
#include "tests/operatoractionsfixture.h"

#include <QtTest>

#include <barrier>
#include <limits>
#include <thread>

class OperatorRacesTest : public QObject, private OperatorActionsFixture {
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

    // DESIGN.md: an operator never overwrites a completion that happened
    // meanwhile, a late finisher never overwrites an operator's decision.
    void operatorAndServiceRaceExactlyOneWins()
    {
        constexpr int Keys = 200;
        for (int i = 0; i < Keys; ++i)
            claim(QStringLiteral("race-%1").arg(i));
        const qint64 now = T0 + 11 * Minute;
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now);
        QVERIFY2(preview.ok(), qPrintable(preview.error().message));
        QCOMPARE(preview->matched, Keys);
        const QString batch = newBatchId(now);

        QList<Result<ActionResult>> operatorSide;
        QList<Result<Transition>> serviceSide;
        for (int i = 0; i < Keys; ++i) {
            operatorSide.append(makeError(ErrorKind::Internal, QStringLiteral("not run")));
            serviceSide.append(makeError(ErrorKind::Internal, QStringLiteral("not run")));
        }
        // Both threads are released together for each key (a two-party barrier).
        std::barrier gate(2);
        std::thread operatorThread([&] {
            for (int i = 0; i < Keys; ++i) {
                gate.arrive_and_wait();
                operatorSide[i] = store().applyAction(timeoutOf(preview->targets.at(i), now, batch));
            }
        });
        std::thread serviceThread([&] {
            for (int i = 0; i < Keys; ++i) {
                const ActionTarget &t = preview->targets.at(i);
                gate.arrive_and_wait();
                serviceSide[i] = store().complete(t.scope, t.key, t.lease, okResponse(t.key.toUtf8()), now, Retention);
            }
        });
        operatorThread.join();
        serviceThread.join();

        QSet<QString> operatorWins;
        for (int i = 0; i < Keys; ++i) {
            const ActionTarget &t = preview->targets.at(i);
            const Result<ActionResult> &op = operatorSide.at(i);
            const Result<Transition> &svc = serviceSide.at(i);
            QVERIFY2(op.ok(), qPrintable(op.error().message));
            QVERIFY2(svc.ok(), qPrintable(svc.error().message));
            const bool operatorWon = op->outcome == TransitionOutcome::Applied;
            const bool serviceWon = svc->outcome == TransitionOutcome::Applied;
            QVERIFY2(operatorWon != serviceWon,
                     qPrintable(QStringLiteral("%1: operator %2, service %3")
                                    .arg(t.key, transitionOutcomeName(op->outcome), transitionOutcomeName(svc->outcome))));
            // The loser saw a stale lease and changed nothing.
            QCOMPARE(operatorWon ? svc->outcome : op->outcome, TransitionOutcome::StaleLease);
            QCOMPARE(op->audit.has_value(), operatorWon);
            const std::optional<Record> r = get(t.key);
            QVERIFY(r);
            if (operatorWon) {
                operatorWins.insert(t.key);
                QCOMPARE(r->state, RecordState::TimedOut);
                QCOMPARE(r->statusCode, 0);
                QVERIFY(r->body.isEmpty());
                QCOMPARE(r->expiresAt, now + Retention);
            } else {
                QCOMPARE(r->state, RecordState::Completed);
                QCOMPARE(r->statusCode, 200);
                QCOMPARE(r->body, t.key.toUtf8());
            }
            QCOMPARE(r->lease, t.lease);
        }
        qInfo("operator won %lld of %d races", qint64(operatorWins.size()), Keys);

        const CounterSet c = counters();
        QCOMPARE(c[Counter::TimedOut], qint64(operatorWins.size()));
        QCOMPARE(c[Counter::LateFinish], qint64(operatorWins.size())); // only the service's losses are late finishes
        QCOMPARE(c[Counter::Executed], qint64(Keys));

        const QList<AuditEntry> entries = chain();
        QCOMPARE(entries.size(), operatorWins.size());
        QSet<QString> audited;
        for (const AuditEntry &e : entries) {
            QVERIFY2(operatorWins.contains(e.key), qPrintable(e.key));
            audited.insert(e.key);
            QCOMPARE(e.action, QStringLiteral("timeout"));
            QCOMPARE(e.stateBefore, QStringLiteral("IN_FLIGHT"));
            QCOMPARE(e.stateAfter, QStringLiteral("TIMED_OUT"));
            QCOMPARE(e.batchId, batch);
            QCOMPARE(e.operatorName, QStringLiteral("night-ops"));
            QCOMPARE(e.atMs, now);
        }
        QCOMPARE(audited, operatorWins);
        const AuditVerdict v = verifyScope();
        QVERIFY2(v.ok, v.firstBad ? qPrintable(v.firstBad->reason) : "");
        QCOMPARE(v.entries, qint64(operatorWins.size()));
    }

    void lateFinisherAfterTimeoutCannotOverwrite_data()
    {
        QTest::addColumn<bool>("release");
        QTest::newRow("complete (2xx)") << false;
        QTest::newRow("release (5xx)") << true;
    }

    void lateFinisherAfterTimeoutCannotOverwrite()
    {
        QFETCH(bool, release);
        const Record r = claim(QStringLiteral("late"));
        const qint64 now = T0 + 11 * Minute;
        const Result<ActionResult> timedOut = store().applyAction(timeoutOf(ActionTarget::of(r, std::nullopt), now, newBatchId(now)));
        QVERIFY2(timedOut.ok(), qPrintable(timedOut.error().message));
        QCOMPARE(timedOut->outcome, TransitionOutcome::Applied);
        QVERIFY(timedOut->audit);
        QCOMPARE(timedOut->audit->seq, 1);

        const Result<Transition> late = release ? store().release(m_scope, r.key, r.lease, now + 1000)
                                                : store().complete(m_scope, r.key, r.lease, okResponse(), now + 1000, Retention);
        QVERIFY2(late.ok(), qPrintable(late.error().message));
        QCOMPARE(late->outcome, TransitionOutcome::StaleLease);
        const std::optional<Record> after = get(r.key);
        QVERIFY(after);
        QCOMPARE(after->state, RecordState::TimedOut);
        QCOMPARE(after->statusCode, 0);
        QVERIFY(after->body.isEmpty());
        const CounterSet c = counters();
        QCOMPARE(c[Counter::LateFinish], 1);
        QCOMPARE(c[Counter::TimedOut], 1);
        QCOMPARE(c[Counter::Released], 0);
        QCOMPARE(chain().size(), 1);
    }

    // The same through the Guard: the operator times the record out while
    // the business action runs; the Guard's completion is a late finish.
    void guardLateFinishIsCountedAndChangesNothing()
    {
        qint64 clock = T0;
        Guard guard(store(), {}, [&clock] { return clock; });
        GuardRequest request;
        request.scope = m_scope;
        request.key = QStringLiteral("guarded");
        request.path = "/api/payments";
        request.body = "{\"amount\":100}";
        std::optional<ActionResult> operatorResult;
        const GuardResult result = guard.handle(request, [&] {
            clock = T0 + 11 * Minute;
            const std::optional<Record> inFlight = get(QStringLiteral("guarded"));
            if (inFlight) {
                const Result<ActionResult> a =
                    store().applyAction(timeoutOf(ActionTarget::of(*inFlight, std::nullopt), clock, QStringLiteral("b-guard")));
                if (a)
                    operatorResult = a.value();
            }
            return okResponse("too late");
        });
        QVERIFY(operatorResult);
        QCOMPARE(operatorResult->outcome, TransitionOutcome::Applied);
        QCOMPARE(result.outcome, GuardOutcome::Executed);
        QVERIFY(!result.finalised);
        QVERIFY2(result.message.contains(QStringLiteral("late finish")), qPrintable(result.message));
        const std::optional<Record> after = get(QStringLiteral("guarded"));
        QVERIFY(after);
        QCOMPARE(after->state, RecordState::TimedOut);
        QVERIFY(after->body.isEmpty());
        const CounterSet c = counters();
        QCOMPARE(c[Counter::LateFinish], 1);
        QCOMPARE(c[Counter::TimedOut], 1);
        QCOMPARE(c[Counter::Executed], 1);
    }

    // Two sweeps at once over records that share one updated_at.
    // On Redis, paging ties by LIMIT offset skipped members the other sweep
    // had just removed: one matched 9,864 of 10,000, the other failed 5,012
    // and 16 stayed in flight. Here operator B applies the odd half of its
    // preview while operator A previews and applies: A's preview, paging
    // while B removes members from under it, must still find every even
    // record (nobody else touches them). Together they change every record
    // exactly once; the loser of a record's race reports it skipped, never failed.
    void twoConcurrentSweepsChangeEveryRecordOnce()
    {
        const int n = m_env.isRedis() ? 10000 : 1000;
        for (int i = 0; i < n; ++i)
            claim(QStringLiteral("tie-%1").arg(i, 5, 10, QLatin1Char('0')), T0);
        const qint64 now = T0 + 20 * Minute;
        QString why;
        std::unique_ptr<Store> second = m_env.open(&why);
        QVERIFY2(second, qPrintable(why));
        const Result<SweepPreview> previewB = TimeoutSweep::preview(*second, SweepCriteria{m_scope, 10 * Minute}, now);
        QVERIFY2(previewB, previewB ? "" : qPrintable(previewB.error().message));
        QCOMPARE(previewB->matched, qint64(n));
        QList<ActionTarget> odd;
        for (const ActionTarget &t : previewB->targets)
            if (t.key.back().digitValue() % 2 == 1)
                odd.append(t);

        std::barrier start(2);
        Result<SweepPreview> previewA = makeError(ErrorKind::Internal, QStringLiteral("not run"));
        Result<ActionReport> reportA = makeError(ErrorKind::Internal, QStringLiteral("not run"));
        Result<ActionReport> reportB = makeError(ErrorKind::Internal, QStringLiteral("not run"));
        std::thread b([&] {
            start.arrive_and_wait();
            reportB = TimeoutSweep::apply(*second, odd,
                                          OperatorIdentity{QStringLiteral("ops-b"), QStringLiteral("desk-b"), QStringLiteral("odd half")},
                                          ScopePolicies(), now + 1000);
        });
        std::thread a([&] {
            start.arrive_and_wait();
            previewA = TimeoutSweep::preview(store(), SweepCriteria{m_scope, 10 * Minute}, now + 500);
            if (previewA)
                reportA =
                    TimeoutSweep::apply(store(), previewA->targets,
                                        OperatorIdentity{QStringLiteral("ops-a"), QStringLiteral("desk-a"), QStringLiteral("everything")},
                                        ScopePolicies(), now + 1000);
        });
        a.join();
        b.join();
        QVERIFY2(previewA, qPrintable(previewA.error().message));
        QVERIFY2(reportA, qPrintable(reportA.error().message));
        QVERIFY2(reportB, qPrintable(reportB.error().message));
        QSet<QString> seenByA;
        for (const ActionTarget &t : previewA->targets)
            seenByA.insert(t.key);
        int evenMissed = 0;
        for (int i = 0; i < n; i += 2)
            evenMissed += seenByA.contains(QStringLiteral("tie-%1").arg(i, 5, 10, QLatin1Char('0'))) ? 0 : 1;
        qInfo(
            "%d records: A matched %lld (applied %lld, skipped %lld), B applied %lld of its %lld (skipped %lld); even records A missed: %d",
            n, previewA->matched, reportA->applied, reportA->skipped, reportB->applied, qint64(odd.size()), reportB->skipped, evenMissed);
        QCOMPARE(evenMissed, 0);
        for (const ActionReport &r : {reportA.value(), reportB.value()}) {
            QVERIFY2(r.failed == 0, qPrintable(r.failures.isEmpty() ? QString() : r.failures.first().message));
            QCOMPARE(r.untouched(), 0);
        }
        QCOMPARE(reportA->applied + reportB->applied, qint64(n));
        QCOMPARE(count(RecordState::InFlight), 0);
        QCOMPARE(count(RecordState::TimedOut), n);
        const AuditVerdict verdict = verifyScope();
        QVERIFY(verdict.ok);
        QCOMPARE(verdict.entries, qint64(n));
    }
};

QTEST_GUILESS_MAIN(OperatorRacesTest)
#include "tst_operatorraces.moc"
