#pragma once

#include "app/store/gojson.h"
#include "app/store/luascript.h"
#include "app/store/scannedredisstore.h"

#include <QHash>
#include <QMutex>

// The go-middleware layout on Redis (seeds/000…, RedisStore in Go): one
// string per key under <prefix><key> (default "idemp:") holding Go's
// encoding/json of IdempotencyRecord (gojson.h). There is no index: listings
// SCAN the key space (ScannedRedisStore).
//
// A record maps to scope = the layout's scope, key = the Redis key without
// the prefix (= biz_no), state IN_FLIGHT while in_flight else COMPLETED (the
// middleware has no TIMED_OUT: such a query is empty), fingerprint =
// request_hash, lease = SHA1 hex of the stored value, no owner, one attempt,
// created/updated = created_at, expires = expires_at. A value that cannot be
// read (not JSON, a wrong type, a missing field, bad base64, another key,
// a hash or list under the prefix) is listed in flight with readError and
// its raw bytes (up to 64 KiB) as the body; no action applies to it.
//
// Actions (writeAction: one Lua round trip, compare-and-set on the SHA1 of
// the value): timeout and release delete the key, so the middleware lets the
// client resubmit; reconcile-complete writes the finished record as Go would
// (same key, request_hash and created_at text; expires_at = now + the
// layout's retention in created_at's UTC offset; in_flight false) with PX
// retention. Only IN_FLIGHT records can be acted on.
class GoRedisStore final : public ScannedRedisStore {
public:
    GoRedisStore(const StoreUrl &url, const Layout &layout);
    ~GoRedisStore() override;

    Result<ActionResult> applyAction(const OperatorAction &action) override;

    // The value reconcile-complete writes over `stored` (the decoded in-flight record).
    static QByteArray finishedValue(const GoRecord &stored, const Response &response, qint64 nowMs, qint64 retentionMs);
    // The record a stored value (or its absence) maps to; see above. A
    // listing scan passes summary: a completed record then carries only its
    // state and times (what the counts and activity() need), sparing the
    // SHA1, the headers' JSON and the copies for the bulk of the key space.
    static std::optional<Record> toRecord(const Layout &layout, const KeyReplies &key, bool summary = false);

protected:
    Result<void> openBackend() override;
    Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) override;
    Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) override;

private:
    // The value readRecord() last saw of a key (writeAction() rewrites it
    // without reading it again); bounded, dropped when taken.
    void remember(const QByteArray &redisKey, const QByteArray &value);
    std::optional<QByteArray> recall(const QByteArray &redisKey);

    const LuaScript m_script = LuaScript::fromResources({"goaction"});
    QMutex m_seenMutex;
    QHash<QByteArray, QByteArray> m_seen;
};
