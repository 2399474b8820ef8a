// RedisStore's listings and counts (DESIGN.md "Backends"): records by
// state, in keyset pages merged over a scope's buckets, counts by state and
// the minute counters, kept apart from the claim protocol in redisstore.cpp
// and the operator actions in redisstoreactions.cpp.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>
#include <QMap>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <array>
#include <numeric>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

Result<QList<Record>> RedisStore::inFlight(const RecordQuery &query)
{
    if (!query.state)
        return listEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return inFlight(q); });
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), query.scope);
    if (!scopes)
        return scopes.error();
    const int limit = qMax(1, query.limit);
    QList<Record> rows;
    QList<std::pair<QString, QString>> inFlightBuckets; // (scope, tag): merged by mergeInFlight
    // Each bucket (one per scope on a single server) in keyset order,
    // merged below.
    for (const ScopeBucketsPtr &buckets : scopes.value()) {
        for (const QString &tag : buckets->tags) {
            const QString &scope = buckets->scope;
            if (query.state == RecordState::Completed) {
                Result<QList<Record>> completed = m_listings.completedPage(*c.value(), scope, tag, query);
                if (!completed)
                    return completed.error();
                rows += completed.value();
                continue;
            }
            if (query.state == RecordState::TimedOut) {
                Result<QList<Record>> timedOut = m_listings.timedOut(*c.value(), scope, tag, query);
                if (!timedOut)
                    return timedOut.error();
                for (Record &r : timedOut.value()) {
                    if (isAfterPosition(r, query))
                        rows.append(std::move(r));
                }
                continue;
            }
            inFlightBuckets.append({scope, tag});
        }
    }
    if (!inFlightBuckets.isEmpty()) {
        Result<QList<Record>> merged = mergeInFlight(*c.value(), inFlightBuckets, query);
        if (!merged)
            return merged.error();
        rows += merged.value();
    }
    std::sort(rows.begin(), rows.end(),
              [&](const Record &a, const Record &b) { return query.newestFirst ? keysetBefore(b, a) : keysetBefore(a, b); });
    if (rows.size() > limit)
        rows.resize(limit);
    return rows;
}

Result<QList<Record>> RedisStore::mergeInFlight(RedisLink &c, const QList<std::pair<QString, QString>> &buckets, const RecordQuery &query)
{
    const int limit = qMax(1, query.limit);
    const auto before = [&](const Record &a, const Record &b) { return query.newestFirst ? keysetBefore(b, a) : keysetBefore(a, b); };
    struct Cursor {
        QList<Record> rows;
        bool exhausted = false;
    };
    QList<Cursor> cursors(buckets.size());
    // A bucket's share of a page to begin with; the rest only where needed.
    const int share = qMin(limit, qMax(16, limit / int(buckets.size()) + 1));
    const auto readMore = [&](qsizetype i) -> Result<void> {
        Cursor &cursor = cursors[i];
        RecordQuery step = query;
        step.limit = share;
        if (!cursor.rows.isEmpty())
            step.after = RecordQuery::Position::after(cursor.rows.constLast());
        int taken = 0;
        Result<void> walked = m_listings.walkInFlight(c, buckets.at(i).first, buckets.at(i).second, step, [&](Record &&r) {
            cursor.rows.append(std::move(r));
            return ++taken < share;
        });
        cursor.exhausted = taken < share;
        return walked;
    };
    QList<qsizetype> pending(buckets.size());
    std::iota(pending.begin(), pending.end(), 0);
    while (!pending.isEmpty()) {
        for (const qsizetype i : std::as_const(pending)) {
            if (Result<void> read = readMore(i); !read)
                return read.error();
        }
        // The page as far as it is known: a bucket must be read further
        // only while its last row read comes before the page's last row
        // (its next rows could be on the page too).
        QList<const Record *> all;
        for (const Cursor &cursor : std::as_const(cursors)) {
            for (const Record &r : cursor.rows)
                all.append(&r);
        }
        const Record *cut = nullptr;
        if (all.size() >= limit) {
            std::nth_element(all.begin(), all.begin() + (limit - 1), all.end(),
                             [&](const Record *a, const Record *b) { return before(*a, *b); });
            cut = all.at(limit - 1);
        }
        pending.clear();
        for (qsizetype i = 0; i < cursors.size(); ++i) {
            const Cursor &cursor = cursors.at(i);
            if (!cursor.exhausted && (!cut || before(cursor.rows.constLast(), *cut)))
                pending.append(i);
        }
    }
    QList<Record> rows;
    for (Cursor &cursor : cursors)
        rows += std::move(cursor.rows);
    return rows;
}

