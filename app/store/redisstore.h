#pragma once

#include "app/store/redisargs.h"
#include "app/store/redisauditchain.h"
#include "app/store/redisbuckets.h"
#include "app/store/redisconnection.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redislayout.h"
#include "app/store/redisrecordlistings.h"
#include "app/store/redisscripts.h"
#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QMutex>
#include <QReadWriteLock>
#include <QSet>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

// The native record layout in Redis through hiredis (DESIGN.md "Backends"),
// on one server or a Redis Cluster (RedisLink routes each command by its
// key's slot). Every key of a scope carries the hash tag {s}, so each script
// touches one slot; on a cluster {s} is one of the scope's buckets,
// {scope#NN} (RedisBuckets), so a hot scope spreads over the masters:
//   idem:{s}:r:<key>     hash: the record, fields named like the SQL columns
//   idem:{s}:inflight    zset: keys in flight, scored by updated_at (start of the current attempt)
//   idem:{s}:completed   zset: completed keys, scored by expires_at
//   idem:{s}:timedout    zset: timed-out keys, scored by expires_at
//   idem:{s}:c:<minute>  hash: that minute's counters (counterNames()); expires after 8 days
//   idem:{s}:minutes     zset: the minutes that have a counter hash
//   idem:{s}:audit       stream: the scope's audit chain, one entry per action (AuditEntry's fields)
//   idem:{s}:audit:head  hash: seq, hash of the chain's newest entry
//   idem:scopes          set: every scope written by any process (another slot:
//                        never touched by a script; SADDed once per scope per process).
//                        Never pruned: dropping a scope whose keys are gone would race
//                        with another process's first claim; SREM a retired one by hand.
//   {idem:scopes}:buckets hash: scope -> bucket count, on a cluster (same slot as
//                        idem:scopes; buckets.lua registers a scope in both at once)
//
// claim, complete, release and the operator actions are Lua scripts
// (resources/lua/*.lua, loaded once, run with EVALSHA, reloaded on NOSCRIPT):
// each is one round trip, atomic, and counts its outcome in the minute's hash
// inside the same script, so nothing is buffered but the store errors the
// caller reports (countStoreError) and, while replays are over 10/11 of the
// claims, the replays answered by a plain HGETALL before any script (claim()
// says why); both are written by flushCounters or about once a second by a
// later claim. A first guarded request costs 2 round trips (3 in that
// read-first mode), a replay 1.
// Completed and timed-out records get PEXPIREAT expires_at: Redis drops them
// itself. A key holding another type, a truncated hash or an unknown state is
// an ErrorKind::Corrupt naming the record, never an absent record.
//
// One hiredis connection per thread per store (per node on a cluster),
// freed when the thread ends or the store is destroyed. URL options:
// connect_timeout_ms (default 2000), timeout_ms (per command, default 5000),
// buckets (a new scope's bucket count on a cluster, default 12). The
// password comes from the URL or IDEM_REDIS_PASSWORD.
class RedisStore final : public Store {
public:
    explicit RedisStore(const StoreUrl &url);
    ~RedisStore() override;

    QString displayUrl() const override { return m_display; }

