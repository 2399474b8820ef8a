// What only the Redis store has to prove (DESIGN.md "Backends"): values of the
// wrong type or shape are clear per-record errors, never an absent record;
// the scripts survive a SCRIPT FLUSH; a first request is 2 round trips and a
// replay 1; every key of a scope carries its hash tag; counters are counted
// inside the scripts; a lost or stalled connection fails fast and comes back.
// Runs against IDEM_TEST_REDIS_URL (tools/test.sh starts a server).
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "app/store/redisstore.h"
#include "tests/teststore.h"

#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <thread>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)

// A plain hiredis connection: the test's view behind the store's back.
class RawRedis final {
public:
    ~RawRedis()
    {
        if (m_context)
            redisFree(m_context);
    }

    bool connect(const StoreUrl &url)
    {
        m_context = redisConnectWithTimeout(url.host.toUtf8().constData(), url.port, timeval{5, 0});
        if (!m_context || m_context->err)
            return false;
        const QString password = url.password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url.password;
        if (!password.isEmpty()
            && !ok(url.user.isEmpty() ? run({"AUTH", password.toUtf8()}) : run({"AUTH", url.user.toUtf8(), password.toUtf8()})))
            return false;
        return url.database.isEmpty() || ok(run({"SELECT", url.database.toUtf8()}));
    }

    // The reply flattened: a string/status/error text, an integer, or array items.
    struct Reply {
        int type = REDIS_REPLY_NIL;
        QByteArray text;
        long long integer = 0;
        QByteArrayList items;
    };

    Reply run(const QByteArrayList &args)
    {
        std::vector<const char *> argv;
        std::vector<size_t> lengths;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lengths.push_back(size_t(a.size()));
        }
        Reply result;
        auto *r = static_cast<redisReply *>(redisCommandArgv(m_context, int(argv.size()), argv.data(), lengths.data()));
        if (!r) {
            result.type = REDIS_REPLY_ERROR;
            result.text = m_context->errstr;
            return result;
        }
        result.type = r->type;
        result.integer = r->integer;
        if (r->str)
            result.text = QByteArray(r->str, qsizetype(r->len));
        for (size_t i = 0; i < r->elements; ++i)
            result.items << QByteArray(r->element[i]->str, r->element[i]->str ? qsizetype(r->element[i]->len) : 0);
        freeReplyObject(r);
        return result;
    }

    static bool ok(const Reply &r) { return r.type != REDIS_REPLY_ERROR; }

    // INFO commandstats as command → calls ("evalsha", "script|load", …).
    QHash<QByteArray, qint64> commandCalls()
    {
        QHash<QByteArray, qint64> calls;
        for (const QByteArray &line : run({"INFO", "commandstats"}).text.split('\n')) {
            if (!line.startsWith("cmdstat_"))
                continue;
            const qsizetype colon = line.indexOf(':');
            const qsizetype from = line.indexOf("calls=") + 6;
            calls.insert(line.mid(8, colon - 8), line.mid(from, line.indexOf(',', from) - from).toLongLong());
        }
        return calls;
    }

private:
    redisContext *m_context = nullptr;
};

GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body = QByteArrayLiteral("{\"amount\":100}"))
{
    GuardRequest r;
    r.scope = scope;
    r.key = key;
    r.path = "/api/payments";
    r.body = body;
    return r;
}

ClaimRequest claimOf(const QString &scope, const QString &key, qint64 now = T0)
{
    ClaimRequest r;
    r.scope = scope;
    r.key = key;
    r.fingerprint = QStringLiteral("fp");
    r.owner = QStringLiteral("test-host:1");
    r.nowMs = now;
    return r;
}

Response okResponse()
{
    return Response{200, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
}

// An operator's action on the record as a preview saw it.
OperatorAction actionOn(const Record &r, OperatorActionKind kind, qint64 now)
{
    OperatorAction a;
    a.kind = kind;
    a.scope = r.scope;
    a.key = r.key;
    a.lease = r.lease;
    a.expectedState = r.state;
    a.startedBeforeMs = r.updatedAt + 1; // the age the preview chose: just old enough
    a.nowMs = now;
    a.retentionMs = 3600'000;
    a.response = okResponse();
    a.audit.operatorName = QStringLiteral("alice");
    a.audit.host = QStringLiteral("ops-1");
    a.audit.batchId = QStringLiteral("batch-1");
    a.audit.reason = QStringLiteral("stuck since the deploy");
    a.audit.evidence = "{\"order\":\"SO1\"}";
    return a;
}

AuditEntry alertIn(const QString &scope, qint64 at)
{
    AuditEntry e;
    e.scope = scope;
    e.atMs = at;
    e.operatorName = QStringLiteral("monitor");
    e.host = QStringLiteral("ops-1");
    e.action = QStringLiteral("alert");
    e.reason = QStringLiteral("hit rate over 30%");
    return e;
}

// What Redis Cluster hashes a key by: the text of its first {…}, else the key.
QByteArray hashTagOf(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    const qsizetype close = open < 0 ? -1 : key.indexOf('}', open + 1);
    return close > open + 1 ? key.mid(open + 1, close - open - 1) : key;
}

// The chain as verification reads it: "" when every link holds, else the first break.
QString chainBreak(const QList<AuditEntry> &chain, const AuditChainHead &head)
{
    QString prev = AuditEntry::genesisHash();
    for (qsizetype i = 0; i < chain.size(); ++i) {
        const AuditEntry &e = chain.at(i);
        if (e.seq != i + 1)
            return QStringLiteral("seq %1 at position %2").arg(e.seq).arg(i + 1);
        if (e.prevHash != prev)
            return QStringLiteral("seq %1 does not link to the entry before it").arg(e.seq);
        if (e.hash != e.computeHash())
            return QStringLiteral("seq %1 has a wrong hash").arg(e.seq);
        prev = e.hash;
    }
    if (head.seq != chain.size() || (!chain.isEmpty() && head.hash != prev))
        return QStringLiteral("head (%1, %2) is not the last entry").arg(head.seq).arg(head.hash);
    return QString();
}

// Commands a guarded request may send outside its scripts; the scripts' own
// inner calls (HSET, ZADD, …) show in commandstats too, so they are not counted.
qint64 topLevelCalls(const QHash<QByteArray, qint64> &before, const QHash<QByteArray, qint64> &after, qint64 *evalsha)
{
    static const QSet<QByteArray> insideScripts{"type", "hmget",   "hset",    "hdel",      "persist",          "zadd",
                                                "zrem", "hincrby", "pexpire", "pexpireat", "zremrangebyscore", "time",
                                                "del",  "info",    "exists"};
    qint64 other = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const qint64 delta = it.value() - before.value(it.key());
        if (it.key() == "evalsha")
            *evalsha = delta;
        else if (!insideScripts.contains(it.key()))
            other += delta;
    }
    return other;
}

} // namespace

class RedisStoreTest : public QObject {
    Q_OBJECT

private:
    QString m_urlText;
    StoreUrl m_url;
    std::unique_ptr<RedisStore> m_store;
    RawRedis m_raw;
    QString m_scope;
    int m_case = 0;

    QByteArrayList m_damaged; // keys a test broke on purpose, deleted after it

