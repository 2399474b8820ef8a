// A batch over many scopes on every native backend and a Redis Cluster
// (CTest passes IDEM_TEST_BACKEND): a failure is the record's, at most its
// scope's, and every other scope is fixed; counting is telemetry, so a
// counter that cannot be written never blocks a fix (the action applies, the
// run and the audit entry say the count was skipped); only Cancel or a store
// that stopped answering ends a batch early, and the report says which.
// Times come from a fake clock passed in each call.
#include "app/ops/auditverifier.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/redislayout.h"
#include "tests/teststore.h"

#include <QtTest>

#include <algorithm>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;
constexpr int Scopes = 6;
constexpr int PerScope = 3;

OperatorIdentity who()
{
    return OperatorIdentity{QStringLiteral("night-ops"), QStringLiteral("console-1"), QStringLiteral("callbacks stuck after the outage")};
}

} // namespace

class BatchScopesTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QStringList m_scopes;
    int m_case = 0;

    Store &store() { return *m_store; }
    bool sqlBackend() const { return !m_env.isRedis(); }

    // Keys of one audit chain (a Redis Cluster keeps one per bucket).
    QStringList keysOf(const QString &scope) { return m_env.sameChainKeys(scope, QStringLiteral("k"), PerScope); }

    void claimAll(qint64 now)
    {
        for (const QString &scope : std::as_const(m_scopes)) {
            for (const QString &key : keysOf(scope)) {
                ClaimRequest r;
                r.scope = scope;
                r.key = key;
                r.fingerprint = QStringLiteral("fp-") + key;
                r.owner = QStringLiteral("svc-a:1");
                r.bizNo = QStringLiteral("SO-") + key;
                r.nowMs = now;
                const Result<ClaimResult> c = store().claim(r);
                QVERIFY2(c && c->outcome == ClaimOutcome::Claimed, c ? "not claimed" : qPrintable(c.error().message));
            }
        }
        QVERIFY(store().flushCounters());
    }

    // The batch as an operator's sweep of every stuck record of the test's
    // scopes makes it: oldest first, so the scopes interleave.
    QList<ActionTarget> previewAll(qint64 now)
    {
        QList<ActionTarget> targets;
        for (const QString &scope : std::as_const(m_scopes)) {
            const Result<SweepPreview> p = TimeoutSweep::preview(store(), SweepCriteria{scope, 10 * Minute}, now);
            if (!p)
                qFatal("preview failed: %s", qPrintable(p.error().message));
            targets += p->targets;
        }
        std::stable_sort(targets.begin(), targets.end(), [](const ActionTarget &a, const ActionTarget &b) { return a.key < b.key; });
        return targets;
    }

    RecordState stateOf(const QString &scope, const QString &key)
    {
        const Result<std::optional<Record>> r = store().get(scope, key);
        if (!r || !r.value())
            qFatal("get %s/%s failed", qPrintable(scope), qPrintable(key));
        return r.value()->state;
    }

    qint64 timedOutCount(const QString &scope, qint64 now)
    {
        const Result<QList<CounterRow>> rows = store().counters(scope, now / Minute - 1, now / Minute + 1);
        if (!rows)
            return -1;
        qint64 n = 0;
        for (const CounterRow &row : rows.value())
            n += row.counts[Counter::TimedOut];
        return n;
    }

    QString triggerName(const QString &scope) const
    {
        QString name = QStringLiteral("idem_test_nocount_") + scope;
        name.replace(QLatin1Char('-'), QLatin1Char('_'));
        return name;
    }

    // Counting in `scope` refused behind the store's back: another type, or
    // a field that is no number, under its counter key (Redis); a trigger
    // that refuses the scope's counter rows (SQL). Undone by unbreakCounting.
    bool breakCounting(const QString &scope, const QString &how, qint64 now)
    {
        if (m_env.isRedis()) {
            for (const QString &tag : m_env.redisTags(scope)) {
                const QByteArray key = RedisLayout::counterKey(tag, now / Minute);
                const bool ok = how == QLatin1String("string") ? m_env.rawRedis({"SET", key, "written by another program"})
                                                               : m_env.rawRedis({"HSET", key, "timed_out", "many"});
                if (!ok)
                    return false;
            }
            return true;
        }
        const QString name = triggerName(scope);
        const QString literal = QLatin1Char('\'') + scope + QLatin1Char('\'');
        if (m_env.backend() == QLatin1String("sqlite")) {
            for (const char *event : {"INSERT", "UPDATE"}) {
                if (!m_env.execDdl(QStringLiteral("CREATE TRIGGER %1_%2 BEFORE %2 ON idem_counters WHEN NEW.scope = %3 "
                                                  "BEGIN SELECT RAISE(ABORT, 'counting refused by a test trigger'); END")
                                       .arg(name, QLatin1String(event), literal)))
                    return false;
            }
            return true;
        }
        if (m_env.backend() == QLatin1String("postgresql")) {
            return m_env.execDdl(QStringLiteral("CREATE FUNCTION %1() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.scope = %2 THEN "
                                                "RAISE EXCEPTION 'counting refused by a test trigger'; END IF; RETURN NEW; END $$")
                                     .arg(name, literal))
                   && m_env.execDdl(
                       QStringLiteral("CREATE TRIGGER %1 BEFORE INSERT OR UPDATE ON idem_counters FOR EACH ROW EXECUTE FUNCTION %1()")
                           .arg(name));
        }
        for (const char *event : {"INSERT", "UPDATE"}) {
            if (!m_env.execDdl(
                    QStringLiteral("CREATE TRIGGER %1_%2 BEFORE %2 ON idem_counters FOR EACH ROW BEGIN IF NEW.scope = %3 THEN "
                                   "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'counting refused by a test trigger'; END IF; END")
                        .arg(name, QLatin1String(event), literal)))
                return false;
        }
        return true;
    }

    void unbreakCounting(const QString &scope, qint64 now)
    {
        if (m_env.isRedis()) {
            for (const QString &tag : m_env.redisTags(scope))
                m_env.rawRedis({"DEL", RedisLayout::counterKey(tag, now / Minute)});
            return;
        }
        const QString name = triggerName(scope);
        if (m_env.backend() == QLatin1String("postgresql")) {
            m_env.execDdl(QStringLiteral("DROP TRIGGER IF EXISTS %1 ON idem_counters").arg(name));
            m_env.execDdl(QStringLiteral("DROP FUNCTION IF EXISTS %1()").arg(name));
            return;
        }
        for (const char *event : {"INSERT", "UPDATE"})
            m_env.execDdl(QStringLiteral("DROP TRIGGER IF EXISTS %1_%2").arg(name, QLatin1String(event)));
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
        ++m_case;
        m_scopes.clear();
        for (int i = 0; i < Scopes; ++i)
            m_scopes << m_env.scope(QStringLiteral("batch%1s%2").arg(m_case).arg(i));
    }

    void aCounterThatCannotBeWrittenNeverBlocksTheFix_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("another type under the counter key") << QStringLiteral("string");
        if (m_env.isRedis())
            QTest::newRow("a counter field that is no number") << QStringLiteral("field");
    }

    void aCounterThatCannotBeWrittenNeverBlocksTheFix()
    {
        QFETCH(QString, how);
        claimAll(T0);
        const qint64 now = T0 + 30 * Minute;
        const QString broken = m_scopes.at(2);
        QVERIFY(breakCounting(broken, how, now));
        const auto restore = qScopeGuard([&] { unbreakCounting(broken, now); });

        const QList<ActionTarget> targets = previewAll(now);
        QCOMPARE(targets.size(), Scopes * PerScope);
        const Result<ActionReport> report = TimeoutSweep::apply(store(), targets, who(), {}, now);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->applied, Scopes * PerScope);
        QCOMPARE(report->failed, 0);
        QCOMPARE(report->stop, BatchStop::None);
        QCOMPARE(report->warnings.size(), 1);
        QVERIFY2(report->warnings.first().contains(broken) && report->warnings.first().contains(QLatin1String("3 record")),
                 qPrintable(report->warnings.first()));
        for (const QString &scope : std::as_const(m_scopes)) {
            for (const QString &key : keysOf(scope))
                QCOMPARE(stateOf(scope, key), RecordState::TimedOut);
            // The entry of each uncounted action says so, hashed with it.
            const QList<AuditEntry> entries = scopeAudit(store(), scope);
            QCOMPARE(entries.size(), PerScope);
            for (const AuditEntry &e : entries)
                QCOMPARE(e.warnings().isEmpty(), scope != broken);
        }
        const Result<AuditVerdict> verdict = AuditVerifier::verify(store(), {}, m_scopes);
        QVERIFY2(verdict && verdict->ok, verdict ? "broken" : qPrintable(verdict.error().message));
        QCOMPARE(verdict->entries, Scopes * PerScope);
        QCOMPARE(timedOutCount(m_scopes.at(0), now), PerScope);
        if (sqlBackend())
            QCOMPARE(timedOutCount(broken, now), 0);
    }

    // A deleted chain head blocks its scope: the scope's first record fails
    // naming it, the rest of that scope are not tried, every other scope is
    // fixed, and nothing is "not attempted".
    void aBrokenChainBlocksOnlyItsScope()
    {
        claimAll(T0);
        const qint64 now = T0 + 30 * Minute;
        // One action per scope starts each chain.
        for (const QString &scope : std::as_const(m_scopes)) {
            const Result<SweepPreview> p = TimeoutSweep::preview(store(), SweepCriteria{scope, 10 * Minute}, now);
            QVERIFY(p);
            QVERIFY(TimeoutSweep::apply(store(), p->targets.mid(0, 1), who(), {}, now));
        }
        const QString broken = m_scopes.at(1);
        if (m_env.isRedis())
            QVERIFY(m_env.rawRedis({"DEL", RedisLayout::auditHeadKey(m_env.sameChain(broken))}));
        else
            QVERIFY(m_env.execSql(QStringLiteral("DELETE FROM idem_audit_head WHERE scope = ?"), {broken}));
        const auto restore = qScopeGuard([&] { m_env.dropAuditChain(broken); });

        const QList<ActionTarget> targets = previewAll(now);
        QCOMPARE(targets.size(), Scopes * (PerScope - 1));
        const Result<ActionReport> report = TimeoutSweep::apply(store(), targets, who(), {}, now);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->applied, (Scopes - 1) * (PerScope - 1));
        QCOMPARE(report->failed, PerScope - 1);
        QCOMPARE(report->scopeBlocked, PerScope - 2);
        QCOMPARE(report->notAttempted, 0);
        QCOMPARE(report->stop, BatchStop::None);
        for (const ActionFailure &f : report->failures) {
            QCOMPARE(f.scope, broken);
            QVERIFY2(f.message.contains(QLatin1String("head")) && !f.message.contains(QLatin1String("not attempted")),
                     qPrintable(f.message));
        }
        for (const QString &key : keysOf(broken).mid(1))
            QCOMPARE(stateOf(broken, key), RecordState::InFlight);
        for (const QString &key : keysOf(m_scopes.at(5)))
            QCOMPARE(stateOf(m_scopes.at(5), key), RecordState::TimedOut);
    }

    // An index of the scope that holds another type is found before the
    // action writes anything: no record of that scope changes without its
    // entry (a script failing halfway would keep what it wrote), and the
    // other scopes are fixed.
    void anIndexOfAnotherTypeChangesNothingInItsScope()
    {
        if (!m_env.isRedis())
            QSKIP("Redis key types only");
        claimAll(T0);
        const qint64 now = T0 + 30 * Minute;
        const QString broken = m_scopes.at(3);
        const QStringList tags = m_env.redisTags(broken);
        for (const QString &tag : tags)
            QVERIFY(m_env.rawRedis({"SET", RedisLayout::timedOutKey(tag), "written by another program"}));
        const auto restore = qScopeGuard([&] {
            for (const QString &tag : tags)
                m_env.rawRedis({"DEL", RedisLayout::timedOutKey(tag)});
        });

        const Result<ActionReport> report = TimeoutSweep::apply(store(), previewAll(now), who(), {}, now);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->applied, (Scopes - 1) * PerScope);
        QCOMPARE(report->failed, PerScope);
        QCOMPARE(report->stop, BatchStop::None);
        QVERIFY2(report->failures.first().message.contains(QString::fromUtf8(RedisLayout::timedOutKey(m_env.sameChain(broken)))),
                 qPrintable(report->failures.first().message));
        for (const QString &key : keysOf(broken))
            QCOMPARE(stateOf(broken, key), RecordState::InFlight);
        QVERIFY(scopeAudit(store(), broken).isEmpty());
    }

    // Cancel before the first record: nothing applied, every record
    // untouched, and the report says it was a cancel.
    void aCancelledBatchSaysItWasCancelled()
    {
        claimAll(T0);
        const qint64 now = T0 + 30 * Minute;
        std::atomic_bool cancel{true};
        ActionControl control;
        control.cancel = &cancel;
        const Result<ActionReport> report = TimeoutSweep::apply(store(), previewAll(now), who(), {}, now, control);
        QVERIFY(report);
        QCOMPARE(report->stop, BatchStop::Cancelled);
        QVERIFY(report->cancelled);
        QCOMPARE(report->applied, 0);
        QCOMPARE(report->failed, 0);
        QCOMPARE(report->notAttempted, 0);
        QCOMPARE(report->untouched(), Scopes * PerScope);
        QCOMPARE(batchStopName(report->stop), QStringLiteral("cancelled"));
    }
};

QTEST_GUILESS_MAIN(BatchScopesTest)
#include "tst_batchscopes.moc"
