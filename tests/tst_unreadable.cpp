// Unreadable records on every native backend (CTest passes
// IDEM_TEST_BACKEND): a record another program broke, or whose fields only
// look valid, is listed with what is wrong and never acted on, and the rest
// of the store is swept as if it were not there; an action decides on the
// record's own updated_at inside its compare-and-set; a broken audit chain
// blocks only its own scope; a wrong-typed Redis key is named and blocks
// only its scope. Times come from a fake clock passed in each call.
#include "app/ops/timeoutsweep.h"
#include "app/store/redislayout.h"
#include "tests/teststore.h"

#include <QtTest>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;

OperatorIdentity who()
{
    return OperatorIdentity{QStringLiteral("night-ops"), QStringLiteral("console-1"), QStringLiteral("stuck after the failover")};
}

} // namespace

class UnreadableTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_a, m_b;
    int m_case = 0;

    Store &store() { return *m_store; }
    bool redis() const { return m_env.backend() == QLatin1String("redis"); }
    bool sqlite() const { return m_env.backend() == QLatin1String("sqlite"); }

    Record claim(const QString &scope, const QString &key, qint64 now)
    {
        ClaimRequest r;
        r.scope = scope;
        r.key = key;
        r.fingerprint = QStringLiteral("fp-") + key;
        r.owner = QStringLiteral("svc-a:1");
        r.bizNo = QStringLiteral("SO-") + key;
        r.nowMs = now;
        const Result<ClaimResult> c = store().claim(r);
        if (!c || c->outcome != ClaimOutcome::Claimed)
            qFatal("claim of %s failed: %s", qPrintable(key), c ? "not claimed" : qPrintable(c.error().message));
        return c->record;
    }

    OperatorAction timeoutOf(const Record &seen, std::optional<qint64> cutoff, qint64 now)
    {
        OperatorAction a;
        a.kind = OperatorActionKind::MarkTimedOut;
        a.scope = seen.scope;
        a.key = seen.key;
        a.lease = seen.lease;
        a.expectedState = RecordState::InFlight;
        a.startedBeforeMs = cutoff;
        a.nowMs = now;
        a.retentionMs = 3600'000;
        a.audit.operatorName = QStringLiteral("night-ops");
        a.audit.host = QStringLiteral("console-1");
        a.audit.reason = QStringLiteral("stuck");
        a.audit.batchId = QStringLiteral("b-unreadable");
        return a;
    }

    bool sql(const QString &statement, const QVariantList &values) { return m_env.execSql(statement, values); }
    bool hset(const QString &scope, const QString &key, const QByteArray &field, const QByteArray &value)
    {
        return m_env.rawRedis({"HSET", RedisLayout::recordKey(scope, key), field, value});
    }

    // Breaks scope/key the way `kind` says, behind the store's back. False
    // (and the test skips) when the damage cannot exist on this backend: a
    // typed column cannot hold 'many', SQL has no key types.
    bool damage(const QString &kind, const QString &scope, const QString &key, qint64 claimedAt)
    {
        const QByteArray rk = RedisLayout::recordKey(scope, key);
        const QString where = QStringLiteral(" WHERE scope = ? AND idem_key = ?");
        if (kind == QLatin1String("unknown state"))
            return redis() ? hset(scope, key, "state", "HALF_DONE") : false;
        if (kind == QLatin1String("string under the key"))
            return redis() && m_env.rawRedis({"DEL", rk}) && m_env.rawRedis({"SET", rk, "PROCESSING"});
        if (kind == QLatin1String("list under the key"))
            return redis() && m_env.rawRedis({"DEL", rk}) && m_env.rawRedis({"RPUSH", rk, "a", "b"});
        if (kind == QLatin1String("truncated hash"))
            return redis() && m_env.rawRedis({"HDEL", rk, "owner", "attempts"});
        if (kind == QLatin1String("completed without response"))
            return redis() && hset(scope, key, "state", "COMPLETED");
        if (kind == QLatin1String("attempts many")) {
            if (redis())
                return hset(scope, key, "attempts", "many");
            return sqlite() && sql(QStringLiteral("UPDATE idem_records SET attempts = 'many'") + where, {scope, key});
        }
        if (kind == QLatin1String("attempts zero")) {
            if (redis())
                return hset(scope, key, "attempts", "0");
            return sql(QStringLiteral("UPDATE idem_records SET attempts = 0") + where, {scope, key});
        }
        if (kind == QLatin1String("updated_at -5")) {
            if (redis())
                return hset(scope, key, "updated_at", "-5");
            return sql(QStringLiteral("UPDATE idem_records SET updated_at = -5") + where, {scope, key});
        }
        if (kind == QLatin1String("updated_at real")) {
            if (redis())
                return hset(scope, key, "updated_at", QByteArray::number(claimedAt) + ".5");
            return sqlite() && sql(QStringLiteral("UPDATE idem_records SET updated_at = ?") + where, {double(claimedAt) + 0.5, scope, key});
        }
        if (kind == QLatin1String("updated_at absurd")) {
            if (redis())
                return hset(scope, key, "updated_at", "99999999999999999");
            return sql(QStringLiteral("UPDATE idem_records SET updated_at = ?") + where, {qint64(999'999'999'999'999'999), scope, key});
        }
        if (kind == QLatin1String("empty lease")) {
            if (redis())
                return hset(scope, key, "lease", "");
            return sql(QStringLiteral("UPDATE idem_records SET lease = ''") + where, {scope, key});
        }
        if (kind == QLatin1String("index older than the record")) // claimed 1 min ago, indexed as 30 min ago
            return redis() && m_env.rawRedis({"ZADD", RedisLayout::inFlightKey(scope), "XX", QByteArray::number(T0), key.toUtf8()});
        qFatal("unknown damage %s", qPrintable(kind));
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
        m_a = m_env.scope(QStringLiteral("unr-a%1").arg(m_case));
        m_b = m_env.scope(QStringLiteral("unr-b%1").arg(m_case));
    }

    void damagedRecordIsListedAndTheRestAreSwept_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("named"); // what the listing's readError must say
        QTest::newRow("unknown state") << QStringLiteral("unknown state") << QStringLiteral("HALF_DONE");
        QTest::newRow("string under the key") << QStringLiteral("string under the key") << QStringLiteral("another type");
        QTest::newRow("list under the key") << QStringLiteral("list under the key") << QStringLiteral("another type");
        QTest::newRow("truncated hash") << QStringLiteral("truncated hash") << QStringLiteral("owner");
        QTest::newRow("completed without response") << QStringLiteral("completed without response") << QStringLiteral("COMPLETED");
        QTest::newRow("attempts many") << QStringLiteral("attempts many") << QStringLiteral("attempts=many");
        QTest::newRow("attempts zero") << QStringLiteral("attempts zero") << QStringLiteral("attempts=0");
        QTest::newRow("updated_at -5") << QStringLiteral("updated_at -5") << QStringLiteral("updated_at=-5");
        QTest::newRow("updated_at real") << QStringLiteral("updated_at real") << QStringLiteral("updated_at=");
        QTest::newRow("updated_at absurd") << QStringLiteral("updated_at absurd") << QStringLiteral("updated_at=");
        QTest::newRow("empty lease") << QStringLiteral("empty lease") << QStringLiteral("lease");
        QTest::newRow("index older than the record") << QStringLiteral("index older than the record") << QStringLiteral("index");
    }

    // Scope A holds two stuck records and a broken one, scope B two stuck
    // ones. A sweep over every scope lists the broken one with what is
    // wrong, times out the four others, and leaves the broken one as it was;
    // an action aimed at it straight (a preview from before the damage) is
    // refused or skipped, never applied.
    void damagedRecordIsListedAndTheRestAreSwept()
    {
        QFETCH(QString, kind);
        QFETCH(QString, named);
        const bool young = kind == QLatin1String("index older than the record");
        const Record bad = claim(m_a, QStringLiteral("bad"), young ? T0 + 29 * Minute : T0);
        for (const QString &scope : {m_a, m_b}) {
            claim(scope, QStringLiteral("k1"), T0);
            claim(scope, QStringLiteral("k2"), T0 + 1);
        }
        if (!damage(kind, m_a, QStringLiteral("bad"), bad.updatedAt))
            QSKIP("this damage cannot exist on this backend");

        const qint64 now = T0 + 30 * Minute;
        const Result<SweepPreview> preview = TimeoutSweep::preview(store(), SweepCriteria{QString(), 10 * Minute}, now);
        QVERIFY2(preview, preview ? "" : qPrintable(preview.error().message));
        QList<ActionTarget> mine;
        for (const ActionTarget &t : preview->targets) {
            if (t.scope == m_a || t.scope == m_b)
                mine << t;
            QVERIFY2(!(t.scope == m_a && t.key == QLatin1String("bad")), "the damaged record was targeted");
        }
        QCOMPARE(mine.size(), 4);

        // Listed in red where the in-flight index puts it (Redis lists the
        // index; SQL lists rows in flight, so an unknown state is not listed).
        const Result<QList<Record>> listed = store().inFlight(RecordQuery::ofScope(m_a));
        QVERIFY2(listed, listed ? "" : qPrintable(listed.error().message));
        const bool inIndex = redis() || kind != QLatin1String("unknown state");
        QCOMPARE(listed->size(), inIndex ? 3 : 2);
        for (const Record &r : listed.value()) {
            QCOMPARE(r.readError.isEmpty(), r.key != QLatin1String("bad"));
            if (!r.readError.isEmpty()) {
                QVERIFY2(r.readError.contains(named) && r.readError.contains(QLatin1String("bad")), qPrintable(r.readError));
                if (r.updatedAt < T0 + 20 * Minute) // within the sweep's age: listed by its preview too
                    QVERIFY(preview->unreadableKeys.contains(m_a + QStringLiteral("/bad")));
            }
        }

        const Result<ActionReport> applied = TimeoutSweep::apply(store(), mine, who(), {}, now);
        QVERIFY2(applied, applied ? "" : qPrintable(applied.error().message));
        QCOMPARE(applied->applied, 4);
        QCOMPARE(applied->failed, 0);

        // Straight at it, with a cutoff that would take it: never applied.
        const Result<ActionResult> direct = store().applyAction(timeoutOf(bad, T0 + 20 * Minute, now));
        if (direct) {
            QVERIFY2(direct->outcome != TransitionOutcome::Applied, qPrintable(kind));
        } else {
            QVERIFY2(!direct.error().message.isEmpty() && direct.error().message.contains(QLatin1String("bad")),
                     qPrintable(direct.error().message));
        }
        // Still there, as it was: listed (or read) as broken, not timed out.
        const Result<QList<Record>> after = store().inFlight(RecordQuery::ofScope(m_a));
        QVERIFY(after);
        QCOMPARE(after->size(), inIndex ? 1 : 0);
        RecordQuery timedOut = RecordQuery::ofScope(m_a);
        timedOut.state = RecordState::TimedOut;
        const Result<QList<Record>> gone = store().inFlight(timedOut);
        QVERIFY(gone);
        QCOMPARE(gone->size(), 2);
    }

    // The compare-and-set decides on the record's own updated_at: an
    // attempt that started after the action's cutoff is skipped, and an
    // action without a cutoff, or with one at the epoch, is refused.
    void actionRechecksTheRecordsOwnAge()
    {
        const Record young = claim(m_a, QStringLiteral("young"), T0 + 25 * Minute);
        const qint64 now = T0 + 30 * Minute;
        const Result<ActionResult> skipped = store().applyAction(timeoutOf(young, T0 + 20 * Minute, now));
        QVERIFY2(skipped, skipped ? "" : qPrintable(skipped.error().message));
        QCOMPARE(skipped->outcome, TransitionOutcome::StaleLease);
        for (const std::optional<qint64> &cutoff : {std::optional<qint64>(), std::optional<qint64>(0), std::optional<qint64>(-1)}) {
            const Result<ActionResult> refused = store().applyAction(timeoutOf(young, cutoff, now));
            QVERIFY(!refused);
            QCOMPARE(refused.error().kind, ErrorKind::InvalidArgument);
            QVERIFY2(refused.error().message.contains(QLatin1String("young")), qPrintable(refused.error().message));
        }
        const Result<std::optional<Record>> still = store().get(m_a, QStringLiteral("young"));
        QVERIFY(still && still.value());
        QCOMPARE(still.value()->state, RecordState::InFlight);
        QCOMPARE(still.value()->lease, young.lease);
        const Result<QList<AuditEntry>> chain = store().auditChain(m_a, QString(), 10);
        QVERIFY(chain);
        QVERIFY(chain->isEmpty()); // nothing was done, nothing was written

        // Old enough by its own updated_at: applied.
        const Result<ActionResult> done = store().applyAction(timeoutOf(young, T0 + 26 * Minute, now));
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
    }

    // Deleting one scope's audit head (a hand edit) blocks that scope's
    // actions with an error that names it; the other scope's records are
    // swept, none is "not attempted".
    void brokenChainBlocksOnlyItsScope()
    {
        for (const QString &scope : {m_a, m_b}) {
            for (int i = 0; i < 3; ++i)
                claim(scope, QStringLiteral("k%1").arg(i), T0 + i);
        }
        const qint64 now = T0 + 30 * Minute;
        // One action per scope starts both chains.
        for (const QString &scope : {m_a, m_b}) {
            const Record r = store().get(scope, QStringLiteral("k0")).value().value();
            QCOMPARE(store().applyAction(timeoutOf(r, T0 + Minute, now)).value().outcome, TransitionOutcome::Applied);
        }
        if (redis())
            QVERIFY(m_env.rawRedis({"DEL", RedisLayout::auditHeadKey(m_a)}));
        else
            QVERIFY(m_env.execSql(QStringLiteral("DELETE FROM idem_audit_head WHERE scope = ?"), {m_a}));

        QList<ActionTarget> targets;
        for (const QString &scope : {m_a, m_b}) {
            const Result<SweepPreview> p = TimeoutSweep::preview(store(), SweepCriteria{scope, 10 * Minute}, now);
            QVERIFY(p);
            targets += p->targets;
        }
        QCOMPARE(targets.size(), 4);
        const Result<ActionReport> applied = TimeoutSweep::apply(store(), targets, who(), {}, now);
        QVERIFY2(applied, applied ? "" : qPrintable(applied.error().message));
        QCOMPARE(applied->applied, 2);
        QCOMPARE(applied->failed, 2);
        for (const ActionFailure &f : applied->failures) {
            QCOMPARE(f.scope, m_a);
            QVERIFY2(f.message.contains(m_a) && f.message.contains(QLatin1String("head"))
                         && !f.message.contains(QLatin1String("not attempted")),
                     qPrintable(f.message));
        }
        for (int i = 1; i < 3; ++i) {
            QCOMPARE(store().get(m_a, QStringLiteral("k%1").arg(i)).value()->state, RecordState::InFlight);
            QCOMPARE(store().get(m_b, QStringLiteral("k%1").arg(i)).value()->state, RecordState::TimedOut);
        }
        QVERIFY(m_env.dropAuditChain(m_a)); // leave no broken chain on a shared server
    }

    // A counter key of another type fails only what reads it, and the
    // error names the key; other scopes are read as ever.
    void wrongTypedCounterKeyIsNamedAndBlocksOnlyItsScope()
    {
        if (!redis())
            QSKIP("Redis key types only");
        claim(m_a, QStringLiteral("k"), T0);
        claim(m_b, QStringLiteral("k"), T0);
        QVERIFY(store().flushCounters());
        const qint64 minute = T0 / Minute;
        const QByteArray hash = RedisLayout::counterKey(m_a, minute);
        QVERIFY(m_env.rawRedis({"DEL", hash}));
        QVERIFY(m_env.rawRedis({"SET", hash, "garbage"}));
        QVERIFY(m_env.rawRedis({"ZADD", RedisLayout::minutesKey(m_a), QByteArray::number(minute), QByteArray::number(minute)}));
        const QByteArray completed = RedisLayout::completedKey(m_a);
        QVERIFY(m_env.rawRedis({"SET", completed, "garbage"}));

        const Result<QList<CounterRow>> a = store().counters(m_a, minute - 1, minute + 1);
        QVERIFY(!a);
        QVERIFY2(a.error().message.contains(QString::fromUtf8(hash)), qPrintable(a.error().message));
        const Result<QList<ScopeCount>> aStates = store().countByState(m_a);
        QVERIFY(!aStates);
        QVERIFY2(aStates.error().message.contains(QString::fromUtf8(completed)), qPrintable(aStates.error().message));

        const Result<QList<CounterRow>> b = store().counters(m_b, minute - 1, minute + 1);
        QVERIFY2(b, b ? "" : qPrintable(b.error().message));
        QCOMPARE(b->size(), 1);
        const Result<QList<ScopeCount>> bStates = store().countByState(m_b);
        QVERIFY2(bStates, bStates ? "" : qPrintable(bStates.error().message));
        QCOMPARE(bStates->size(), 1);
        QVERIFY(m_env.rawRedis({"DEL", hash, completed})); // leave no wrong type on a shared server
    }
};

QTEST_GUILESS_MAIN(UnreadableTest)
#include "tst_unreadable.moc"
