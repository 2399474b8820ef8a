#pragma once

#include "foreignstore.h"

// The java-handler layout's Redis cache alone (seeds/004…): `idem:<id>`
// holding PROCESSING (TTL 10 min) or SUCCESS (TTL 24 h). Listed by SCAN like
// GoRedisStore; the age of a PROCESSING key is its TTL minus PTTL. The record
// itself lives in MySQL: actions are refused here with a message that says
// to open the MySQL store with cache=redis://… instead.
// TO BE IMPLEMENTED (issue 7).
class JavaRedisStore final : public ForeignStore {
public:
    JavaRedisStore(const StoreUrl &url, const Layout &layout);
    ~JavaRedisStore() override;

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
