// Operator actions on every backend (CTest passes IDEM_TEST_BACKEND): the
// compare-and-set against a service finishing at the same moment, late
// finishers, the timeout sweep end to end, read-only stores and the audit
// chain's tamper evidence. Times come from a fake clock passed in each call.
#include "app/guard/guard.h"
#include "app/ops/auditverifier.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/openstore.h"
#include "tests/teststore.h"

#include <QtTest>

#include <barrier>
#include <limits>
#include <thread>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;
constexpr qint64 Retention = 3600'000;

OperatorIdentity operatorOf(const QString &reason = QStringLiteral("stuck after the 04:00 failover"))
{
    return OperatorIdentity{QStringLiteral("night-ops"), QStringLiteral("console-1"), reason};
}

Response okResponse(const QByteArray &body = QByteArrayLiteral("{\"paid\":true}"))
{
    return Response{200, {{"Content-Type", "application/json"}}, body};
}

OperatorAction timeoutOf(const ActionTarget &target, qint64 now, const QString &batch)
{
    OperatorAction a;
    a.kind = OperatorActionKind::MarkTimedOut;
    a.scope = target.scope;
    a.key = target.key;
    a.lease = target.lease;
    a.expectedState = RecordState::InFlight;
    a.startedBeforeMs = target.startedBeforeMs.value_or(target.updatedAt + 1); // just old enough
    a.nowMs = now;
    a.retentionMs = Retention;
    a.audit.operatorName = QStringLiteral("night-ops");
    a.audit.host = QStringLiteral("console-1");
    a.audit.reason = QStringLiteral("stuck");
    a.audit.batchId = batch;
    return a;
}

} // namespace

class OperatorActionsTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    int m_case = 0;
    QStringList m_tamperedScopes;

    Store &store() { return *m_store; }

    Record claim(const QString &key, qint64 now = T0, const QString &owner = QStringLiteral("svc-a:1"))
    {
        ClaimRequest r;
        r.scope = m_scope;
        r.key = key;
        r.fingerprint = QStringLiteral("fp-") + key;
        r.owner = owner;
        r.bizNo = QStringLiteral("SO-") + key;
        r.nowMs = now;
        const Result<ClaimResult> c = store().claim(r);
        if (!c || c->outcome != ClaimOutcome::Claimed)
            qFatal("claim of %s failed: %s", qPrintable(key), c ? "not claimed" : qPrintable(c.error().message));
        return c->record;
    }

    std::optional<Record> get(const QString &key)
    {
        const Result<std::optional<Record>> r = store().get(m_scope, key);
        if (!r)
            qFatal("get failed: %s", qPrintable(r.error().message));
        return r.value();
    }

    CounterSet counters()
    {
        if (const Result<void> flushed = store().flushCounters(); !flushed)
            qFatal("flush failed: %s", qPrintable(flushed.error().message));
        const Result<QList<CounterRow>> rows = store().counters(m_scope, 0, (T0 + 24 * 60 * Minute) / Minute);
        if (!rows)
            qFatal("counters failed: %s", qPrintable(rows.error().message));
        CounterSet total;
        for (const CounterRow &row : rows.value())
            total += row.counts;
        return total;
    }

    // The whole chain of the test's scope in store order. On a Redis
    // Cluster a scope has a chain per bucket: every one of them, ordered by
    // time (each chain's entries in its own order).
    QList<AuditEntry> chain() { return scopeAudit(store(), m_scope); }

    AuditVerdict verifyScope()
    {
        const Result<AuditVerdict> v = AuditVerifier::verify(store(), {}, {m_scope});
        if (!v)
            qFatal("verify failed: %s", qPrintable(v.error().message));
        return v.value();
    }

    qint64 count(RecordState state)
    {
        InFlightQuery q = InFlightQuery::ofScope(m_scope);
        q.state = state;
        const Result<qint64> n = store().countInFlight(q);
        if (!n)
            qFatal("count failed: %s", qPrintable(n.error().message));
        return n.value();
    }

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void init() { m_scope = m_env.scope(QStringLiteral("ops%1").arg(++m_case)); }

    void cleanupTestCase()
    {
        // A shared server keeps its data: leave no broken chain behind for
        // the next run's whole-store verification.
        for (const QString &scope : std::as_const(m_tamperedScopes))
            QVERIFY(m_env.dropAuditChain(scope));
    }

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

    void readOnlyStoreRefusesEveryChange_data()
    {
        QTest::addColumn<QString>("method");
        for (const char *m : {"claim", "complete", "release", "applyAction", "appendAudit", "purgeExpired", "sweep"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }

    void readOnlyStoreRefusesEveryChange()
    {
        QFETCH(QString, method);
        const Record r = claim(QStringLiteral("k"));
        const Result<ActionResult> audited =
            store().applyAction(timeoutOf(ActionTarget::of(claim(QStringLiteral("t")), std::nullopt), T0 + 1, QStringLiteral("b-1")));
        QVERIFY(audited.ok());
        Result<std::unique_ptr<Store>> opened = openStore(m_env.url(), OpenMode::ReadOnly);
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        Store &ro = *opened.value();
        QVERIFY(!ro.writable());
        QVERIFY(store().writable());

        const qint64 now = T0 + 11 * Minute;
        Error error;
        bool refused = false;
        const auto check = [&](const auto &result) {
            refused = !result.ok();
            error = result.error();
        };
        if (method == QLatin1String("claim")) {
            ClaimRequest c;
            c.scope = m_scope;
            c.key = QStringLiteral("new");
            c.fingerprint = QStringLiteral("fp");
            c.nowMs = now;
            check(ro.claim(c));
        } else if (method == QLatin1String("complete")) {
            check(ro.complete(m_scope, r.key, r.lease, okResponse(), now, Retention));
        } else if (method == QLatin1String("release")) {
            check(ro.release(m_scope, r.key, r.lease, now));
        } else if (method == QLatin1String("applyAction")) {
            check(ro.applyAction(timeoutOf(ActionTarget::of(r, std::nullopt), now, QStringLiteral("b-ro"))));
        } else if (method == QLatin1String("appendAudit")) {
            AuditEntry e;
            e.scope = m_scope;
            e.action = QStringLiteral("alert");
            e.operatorName = QStringLiteral("night-ops");
            e.atMs = now;
            check(ro.appendAudit(e));
        } else if (method == QLatin1String("purgeExpired")) {
            check(ro.purgeExpired(now + 48 * 60 * Minute));
        } else if (method == QLatin1String("sweep")) {
            const Result<SweepPreview> preview = TimeoutSweep::preview(ro, SweepCriteria{m_scope, 10 * Minute}, now);
            QVERIFY(preview.ok()); // reads work
            QCOMPARE(preview->matched, 1);
            check(TimeoutSweep::apply(ro, preview->targets, operatorOf(), ScopePolicies(), now));
        }
        QVERIFY2(refused, qPrintable(method));
        QCOMPARE(error.kind, ErrorKind::Refused);
        QVERIFY2(error.message.contains(QStringLiteral("read-only")), qPrintable(error.message));

        // Nothing changed, seen through both stores; reads pass through.
        for (Store *s : {&store(), &ro}) {
            const Result<std::optional<Record>> k = s->get(m_scope, QStringLiteral("k"));
            QVERIFY(k.ok() && k.value());
            QCOMPARE(k.value()->state, RecordState::InFlight);
            QCOMPARE(k.value()->lease, r.lease);
            QVERIFY(s->get(m_scope, QStringLiteral("new")).value() == std::nullopt);
            const Result<std::optional<Record>> t = s->get(m_scope, QStringLiteral("t"));
            QVERIFY(t.ok() && t.value()); // not purged
            QCOMPARE(s->countInFlight(InFlightQuery::ofScope(m_scope)).value(), 1);
            QCOMPARE(scopeAudit(*s, m_scope).size(), 1);
        }
        const Result<AuditVerdict> v = AuditVerifier::verify(ro, {}, {m_scope});
        QVERIFY(v.ok());
        QVERIFY(v->ok);
        QCOMPARE(v->entries, 1);
    }

    void tamperedAuditChainIsDetected_data()
    {
        QTest::addColumn<int>("how"); // -1: untouched
        QTest::addColumn<qint64>("seq");
        QTest::addColumn<qint64>("badSeq");
        QTest::addColumn<QString>("hint");
        QTest::newRow("untouched") << -1 << qint64(0) << qint64(0) << QString();
        QTest::newRow("edited entry") << int(TestStore::AuditTamper::EditReason) << qint64(3) << qint64(3) << QStringLiteral("edited");
        QTest::newRow("edited first entry") << int(TestStore::AuditTamper::EditReason) << qint64(1) << qint64(1)
                                            << QStringLiteral("edited");
        QTest::newRow("deleted middle entry") << int(TestStore::AuditTamper::Delete) << qint64(3) << qint64(3) << QStringLiteral("deleted");
        QTest::newRow("deleted last entry") << int(TestStore::AuditTamper::Delete) << qint64(6) << qint64(6)
                                            << QStringLiteral("newest entries were deleted");
        QTest::newRow("reordered entries") << int(TestStore::AuditTamper::SwapWithNext) << qint64(2) << qint64(2)
                                           << QStringLiteral("reordered");
    }

    void tamperedAuditChainIsDetected()
    {
        QFETCH(int, how);
        QFETCH(qint64, seq);
        QFETCH(qint64, badSeq);
        QFETCH(QString, hint);
        // Five timeouts and one entry about no record (an alert): six
        // entries, in one chain (keys of one bucket on a Redis Cluster).
        const QStringList keys = m_env.sameChainKeys(m_scope, QStringLiteral("t"), 5);
        for (int i = 0; i < 5; ++i) {
            const Record r = claim(keys.at(i));
            const Result<ActionResult> a =
                store().applyAction(timeoutOf(ActionTarget::of(r, std::nullopt), T0 + 11 * Minute + i, QStringLiteral("b-tamper")));
            QVERIFY2(a.ok() && a->outcome == TransitionOutcome::Applied, a ? "not applied" : qPrintable(a.error().message));
        }
        AuditEntry alert;
        alert.scope = m_scope;
        alert.atMs = T0 + 12 * Minute;
        alert.operatorName = QStringLiteral("alerts");
        alert.host = QStringLiteral("console-1");
        alert.action = QStringLiteral("alert");
        alert.reason = QStringLiteral("stuck records over 5");
        alert.evidence = "{\"stuck\":6}";
        const Result<AuditEntry> appended = store().appendAudit(alert);
        QVERIFY2(appended.ok(), qPrintable(appended.error().message));
        QCOMPARE(appended->seq, 6);
        QCOMPARE(appended->hash, appended->computeHash());
        QCOMPARE(appended->prevHash, chain().at(4).hash);
        QVERIFY(verifyScope().ok);

        if (how >= 0) {
            m_tamperedScopes << m_scope;
            QVERIFY(m_env.tamperAudit(m_scope, TestStore::AuditTamper(how), seq));
        }
        const AuditVerdict v = verifyScope();
        QCOMPARE(v.chains, 1);
        if (how < 0) {
            QVERIFY(v.ok);
            QVERIFY(!v.firstBad);
            QCOMPARE(v.entries, 6);
            return;
        }
        QVERIFY(!v.ok);
        QVERIFY(v.firstBad);
        QCOMPARE(v.firstBad->scope, m_env.sameChain(m_scope));
        QCOMPARE(v.firstBad->seq, badSeq);
        QVERIFY2(v.firstBad->reason.contains(hint), qPrintable(v.firstBad->reason));
        QCOMPARE(v.entries, how == int(TestStore::AuditTamper::Delete) ? 5 : 6);
    }

    // Scopes are checked in sorted order and the first break is reported.
    void firstBreakIsInTheFirstBrokenScope()
    {
        const QString a = m_scope + QStringLiteral("-a"), b = m_scope + QStringLiteral("-b"), c = m_scope + QStringLiteral("-c");
        for (const QString &scope : {c, b, a}) {
            m_scope = scope;
            const QStringList keys = m_env.sameChainKeys(scope, QStringLiteral("k"), 3);
            for (int i = 0; i < 3; ++i) {
                const Record r = claim(keys.at(i));
                QVERIFY(
                    store().applyAction(timeoutOf(ActionTarget::of(r, std::nullopt), T0 + 11 * Minute, QStringLiteral("b-order"))).ok());
            }
        }
        m_tamperedScopes << b << c;
        QVERIFY(m_env.tamperAudit(c, TestStore::AuditTamper::EditReason, 1));
        QVERIFY(m_env.tamperAudit(b, TestStore::AuditTamper::EditReason, 2));
        const Result<AuditVerdict> v = AuditVerifier::verify(store(), {}, {a, b, c});
        QVERIFY(v.ok());
        QCOMPARE(v->chains, 3);
        QCOMPARE(v->entries, 9);
        QVERIFY(!v->ok);
        QCOMPARE(v->firstBad->scope, m_env.sameChain(b));
        QCOMPARE(v->firstBad->seq, 2);
    }

    // The whole store: on a fresh SQLite file every chain here is ours.
    void wholeStoreVerificationCountsEveryChain()
    {
        const Result<AuditVerdict> v = AuditVerifier::verify(store());
        QVERIFY2(v.ok(), qPrintable(v.error().message));
        QVERIFY(v->chains >= 1);
        QVERIFY(v->entries >= 9);
        if (m_env.backend() == QLatin1String("sqlite")) {
            QVERIFY(!v->ok); // the tampered chains above
            QVERIFY(v->firstBad);
            QVERIFY(m_tamperedScopes.contains(v->firstBad->scope));
            for (const QString &scope : std::as_const(m_tamperedScopes))
                QVERIFY(m_env.dropAuditChain(scope));
            m_tamperedScopes.clear();
            const Result<AuditVerdict> clean = AuditVerifier::verify(store());
            QVERIFY(clean.ok());
            QVERIFY2(clean->ok, clean->firstBad ? qPrintable(clean->firstBad->reason) : "");
        }
    }
};

QTEST_GUILESS_MAIN(OperatorActionsTest)
#include "tst_operatoractions.moc"
