#include "app/store/redisstore.h"
#include "app/store/redislayoutfields.h"
#include "app/store/redisstoredetail.h"
#include "app/store/utf8text.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QHash>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QVarLengthArray>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <limits>
#include <thread>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

QByteArray newLease()
{
    // 128 bits from a generator per thread, seeded once from the system's:
    // a lease only has to be unique, and the system generator (RDRAND here)
    // cost about half a microsecond per claim on a virtual machine (perf).
    thread_local QRandomGenerator64 generator = [] {
        std::array<quint32, 8> seed; // 256 bits
        QRandomGenerator::system()->fillRange(seed.data(), qsizetype(seed.size()));
        return QRandomGenerator64(seed.data(), qsizetype(seed.size()));
    }();
    quint64 words[2];
    generator.fillRange(words);
    return QByteArray::fromRawData(reinterpret_cast<const char *>(words), sizeof words).toHex();
}

// The claim script's first answer word (a QHash of four had been a visible
// share of a replay's time in perf: hashing and a lookup per request).
std::optional<ClaimOutcome> claimOutcome(QByteArrayView word)
{
    if (word == "replay")
        return ClaimOutcome::Replay;
    if (word == "claimed")
        return ClaimOutcome::Claimed;
    if (word == "in_progress")
        return ClaimOutcome::InProgress;
    if (word == "mismatch")
        return ClaimOutcome::Mismatch;
    return std::nullopt;
}

} // namespace

RedisStore::RedisStore(const StoreUrl &url)
    : m_url(url)
    , m_display(url.displayString())
    , m_layout(m_display)
    , m_connections(url)
    , m_buckets(url.options.value(QStringLiteral("buckets")).toInt() > 0 ? url.options.value(QStringLiteral("buckets")).toInt()
                                                                         : RedisBuckets::kDefaultCount)
{
}

RedisStore::~RedisStore()
{
    // Store errors counted but not yet written: try once more; Redis may be gone.
    if (!m_counters.isEmpty())
        (void)flushCounters();
    // m_connections then closes every thread's connection.
}

Result<RedisLink *> RedisStore::connection()
{
    if (m_scripts.missing())
        return *m_scripts.missing();
    return m_connections.connection();
}

Result<QString> RedisStore::writeTag(RedisLink &c, const QString &scope, const QString &key)
{
    if (!c.isCluster())
        return scope;
    if (const std::optional<Error> bad = RedisBuckets::checkClusterScope(scope))
        return *bad;
    Result<ScopeBucketsPtr> buckets = m_buckets.forWrite(c, scope);
    if (!buckets)
        return buckets.error();
    if (!m_registry.isRegistered(scope))
        m_registry.markRegistered(scope); // buckets.lua added it to the registry
    QVarLengthArray<char, 256> utf8; // twice per guarded request: no QByteArray
    appendUtf8(utf8, key);
    return buckets.value()->tagOf(QByteArrayView(utf8.data(), utf8.size()));
}

Result<QString> RedisStore::readTag(RedisLink &c, const QString &scope, const QString &key)
{
    if (!c.isCluster())
        return scope;
    if (const std::optional<Error> bad = RedisBuckets::checkClusterScope(scope))
        return *bad;
    Result<QList<ScopeBucketsPtr>> buckets = m_buckets.forRead(c, {scope});
    if (!buckets)
        return buckets.error();
    return buckets->constFirst()->tagOf(key.toUtf8());
}

Result<QList<ScopeBucketsPtr>> RedisStore::bucketsOf(RedisLink &c, const QString &only)
{
    if (!only.isEmpty() && c.isCluster()) {
        if (const std::optional<Error> bad = RedisBuckets::checkClusterScope(only))
            return *bad;
    }
    Result<QStringList> names = scopes(c, only);
    if (!names)
        return names.error();
    return m_buckets.forRead(c, names.value());
}

