// Read-only stores refusing every change, and the audit chain's tamper
// evidence: a tampered chain detected, the first break in the first broken
// scope, a whole-store verification counting every chain. Part of the
// operator action suites (tests/operatoractionsfixture.h): run on every
// backend (CTest passes IDEM_TEST_BACKEND), times from a fake clock passed in
// each call.
#include "app/store/openstore.h"
#include "tests/operatoractionsfixture.h"

#include <QtTest>

#include <barrier>
#include <limits>
#include <thread>

class OperatorAuditTest : public QObject, private OperatorActionsFixture {
    Q_OBJECT

private:
    // Scopes whose chain a test broke, dropped again by cleanupTestCase().
    QStringList m_tamperedScopes;

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
            QCOMPARE(s->countInFlight(RecordQuery::ofScope(m_scope)).value(), 1);
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

QTEST_GUILESS_MAIN(OperatorAuditTest)
#include "tst_operatoraudit.moc"