Result<qint64> RedisStore::countInFlight(const RecordQuery &query)
{
    if (!query.state)
        return countEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return countInFlight(q); });
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), query.scope);
    if (!scopes)
        return scopes.error();
    qint64 total = 0;
    if (query.state == RecordState::Completed && query.keyPrefix.isEmpty() && query.owner.isEmpty() && query.bizNoPrefix.isEmpty()
        && !query.startedBeforeMs) {
        // Unfiltered: the completed index's live members, as countByState
        // counts them (3 round trips), not a walk of every hash.
        Result<QList<ScopeCount>> counts = countByState(query.scope);
        if (!counts)
            return counts.error();
        for (const ScopeCount &n : counts.value())
            total += n.state == RecordState::Completed ? n.count : 0;
        return total;
    }
    const bool filtered = !query.keyPrefix.isEmpty() || !query.owner.isEmpty() || !query.bizNoPrefix.isEmpty();
    QList<RedisCommand> counts; // unfiltered IN_FLIGHT: one ZCOUNT per bucket, pipelined
    const QByteArray below = query.startedBeforeMs ? '(' + QByteArray::number(*query.startedBeforeMs) : QByteArray("+inf");
    RecordQuery walk = query;
    walk.after.reset();
    walk.newestFirst = false;
    for (const ScopeBucketsPtr &buckets : scopes.value()) {
        for (const QString &tag : buckets->tags) {
            const QString &scope = buckets->scope;
            if (query.state == RecordState::Completed) {
                Result<qint64> n = m_listings.countCompleted(*c.value(), scope, tag, query);
                if (!n)
                    return n.error();
                total += n.value();
            } else if (query.state == RecordState::TimedOut) {
                Result<QList<Record>> timedOut = m_listings.timedOut(*c.value(), scope, tag, query);
                if (!timedOut)
                    return timedOut.error();
                total += timedOut->size();
            } else if (!filtered) {
                counts.append(RedisCommand{"ZCOUNT", RedisLayout::inFlightKey(tag), "-inf", below});
            } else {
                Result<void> walked = m_listings.walkInFlight(*c.value(), scope, tag, walk, [&](Record &&) {
                    ++total;
                    return true;
                });
                if (!walked)
                    return walked.error();
            }
        }
    }
    if (counts.isEmpty())
        return total;
    Result<QList<RedisReply>> replies = c.value()->pipeline(counts);
    if (!replies)
        return replies.error();
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const redisReply &reply = *replies->at(i);
        if (const QByteArray error = RedisConnection::errorText(reply); !error.isEmpty())
            return keyError(error, counts.at(i).at(1), Text::tr("Counting in-flight records"));
        total += reply.integer;
    }
    return total;
}

