#pragma once

#include "app/store/redislink.h"

#include <QByteArrayView>
#include <QHash>
#include <QReadWriteLock>
#include <QStringList>

#include <memory>

// A scope's hash-tag buckets on a Redis Cluster (DESIGN.md "Backends").
//
// The native layout keys all of a scope under one hash tag, {scope}: one
// slot, so one master serves a whole scope, and during a sales event the hot
// one (payment) would pin every request to it while the others idle. On a
// cluster a scope is therefore split into a fixed number of buckets, each
// its own tag, {scope#NN}: a record, the in-flight, completed and timed-out
// indexes, the counters and the audit chain of one bucket share its slot,
// so every script stays atomic and one round trip, and the buckets spread
// the scope over the masters. A key's bucket is CRC16(key) mod count.
//
// Spread: a tag's slot is its CRC16, which lands anywhere; a dozen tags
// thrown at three masters at random often leave one with twice another's
// share. So bucket i of n is the first of "scope#ii", "scope#ii.1",
// "scope#ii.2" … whose slot falls in the i-th n-th of the slot space: with
// the slot ranges that `redis-cli --cluster create` (or any even split)
// gives the masters, each master gets count/masters buckets, to within one.
// A count that is a multiple of the number of masters spreads exactly.
//
// The count is fixed when the scope's first record is written (buckets.lua,
// in the registry's slot) and kept in {idem:scopes}:buckets, so a restart,
// another process or a newer build with another default never looks in the
// wrong bucket. A scope registered in idem:scopes without a count (by a
// build without buckets) keeps one bucket, its {scope} keys; so does every
// scope on a single server, where buckets buy nothing: a single server's
// store has only {scope} keys and never reads a count.
struct ScopeBuckets {
    QString scope;
    QStringList tags; // the hash tag of each bucket; {scope} alone for one bucket
    int count() const { return int(tags.size()); }
    const QString &tagOf(QByteArrayView key) const;
};
using ScopeBucketsPtr = std::shared_ptr<const ScopeBuckets>;

class RedisBuckets final {
    Q_DISABLE_COPY_MOVE(RedisBuckets)
public:
    static constexpr int kMaxCount = 256;
    static constexpr int kDefaultCount = 12; // 2, 3, 4 or 6 masters get equal shares

    // clusterCount: what a scope first written on a cluster gets (the
    // store URL's buckets option), 1 to kMaxCount.
    explicit RedisBuckets(int clusterCount)
        : m_clusterCount(clusterCount)
    {
    }

    static QByteArray countsKey() { return QByteArrayLiteral("{idem:scopes}:buckets"); }
    static QString tag(const QString &scope, int index, int count);
    static int bucketOf(QByteArrayView key, int count);
    static ScopeBuckets make(const QString &scope, int count);
    // '#' separates a scope from its bucket number: a scope named "pay#01"
    // would share keys with bucket 1 of "pay". InvalidArgument on a cluster.
    static std::optional<Error> checkClusterScope(const QString &scope);

    // For a write: the scope's buckets, fixing the count the first time
    // (one round trip to the registry's master, once per scope and process).
    Result<ScopeBucketsPtr> forWrite(RedisLink &c, const QString &scope);
    // For a read: each scope's buckets as kept (one HMGET for those this
    // process has not seen yet; never writes). A scope without a kept count
    // reads as one bucket, {scope}: nothing was written to it on the cluster
    // yet, or it was written before buckets; that answer is not remembered.
    Result<QList<ScopeBucketsPtr>> forRead(RedisLink &c, const QStringList &scopes);

private:
    ScopeBucketsPtr known(const QString &scope) const;
    ScopeBucketsPtr remember(const QString &scope, int count);
    Error badCount(const QString &scope, const QByteArray &text) const;

    const int m_clusterCount;
    mutable QReadWriteLock m_lock;
    QHash<QString, ScopeBucketsPtr> m_known;
};