Result<ClaimResult> RedisStore::claim(const ClaimRequest &req)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(req.scope))
        return *bad;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QString> tag = writeTag(*c.value(), req.scope, req.key);
    if (!tag)
        return tag.error();
    // Read first while nearly every claim is a replay (a retry storm: the
    // sale's duplicate clicks and gateway retries), DESIGN.md's one drift
    // here. A replay is then one plain HGETALL, counted in memory and written
    // about once a second as the SQL stores count everything, instead of the
    // claim script: Lua's per-call cost is most of a replay's server time
    // and a script-free read costs the server what the seed's GET does
    // (tools/bench-peers.sh, docs/benchmarks.md). The price is one more round
    // trip for a request that is not a replay, so it is paid only while
    // those are under 1 in 11; otherwise the script answers everything, a
    // first request in 2 round trips and a replay in 1. Nothing else
    // changes: every answer but a clean replay is still the script's,
    // atomic, counted inside it; and counts in memory are lost only with the
    // process, as the SQL stores' are.
    if (m_replayLean.load(std::memory_order_relaxed) > 0) {
        Result<std::optional<ClaimResult>> replay = replayFromRead(*c.value(), req, tag.value());
        if (!replay)
            return replay.error();
        if (replay.value()) {
            noteClaimOutcome(ClaimOutcome::Replay);
            return std::move(*replay.value());
        }
    }
    const QByteArray lease = newLease();
    // A claim that a WAIT will confirm, and the WAIT, go over this thread's
    // own connection: WAIT counts what its connection wrote and blocks it.
    const bool waits = req.replicaAcks > 0 && c.value()->isCluster();
    RedisLink &writer = waits ? c.value()->unshared() : *c.value();
    Result<RedisReply> reply = runClaimScript(writer, req, tag.value(), lease);
    if (!reply)
        return reply.error();
    return claimAnswer(*c.value(), writer, waits, req, tag.value(), lease, *reply.value());
}

Result<RedisReply> RedisStore::runClaimScript(RedisLink &writer, const ClaimRequest &req, const QString &tag, const QByteArray &lease)
{
    // Built once, here (the size hint needs it before the arguments are written).
    const QByteArray &kept = req.keptRequest();
    return m_scripts.run(
        writer, RedisScripts::Claim, req.scope, kScriptKeyCount, kScriptArgCount + 7,
        [&](RedisArgSink &sink) {
            RedisLayout::writeScriptKeys(sink, tag, req.key, req.nowMs / 60000);
            writeScriptArgs(sink, req.key, req.nowMs);
            sink.add(req.fingerprint);
            sink.add(lease);
            sink.add(req.owner);
            sink.add(req.bizNo);
            sink.add(qint64(req.inFlightTimeoutMs));
            sink.add(req.reclaimStuck ? "1" : "0");
            sink.add(kept); // packed with the rest: no argument more for Redis to build
        },
        kept.size());
}

Result<ClaimResult> RedisStore::claimAnswer(RedisLink &c, RedisLink &writer, bool waits, const ClaimRequest &req, const QString &tag,
                                            const QByteArray &lease, const redisReply &r)
{
    const QByteArrayView outcome = isArray(r, 2) ? word(r.element[0]) : QByteArrayView();
    if (outcome == "corrupt" && r.elements >= 3)
        return m_layout.corrupt(req.scope, req.key, bytes(r.element[1]), bytes(r.element[2]), tag);
    const std::optional<ClaimOutcome> result = claimOutcome(outcome);
    if (!result)
        return makeError(ErrorKind::Internal,
                         Text::tr("The claim script on %1 answered '%2'.").arg(displayUrl(), QString::fromUtf8(outcome)));
    // A fresh claim's answer is {'claimed', 0} alone (claim.lua): the record
    // is the one this request wrote. Any other answer carries the record.
    Result<std::optional<Record>> record = r.elements == 2 && *result == ClaimOutcome::Claimed
                                               ? Result<std::optional<Record>>(std::optional<Record>(freshClaim(req, lease)))
                                           : r.elements >= 3 ? m_layout.decodePacked(req.scope, req.key, *r.element[2], tag)
                                                             : Result<std::optional<Record>>(std::optional<Record>());
    if (!record)
        return record.error();
    if (!record.value())
        return makeError(ErrorKind::Internal, Text::tr("The claim script on %1 answered without the record.").arg(displayUrl()));
    if (*result == ClaimOutcome::Claimed)
        record.value()->request = req.keptRequest(); // what the script stored (its copy leaves it out)
    maybeFlush(c, req.nowMs);
    noteClaimOutcome(*result);
    if (*result == ClaimOutcome::Claimed && waits) {
        if (Result<void> durable = awaitReplicas(writer, req, tag, record.value()->lease); !durable)
            return durable.error();
    }
    return ClaimResult{*result, std::move(*record.value()), r.element[1]->integer != 0};
}

