#pragma once

#include "foreignstore.h"

// The go-middleware layout on Redis (seeds/000…, RedisStore in Go): one
// string per key under <prefix><key> (default "idemp:") holding Go's
// encoding/json of IdempotencyRecord, in field order key, status_code,
// headers, body (base64), created_at, expires_at (RFC 3339, nanoseconds),
// request_hash, in_flight. There is no index: listings SCAN the key space
// (never KEYS) in the background with progress and cancel (scanProgress()).
// TO BE IMPLEMENTED (issue 7).
class GoRedisStore final : public ForeignStore {
public:
    GoRedisStore(const StoreUrl &url, const Layout &layout);
    ~GoRedisStore() override;

    Result<QList<Record>> inFlight(const InFlightQuery &query) override;
    Result<qint64> countInFlight(const InFlightQuery &query) override;
    Result<QList<ScopeCount>> countByState() override;
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    std::shared_ptr<ScanProgress> scanProgress() override { return m_progress; }

protected:
    Result<void> openBackend() override;
    Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) override;
    Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) override;

private:
    std::shared_ptr<ScanProgress> m_progress = std::make_shared<ScanProgress>();
};
