#pragma once

// The native Redis layout's record listings (DESIGN.md "Backends"): the
// in-flight, timed-out and completed records of one hash tag, in keyset
// pages or walked, and the completed count. Records are read and decoded
// as RedisLayout keeps them.
#include "app/store/record.h"
#include "app/store/recordlisting.h"
#include "app/store/redisconnection.h"
#include "app/store/redislayout.h"

#include <QHash>

#include <functional>
#include <optional>

class RedisRecordListings final {
public:
    explicit RedisRecordListings(const RedisLayout &layout)
        : m_layout(layout)
    {
    }

    // Walks a scope's in-flight zset in the query's order from its keyset
    // position (age filter served by the zset), reading hashes with pipelined
    // HMGETs, and hands each matching record to visit until it returns false.
    // Two round trips per batch of up to 500 members; key prefix is filtered
    // on members, owner and biz_no prefix on the fetched hashes.
    // These walks read the keys under `tag` (the scope, or one of its
    // buckets on a Redis Cluster) and name the records' scope `scope`.
    Result<void> walkInFlight(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &query,
                              const std::function<bool(Record &&)> &visit) const;

    // Every TIMED_OUT record of a scope matching the query's filters (age,
    // key and biz_no prefix, owner), unordered, keyset position not applied.
    // The timed-out zset is scored by expires_at, not by updated_at, so this
    // reads the scope's whole timed-out index (ZRANGE, 1 round trip) and
    // every member's hash (pipelined HMGETs, 1 round trip per 500): timed-out
    // records are few (an operator's decision, kept for the retention only).
    Result<QList<Record>> timedOut(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &query) const;

    // The COMPLETED records of a scope matching the query's filters (age, key
    // and biz_no prefix, owner) and after its keyset position: the first
    // query.limit in keyset order. Completed records have no index by
    // updated_at: the completed zset (scored by expires_at, kept for
    // purgeExpired) is walked with ZSCAN (MATCH the key prefix, COUNT 500),
    // each batch's state, updated_at, biz_no and owner read with pipelined
    // HMGETs (one round trip per batch, ZSCAN's next step pipelined with
    // it), keeping the best `limit`; then the page's hashes in full (one
    // round trip). So a page reads the scope's whole completed index and
    // four fields per record, never a body; memory stays O(limit).
    // See RedisStore::inFlight for why there is no updated_at index.
    Result<QList<Record>> completedPage(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &query) const;
    // How many completed records of the scope match the filters: the same walk, counting.
    Result<qint64> countCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &query) const;

private:
    // The members of one in-flight page (key prefix applied) and their scores.
    struct InFlightPage {
        QByteArrayList keys;
        QList<qint64> scores;
    };
    // Reads the page's records and hands each that passes the filters to
    // visit; false once visit asked to stop.
    Result<bool> visitInFlightPage(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q, const InFlightPage &page,
                                   const std::function<bool(Record &&)> &visit) const;
    // The index's scores now of the members whose record disagrees with
    // the score the page read, by index in the page.
    Result<QHash<qsizetype, QByteArray>> rescore(RedisLink &c, const QString &tag, const InFlightPage &page,
                                                 const QList<RedisReply> &hashes) const;
    // The completed walk: hands each record's light form (scope, key, state,
    // updated_at, biz_no, owner; or readError) that passes the filters.
    Result<void> walkCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &query,
                               const std::function<void(Record &&)> &visit) const;

    const RedisLayout &m_layout;
};