Record RedisStore::freshClaim(const ClaimRequest &req, const QByteArray &lease)
{
    // What claim.lua writes for an absent key, field by field.
    Record record;
    record.scope = req.scope;
    record.key = req.key;
    record.state = RecordState::InFlight;
    record.fingerprint = req.fingerprint;
    record.lease = QString::fromLatin1(lease);
    record.owner = req.owner;
    record.bizNo = req.bizNo;
    record.createdAt = req.nowMs;
    record.updatedAt = req.nowMs;
    record.request = req.keptRequest();
    return record;
}

Result<std::optional<ClaimResult>> RedisStore::replayFromRead(RedisLink &c, const ClaimRequest &req, const QString &tag)
{
    // HGETALL, not the HMGET of the 13 fields the other reads send: Redis
    // looks each named field up from the start of the hash (a listpack),
    // which costs the server about half again as much as HGETALL
    // (docs/benchmarks.md, "Server instructions per request").
    const QByteArray key = RedisLayout::recordKey(tag, req.key);
    Result<QList<RedisReply>> replies = c.pipelineAt(key, {RedisCommand{QByteArrayLiteral("HGETALL"), key}});
    if (!replies)
        return replies.error();
    // A wrong type, a damaged field, an expired or another request's record,
    // one in flight or none: the claim script decides and words it.
    Result<std::optional<Record>> record = m_layout.decodeAll(req.scope, req.key, *replies->constFirst(), tag);
    if (!record || !record.value())
        return std::optional<ClaimResult>();
    Record &r = *record.value();
    if (r.state != RecordState::Completed || r.isExpired(req.nowMs) || r.fingerprint != req.fingerprint)
        return std::optional<ClaimResult>();
    m_counters.add(req.scope, req.nowMs, Counter::Replayed);
    maybeFlush(c, req.nowMs);
    return std::optional<ClaimResult>(ClaimResult{ClaimOutcome::Replay, std::move(r), false});
}

void RedisStore::noteClaimOutcome(ClaimOutcome outcome)
{
    // A heuristic shared by every thread: a lost update between two of them
    // only delays the switch by a request. Stores only on a change, so a
    // steady stream at either end leaves the cache line alone.
    const int lean = m_replayLean.load(std::memory_order_relaxed);
    const int next = outcome == ClaimOutcome::Replay ? std::min(lean + 1, kLeanSpan) : std::max(lean - kLeanNotReplay, -kLeanSpan);
    if (next != lean)
        m_replayLean.store(next, std::memory_order_relaxed);
}

Result<void> RedisStore::awaitReplicas(RedisLink &c, const ClaimRequest &req, const QString &tag, const QString &lease)
{
    // WAIT counts the replicas that have everything this connection wrote,
    // the claim included; it goes to the claim's master.
    const QByteArray record = RedisLayout::recordKey(tag, req.key);
    Result<QList<RedisReply>> waited =
        c.pipelineAt(record, {{"WAIT", QByteArray::number(req.replicaAcks), QByteArray::number(qMax<qint64>(1, req.replicaWaitMs))}});
    const qint64 acks = waited && waited->constFirst()->type == REDIS_REPLY_INTEGER ? waited->constFirst()->integer : -1;
    if (acks >= req.replicaAcks)
        return {};
    // Not durable: give the key back, so that the client's retry claims it
    // afresh instead of finding it in flight. When the master is gone that
    // fails too, and the record stays in flight where a failover left it
    // (409 until it is stuck): never run twice. The business did not run:
    // the release takes back the claim's "executed" and counts no
    // "released" (release.lua; the guard counts a store error).
    const Result<Transition> released = transition(RedisScripts::Release, req.scope, req.key, req.nowMs, 2, [&](RedisArgSink &sink) {
        sink.add(lease);
        sink.add("1");
    });
    const QString why = !waited ? waited.error().message
                        : acks < 0
                            ? QString::fromUtf8(RedisConnection::errorText(*waited->constFirst()))
                            : Text::tr("%1 of %2 replicas confirmed it within %3 ms").arg(acks).arg(req.replicaAcks).arg(req.replicaWaitMs);
    return makeError(ErrorKind::Unavailable,
                     Text::tr("The claim of %1/%2 on %3 was not confirmed by a replica (%4), so the business was not run; "
                              "the claim was %5. Retry later; if this scope's masters have no replicas, set its "
                              "replica acknowledgements to 0.")
                         .arg(req.scope, req.key, displayUrl(), why,
                              released ? Text::tr("released") : Text::tr("left in flight (%1)").arg(released.error().message)));
}