Result<QList<ScopeCount>> RedisStore::countByState(const QString &scope)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), scope);
    if (!scopes || scopes->isEmpty())
        return scopes ? QList<ScopeCount>() : Result<QList<ScopeCount>>(scopes.error());
    // Redis expires by its own clock: count what it has not expired yet.
    Result<RedisReply> time = c.value()->command({"TIME"});
    if (!time)
        return time.error();
    if (!isArray(*time.value(), 2))
        return m_layout.replyError(RedisConnection::errorText(*time.value()), Text::tr("Reading the server time"));
    const qint64 serverMs = bytes(time.value()->element[0]).toLongLong() * 1000 + bytes(time.value()->element[1]).toLongLong() / 1000;
    const QByteArray live = '(' + QByteArray::number(serverMs);
    // Per scope in the order SQL's ORDER BY state gives; a scope's buckets summed.
    const RecordState order[] = {RecordState::Completed, RecordState::InFlight, RecordState::TimedOut};
    QList<RedisCommand> counts;
    QList<qsizetype> scopeOf; // index into *scopes of each count's scope
    for (qsizetype s = 0; s < scopes->size(); ++s) {
        for (const QString &tag : scopes->at(s)->tags) {
            counts.append(RedisCommand{"ZCOUNT", RedisLayout::completedKey(tag), live, "+inf"});
            counts.append(RedisCommand{"ZCARD", RedisLayout::inFlightKey(tag)});
            counts.append(RedisCommand{"ZCOUNT", RedisLayout::timedOutKey(tag), live, "+inf"});
            scopeOf << s << s << s;
        }
    }
    Result<QList<RedisReply>> replies = c.value()->pipeline(counts);
    if (!replies)
        return replies.error();
    QList<std::array<qint64, 3>> sums(scopes->size(), std::array<qint64, 3>{});
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const redisReply &reply = *replies->at(i);
        if (const QByteArray error = RedisConnection::errorText(reply); !error.isEmpty())
            return keyError(error, counts.at(i).at(1), Text::tr("Counting records"));
        sums[scopeOf.at(i)][i % 3] += reply.integer;
    }
    QList<ScopeCount> result;
    for (qsizetype s = 0; s < scopes->size(); ++s) {
        for (int k = 0; k < 3; ++k) {
            if (sums.at(s)[k] > 0)
                result.append(ScopeCount{scopes->at(s)->scope, order[k], sums.at(s)[k]});
        }
    }
    return result;
}

Result<QList<CounterRow>> RedisStore::counters(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), scope);
    if (!scopes)
        return scopes.error();
    // Every bucket's minute index, then every listed minute's hash, each
    // step one pipeline (one round trip per node on a cluster); a scope's
    // buckets are summed per minute.
    QList<RedisCommand> ranges;
    QList<std::pair<QString, QString>> rangeOf; // (scope, tag) of each range
    for (const ScopeBucketsPtr &buckets : scopes.value()) {
        for (const QString &tag : buckets->tags) {
            ranges.append(
                RedisCommand{"ZRANGEBYSCORE", RedisLayout::minutesKey(tag), QByteArray::number(fromMinute), QByteArray::number(toMinute)});
            rangeOf.append({buckets->scope, tag});
        }
    }
    if (ranges.isEmpty())
        return QList<CounterRow>();
    Result<QList<RedisReply>> minutes = c.value()->pipeline(ranges);
    if (!minutes)
        return minutes.error();
    QList<std::pair<QString, qint64>> readOf; // (scope, minute) of each read
    QList<RedisCommand> reads;
    for (qsizetype s = 0; s < minutes->size(); ++s) {
        const redisReply &list = *minutes->at(s);
        if (const QByteArray error = RedisConnection::errorText(list); !error.isEmpty())
            return keyError(error, ranges.at(s).at(1), Text::tr("Reading counters"));
        for (size_t i = 0; i < list.elements; ++i) {
            const qint64 minute = bytes(list.element[i]).toLongLong();
            readOf.append({rangeOf.at(s).first, minute});
            reads.append(RedisCommand{"HGETALL", RedisLayout::counterKey(rangeOf.at(s).second, minute)});
        }
    }
    if (reads.isEmpty())
        return QList<CounterRow>();
    Result<QList<RedisReply>> hashes = c.value()->pipeline(reads);
    if (!hashes)
        return hashes.error();
    QMap<std::pair<qint64, QByteArray>, CounterRow> rows; // by (minute, scope bytes), the order returned
    for (qsizetype r = 0; r < reads.size(); ++r) {
        const redisReply &hash = *hashes->at(r);
        if (const QByteArray error = RedisConnection::errorText(hash); !error.isEmpty())
            return keyError(error, reads.at(r).at(1), Text::tr("Reading counters"));
        const auto &[rowScope, minute] = readOf.at(r);
        CounterRow &row = rows[{minute, rowScope.toUtf8()}];
        row.scope = rowScope;
        row.minute = minute;
        for (size_t i = 0; i + 1 < hash.elements; i += 2) {
            if (const std::optional<Counter> counter = counterFromName(QString::fromUtf8(bytes(hash.element[i]))))
                row.counts[*counter] += bytes(hash.element[i + 1]).toLongLong();
        }
    }
    QList<CounterRow> result = rows.values();
    // Minutes whose hash expired before its index entry: nothing to show.
    result.removeIf([](const CounterRow &row) { return row.counts.isZero(); });
    return result;
}
