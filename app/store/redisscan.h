#pragma once

#include "app/store/layout.h"
#include "app/store/redisconnection.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QMap>
#include <QMutex>

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

// One key's replies to the commands a layout reads it with.
struct KeyReplies {
    QByteArray redisKey;
    QList<RedisReply> replies;
    QByteArray type; // the key's TYPE when a reply said WRONGTYPE, else empty
};

// The listing engine of a foreign Redis layout that keeps no index
// (GoRedisStore, JavaRedisStore): SCAN over the layout's key prefix, never
// KEYS, in the calling thread, reading each batch's values in the same
// pipelined round trip as the next SCAN step. One scan builds a snapshot
// (the in-flight and unreadable records, the number of completed ones, and
// records created per minute by state) that the listing, counts and
// activity are served from while it is fresh.
//
// Costs: a full scan is one round trip per SCAN step (COUNT keys examined
// server-side; the count comes from the URL option scan_count, else the
// layout's scan_count, and may be changed through scanProgress()->count)
// plus one per batch that met a key of another type. inFlight() without a
// keyset position rescans unless the snapshot is younger than 1 s; with one,
// it pages the snapshot it started from. Counts and activity reuse a
// snapshot younger than the URL option scan_cache_ms (default 5000). A
// changed COUNT makes the next listing or count scan again.
// Scans of one store run one at a time; a caller that waited for another's
// scan uses its snapshot when it is fresh enough.
//
// On a Redis Cluster SCAN sees only the node it is sent to, so a scan
// walks every master (RedisLink::masters(), in slot order) one after the
// other, each with its own cursor (RedisLink::pipelineOn()). A batch's
// keys live on the node that returned them, so their value reads go to that
// node too, pipelined with its next SCAN step: still one round trip per
// SCAN step (a key whose slot moved meanwhile is followed by the link's
// MOVED/ASK handling), plus one per master for its last batch, plus two
// CLUSTER SLOTS to the first master (before and after) to notice a map
// change. ScanProgress::node() says which master is being scanned.
// A partial listing never looks complete: a master that fails or cannot be
// reached fails the scan with an error naming it, and a slot map that
// changed between the start and the end of the scan (a failover, a slot
// moved) fails it too, asking the operator to list again. Not noticed: a
// resharding still in progress when the scan ends (keys migrating between
// two masters whose slot ownership has not changed yet).
//
// Connections: one hiredis connection per thread per store (per node on a
// cluster), in a RedisConnectionPool as RedisStore keeps them.
class RedisScan final {
    Q_DISABLE_COPY_MOVE(RedisScan)
public:
    struct Reader {
        // The commands that read one key (GET; GET and PTTL), pipelined with
        // other keys'; the same number for every key.
        std::function<QList<RedisCommand>(const QByteArray &redisKey)> commands;
        // The record a key's replies make; nullopt when the key is gone.
        std::function<std::optional<Record>(const KeyReplies &key, qint64 nowMs)> decode;
    };

    RedisScan(const StoreUrl &url, const Layout &layout, std::shared_ptr<ScanProgress> progress, Reader reader);
    ~RedisScan();

    // Checks the URL options and the connection (PING): one round trip.
    Result<void> open();
    Result<RedisLink *> connection();
    // Store::nodeHealth of the layout's store (RedisConnectionPool::pingMasters).
    Result<QList<StoreNode>> nodeHealth();
    QString displayUrl() const { return m_connections.settings().display; }

    QByteArray redisKey(const QString &key) const { return m_layout.keyPrefix + key.toUtf8(); }
    // One key's replies: one round trip, two when it holds another type.
    Result<KeyReplies> fetch(const QByteArray &redisKey);

    // IN_FLIGHT (unreadable records included), COMPLETED, or both (state
    // unset); TIMED_OUT, another scope or an owner: empty. A listing or count
    // of COMPLETED scans keeping the completed records too, in summary (key,
    // state and times; get() reads one in full): memory grows with the key
    // space, so only such a listing asks for it.
    Result<QList<Record>> inFlight(const RecordQuery &query);
    Result<qint64> countInFlight(const RecordQuery &query);
    // IN_FLIGHT (unreadable records included: they are listed in flight) and COMPLETED.
    Result<QList<ScopeCount>> countByState(const QString &scope);
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute);

    // SCAN's MATCH pattern for keys starting with `prefix`: glob characters escaped.
    static QByteArray matchPattern(const QByteArray &prefix);

private:
    struct Snapshot {
        QList<Record> inFlight; // ascending by keysetBefore()
        qint64 completed = 0;
        bool withCompleted = false; // the scan kept the completed records:
        QList<Record> completedRecords; // ascending by keysetBefore(), in summary
        QMap<qint64, ActivityRow> minutes;
        std::chrono::steady_clock::time_point takenAt;
        int scanCount = 0; // the COUNT it was taken with
    };
    using SnapshotPtr = std::shared_ptr<const Snapshot>;

    // The last snapshot if younger than maxAgeMs (and, unless paging, taken
    // with the COUNT asked for now: a changed count asks for a new scan),
    // else a new scan.
    // withCompleted: a snapshot that kept the completed records.
    Result<SnapshotPtr> snapshot(qint64 maxAgeMs, bool paging = false, bool withCompleted = false);
    Result<SnapshotPtr> scan(RedisLink &c, bool withCompleted);
    // SCANs one master to the end (true) or until a cancel (false), reading
    // its keys' values into `into`.
    Result<bool> scanNode(RedisLink &c, const ScanProgress::Node &node, Snapshot &into);
    // Who owns which slots, as the cluster node at `address` says (sorted
    // "first-last owner" lines): compared before and after a scan.
    Result<QByteArray> slotOwners(RedisLink &c, const QString &address);
    Result<void> checkMapUnchanged(RedisLink &c, const QString &firstMaster, const QByteArray &before);
    static void finish(Snapshot &snapshot);
    Result<void> readBatch(RedisLink &c, const QList<QByteArray> &keys, const QList<RedisReply> &replies, qsizetype first, Snapshot &into,
                           qint64 nowMs);
    bool matches(const Record &r, const RecordQuery &q) const;

    const Layout m_layout;
    const std::shared_ptr<ScanProgress> m_progress;
    const Reader m_reader;
    const qsizetype m_commandsPerKey;
    RedisConnectionPool m_connections;
    std::optional<Error> m_settingsError; // a bad scan_count / scan_cache_ms
    qint64 m_cacheMs = 5000;

    QMutex m_scanMutex; // one scan at a time
    QMutex m_snapshotMutex; // guards m_snapshot
    SnapshotPtr m_snapshot;
};