Result<Transition> RedisStore::transition(Script script, const QString &scope, const QString &key, qint64 nowMs, qsizetype extraCount,
                                          RedisArgWriter writeExtra, qsizetype sizeHint)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(scope))
        return *bad;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    // A claim's end: a cluster that ran nothing yet (TRYAGAIN, CLUSTERDOWN)
    // is waited out longer than a claim is (redislink.h).
    const RedisRetryBudget patience(*c.value(), kRedisFinishRetryBudgetMs);
    Result<QString> tag = writeTag(*c.value(), scope, key);
    if (!tag)
        return tag.error();
    const auto write = [&](RedisArgSink &sink) {
        RedisLayout::writeScriptKeys(sink, tag.value(), key, nowMs / 60000);
        writeScriptArgs(sink, key, nowMs);
        writeExtra(sink);
    };
    Result<RedisReply> reply = m_scripts.run(*c.value(), script, scope, kScriptKeyCount, kScriptArgCount + extraCount, write, sizeHint);
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    const QByteArrayView outcome = isArray(r, 1) ? word(r.element[0]) : QByteArrayView();
    if (outcome == "corrupt" && r.elements >= 3)
        return m_layout.corrupt(scope, key, bytes(r.element[1]), bytes(r.element[2]), tag.value());
    maybeFlush(*c.value(), nowMs);
    if (outcome == "applied")
        return Transition{TransitionOutcome::Applied, std::nullopt};
    if (outcome == "not_found")
        return Transition{TransitionOutcome::NotFound, std::nullopt};
    if (outcome == "stale" && r.elements >= 3) {
        Result<std::optional<Record>> current = m_layout.decode(scope, key, *r.element[2], tag.value());
        if (!current)
            return current.error();
        return Transition{TransitionOutcome::StaleLease, current.value()};
    }
    return makeError(ErrorKind::Internal,
                     Text::tr("A transition script on %1 answered '%2'.").arg(displayUrl(), QString::fromUtf8(outcome)));
}

Result<Transition> RedisStore::complete(const QString &scope, const QString &key, const QString &lease, const Response &response,
                                        qint64 nowMs, qint64 retentionMs)
{
    // A non-null empty body stays distinguishable from "no body". About one
    // complete in 16 also drops the completed index's expired entries
    // (complete.lua): chosen by the lease, which is random per claim, so
    // every scope's index is kept without any state shared between threads.
    const bool trim = (qHash(lease) & 15) == 0;
    const QByteArray headers = encodeHeaders(response.headers);
    const auto write = [&](RedisArgSink &sink) {
        sink.add(lease);
        sink.add(qint64(response.status));
        sink.add(headers);
        sink.add(response.body); // a null body goes as an empty one
        sink.add(nowMs + retentionMs);
        sink.add(trim ? "1" : "0");
    };
    return transition(RedisScripts::Complete, scope, key, nowMs, 6, write, headers.size() + response.body.size());
}

Result<Transition> RedisStore::release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs)
{
    return transition(RedisScripts::Release, scope, key, nowMs, 1, [&](RedisArgSink &sink) { sink.add(lease); });
}

Result<std::optional<Record>> RedisStore::get(const QString &scope, const QString &key)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(scope))
        return *bad;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QString> tag = readTag(*c.value(), scope, key);
    if (!tag)
        return tag.error();
    const QByteArray record = RedisLayout::recordKey(tag.value(), key);
    Result<QList<RedisReply>> replies = c.value()->pipeline({RedisCommand{"TYPE", record}, RedisLayout::readCommand(record)});
    if (!replies)
        return replies.error();
    const QByteArray type = bytes(replies->at(0).get());
    if (type == "none")
        return std::optional<Record>();
    if (type != "hash" && RedisConnection::errorText(*replies->at(0)).isEmpty())
        return m_layout.corrupt(scope, key, "type", type, tag.value());
    Result<std::optional<Record>> decoded = m_layout.decode(scope, key, *replies->at(1), tag.value());
    // decode() takes a read without any field of ours for a key that is
    // gone; TYPE said it is a hash: another program's (the claim script's
    // EXISTS test reports such a key as corrupt too).
    if (decoded && !decoded->has_value() && type == "hash")
        return m_layout.corrupt(scope, key, "missing", RedisLayout::fieldNames().first(RedisLayoutFields::kScriptFieldCount).join(", "),
                                tag.value());
    return decoded;
}

