// Operator actions on every store (DESIGN.md "Operator actions"): applied
// only under the lease the preview saw and audited, reconcile completing or
// releasing, timed-out records listed for reconciliation. Part of the store
// conformance suite (tests/conformancefixture.h): run once per backend (CTest
// passes IDEM_TEST_BACKEND), times driven by a fake clock.
#include "tests/conformancefixture.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

class ConformanceActionsTest : public QObject, private ConformanceFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openStore(); }
    void init() { startCase(); }

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
        RecordQuery q = RecordQuery::ofScope(m_scope);
        q.state = RecordState::TimedOut;
        const Result<QList<Record>> listed = store().inFlight(q);
        QVERIFY2(listed.ok(), qPrintable(listed.error().message));
        QCOMPARE(listed->size(), 2);
        QCOMPARE(listed->at(0).key, QStringLiteral("t0"));
        QCOMPARE(listed->at(1).state, RecordState::TimedOut);
        QCOMPARE(store().countInFlight(q).value_or(-1), 2);
        q.limit = 1;
        q.after = RecordQuery::Position{listed->at(0).updatedAt, listed->at(0).scope, listed->at(0).key};
        QCOMPARE(store().inFlight(q).value().size(), 1);
        QCOMPARE(store().inFlight(q).value().first().key, QStringLiteral("t1"));
        QCOMPARE(store().countInFlight(RecordQuery::ofScope(m_scope)).value_or(-1), 1);
    }
};

QTEST_GUILESS_MAIN(ConformanceActionsTest)
#include "tst_conformanceactions.moc"