    // Checks the URL options, connects and loads the scripts (1 round trip).
    Result<void> open() override;
    // One round trip (plus, once per scope per process, a pipelined SADD;
    // on a cluster, a call that fixes the scope's bucket count instead).
    // A new claim with replicaAcks on a cluster: one more (WAIT).
    Result<ClaimResult> claim(const ClaimRequest &request) override;
    // complete, release: one round trip each.
    Result<Transition> complete(const QString &scope, const QString &key, const QString &lease, const Response &response, qint64 nowMs,
                                qint64 retentionMs) override;
    Result<Transition> release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs) override;
    // One round trip (TYPE + HMGET pipelined).
    Result<std::optional<Record>> get(const QString &scope, const QString &key) override;
    // IN_FLIGHT: walks the scope's in-flight zset from the keyset position with
    // ZRANGEBYSCORE … LIMIT (age filter and order served by the zset), then
    // fetches the batch's hashes with pipelined HMGETs: 2 round trips per
    // batch of up to 500. Key prefix filters members before any hash is read;
    // owner and biz_no prefix are filtered here, over the fetched hashes, so
    // a selective owner/biz_no filter reads every in-flight hash of the
    // scope in the worst case. Every scope: the registry's scopes one after
    // another, up to `limit` rows each, merged by (updatedAt, scope, key).
    // TIMED_OUT: the timed-out zset is scored by expires_at, so each scope's
    // whole timed-out index and its hashes are read (RedisLayout::timedOut:
    // 2 round trips per 500 members), then filtered, ordered and paged
    // here. Timed-out records are few and live for the retention only.
    // COMPLETED: the completed zset is scored by expires_at too, and
    // completed records are the bulk of a store, so each scope's page walks
    // that zset with ZSCAN (key prefix matched by Redis) reading four light
    // fields per member (RedisRecordListings::completedPage: about one round trip
    // per 500 completed records, memory O(limit)), then the page's hashes.
    // Why no index by updated_at: complete.lua would need one more ZADD
    // (and purge/claim a ZREM) on the guard's hot path, whose server CPU
    // tools/bench-peers.sh measures, plus a second zset entry per cached
    // response, and stores written before it would list nothing until
    // migrated; the browser is an operator's occasional read, a lookup by
    // exact key is a get(). Every state (unset): one listing per state,
    // merged (listEveryState).
    Result<QList<Record>> inFlight(const RecordQuery &query) override;
    // IN_FLIGHT without owner/biz_no/key filters: one pipelined ZCOUNT per
    // scope (one round trip). With them: the same walk as inFlight(),
    // counting. TIMED_OUT and filtered COMPLETED: the same reads as
    // inFlight(). COMPLETED unfiltered: as countByState() counts it.
    Result<qint64> countInFlight(const RecordQuery &query) override;
    // IN_FLIGHT: ZCARD of the in-flight zset; COMPLETED / TIMED_OUT: ZCOUNT of
    // their zsets over records Redis has not yet expired (by its own clock).
    // Records expired by a caller's clock but not yet purged count, as in SQL.
    // Three round trips (SMEMBERS, TIME, one pipeline for every scope), no scan.
    Result<QList<ScopeCount>> countByState(const QString &scope) override;
    // ZRANGEBYSCORE of each scope's minute index, then pipelined HGETALLs of
    // those minutes' hashes: 2 round trips (3 for every scope), whatever the
    // range; a minute whose hash has expired (8 days) is left out.
    Result<QList<CounterRow>> counters(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    // Writes the buffered store errors with HINCRBY (one pipelined round
    // trip). After a connection lost mid-write they are written again: a
    // store error may be counted twice, never lost.
    Result<void> flushCounters() override;
    // Deletes completed / timed-out records whose expires_at <= nowMs by the
    // caller's clock (Redis deletes them by its own clock regardless). Returns
    // how many this call deleted; records Redis had already expired are not
    // counted. Reads only the completed/timed-out zsets, 500 keys per script call.
    Result<qint64> purgeExpired(qint64 nowMs) override;

    // Operator actions and the audit chain, each entry appended by
    // RedisAuditChain (uncontended: 2 round trips).
    // action.lua checks the audit keys' types, the record (Corrupt, NotFound,
    // StaleLease: nothing written), the head, then changes the record and its
    // indexes as timeout/complete/release do, counts timed_out or reconciled,
    // XADDs the entry and moves the head: all or nothing. The record is
    // checked before the head, so a lost race answers at once, never retries.
    // An expectedState of COMPLETED, or TIMED_OUT for MarkTimedOut, is
    // InvalidArgument.
    Result<ActionResult> applyAction(const OperatorAction &action) override;
    // The same chaining with audit.lua (head check, XADD, head). The entry's
    // atMs is kept as given.
    Result<AuditEntry> appendAudit(const AuditEntry &entry) override;
    // ACL WHOAMI and what the user's ACL lets it write (rights.lua), asked by open().
    StoreAccess access() const override;
    // The three ACL users of `idemctl init --roles` (redisroles.cpp).
    Result<QStringList> setUpRoles(const RoleSetup &setup) override;
    // Four eyes (redisproposals.cpp): the policy in the hash idem:policy;
    // each proposal in three hashes under its scope's hash tag (on a
    // cluster: the tag of the scope's audit chain for entries about no
    // record): idem:{tag}:p:<id> (the proposer's), :pd:<id> (the
    // decision), :po:<id> (the outcome), indexed by idem:{tag}:proposals;
    // each step written with its audit entry by proposal.lua.
    Result<ApprovalPolicy> approvalPolicy() override;
    Result<Proposal> createProposal(const Proposal &proposal) override;
    Result<QList<Proposal>> proposals(const ProposalQuery &query) override;
    Result<std::optional<Proposal>> proposal(const QString &id) override;
    Result<Proposal> decideProposal(const ProposalDecision &decision) override;
    Result<Proposal> closeProposal(const ProposalClosing &closing) override;
    Result<void> setApprovalThreshold(const QString &scope, std::optional<int> threshold) override;
    Result<void> setProposalTtl(qint64 ttlMs) override;
    // Per scope, XREVRANGE pages of 500 from the newest entry, filtered here
    // (no index on operator, action, batch, key or time), merged newest
    // first by (atMs, scope, seq). A scope's walk stops once an entry is
    // more than 10 minutes (clock skew between operators' hosts) older than
    // fromMs, or than the limit-th match already found: chains are appended
    // in time order. A selective filter therefore reads a scope's whole
    // chain in the worst case: one round trip per 500 entries.
    Result<QList<AuditEntry>> auditEntries(const AuditQuery &query) override;
    // XRANGE after the stream id afterStoreId (exclusive), COUNT limit: one
    // round trip. Entries are decoded leniently (RedisLayout::decodeAuditEntry).
    Result<QList<AuditEntry>> auditChain(const QString &scope, const QString &afterStoreId, int limit) override;
    // Every registered scope with a head or a stream: SMEMBERS, then one
    // pipeline (HMGET of the head, TYPE of the stream per scope). A stream
    // whose head is gone is reported with head seq 0, so verification
    // notices. An audit key of another type: ErrorKind::Corrupt naming it.
    Result<QList<AuditChainHead>> auditHeads() override;
    // On a cluster: every master of the map, PINGed one after the other.
    Result<QList<StoreNode>> nodeHealth() override;

private:
    using Script = RedisScripts::Script;
    Result<RedisLink *> connection();
    // claim.lua's keys and first arguments (record.lua), then extraCount more from writeExtra.
    Result<Transition> transition(Script script, const QString &scope, const QString &key, qint64 nowMs, qsizetype extraCount,
                                  RedisArgWriter writeExtra, qsizetype sizeHint = 0);
    Result<QStringList> scopes(RedisLink &c, const QString &only);
    // The scopes' buckets (scopes() with RedisBuckets::forRead): on a
    // single server each scope is its own one bucket, with no read.
    Result<QList<ScopeBucketsPtr>> bucketsOf(RedisLink &c, const QString &only);
    // The hash tag a record is kept under: the scope on a single server;
    // its bucket on a cluster, the count fixed by the first write
    // (forWrite, which also registers the scope) or as kept (a read).
    Result<QString> writeTag(RedisLink &c, const QString &scope, const QString &key);
    Result<QString> readTag(RedisLink &c, const QString &scope, const QString &key);
    // An error reply to a command on `key`: WRONGTYPE names the key and says
    // another program wrote it (Corrupt); anything else as replyError.
    Error keyError(const QByteArray &error, const QByteArray &key, const QString &what) const;
    Result<void> writeCounters(RedisLink &c, const QList<CounterRow> &rows);
    Result<qint64> purgeBucket(RedisLink &c, const QString &scope, const QString &tag, qint64 nowMs);
    // One in-flight page over several buckets (scope, tag), merged in keyset
    // order: each bucket is walked for its share of the page (at least 16
    // rows), and only a bucket whose last row read is still on the page is
    // walked further. A first page over B buckets of N records reads about
    // B × share zset entries and hashes (each walk starts with a
    // ZRANGEBYSCORE: O(log N)), not B × limit, and never scans.
    Result<QList<Record>> mergeInFlight(RedisLink &c, const QList<std::pair<QString, QString>> &buckets, const RecordQuery &query);
    // A new claim's durability on a cluster (ClaimRequest::replicaAcks): WAIT
    // on its master; when too few replicas confirm, the claim is released
    // and the answer is Unavailable.
    Result<void> awaitReplicas(RedisLink &c, const ClaimRequest &req, const QString &tag, const QString &lease);
    void maybeFlush(RedisLink &c, qint64 nowMs);
    // What the operator action script's reply `r` means for `action`: the
    // result, or the error it reports. When applied, `entry` gets its store
    // id and is moved into the result.
    Result<ActionResult> actionOutcome(RedisLink &c, const OperatorAction &action, const QString &tag, const redisReply &r,
                                       AuditEntry &entry, const QString &warning);
    // A replay answered by one HGETALL instead of the claim script, while the
    // store's recent claims were nearly all replays (m_replayLean); nullopt
    // when the record is anything but a clean, unexpired COMPLETED record of
    // this fingerprint: the claim script then decides, as always.
    Result<std::optional<ClaimResult>> replayFromRead(RedisLink &c, const ClaimRequest &req, const QString &tag);
    void noteClaimOutcome(ClaimOutcome outcome);
    // The record a fresh claim of an absent key wrote (claim.lua answers it
    // without the record).
    static Record freshClaim(const ClaimRequest &req, const QByteArray &lease);
    // The claim script (claim.lua) for req with this lease, over `writer`.
    Result<RedisReply> runClaimScript(RedisLink &writer, const ClaimRequest &req, const QString &tag, const QByteArray &lease);
    // The claim script's reply `r` as the claim's answer: its outcome and
    // record, counted; a fresh claim that `waits` also waits for replicas
    // over `writer`.
    Result<ClaimResult> claimAnswer(RedisLink &c, RedisLink &writer, bool waits, const ClaimRequest &req, const QString &tag,
                                    const QByteArray &lease, const redisReply &r);

    const StoreUrl m_url;
    const QString m_display; // made once, as SqlStore's
    const RedisLayout m_layout;
    const RedisRecordListings m_listings{m_layout};
    RedisConnectionPool m_connections;
    RedisBuckets m_buckets;
    RedisScopeRegistry m_registry;
    RedisScripts m_scripts{m_layout, m_display, m_registry};
    RedisAuditChain m_chain{m_layout, m_scripts, m_display};
    mutable QMutex m_accessMutex;
    StoreAccess m_access; // set by open()
    // Asks the server who this connection is and what it may write.
    Result<StoreAccess> probeAccess(RedisLink &c, bool scriptsLoaded);
    // One step of a proposal with its audit entry (proposal.lua); the
    // refusal's word ("decided", "own", …) when the script refused.
    Result<QByteArray> proposalStep(const QString &scope, const QByteArray &step, const QByteArray &arg, const RedisCommand &fields,
                                    const QString &id, AuditEntry entry, qint64 nowMs);
    // The proposals of one scope's tag (newest first, at most limit), or one.
    Result<QList<Proposal>> readProposals(RedisLink &c, const QString &tag, const QStringList &ids);

    std::atomic<qint64> m_nextFlushLookMs{0}; // steady clock; see maybeFlush()
    // +1 per replay, -kLeanNotReplay per other claim answer, within
    // ±kLeanSpan: above 0 (replays over 10/11 of recent claims) claims read
    // first. See RedisStore::claim.
    static constexpr int kLeanSpan = 100;
    static constexpr int kLeanNotReplay = 10;
    std::atomic<int> m_replayLean{-kLeanSpan};
};