Error RedisStore::keyError(const QByteArray &error, const QByteArray &key, const QString &what) const
{
    if (!error.startsWith("WRONGTYPE"))
        return m_layout.replyError(error, Text::tr("%1 (key %2)").arg(what, QString::fromUtf8(key)));
    return makeError(ErrorKind::Corrupt, Text::tr("%1 failed on %2: the key %3 holds another type than idem-console writes there; "
                                                  "another program wrote it. Inspect or delete that key; other scopes are not affected "
                                                  "(--scope).")
                                             .arg(what, displayUrl(), QString::fromUtf8(key)));
}

Result<QStringList> RedisStore::scopes(RedisLink &c, const QString &only)
{
    if (!only.isEmpty()) {
        if (const std::optional<Error> bad = RedisLayout::checkScope(only))
            return *bad;
        return QStringList{only};
    }
    Result<RedisReply> reply = c.command({"SMEMBERS", RedisLayout::scopesKey()});
    if (!reply)
        return reply.error();
    if (const QByteArray error = RedisConnection::errorText(*reply.value()); !error.isEmpty())
        return m_layout.replyError(error, Text::tr("Reading the scope registry %1").arg(QString::fromUtf8(RedisLayout::scopesKey())));
    QByteArrayList names;
    for (size_t i = 0; i < reply.value()->elements; ++i)
        names << bytes(reply.value()->element[i]);
    std::sort(names.begin(), names.end()); // byte order, like the SQL stores' ORDER BY scope
    QStringList result;
    for (const QByteArray &name : std::as_const(names)) {
        if (!RedisLayout::checkScope(QString::fromUtf8(name)))
            result << QString::fromUtf8(name);
    }
    return result;
}

Result<QList<StoreNode>> RedisStore::nodeHealth()
{
    if (m_scripts.missing())
        return *m_scripts.missing();
    return m_connections.pingMasters();
}

Result<qint64> RedisStore::purgeExpired(qint64 nowMs)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), QString());
    if (!scopes)
        return scopes.error();
    qint64 deleted = 0;
    for (const ScopeBucketsPtr &buckets : scopes.value()) {
        for (const QString &tag : buckets->tags) {
            Result<qint64> n = purgeBucket(*c.value(), buckets->scope, tag, nowMs);
            if (!n)
                return n.error();
            deleted += n.value();
        }
    }
    return deleted;
}

Result<qint64> RedisStore::purgeBucket(RedisLink &c, const QString &scope, const QString &tag, qint64 nowMs)
{
    qint64 deleted = 0;
    for (const QByteArray &zset : {RedisLayout::completedKey(tag), RedisLayout::timedOutKey(tag)}) {
        qsizetype offset = 0; // past the entries the script kept (not expired, unreadable)
        for (;;) {
            Result<RedisReply> due = c.command({"ZRANGEBYSCORE", zset, "-inf", QByteArray::number(nowMs), "LIMIT",
                                                QByteArray::number(offset), QByteArray::number(kBatch)});
            if (!due)
                return due.error();
            if (const QByteArray error = RedisConnection::errorText(*due.value()); !error.isEmpty())
                return m_layout.replyError(error, Text::tr("Purging expired records"));
            const size_t n = due.value()->elements;
            if (n == 0)
                break;
            RedisCommand keys{RedisLayout::completedKey(tag), RedisLayout::timedOutKey(tag)};
            RedisCommand args{QByteArray::number(nowMs)};
            for (size_t i = 0; i < n; ++i) {
                const QByteArray member = bytes(due.value()->element[i]);
                keys << RedisLayout::recordKey(tag, member);
                args << member;
            }
            Result<RedisReply> result = m_scripts.run(c, RedisScripts::Purge, scope, keys, args);
            if (!result)
                return result.error();
            if (!isArray(*result.value(), 2))
                return makeError(ErrorKind::Internal, Text::tr("The purge script on %1 answered unexpectedly.").arg(displayUrl()));
            deleted += result.value()->element[0]->integer;
            offset += result.value()->element[1]->integer;
            if (n < size_t(kBatch))
                break;
        }
    }
    return deleted;
}