    RedisStore &store() { return *m_store; }
    Guard::Clock clock()
    {
        return [] { return T0; };
    }

private slots:
    void initTestCase()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_URL");
        m_urlText = url;
        const Result<StoreUrl> parsed = StoreUrl::parse(m_urlText);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
        m_url = parsed.value();
        QCOMPARE(m_url.kind, StoreUrl::Kind::Redis);
        m_store = std::make_unique<RedisStore>(m_url);
        const Result<void> opened = m_store->open();
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        QVERIFY2(m_raw.connect(m_url), "cannot connect to IDEM_TEST_REDIS_URL with hiredis");
    }

    void init()
    {
        m_scope = QStringLiteral("rtest-%1-%2-%3")
                      .arg(QCoreApplication::applicationPid())
                      .arg(QRandomGenerator::global()->bounded(1000000))
                      .arg(++m_case);
    }

    // A broken in-flight record would (rightly) fail every later listing of
    // all scopes on this server, a broken audit chain every verification.
    void cleanup()
    {
        for (const QByteArray &key : std::as_const(m_damaged))
            m_raw.run({"DEL", key});
        m_damaged.clear();
    }

    Result<AuditChainHead> headOf(const QString &scope)
    {
        const Result<QList<AuditChainHead>> heads = store().auditHeads();
        if (!heads)
            return heads.error();
        for (const AuditChainHead &h : heads.value()) {
            if (h.scope == scope)
                return h;
        }
        return AuditChainHead{scope, 0, QString(), QString()};
    }

    void wrongKeyTypeIsCorruptNeverAbsent_data()
    {
        QTest::addColumn<QByteArrayList>("write");
        QTest::addColumn<QString>("type");
        QTest::newRow("string") << QByteArrayList{"SET", "{\"state\":\"COMPLETED\"}"} << QStringLiteral("string");
        QTest::newRow("list") << QByteArrayList{"RPUSH", "IN_FLIGHT"} << QStringLiteral("list");
        QTest::newRow("set") << QByteArrayList{"SADD", "IN_FLIGHT"} << QStringLiteral("set");
        // A hash without any field of ours: the claim script's HMGET sees
        // nothing, as for an absent key; EXISTS tells them apart.
        QTest::newRow("another program's hash") << QByteArrayList{"HSET", "status", "PAID"} << QStringLiteral("hash");
    }

    void wrongKeyTypeIsCorruptNeverAbsent()
    {
        QFETCH(QByteArrayList, write);
        QFETCH(QString, type);
        const QString key = QStringLiteral("k");
        const QByteArray redisKey = RedisLayout::recordKey(m_scope, key);
        write.insert(1, redisKey);
        m_damaged << redisKey;
        QVERIFY(RawRedis::ok(m_raw.run(write)));

        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key));
        QVERIFY(!claimed.ok());
        QCOMPARE(claimed.error().kind, ErrorKind::Corrupt);
        QVERIFY2(claimed.error().message.contains(type) && claimed.error().message.contains(QString::fromUtf8(redisKey)),
                 qPrintable(claimed.error().message));
        const Result<std::optional<Record>> got = store().get(m_scope, key);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().kind, ErrorKind::Corrupt);
        QVERIFY2(got.error().message.contains(type), qPrintable(got.error().message));
        const QString lease = QStringLiteral("0123456789abcdef0123456789abcdef");
        QCOMPARE(store().complete(m_scope, key, lease, okResponse(), T0, 1000).error().kind, ErrorKind::Corrupt);
        QCOMPARE(store().release(m_scope, key, lease, T0).error().kind, ErrorKind::Corrupt);
        Record seen;
        seen.scope = m_scope;
        seen.key = key;
        seen.lease = lease;
        seen.updatedAt = T0 - 1;
        QCOMPARE(store().applyAction(operatorTimeout(seen, T0, 1000)).error().kind, ErrorKind::Corrupt);

        Guard guard(store(), {}, clock());
        bool ran = false;
        const GuardResult r = guard.handle(requestOf(m_scope, key), [&] {
            ran = true;
            return okResponse();
        });
        QCOMPARE(r.outcome, GuardOutcome::CorruptRecord);
        QVERIFY(!ran);
        QCOMPARE(m_raw.run({"TYPE", redisKey}).text, type.toUtf8()); // left as it was
    }

    void truncatedOrUnreadableHashIsCorrupt_data()
    {
        QTest::addColumn<bool>("completed");
        QTest::addColumn<QByteArrayList>("damage");
        QTest::addColumn<QString>("named");
        // Completing reads only the state and the lease (the scripts read
        // what the decision needs): with both intact, the owner's complete
        // rewrites the times and the record is whole again.
        QTest::addColumn<bool>("completeApplies");
        QTest::newRow("in flight without lease") << false << QByteArrayList{"HDEL", "lease"} << QStringLiteral("lease") << false;
        QTest::newRow("in flight without state") << false << QByteArrayList{"HDEL", "state"} << QStringLiteral("state") << false;
        QTest::newRow("in flight without times")
            << false << QByteArrayList{"HDEL", "updated_at", "expires_at"} << QStringLiteral("updated_at, expires_at") << true;
        QTest::newRow("completed without body") << true << QByteArrayList{"HDEL", "body"} << QStringLiteral("COMPLETED") << false;
        QTest::newRow("completed, attempts not a number")
            << true << QByteArrayList{"HSET", "attempts", "two"} << QStringLiteral("attempts=two") << false;
        QTest::newRow("completed, unknown state") << true << QByteArrayList{"HSET", "state", "DONE"} << QStringLiteral("DONE") << false;
    }

    void truncatedOrUnreadableHashIsCorrupt()
    {
        QFETCH(bool, completed);
        QFETCH(QByteArrayList, damage);
        QFETCH(QString, named);
        QFETCH(bool, completeApplies);
        const QString key = QStringLiteral("k");
        const Result<ClaimResult> first = store().claim(claimOf(m_scope, key));
        QVERIFY(first.ok());
        if (completed)
            QVERIFY(store().complete(m_scope, key, first->record.lease, okResponse(), T0 + 5, 3600'000).ok());
        damage.insert(1, RedisLayout::recordKey(m_scope, key));
        m_damaged << damage.at(1);
        QVERIFY(RawRedis::ok(m_raw.run(damage)));

        const Result<std::optional<Record>> got = store().get(m_scope, key);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().kind, ErrorKind::Corrupt);
        QVERIFY2(got.error().message.contains(named) && got.error().message.contains(m_scope), qPrintable(got.error().message));
        const Result<ClaimResult> again = store().claim(claimOf(m_scope, key, T0 + 10));
        QVERIFY(!again.ok());
        QCOMPARE(again.error().kind, ErrorKind::Corrupt);
        QVERIFY2(again.error().message.contains(named), qPrintable(again.error().message));
        if (!completed) {
            // The listing reads the hash too: it lists the record as
            // unreadable, saying what is wrong, rather than fail or skip it
            // (one bad record blocks only itself).
            const Result<QList<Record>> listed = store().inFlight(InFlightQuery::ofScope(m_scope));
            QVERIFY2(listed.ok(), qPrintable(listed.error().message));
            QCOMPARE(listed->size(), 1);
            QCOMPARE(listed->at(0).key, key);
            QVERIFY2(listed->at(0).readError.contains(named), qPrintable(listed->at(0).readError));
        }
        const Result<Transition> finish = store().complete(m_scope, key, first->record.lease, okResponse(), T0 + 20, 1000);
        if (completeApplies) {
            QVERIFY2(finish.ok() && finish->outcome == TransitionOutcome::Applied,
                     qPrintable(finish.ok() ? QString() : finish.error().message));
            const Result<std::optional<Record>> whole = store().get(m_scope, key);
            QVERIFY2(whole.ok() && whole->has_value(), qPrintable(whole.ok() ? QString() : whole.error().message));
            QCOMPARE(whole->value().state, RecordState::Completed);
            return;
        }
        QVERIFY(!finish.ok());
        QCOMPARE(finish.error().kind, ErrorKind::Corrupt);
    }

    void noscriptIsReloadedAndRetried()
    {
        Guard guard(store(), {}, clock());
        int runs = 0;
        auto business = [&] {
            ++runs;
            return okResponse();
        };
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("a")), business).outcome, GuardOutcome::Executed);
        const qint64 loadsBefore = m_raw.commandCalls().value("script|load");
        QVERIFY(RawRedis::ok(m_raw.run({"SCRIPT", "FLUSH"})));
        const GuardResult replay = guard.handle(requestOf(m_scope, QStringLiteral("a")), business);
        QCOMPARE(replay.outcome, GuardOutcome::Replayed);
        QVERIFY(RawRedis::ok(m_raw.run({"SCRIPT", "FLUSH"})));
        const GuardResult fresh = guard.handle(requestOf(m_scope, QStringLiteral("b")), business); // claim and complete reload
        QCOMPARE(fresh.outcome, GuardOutcome::Executed);
        QVERIFY2(fresh.finalised, qPrintable(fresh.message));
        QCOMPARE(runs, 2);
        QVERIFY(m_raw.commandCalls().value("script|load") >= loadsBefore + 3);
    }

    void roundTripsPerGuardedRequest()
    {
        Guard guard(store(), {}, clock());
        // The scope's first request also registers it (pipelined); measure after.
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("warm-up")), okResponse).outcome, GuardOutcome::Executed);
        // commandstats are server-wide: another client can only add calls, so
        // the smallest of a few measurements is ours.
        qint64 firstEval = 1000, firstOther = 1000, replayEval = 1000, replayOther = 1000;
        for (int i = 0; i < 5 && (firstEval != 2 || firstOther != 0 || replayEval != 1 || replayOther != 0); ++i) {
            const QString key = QStringLiteral("first-%1").arg(i);
            QHash<QByteArray, qint64> before = m_raw.commandCalls();
            QCOMPARE(guard.handle(requestOf(m_scope, key), okResponse).outcome, GuardOutcome::Executed);
            QHash<QByteArray, qint64> after = m_raw.commandCalls();
            qint64 eval = 0;
            const qint64 other = topLevelCalls(before, after, &eval);
            firstEval = qMin(firstEval, eval);
            firstOther = qMin(firstOther, other);

            before = m_raw.commandCalls();
            QCOMPARE(guard.handle(requestOf(m_scope, key), okResponse).outcome, GuardOutcome::Replayed);
            after = m_raw.commandCalls();
            const qint64 otherReplay = topLevelCalls(before, after, &eval);
            replayEval = qMin(replayEval, eval);
            replayOther = qMin(replayOther, otherReplay);
        }
        QCOMPARE(firstEval, 2); // claim + complete
        QCOMPARE(firstOther, 0);
        QCOMPARE(replayEval, 1); // claim answers with the cached response
        QCOMPARE(replayOther, 0);
    }

    // While nearly every claim is a replay, a replay is one HMGET and no
    // script (RedisStore::claim); every other answer is still the claim
    // script's, and the counts stay exact once the buffer is written.
    void replaysReadFirstInARetryStorm()
    {
        RedisStore storm(m_url); // its own switch: the shared store's stays as the other tests expect
        QVERIFY(storm.open().ok());
        const auto claimAt = [&](const QString &key, qint64 now, const QString &fingerprint = QStringLiteral("fp")) {
            ClaimRequest r = claimOf(m_scope, key, now);
            r.fingerprint = fingerprint;
            return storm.claim(r);
        };
        const auto completed = [&](const QString &key, qint64 ttlMs) {
            const Result<ClaimResult> c = claimAt(key, T0);
            return c.ok() && c->outcome == ClaimOutcome::Claimed
                   && storm.complete(m_scope, key, c->record.lease, okResponse(), T0, ttlMs).ok();
        };
        const auto evalsOf = [&](const std::function<void()> &step) {
            const QHash<QByteArray, qint64> before = m_raw.commandCalls();
            step();
            qint64 evals = 0;
            topLevelCalls(before, m_raw.commandCalls(), &evals);
            return evals;
        };
        QVERIFY(completed(QStringLiteral("paid"), 3600'000));
        QVERIFY(completed(QStringLiteral("short"), 1000));
        QVERIFY(storm.claim(claimOf(m_scope, QStringLiteral("running"))).ok());
        m_raw.run({"HSET", RedisLayout::recordKey(m_scope, QStringLiteral("damaged")), "state", "COMPLETED", "fingerprint", "fp"});
        m_damaged << RedisLayout::recordKey(m_scope, QStringLiteral("damaged"));
        // A field another program added, and a string where a record belongs.
        QVERIFY(completed(QStringLiteral("annotated"), 3600'000));
        m_raw.run({"HSET", RedisLayout::recordKey(m_scope, QStringLiteral("annotated")), "note", "added by another program"});
        m_raw.run({"SET", RedisLayout::recordKey(m_scope, QStringLiteral("stringly")), "paid"});
        m_damaged << RedisLayout::recordKey(m_scope, QStringLiteral("stringly"));

        // The script answers the first replays; then the store reads first.
        constexpr int Storm = 150;
        qint64 lastEvals = -1;
        for (int i = 0; i < Storm; ++i) {
            lastEvals = evalsOf([&] {
                const Result<ClaimResult> r = claimAt(QStringLiteral("paid"), T0 + i);
                QVERIFY2(r.ok() && r->outcome == ClaimOutcome::Replay, r.ok() ? "" : qPrintable(r.error().message));
                QCOMPARE(r->record.body, okResponse().body);
                QCOMPARE(r->record.statusCode, 200);
            });
        }
        QCOMPARE(lastEvals, 0);
        // The read (HGETALL) ignores a field that is not the record's, as the
        // script's HMGET does: still a replay, read first.
        QCOMPARE(evalsOf([&] {
                     const Result<ClaimResult> r = claimAt(QStringLiteral("annotated"), T0);
                     QVERIFY2(r.ok() && r->outcome == ClaimOutcome::Replay, r.ok() ? "" : qPrintable(r.error().message));
                     QCOMPARE(r->record.body, okResponse().body);
                 }),
                 0);

        // Anything but a clean replay goes on to the script, which decides and counts it.
        const Result<ClaimResult> other = claimAt(QStringLiteral("paid"), T0, QStringLiteral("fp-other"));
        QVERIFY(other.ok());
        QCOMPARE(other->outcome, ClaimOutcome::Mismatch);
        const Result<ClaimResult> busy = claimAt(QStringLiteral("running"), T0);
        QVERIFY(busy.ok());
        QCOMPARE(busy->outcome, ClaimOutcome::InProgress);
        const Result<ClaimResult> damaged = claimAt(QStringLiteral("damaged"), T0);
        QVERIFY(!damaged.ok());
        QCOMPARE(damaged.error().kind, ErrorKind::Corrupt);
        const Result<ClaimResult> wrongType = claimAt(QStringLiteral("stringly"), T0);
        QVERIFY(!wrongType.ok());
        QCOMPARE(wrongType.error().kind, ErrorKind::Corrupt);
        QVERIFY(claimAt(QStringLiteral("paid"), T0).ok()); // the lean stays up: still reading first
        const Result<ClaimResult> expired = claimAt(QStringLiteral("short"), T0 + 5000);
        QVERIFY(expired.ok());
        QCOMPARE(expired->outcome, ClaimOutcome::Claimed); // an expired record is taken over, never replayed
        const Result<ClaimResult> fresh = claimAt(QStringLiteral("new"), T0);
        QVERIFY(fresh.ok());
        QCOMPARE(fresh->outcome, ClaimOutcome::Claimed);

        // Counted exactly: the script's counts at once, the read replays once written.
        QVERIFY(storm.flushCounters().ok());
        RedisStore reader(m_url);
        const Result<QList<CounterRow>> rows = reader.counters(m_scope, T0 / 60000, T0 / 60000);
        QVERIFY2(rows.ok(), qPrintable(rows.error().message));
        QCOMPARE(rows->size(), 1);
        QCOMPARE(rows->at(0).counts[Counter::Replayed], Storm + 2); // and "annotated"
        QCOMPARE(rows->at(0).counts[Counter::Executed], 6); // paid, short, running, annotated, short again, new
        QCOMPARE(rows->at(0).counts[Counter::Mismatch], 1);
        QCOMPARE(rows->at(0).counts[Counter::InProgress], 1);

        // Enough non-replays (from the top, 100, at −10 each, to the bottom)
        // and the script answers everything again: a first request is 2
        // round trips, not 3.
        for (int i = 0; i < 2 * 100 / 10 + 1; ++i)
            QVERIFY(claimAt(QStringLiteral("fill-%1").arg(i), T0).ok());
        QCOMPARE(evalsOf([&] { QCOMPARE(claimAt(QStringLiteral("paid"), T0)->outcome, ClaimOutcome::Replay); }), 1);
    }

    void everyKeyOfAScopeSharesItsHashTag()
    {
        Guard guard(store(), {}, clock());
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("done")), okResponse).outcome, GuardOutcome::Executed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("boom")),
                              [] {
                                  return Response{503, {}, "x"};
                              })
                     .outcome,
                 GuardOutcome::Executed);
        const Result<ClaimResult> stuck = store().claim(claimOf(m_scope, QStringLiteral("stuck")));
        QVERIFY(stuck.ok());
        QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("left"))).ok());
        QVERIFY(store().applyAction(operatorTimeout(stuck->record, T0 + 1, 3600'000)).ok());
        store().countStoreError(m_scope, T0);
        QVERIFY(store().flushCounters().ok());

        // KEYS is fine here: the test server's own database.
        const QByteArrayList keys = m_raw.run({"KEYS", "*" + m_scope.toUtf8() + "*"}).items;
        const QByteArray tag = "idem:{" + m_scope.toUtf8() + "}:";
        QVERIFY(keys.size() >= 6);
        for (const QByteArray &key : keys)
            QVERIFY2(key.startsWith(tag), key.constData());
        const QByteArrayList expected{
            "r:done", "r:stuck", "inflight", "completed", "timedout", "minutes", QByteArray("c:") + QByteArray::number(T0 / 60000)};
        for (const QByteArray &suffix : expected) {
            const QByteArray key = tag + suffix;
            QVERIFY2(keys.contains(key), key.constData());
        }
        QVERIFY(!keys.contains(tag + "r:boom")); // released
        QCOMPARE(m_raw.run({"SISMEMBER", RedisLayout::scopesKey(), m_scope.toUtf8()}).integer, 1);

        // countByState reads the scope's zsets, not the keyspace.
        const Result<QList<ScopeCount>> counts = store().countByState(QString());
        QVERIFY2(counts.ok(), qPrintable(counts.error().message));
        QStringList mine;
        for (const ScopeCount &c : counts.value()) {
            if (c.scope == m_scope)
                mine << recordStateName(c.state) + QLatin1Char('=') + QString::number(c.count);
        }
        QCOMPARE(mine, (QStringList{QStringLiteral("COMPLETED=1"), QStringLiteral("IN_FLIGHT=1"), QStringLiteral("TIMED_OUT=1")}));
    }

    // scriptKeys keeps a thread's last scope and minute: a change of either,
    // back and forth, gives that scope's and minute's keys, never the last.
    void scriptKeysFollowTheScopeAndTheMinute()
    {
        const auto expected = [](const QString &scope, const QString &key, qint64 minute) {
            return RedisCommand{RedisLayout::recordKey(scope, key),     RedisLayout::inFlightKey(scope),
                                RedisLayout::completedKey(scope),       RedisLayout::timedOutKey(scope),
                                RedisLayout::counterKey(scope, minute), RedisLayout::minutesKey(scope)};
        };
        const QString a = QStringLiteral("scope-a"), b = QString::fromUtf8("范围-b");
        const struct {
            QString scope;
            const char *key;
            qint64 minute;
        } calls[] = {{a, "k1", 100}, {a, "k2", 100}, {a, "k2", 101}, {b, "k2", 101}, {a, "k1", 101}, {b, "键", 100}, {b, "k3", 100}};
        for (const auto &call : calls) {
            const QString key = QString::fromUtf8(call.key);
            QCOMPARE(RedisLayout::scriptKeys(call.scope, key, call.minute), expected(call.scope, key, call.minute));
        }
        // Another thread starts from nothing of this one's.
        const QString k9 = QStringLiteral("k9"), k4 = QStringLiteral("k4");
        std::thread other([&] { QCOMPARE(RedisLayout::scriptKeys(a, k9, 7), expected(a, k9, 7)); });
        other.join();
        QCOMPARE(RedisLayout::scriptKeys(b, k4, 100), expected(b, k4, 100));
        // The five keys of one scope and minute are the thread's own
        // buffers, shared by each call's list, not copied into it.
        const RedisCommand first = RedisLayout::scriptKeys(b, k4, 100), second = RedisLayout::scriptKeys(b, k9, 100);
        for (int i = 1; i < 6; ++i)
            QCOMPARE(static_cast<const void *>(first.at(i).constData()), static_cast<const void *>(second.at(i).constData()));
    }

    void countersAreIncrementedInsideTheScripts()
    {
        Guard guard(store(), {}, clock());
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c")), okResponse).outcome, GuardOutcome::Executed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c")), okResponse).outcome, GuardOutcome::Replayed);
        QCOMPARE(guard.handle(requestOf(m_scope, QStringLiteral("c"), "other"), okResponse).outcome, GuardOutcome::Mismatch);
        // Nothing flushed: the counts are in Redis already.
        const QByteArray hash = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HGET", hash, "executed"}).text, QByteArray("1"));
        QCOMPARE(m_raw.run({"HGET", hash, "replayed"}).text, QByteArray("1"));
        QCOMPARE(m_raw.run({"HGET", hash, "mismatch"}).text, QByteArray("1"));
        QVERIFY(m_raw.run({"PTTL", hash}).integer > 0); // counters expire
        // Another store instance (nothing buffered there) reads the same.
        RedisStore reader(m_url);
        const Result<QList<CounterRow>> rows = reader.counters(m_scope, T0 / 60000, T0 / 60000);
        QVERIFY2(rows.ok(), qPrintable(rows.error().message));
        QCOMPARE(rows->size(), 1);
        QCOMPARE(rows->at(0).counts[Counter::Executed], 1);
        QCOMPARE(rows->at(0).counts[Counter::Replayed], 1);
        QCOMPARE(rows->at(0).counts[Counter::Mismatch], 1);
    }

    void lostConnectionIsReestablished()
    {
        QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("before"))).ok());
        // Kill this process's store connections (named idem-<pid>), not the test's own.
        const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
        int killed = 0;
        for (const QByteArray &line : m_raw.run({"CLIENT", "LIST"}).text.split('\n')) {
            if (line.contains(name)) {
                const QByteArray id = line.mid(3, line.indexOf(' ') - 3);
                killed += int(m_raw.run({"CLIENT", "KILL", "ID", id}).integer);
            }
        }
        QVERIFY(killed >= 1);
        const Result<ClaimResult> next = store().claim(claimOf(m_scope, QStringLiteral("after-1")));
        if (!next.ok())
            QCOMPARE(next.error().kind, ErrorKind::Unavailable); // the loss is seen on this call …
        const Result<ClaimResult> then = store().claim(claimOf(m_scope, QStringLiteral("after-2")));
        QVERIFY2(then.ok(), qPrintable(then.error().message)); // … and the next one reconnects
        QCOMPARE(then->outcome, ClaimOutcome::Claimed);
    }

    // hiredis writes with write(): a large request on a connection the server
    // has closed raises SIGPIPE, which must not kill the process.
    void largeWriteOnAClosedConnectionIsAnErrorNotADeadProcess()
    {
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("big")));
        QVERIFY(claimed.ok());
        const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
        for (int round = 0; round < 3; ++round) {
            for (const QByteArray &line : m_raw.run({"CLIENT", "LIST"}).text.split('\n')) {
                if (line.contains(name))
                    m_raw.run({"CLIENT", "KILL", "ID", line.mid(3, line.indexOf(' ') - 3)});
            }
            QTest::qWait(50); // the FIN arrives; the first write then draws a RST
            const Response huge{200, {}, QByteArray(32 << 20, 'x')};
            const Result<Transition> done = store().complete(m_scope, QStringLiteral("big"), claimed->record.lease, huge, T0 + 1, 1000);
            if (done.ok())
                continue; // the server took it all; try again
            QCOMPARE(done.error().kind, ErrorKind::Unavailable);
        }
        QVERIFY(store().get(m_scope, QStringLiteral("big")).ok()); // still alive, reconnected
    }

    void stalledServerTimesOutInsteadOfHanging()
    {
        StoreUrl url = m_url;
        url.options.insert(QStringLiteral("timeout_ms"), QStringLiteral("200"));
        RedisStore quick(url);
        QVERIFY(quick.open().ok());
        QVERIFY(RawRedis::ok(m_raw.run({"CLIENT", "PAUSE", "800", "ALL"})));
        const Result<ClaimResult> stalled = quick.claim(claimOf(m_scope, QStringLiteral("paused")));
        QVERIFY(!stalled.ok());
        QCOMPARE(stalled.error().kind, ErrorKind::Unavailable);
        QTest::qWait(900);
        const Result<ClaimResult> resumed = quick.claim(claimOf(m_scope, QStringLiteral("resumed")));
        QVERIFY2(resumed.ok(), qPrintable(resumed.error().message));
    }

    void unreachableServerFailsFastWithinTheBackoff()
    {
        StoreUrl url = m_url;
        url.host = QStringLiteral("127.0.0.1");
        url.port = 1; // nothing listens there
        RedisStore down(url);
        const Result<void> opened = down.open();
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().kind, ErrorKind::Unavailable);
        const Result<ClaimResult> claimed = down.claim(claimOf(m_scope, QStringLiteral("k")));
        QVERIFY(!claimed.ok());
        QCOMPARE(claimed.error().kind, ErrorKind::Unavailable);
        QVERIFY2(claimed.error().message.contains(QStringLiteral("next attempt")), qPrintable(claimed.error().message));
    }

    // The in-flight listing is served by zsets here and by SQL there: the
    // same records must list in the same order, page by page, both ways.
    void inFlightListingMatchesSqlStore()
    {
        QTemporaryDir dir;
        Result<std::unique_ptr<Store>> sqlite = openStore(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("ref.db")));
        QVERIFY2(sqlite.ok(), qPrintable(sqlite.error().message));
        Store &reference = *sqlite.value();
        const QString owner = QStringLiteral("diff:%1").arg(m_scope);
        const QStringList scopes{m_scope + QStringLiteral("-b"), m_scope + QStringLiteral("-a"), m_scope + QStringLiteral("-c")};
        for (int i = 0; i < 60; ++i) {
            ClaimRequest c =
                claimOf(scopes.at(i % 3), QStringLiteral("%1-%2").arg(i % 4 ? QStringLiteral("k") : QStringLiteral("z")).arg(i * 7 % 60),
                        T0 + (i % 7) * 1000); // many records start in the same millisecond
            c.owner = i % 5 ? owner : QStringLiteral("other:%1").arg(m_scope);
            c.bizNo = QStringLiteral("SO%1").arg(i % 9);
            for (Store *s : {static_cast<Store *>(&store()), &reference}) {
                const Result<ClaimResult> claimed = s->claim(c);
                QVERIFY(claimed.ok() && claimed->outcome == ClaimOutcome::Claimed);
                if (i % 6 == 0)
                    QVERIFY(s->complete(c.scope, c.key, claimed->record.lease, okResponse(), c.nowMs + 1, 3600'000).ok());
            }
        }
        auto listAll = [](Store &s, InFlightQuery q) {
            QStringList rows;
            for (int page = 0; page < 100; ++page) {
                const Result<QList<Record>> got = s.inFlight(q);
                if (!got.ok())
                    return QStringList{QStringLiteral("error: ") + got.error().message};
                for (const Record &r : got.value())
                    rows << QStringLiteral("%1 %2 %3").arg(r.updatedAt - T0).arg(r.scope, r.key);
                if (got->size() < q.limit)
                    break;
                q.after = InFlightQuery::Position{got->constLast().updatedAt, got->constLast().scope, got->constLast().key};
            }
            return rows;
        };
        for (const QString &scope : {scopes.at(0), scopes.at(1), QString()}) {
            for (bool newestFirst : {false, true}) {
                for (const std::optional<qint64> before : {std::optional<qint64>(), std::optional<qint64>(T0 + 3000)}) { // unset: any age
                    for (int limit : {1, 4, 500}) {
                        InFlightQuery q;
                        q.scope = scope;
                        q.owner = scope.isEmpty() ? owner : QString(); // every scope: only this test's records
                        q.newestFirst = newestFirst;
                        q.startedBeforeMs = before;
                        q.limit = limit;
                        const QStringList expected = listAll(reference, q);
                        QVERIFY(expected.size() > 3);
                        QCOMPARE(listAll(store(), q), expected);
                        QCOMPARE(store().countInFlight(q).value_or(-1), reference.countInFlight(q).value_or(-2));
                        q.keyPrefix = QStringLiteral("z");
                        q.bizNoPrefix = QStringLiteral("SO1");
                        QCOMPARE(listAll(store(), q), listAll(reference, q));
                        QCOMPARE(store().countInFlight(q).value_or(-1), reference.countInFlight(q).value_or(-2));
                    }
                }
            }
        }
    }

    // The audit stream and its head sit in the scope's slot beside the
    // records: action.lua touches both in one script, valid on Cluster.
    void auditKeysShareTheScopesHashTag()
    {
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("stuck")));
        QVERIFY(claimed.ok());
        const Result<ActionResult> applied = store().applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 1));
        QVERIFY2(applied.ok(), qPrintable(applied.error().message));
        QCOMPARE(applied->outcome, TransitionOutcome::Applied);
        const QString alerts = m_scope + QStringLiteral("-alerts"); // a chain about no record
        const Result<AuditEntry> alert = store().appendAudit(alertIn(alerts, T0 + 2));
        QVERIFY2(alert.ok(), qPrintable(alert.error().message));

        for (const QString &scope : {m_scope, alerts}) {
            const QByteArray tag = "idem:{" + scope.toUtf8() + "}:";
            QCOMPARE(RedisLayout::auditKey(scope), tag + "audit");
            QCOMPARE(RedisLayout::auditHeadKey(scope), tag + "audit:head");
            const QByteArrayList keys = m_raw.run({"KEYS", tag + "*"}).items;
            QVERIFY2(keys.contains(tag + "audit") && keys.contains(tag + "audit:head"), keys.join(' ').constData());
            for (const QByteArray &key : keys)
                QCOMPARE(hashTagOf(key), scope.toUtf8());
            QCOMPARE(m_raw.run({"TYPE", tag + "audit"}).text, QByteArray("stream"));
            QCOMPARE(m_raw.run({"HGET", tag + "audit:head", "seq"}).text, QByteArray("1"));
            // Registered, so auditHeads() and auditEntries() find the chain.
            QCOMPARE(m_raw.run({"SISMEMBER", RedisLayout::scopesKey(), scope.toUtf8()}).integer, 1);
            const Result<AuditChainHead> head = headOf(scope);
            QVERIFY2(head.ok(), qPrintable(head.error().message));
            QCOMPARE(head->seq, 1);
        }
        QCOMPARE(headOf(m_scope)->hash, applied->audit->hash);
        QCOMPARE(headOf(alerts)->hash, alert->hash);
    }

    // 16 threads append to one chain at once, through applyAction and
    // appendAudit, over 8 store instances (as 8 processes would: the threads
    // of one instance take turns, instances race): the optimistic head check
    // must retry on 'chain_moved' so that the seqs are 1..N without a gap and
    // every entry links to the one before it. Stale actions write nothing.
    void concurrentWritersKeepOneContiguousChain()
    {
        constexpr int Threads = 16, PerThread = 6, Instances = 8;
        std::vector<std::unique_ptr<RedisStore>> stores;
        for (int i = 0; i < Instances; ++i)
            stores.push_back(std::make_unique<RedisStore>(m_url));
        QMutex mutex;
        QStringList failures;
        QList<qint64> seqs;
        const QHash<QByteArray, qint64> before = m_raw.commandCalls();
        std::vector<std::thread> threads;
        for (int t = 0; t < Threads; ++t) {
            threads.emplace_back([&, t] {
                Store &store = *stores[size_t(t % Instances)];
                const auto fail = [&](const QString &what) {
                    QMutexLocker lock(&mutex);
                    failures << what;
                };
                for (int i = 0; i < PerThread; ++i) {
                    const Result<ClaimResult> claimed = store.claim(claimOf(m_scope, QStringLiteral("t%1-%2").arg(t).arg(i), T0 + i));
                    if (!claimed.ok())
                        return fail(claimed.error().message);
                    OperatorAction stale = actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 100);
                    stale.lease = QStringLiteral("not-the-lease");
                    const Result<ActionResult> lost = store.applyAction(stale);
                    if (!lost.ok() || lost->outcome != TransitionOutcome::StaleLease || lost->audit)
                        return fail(QStringLiteral("stale action: ")
                                    + (lost.ok() ? transitionOutcomeName(lost->outcome) : lost.error().message));
                    const Result<ActionResult> applied =
                        store.applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, T0 + 100));
                    if (!applied.ok() || applied->outcome != TransitionOutcome::Applied || !applied->audit)
                        return fail(QStringLiteral("action: ")
                                    + (applied.ok() ? transitionOutcomeName(applied->outcome) : applied.error().message));
                    const Result<AuditEntry> alert = store.appendAudit(alertIn(m_scope, T0 + 200));
                    if (!alert.ok())
                        return fail(QStringLiteral("alert: ") + alert.error().message);
                    QMutexLocker lock(&mutex);
                    seqs << applied->audit->seq << alert->seq;
                }
            });
        }
        for (std::thread &thread : threads)
            thread.join();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));

        constexpr int Total = Threads * PerThread * 2;
        std::sort(seqs.begin(), seqs.end());
        QCOMPARE(seqs.size(), Total);
        for (int i = 0; i < Total; ++i)
            QCOMPARE(seqs.at(i), qint64(i + 1));
        QList<AuditEntry> chain;
        for (QString after;;) { // pages of 50, as verification pages
            const Result<QList<AuditEntry>> page = store().auditChain(m_scope, after, 50);
            QVERIFY2(page.ok(), qPrintable(page.error().message));
            chain += page.value();
            if (page->size() < 50)
                break;
            after = page->constLast().storeId;
        }
        QCOMPARE(chain.size(), Total);
        const Result<AuditChainHead> head = headOf(m_scope);
        QVERIFY2(head.ok(), qPrintable(head.error().message));
        const QString broken = chainBreak(chain, head.value());
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        // Counted once per applied action, never for the stale ones.
        const QByteArray counters = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HGET", counters, "timed_out"}).text, QByteArray::number(Threads * PerThread));
        QCOMPARE(m_raw.run({"HGET", counters, "late_finish"}).type, REDIS_REPLY_NIL);
        qint64 evalsha = 0;
        topLevelCalls(before, m_raw.commandCalls(), &evalsha);
        // claims, stale actions and chained writes: one EVALSHA each; the
        // rest retried after 'chain_moved' (8 instances raced, so some did).
        const qint64 firstTries = Total + 2 * Threads * PerThread;
        qInfo("%lld retries after 'chain_moved' for %d chained writes", evalsha - firstTries, Total);
        QVERIFY(evalsha > firstTries);
    }

    void wrongTypeAtAnAuditKeyIsCorrupt_data()
    {
        QTest::addColumn<QByteArray>("suffix");
        QTest::addColumn<QByteArrayList>("write");
        QTest::addColumn<QString>("problem");
        QTest::newRow("stream is a string") << QByteArray("audit") << QByteArrayList{"SET", "x"} << QStringLiteral("string");
        QTest::newRow("head is a list") << QByteArray("audit:head") << QByteArrayList{"RPUSH", "x"} << QStringLiteral("hash");
        QTest::newRow("head without its hash") << QByteArray("audit:head") << QByteArrayList{"HSET", "seq", "3"}
                                               << QStringLiteral("seq '3'");
    }

    void wrongTypeAtAnAuditKeyIsCorrupt()
    {
        QFETCH(QByteArray, suffix);
        QFETCH(QByteArrayList, write);
        QFETCH(QString, problem);
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("k")));
        QVERIFY(claimed.ok());
        const QByteArray key = "idem:{" + m_scope.toUtf8() + "}:" + suffix;
        write.insert(1, key);
        m_damaged << key;
        const auto unregister = qScopeGuard([&] { m_raw.run({"SREM", RedisLayout::scopesKey(), m_scope.toUtf8()}); });
        QVERIFY(RawRedis::ok(m_raw.run(write)));
        const QByteArray typeBefore = m_raw.run({"TYPE", key}).text;

        const auto isCorruptNamingKey = [&](const Error &error) {
            return error.kind == ErrorKind::Corrupt && error.message.contains(QString::fromUtf8(key)) && error.message.contains(problem);
        };
        for (OperatorActionKind kind :
             {OperatorActionKind::MarkTimedOut, OperatorActionKind::ReconcileComplete, OperatorActionKind::ReconcileRelease}) {
            const Result<ActionResult> applied = store().applyAction(actionOn(claimed->record, kind, T0 + 1));
            QVERIFY(!applied.ok());
            QVERIFY2(isCorruptNamingKey(applied.error()), qPrintable(applied.error().message));
        }
        const Result<AuditEntry> alert = store().appendAudit(alertIn(m_scope, T0 + 2));
        QVERIFY(!alert.ok());
        QVERIFY2(isCorruptNamingKey(alert.error()), qPrintable(alert.error().message));
        const Result<QList<AuditChainHead>> heads = store().auditHeads();
        QVERIFY(!heads.ok());
        QVERIFY2(heads.error().kind == ErrorKind::Corrupt && heads.error().message.contains(QString::fromUtf8(key)),
                 qPrintable(heads.error().message));
        if (suffix == "audit") {
            const Result<QList<AuditEntry>> chain = store().auditChain(m_scope, QString(), 10);
            QVERIFY(!chain.ok());
            QCOMPARE(chain.error().kind, ErrorKind::Corrupt);
            AuditQuery query;
            query.scope = m_scope;
            QCOMPARE(store().auditEntries(query).error().kind, ErrorKind::Corrupt);
        }

        // Nothing changed: the record, its index, the counters, the other audit key.
        const Result<std::optional<Record>> now = store().get(m_scope, QStringLiteral("k"));
        QVERIFY(now.ok() && now.value());
        QCOMPARE(now.value()->state, RecordState::InFlight);
        QCOMPARE(now.value()->lease, claimed->record.lease);
        QCOMPARE(m_raw.run({"ZSCORE", RedisLayout::inFlightKey(m_scope), "k"}).text, QByteArray::number(T0));
        const QByteArray counters = "idem:{" + m_scope.toUtf8() + "}:c:" + QByteArray::number(T0 / 60000);
        QCOMPARE(m_raw.run({"HKEYS", counters}).items, QByteArrayList{"executed"});
        QCOMPARE(m_raw.run({"TYPE", key}).text, typeBefore);
        const QByteArray other = suffix == "audit" ? RedisLayout::auditHeadKey(m_scope) : RedisLayout::auditKey(m_scope);
        QCOMPARE(m_raw.run({"EXISTS", other}).integer, 0);
    }

    // An entry edited behind the store's back reads back as it is, with
    // empty fields where it lost some: verification reports it, the read
    // does not fail or crash.
    void malformedStreamEntriesReadBackEmpty()
    {
        QVERIFY(store().appendAudit(alertIn(m_scope, T0)).ok());
        const Result<AuditEntry> second = store().appendAudit(alertIn(m_scope, T0 + 1));
        QVERIFY(second.ok());
        const QByteArray stream = RedisLayout::auditKey(m_scope);
        m_damaged << stream << RedisLayout::auditHeadKey(m_scope);
        QVERIFY(RawRedis::ok(m_raw.run({"XADD", stream, "*", "seq", "three", "note", "forged"})));
        QVERIFY(RawRedis::ok(m_raw.run({"XADD", stream, "*", "hash", "", "scope", m_scope.toUtf8()})));

        const Result<QList<AuditEntry>> chain = store().auditChain(m_scope, QString(), 10);
        QVERIFY2(chain.ok(), qPrintable(chain.error().message));
        QCOMPARE(chain->size(), 4);
        QCOMPARE(chain->at(1).hash, second->hash);
        QCOMPARE(chain->at(1).storeId, second->storeId);
        const AuditEntry &forged = chain->at(2);
        QCOMPARE(forged.seq, 0);
        QVERIFY(forged.hash.isEmpty() && forged.prevHash.isEmpty() && forged.scope.isEmpty());
        QVERIFY(!forged.storeId.isEmpty());
        QCOMPARE(chain->at(3).scope, m_scope);
        QVERIFY(chain->at(3).hash.isEmpty());
        QVERIFY(!chainBreak(chain.value(), headOf(m_scope).value()).isEmpty());

        const Result<QList<AuditEntry>> rest = store().auditChain(m_scope, second->storeId, 10);
        QVERIFY(rest.ok());
        QCOMPARE(rest->size(), 2);
        QCOMPARE(rest->at(0).storeId, forged.storeId);
        QCOMPARE(store().auditChain(m_scope, QStringLiteral("last week"), 10).error().kind, ErrorKind::InvalidArgument);
    }

    // No index but the stream's order: filtered here, pages of 500 from the
    // newest, merged across scopes newest first.
    void auditEntriesFilterAndMergeNewestFirst()
    {
        const QString other = m_scope + QStringLiteral("-other");
        const QString bob = QStringLiteral("bob-") + m_scope, carol = QStringLiteral("carol-") + m_scope; // only this test's
        for (int i = 0; i < 600; ++i) {
            AuditEntry e = alertIn(m_scope, T0 + i);
            e.operatorName = i % 2 ? bob : carol;
            e.key = QStringLiteral("k-%1").arg(i);
            QVERIFY(store().appendAudit(e).ok());
        }
        AuditEntry late = alertIn(other, T0 + 598);
        late.operatorName = bob;
        QVERIFY(store().appendAudit(late).ok());
        const auto listed = [&](const AuditQuery &q) {
            QStringList rows;
            const Result<QList<AuditEntry>> got = store().auditEntries(q);
            if (!got.ok())
                return QStringList{got.error().message};
            for (const AuditEntry &e : got.value())
                rows << QStringLiteral("%1 %2 %3")
                            .arg(e.atMs - T0)
                            .arg(e.scope == other ? QStringLiteral("other") : QStringLiteral("mine"), e.key);
            return rows;
        };
        AuditQuery q;
        q.scope = m_scope;
        q.limit = 3;
        QCOMPARE(listed(q),
                 (QStringList{QStringLiteral("599 mine k-599"), QStringLiteral("598 mine k-598"), QStringLiteral("597 mine k-597")}));
        q.fromMs = T0 + 10; // on the second page of 500
        q.toMs = T0 + 12;
        q.limit = 10;
        QCOMPARE(listed(q), (QStringList{QStringLiteral("12 mine k-12"), QStringLiteral("11 mine k-11"), QStringLiteral("10 mine k-10")}));
        q = AuditQuery();
        q.operatorName = bob;
        q.action = QStringLiteral("alert");
        q.fromMs = T0 + 595;
        q.limit = 3; // every scope: this test's two, merged
        QCOMPARE(listed(q),
                 (QStringList{QStringLiteral("599 mine k-599"), QStringLiteral("598 other "), QStringLiteral("597 mine k-597")}));
        q.keyPrefix = QStringLiteral("k-59");
        q.operatorName = carol;
        QCOMPARE(listed(q), (QStringList{QStringLiteral("598 mine k-598"), QStringLiteral("596 mine k-596")}));
    }

    // The timed-out zset is scored by expiry, so the TIMED_OUT listing is
    // ordered and paged here: (updatedAt, scope, key), keyset, both ways.
    void timedOutListingPagesByTheTimeItWasMarked()
    {
        QStringList expected; // "updatedAt key", oldest first
        for (int i = 0; i < 9; ++i) {
            const QString key = QStringLiteral("%1-%2").arg(i % 2 ? QStringLiteral("a") : QStringLiteral("b")).arg(i);
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, T0 + i));
            QVERIFY(claimed.ok());
            if (i == 8)
                continue; // stays in flight
            const qint64 markedAt = T0 + 1000 + (i % 3) * 10; // ties at the same ms
            const Result<ActionResult> marked = store().applyAction(actionOn(claimed->record, OperatorActionKind::MarkTimedOut, markedAt));
            QVERIFY2(marked.ok() && marked->outcome == TransitionOutcome::Applied, qPrintable(marked.error().message));
            QCOMPARE(marked->current->state, RecordState::TimedOut);
            if (i == 7) { // reconciled afterwards: no longer timed out
                const Result<ActionResult> done =
                    store().applyAction(actionOn(*marked->current, OperatorActionKind::ReconcileComplete, markedAt + 1));
                QVERIFY2(done.ok() && done->outcome == TransitionOutcome::Applied, qPrintable(done.error().message));
                QVERIFY(done->current->reconciled);
                QCOMPARE(done->current->state, RecordState::Completed);
                continue;
            }
            expected << QStringLiteral("%1 %2").arg(markedAt - T0).arg(key);
        }
        std::sort(expected.begin(), expected.end());
        InFlightQuery q = InFlightQuery::ofScope(m_scope);
        q.state = RecordState::TimedOut;
        for (bool newestFirst : {false, true}) {
            q.newestFirst = newestFirst;
            q.after.reset();
            q.limit = 2;
            QStringList listed;
            for (int page = 0; page < 10; ++page) {
                const Result<QList<Record>> rows = store().inFlight(q);
                QVERIFY2(rows.ok(), qPrintable(rows.error().message));
                for (const Record &r : rows.value()) {
                    QCOMPARE(r.state, RecordState::TimedOut);
                    listed << QStringLiteral("%1 %2").arg(r.updatedAt - T0).arg(r.key);
                }
                if (rows->size() < q.limit)
                    break;
                q.after = InFlightQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
            }
            QStringList want = expected;
            if (newestFirst)
                std::reverse(want.begin(), want.end());
            QCOMPARE(listed, want);
        }
        q.after.reset();
        QCOMPARE(store().countInFlight(q).value_or(-1), expected.size());
        q.keyPrefix = QStringLiteral("a");
        q.startedBeforeMs = T0 + 1020;
        QCOMPARE(store().countInFlight(q).value_or(-1), 2); // a-1 (1010), a-3 (1000); a-5 at 1020 is not before
        QCOMPARE(store().countInFlight(InFlightQuery::ofScope(m_scope)).value_or(-1), 1);
        // The record browser lists completed ones too: a-7, reconciled.
        q.state = RecordState::Completed;
        QCOMPARE(store().countInFlight(q).value_or(-1), 1);
        const Result<QList<Record>> reconciled = store().inFlight(q);
        QVERIFY2(reconciled.ok(), qPrintable(reconciled.error().message));
        QCOMPARE(reconciled->size(), 1);
        QCOMPARE(reconciled->first().key, QStringLiteral("a-7"));
        QVERIFY(reconciled->first().reconciled);
    }

    // complete.lua drops the completed index's expired entries on about one
    // complete in 16 (RedisStore::complete picks it by the random lease), so
    // a busy scope's index stays bounded without a scan; readers count and
    // list only live entries either way.
    void completedIndexDropsExpiredEntries()
    {
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600'000; // the server's clock decides
        const int n = 200;
        for (int i = 0; i < n; ++i) {
            const QString key = QStringLiteral("e%1").arg(i);
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, hourAgo));
            QVERIFY(claimed.ok());
            QVERIFY(store().complete(m_scope, key, claimed->record.lease, Response{200, {}, "ok"}, hourAgo, 1000).ok());
        }
        // Every entry expired when it was written. 200 completes without a
        // trim have a chance of (15/16)^200: about once in 400,000 runs.
        const RawRedis::Reply left = m_raw.run({"ZCARD", "idem:{" + m_scope.toUtf8() + "}:completed"});
        QCOMPARE(left.type, REDIS_REPLY_INTEGER);
        QVERIFY2(left.integer < n, qPrintable(QStringLiteral("%1 expired entries left").arg(left.integer)));
    }

    // COMPLETED has no index by updated_at: the completed zset (scored by
    // expires_at) is walked with ZSCAN. What the walk meets besides
    // completed records: an entry whose hash Redis expired (skipped), a
    // record claimed again (skipped: listed in flight), a key of another
    // type (listed unreadable), glob characters in the key prefix (literal).
    void completedListingWalksTheCompletedIndex()
    {
        QStringList expected;
        for (int i = 0; i < 40; ++i) { // more than one ZSCAN step
            const QString key = QStringLiteral("c*[%1]").arg(i, 2, 10, QLatin1Char('0'));
            const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, key, T0 + i));
            QVERIFY(claimed.ok());
            QVERIFY(store().complete(m_scope, key, claimed->record.lease, Response{200, {}, "ok"}, T0 + 100 - i, 3600'000).ok());
            expected.prepend(key); // completed in reverse order of claiming
        }
        const QByteArray zset = "idem:{" + m_scope.toUtf8() + "}:completed";
        QVERIFY(RawRedis::ok(m_raw.run({"ZADD", zset, QByteArray::number(T0 + 3600'000), "gone"})));
        QVERIFY(RawRedis::ok(m_raw.run({"ZADD", zset, QByteArray::number(T0 + 3600'000), "odd"})));
        QVERIFY(RawRedis::ok(m_raw.run({"SET", "idem:{" + m_scope.toUtf8() + "}:r:odd", "not a hash"})));
        const auto cleanup = qScopeGuard([&] { m_raw.run({"DEL", "idem:{" + m_scope.toUtf8() + "}:r:odd"}); });
        // c*[39] expired by its retention and claimed again: in flight now.
        QCOMPARE(store().claim(claimOf(m_scope, QStringLiteral("c*[39]"), T0 + 4000'000)).value().outcome, ClaimOutcome::Claimed);
        expected.removeOne(QStringLiteral("c*[39]"));

        RecordQuery q = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        q.keyPrefix = QStringLiteral("c*[");
        q.limit = 7;
        QStringList listed;
        for (int page = 0; page < 20; ++page) {
            const Result<QList<Record>> rows = store().records(q);
            QVERIFY2(rows.ok(), qPrintable(rows.error().message));
            for (const Record &r : rows.value()) {
                QCOMPARE(r.state, RecordState::Completed);
                QCOMPARE(r.body, QByteArray("ok")); // read in full for the page
                listed << r.key;
            }
            if (rows->size() < q.limit)
                break;
            q.after = RecordQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
        }
        QCOMPARE(listed, expected);
        q.after.reset();
        QCOMPARE(store().countRecords(q).value_or(-1), 39);
        q.keyPrefix = QStringLiteral("c*[0");
        QCOMPARE(store().countRecords(q).value_or(-1), 10);
        q.keyPrefix = QStringLiteral("c?[0"); // '?' is literal
        QCOMPARE(store().countRecords(q).value_or(-1), 0);

        RecordQuery all = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        const Result<QList<Record>> withOdd = store().records(all);
        QVERIFY2(withOdd.ok(), qPrintable(withOdd.error().message));
        QCOMPARE(withOdd->size(), 40); // 39 and the unreadable one
        QCOMPARE(withOdd->first().key, QStringLiteral("odd"));
        QVERIFY(withOdd->first().readError.contains(QLatin1String("instead of a hash")));
        all.owner = QStringLiteral("test-host:1");
        QCOMPARE(store().countRecords(all).value_or(-1), 39); // what cannot be read matches no owner
    }

    // AUTH with an ACL user: the right password (in the URL or from
    // IDEM_REDIS_PASSWORD) opens and guards; a wrong one is a clear refusal.
    void aclUserAuthenticates()
    {
        const QByteArray user = "idem-acl-" + QByteArray::number(QCoreApplication::applicationPid());
        QVERIFY(RawRedis::ok(m_raw.run({"ACL", "SETUSER", user, "reset", "on", ">s3cret pw", "~*", "&*", "+@all"})));
        const auto dropUser = qScopeGuard([&] { m_raw.run({"ACL", "DELUSER", user}); });

        StoreUrl url = m_url;
        url.user = QString::fromLatin1(user);
        url.password = QStringLiteral("s3cret pw");
        {
            RedisStore store(url);
            const Result<void> opened = store.open();
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
            Guard guard(store, {}, clock());
            GuardRequest request;
            request.scope = m_scope;
            request.key = QStringLiteral("acl");
            request.body = "{}";
            QCOMPARE(guard.handle(request, [] { return okResponse(); }).outcome, GuardOutcome::Executed);
        }
        {
            url.password.clear();
            qputenv("IDEM_REDIS_PASSWORD", "s3cret pw");
            RedisStore store(url);
            const Result<void> opened = store.open();
            qunsetenv("IDEM_REDIS_PASSWORD");
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        }
        {
            url.password = QStringLiteral("wrong");
            RedisStore store(url);
            const Result<void> opened = store.open();
            QVERIFY(!opened.ok());
            QVERIFY2(opened.error().message.contains(QString::fromLatin1(user))
                         || opened.error().message.contains(QStringLiteral("WRONGPASS"))
                         || opened.error().message.contains(QStringLiteral("password"), Qt::CaseInsensitive),
                     qPrintable(opened.error().message));
            QVERIFY(!opened.error().message.contains(QStringLiteral("wrong"))); // the password is never echoed
        }
    }

    void badUrlOptionIsRefusedAtOpen()
    {
        StoreUrl url = m_url;
        url.options.insert(QStringLiteral("connect_timeout_ms"), QStringLiteral("soon"));
        RedisStore store(url);
        const Result<void> opened = store.open();
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(opened.error().message.contains(QStringLiteral("connect_timeout_ms")));
    }
};

QTEST_GUILESS_MAIN(RedisStoreTest)
#include "tst_redisstore.moc"
