#pragma once

#include "app/store/foreignstore.h"
#include "app/store/redisscan.h"

// What the foreign Redis layouts share (GoRedisStore, JavaRedisStore): a
// key space without an index, listed, counted and charted by one SCAN of it
// (RedisScan: never KEYS, progress and cancel, a short-lived cache, every
// master of a Redis Cluster in turn), and a key read on its own by the same
// commands the scan pipelines. A layout says only which commands read a key
// and what record their replies make (RedisScan::Reader), and how it acts.
class ScannedRedisStore : public ForeignStore {
public:
    Result<QList<Record>> inFlight(const RecordQuery &query) override;
    Result<qint64> countInFlight(const RecordQuery &query) override;
    Result<QList<ScopeCount>> countByState(const QString &scope) override;
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    std::shared_ptr<ScanProgress> scanProgress() override { return m_progress; }
    // On a cluster: every master of the map, PINGed one after the other.
    Result<QList<StoreNode>> nodeHealth() override { return m_scan.nodeHealth(); }

protected:
    ScannedRedisStore(const StoreUrl &url, const Layout &layout, RedisScan::Reader reader);
    ~ScannedRedisStore() override;

    Result<void> openBackend() override;
    // The key's replies, as the scan would have read them; none for another
    // scope or an empty key.
    Result<std::optional<KeyReplies>> readKey(const QString &scope, const QString &key);

    std::shared_ptr<ScanProgress> m_progress = std::make_shared<ScanProgress>();
    RedisScan m_scan;
};
