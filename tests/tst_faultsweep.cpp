// A store that stops answering in the middle of an operator's batch, per
// server backend, on a server of the test's own that it SIGKILLs
// (tests/testserver.h): the batch stops, the report says the store stopped
// answering (not a cancel) and counts the records not attempted; after a
// restart every record that changed has its audit entry, the chains verify,
// and the records not attempted are still in flight, as the preview saw them.
#include "tests/testserver.h"

#include "app/ops/auditverifier.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/openstore.h"

#include <QtTest>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;
constexpr int Scopes = 4;
constexpr int PerScope = 100;
constexpr int AppliedBeforeKill = 100; // the kill comes at the progress report after this many

} // namespace

class FaultSweepTest : public QObject {
    Q_OBJECT

private slots:
    void serverKilledMidSweep_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("redis") << int(TestServer::Kind::Redis);
        QTest::newRow("postgresql") << int(TestServer::Kind::Postgres);
        QTest::newRow("mysql") << int(TestServer::Kind::Mysql);
    }

    void serverKilledMidSweep()
    {
        QFETCH(int, kind);
        const auto serverKind = TestServer::Kind(kind);
        IDEM_REQUIRE_SERVER_PROGRAMS(serverKind);
        TestServer server(serverKind);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QStringList scopes;
        for (int s = 0; s < Scopes; ++s)
            scopes << QStringLiteral("pay%1").arg(s);
        QList<ActionTarget> targets;
        {
            Result<std::unique_ptr<Store>> opened = openStore(server.url(), OpenMode::Create);
            QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
            for (int i = 0; i < PerScope; ++i) {
                for (const QString &scope : std::as_const(scopes)) {
                    ClaimRequest r;
                    r.scope = scope;
                    r.key = QStringLiteral("cb-%1").arg(i);
                    r.fingerprint = QStringLiteral("fp");
                    r.owner = QStringLiteral("svc:1");
                    r.nowMs = T0 + i;
                    QCOMPARE(opened.value()->claim(r)->outcome, ClaimOutcome::Claimed);
                }
            }
        }
        Result<std::unique_ptr<Store>> opened = openStore(server.url(), OpenMode::ReadWrite);
        QVERIFY(opened);
        Store &store = *opened.value();
        const qint64 now = T0 + 30 * Minute;
        const Result<SweepPreview> preview = TimeoutSweep::preview(store, SweepCriteria{QString(), 10 * Minute}, now);
        QVERIFY(preview);
        QCOMPARE(preview->matched, Scopes * PerScope);

        bool killed = false;
        ActionControl control;
        control.progress = [&](qint64 done, qint64) {
            if (!killed && done >= AppliedBeforeKill) {
                killed = true;
                QString why;
                if (!server.kill(&why))
                    qWarning("kill failed: %s", qPrintable(why));
            }
        };
        const Result<ActionReport> report = TimeoutSweep::apply(
            store, preview->targets, OperatorIdentity{QStringLiteral("ops"), {}, QStringLiteral("outage")}, {}, now, control);
        QVERIFY(killed);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->stop, BatchStop::StoreUnavailable);
        QVERIFY(!report->cancelled);
        QVERIFY(!report->stopMessage.isEmpty());
        QVERIFY(report->applied >= AppliedBeforeKill);
        QCOMPARE(report->skipped, 0);
        QCOMPARE(report->applied + report->failed, Scopes * PerScope);
        QCOMPARE(report->untouched(), 0);
        // Only the record the store was lost on failed on its own; the rest
        // were not attempted, and the report says so.
        QCOMPARE(report->failed - report->notAttempted, 1);
        QVERIFY(report->notAttempted > 0);
        for (const ActionFailure &f : report->failures.mid(1))
            QVERIFY2(f.message.startsWith(QLatin1String("not attempted: the store stopped answering")), qPrintable(f.message));

        // Back: each changed record has its entry; the rest are as previewed.
        QVERIFY2(server.start(&error), qPrintable(error));
        Result<std::unique_ptr<Store>> again = openStore(server.url(), OpenMode::ReadOnly);
        QVERIFY2(again, qPrintable(again ? QString() : again.error().message));
        const Result<AuditVerdict> verdict = AuditVerifier::verify(*again.value());
        QVERIFY2(verdict && verdict->ok, verdict ? "broken" : qPrintable(verdict.error().message));
        RecordQuery timedOut;
        timedOut.state = RecordState::TimedOut;
        const qint64 changed = again.value()->countInFlight(timedOut).value();
        // The record in flight at the kill may have committed before its
        // answer was lost: changed then, reported failed, and audited.
        QVERIFY2(changed == report->applied || changed == report->applied + 1,
                 qPrintable(QStringLiteral("%1 timed out, %2 applied").arg(changed).arg(report->applied)));
        QCOMPARE(verdict->entries, changed);
        QCOMPARE(again.value()->countInFlight(RecordQuery()).value(), Scopes * PerScope - changed);
    }
};

QTEST_GUILESS_MAIN(FaultSweepTest)
#include "tst_faultsweep.moc"
