#include "app/store/redisrecordlistings.h"
#include "app/store/luascript.h"
#include "app/store/redislayoutfields.h"
#include "app/store/redisscan.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <hiredis/hiredis.h>

#include <cmath>

using namespace RedisLayoutFields;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

constexpr int kBatch = 500;

// resources/lua/keyset.lua: the next page of a sorted set after (score, member).
const LuaScript &keysetScript()
{
    static const LuaScript script = LuaScript::fromResources({"keyset"});
    return script;
}

} // namespace

namespace {

// Where an in-flight walk starts and stops in a scope's zset.
struct InFlightBounds {
    std::optional<qint64> start; // the first score (unset: the end the order starts from)
    bool exclusive = false; // start itself is not listed
    // Keyset within this scope's index: continue strictly after (score,
    // member), by rank taken in one script (keyset.lua), never by an offset
    // that shifts when another client removes members meanwhile.
    std::optional<std::pair<qint64, QByteArray>> position;
    QByteArray end;
    std::optional<qint64> below; // ascending with an age filter: scores from here on are not listed
};

// The keyset position (rows of other scopes at the same instant sort by
// scope name), narrowed by the age filter.
InFlightBounds inFlightBounds(const QString &scope, const RecordQuery &q)
{
    const bool desc = q.newestFirst;
    InFlightBounds b;
    if (q.after) {
        const QByteArray mine = scope.toUtf8(), theirs = q.after->scope.toUtf8();
        b.start = q.after->updatedAt;
        if (mine == theirs)
            b.position = std::pair{q.after->updatedAt, q.after->key.toUtf8()};
        else
            b.exclusive = desc ? mine > theirs : mine < theirs;
    }
    b.end = desc ? QByteArray("-inf") : QByteArray("+inf");
    if (q.startedBeforeMs) {
        if (!desc) {
            b.end = '(' + QByteArray::number(*q.startedBeforeMs);
            b.below = *q.startedBeforeMs;
        } else if (!b.start || *q.startedBeforeMs <= *b.start) {
            b.start = *q.startedBeforeMs;
            b.exclusive = true;
            b.position.reset(); // the cutoff comes first: start below it
        }
    }
    return b;
}

} // namespace

Result<void> RedisRecordListings::walkInFlight(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q,
                                               const std::function<bool(Record &&)> &visit) const
{
    const bool desc = q.newestFirst;
    InFlightBounds bounds = inFlightBounds(scope, q);
    const QByteArray keyPrefix = q.keyPrefix.toUtf8();
    const bool filtered = !q.keyPrefix.isEmpty() || !q.owner.isEmpty() || !q.bizNoPrefix.isEmpty();
    // Unfiltered, a page needs about `limit` members; a few more spare a round
    // trip per member when many attempts started in the same millisecond.
    const int batch = filtered ? kBatch : qBound(16, q.limit, kBatch);
    const QByteArray zset = RedisLayout::inFlightKey(tag);
    for (;;) {
        const QByteArray from = bounds.start ? (bounds.exclusive ? QByteArray("(") : QByteArray()) + QByteArray::number(*bounds.start)
                                             : (desc ? QByteArray("+inf") : QByteArray("-inf"));
        Result<RedisReply> range = bounds.position
                                       ? keysetScript().run(c, {zset},
                                                            {QByteArray::number(bounds.position->first), bounds.position->second,
                                                             QByteArray::number(batch), desc ? QByteArray("1") : QByteArray("0")})
                                       : c.command({desc ? "ZREVRANGEBYSCORE" : "ZRANGEBYSCORE", zset, from, bounds.end, "WITHSCORES",
                                                    "LIMIT", "0", QByteArray::number(batch)});
        if (!range)
            return range.error();
        const redisReply &m = *range.value();
        if (const QByteArray error = RedisConnection::errorText(m); !error.isEmpty())
            return m_layout.replyError(error, Text::tr("Listing in-flight records (key %1)").arg(QString::fromUtf8(zset)));
        const qsizetype got = qsizetype(m.elements / 2);
        auto scoreAt = [&](qsizetype i) { return qint64(std::llround(RedisConnection::bytes(m.element[2 * i + 1]).toDouble())); };
        // A keyset page runs by rank, so it can reach past the age cutoff: cut it there.
        qsizetype n = got;
        while (bounds.below && n > 0 && scoreAt(n - 1) >= *bounds.below)
            --n;
        if (n == 0)
            return {};
        bounds.position = std::pair{scoreAt(n - 1), RedisConnection::bytes(m.element[2 * (n - 1)])};

        InFlightPage page;
        for (qsizetype i = 0; i < n; ++i) {
            const QByteArray member = RedisConnection::bytes(m.element[2 * i]);
            if (!member.startsWith(keyPrefix))
                continue;
            page.keys << member;
            page.scores << scoreAt(i);
        }
        Result<bool> more = visitInFlightPage(c, scope, tag, q, page, visit);
        if (!more)
            return more.error();
        if (!more.value() || n < got || got < batch)
            return {};
    }
}

Result<QHash<qsizetype, QByteArray>> RedisRecordListings::rescore(RedisLink &c, const QString &tag, const InFlightPage &page,
                                                                  const QList<RedisReply> &hashes) const
{
    // An attempt taken over between the two reads has a newer updated_at
    // than the score read first, like an index entry that lies. Their
    // scores now tell them apart (one more round trip, only when a score and
    // a record disagree).
    QHash<qsizetype, QByteArray> rescored;
    QList<RedisCommand> scoreReads;
    QList<qsizetype> scoreIndexes;
    for (qsizetype i = 0; i < page.keys.size(); ++i) {
        const redisReply &h = *hashes.at(i);
        if (h.type != REDIS_REPLY_ARRAY || h.elements != FieldCount || h.element[UpdatedAt]->type == REDIS_REPLY_NIL)
            continue;
        if (RedisConnection::bytes(h.element[UpdatedAt]) != QByteArray::number(page.scores.at(i))) {
            scoreReads << RedisCommand{"ZSCORE", RedisLayout::inFlightKey(tag), page.keys.at(i)};
            scoreIndexes << i;
        }
    }
    if (scoreReads.isEmpty())
        return rescored;
    Result<QList<RedisReply>> now = c.pipeline(scoreReads);
    if (!now)
        return now.error();
    for (qsizetype j = 0; j < scoreIndexes.size(); ++j)
        rescored.insert(scoreIndexes.at(j), RedisConnection::bytes(now->at(j).get()));
    return rescored;
}

Result<bool> RedisRecordListings::visitInFlightPage(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q,
                                                    const InFlightPage &page, const std::function<bool(Record &&)> &visit) const
{
    if (page.keys.isEmpty())
        return true;
    QList<RedisCommand> reads;
    for (const QByteArray &member : page.keys)
        reads << RedisLayout::readCommand(RedisLayout::recordKey(tag, member));
    Result<QList<RedisReply>> hashes = c.pipeline(reads);
    if (!hashes)
        return hashes.error();
    Result<QHash<qsizetype, QByteArray>> rescored = rescore(c, tag, page, hashes.value());
    if (!rescored)
        return rescored.error();
    for (qsizetype i = 0; i < page.keys.size(); ++i) {
        const QString key = QString::fromUtf8(page.keys.at(i));
        const qint64 score = page.scores.at(i);
        Result<std::optional<Record>> record = m_layout.decode(scope, key, *hashes->at(i), tag);
        if (!record && record.error().kind != ErrorKind::Corrupt)
            return record.error();
        // Taken over meanwhile: the index moved it to its new score,
        // where the walk meets it (or it is past the cutoff).
        if (record && record.value() && record.value()->updatedAt != score && rescored->contains(i)
            && rescored->value(i) == QByteArray::number(record.value()->updatedAt))
            continue;
        // A record that cannot be read is listed where its index
        // entry puts it, with what is wrong, and never acted on
        // (one bad record blocks only itself). Filters on
        // owner or biz_no cannot be met by what cannot be read.
        if (!record || (record.value() && record.value()->updatedAt != score && record.value()->state == RecordState::InFlight)) {
            if (!q.owner.isEmpty() || !q.bizNoPrefix.isEmpty())
                continue;
            Record bad;
            bad.scope = scope;
            bad.key = key;
            bad.updatedAt = score;
            bad.readError = record ? m_layout
                                         .corrupt(scope, key, "index",
                                                  QByteArray::number(score) + ' ' + QByteArray::number(record.value()->updatedAt), tag)
                                         .message
                                   : record.error().message;
            if (!visit(std::move(bad)))
                return false;
            continue;
        }
        // Finished between the two reads, or an index entry left by
        // another program: not in flight.
        if (!record.value() || record.value()->state != RecordState::InFlight)
            continue;
        Record &r = *record.value();
        if ((!q.owner.isEmpty() && r.owner != q.owner) || (!q.bizNoPrefix.isEmpty() && !r.bizNo.startsWith(q.bizNoPrefix)))
            continue;
        if (!visit(std::move(r)))
            return false;
    }
    return true;
}

Result<QList<Record>> RedisRecordListings::timedOut(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q) const
{
    Result<RedisReply> members = c.command({"ZRANGE", RedisLayout::timedOutKey(tag), "0", "-1"});
    if (!members)
        return members.error();
    if (const QByteArray error = RedisConnection::errorText(*members.value()); !error.isEmpty())
        return m_layout.replyError(error,
                                   Text::tr("Listing timed-out records (key %1)").arg(QString::fromUtf8(RedisLayout::timedOutKey(tag))));
    const QByteArray keyPrefix = q.keyPrefix.toUtf8();
    QByteArrayList keys;
    for (size_t i = 0; i < members.value()->elements; ++i) {
        const QByteArray member = RedisConnection::bytes(members.value()->element[i]);
        if (member.startsWith(keyPrefix))
            keys << member;
    }
    QList<Record> rows;
    for (qsizetype from = 0; from < keys.size(); from += kBatch) {
        QList<RedisCommand> reads;
        const qsizetype to = qMin(keys.size(), from + kBatch);
        for (qsizetype i = from; i < to; ++i)
            reads << RedisLayout::readCommand(RedisLayout::recordKey(tag, keys.at(i)));
        Result<QList<RedisReply>> hashes = c.pipeline(reads);
        if (!hashes)
            return hashes.error();
        for (qsizetype i = from; i < to; ++i) {
            const QString key = QString::fromUtf8(keys.at(i));
            Result<std::optional<Record>> record = m_layout.decode(scope, key, *hashes->at(i - from), tag);
            if (!record && record.error().kind != ErrorKind::Corrupt)
                return record.error();
            if (!record) { // listed with what is wrong, never acted on (as walkInFlight does)
                if (q.owner.isEmpty() && q.bizNoPrefix.isEmpty() && !q.startedBeforeMs) {
                    Record bad;
                    bad.scope = scope;
                    bad.key = key;
                    bad.state = RecordState::TimedOut;
                    bad.readError = record.error().message;
                    rows.append(std::move(bad));
                }
                continue;
            }
            // Expired by Redis, claimed again, or completed by reconciliation meanwhile.
            if (!record.value() || record.value()->state != RecordState::TimedOut)
                continue;
            Record &r = *record.value();
            if ((q.startedBeforeMs && r.updatedAt >= *q.startedBeforeMs) || (!q.owner.isEmpty() && r.owner != q.owner)
                || (!q.bizNoPrefix.isEmpty() && !r.bizNo.startsWith(q.bizNoPrefix)))
                continue;
            rows.append(std::move(r));
        }
    }
    return rows;
}

Result<void> RedisRecordListings::walkCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q,
                                                const std::function<void(Record &&)> &visit) const
{
    const QByteArray zset = RedisLayout::completedKey(tag);
    const QByteArray pattern = RedisScan::matchPattern(q.keyPrefix.toUtf8());
    QSet<QByteArray> seen; // ZSCAN may return a member twice while the set changes
    QByteArray cursor = "0";
    bool scanned = false;
    QByteArrayList pending; // the last step's members, read with the next step
    while (!scanned || !pending.isEmpty()) {
        QList<RedisCommand> commands;
        const bool sentScan = !scanned;
        if (sentScan)
            commands.append(RedisCommand{"ZSCAN", zset, cursor, "MATCH", pattern, "COUNT", QByteArray::number(kBatch)});
        for (const QByteArray &member : std::as_const(pending))
            commands.append(RedisCommand{"HMGET", RedisLayout::recordKey(tag, member), "state", "updated_at", "biz_no", "owner"});
        Result<QList<RedisReply>> replies = c.pipeline(commands);
        if (!replies)
            return replies.error();
        QByteArrayList next;
        if (sentScan) {
            const redisReply &r = *replies->at(0);
            if (const QByteArray error = RedisConnection::errorText(r); !error.isEmpty())
                return m_layout.replyError(error, Text::tr("Listing completed records (key %1)").arg(QString::fromUtf8(zset)));
            if (r.type != REDIS_REPLY_ARRAY || r.elements != 2 || r.element[1]->type != REDIS_REPLY_ARRAY)
                return m_layout.replyError(
                    QByteArray(), Text::tr("Listing completed records (key %1): ZSCAN answered no cursor").arg(QString::fromUtf8(zset)));
            cursor = RedisConnection::bytes(r.element[0]);
            scanned = cursor == "0";
            for (size_t i = 0; i + 1 < r.element[1]->elements; i += 2) { // member, score
                QByteArray member = RedisConnection::bytes(r.element[1]->element[i]);
                if (!seen.contains(member)) {
                    seen.insert(member);
                    next.append(std::move(member));
                }
            }
        }
        for (qsizetype i = 0; i < pending.size(); ++i) {
            const redisReply &h = *replies->at(i + (sentScan ? 1 : 0));
            Record r;
            r.scope = scope;
            r.key = QString::fromUtf8(pending.at(i));
            r.state = RecordState::Completed;
            if (const QByteArray error = RedisConnection::errorText(h);
                !error.isEmpty() || h.type != REDIS_REPLY_ARRAY || h.elements != 4) {
                // Another type under the record's key: listed with what is
                // wrong where filters on what cannot be read allow it.
                r.readError = m_layout.corrupt(scope, r.key, "type", QByteArrayLiteral("value of another type"), tag).message;
                if (q.owner.isEmpty() && q.bizNoPrefix.isEmpty() && !q.startedBeforeMs)
                    visit(std::move(r));
                continue;
            }
            if (h.element[0]->type == REDIS_REPLY_NIL)
                continue; // expired by Redis, released or purged meanwhile
            if (RedisConnection::bytes(h.element[0]) != "COMPLETED")
                continue; // claimed again since: listed in its own state
            bool number = false;
            r.updatedAt = RedisConnection::bytes(h.element[1]).toLongLong(&number);
            r.bizNo = QString::fromUtf8(RedisConnection::bytes(h.element[2]));
            r.owner = QString::fromUtf8(RedisConnection::bytes(h.element[3]));
            if (!number) {
                r.readError =
                    m_layout.corrupt(scope, r.key, "number", "updated_at=" + RedisConnection::bytes(h.element[1]).left(200), tag).message;
                r.updatedAt = 0;
            }
            if (matchesFilters(r, q))
                visit(std::move(r));
        }
        pending = std::move(next);
    }
    return {};
}

Result<QList<Record>> RedisRecordListings::completedPage(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q) const
{
    const qsizetype limit = qMax(1, q.limit);
    QList<Record> best;
    Result<void> walked = walkCompleted(c, scope, tag, q, [&](Record &&r) {
        if (!isAfterPosition(r, q))
            return;
        best.append(std::move(r));
        if (best.size() >= 4 * limit) // memory stays O(limit)
            keepFirstPage(best, q);
    });
    if (!walked)
        return walked.error();
    keepFirstPage(best, q);
    // The page's records in full (one round trip); a light row that could
    // not be read stays as it is.
    QList<RedisCommand> reads;
    QList<qsizetype> readable;
    for (qsizetype i = 0; i < best.size(); ++i) {
        if (best.at(i).readError.isEmpty()) {
            reads << RedisLayout::readCommand(RedisLayout::recordKey(tag, best.at(i).key));
            readable << i;
        }
    }
    if (reads.isEmpty())
        return best;
    Result<QList<RedisReply>> hashes = c.pipeline(reads);
    if (!hashes)
        return hashes.error();
    QList<Record> rows;
    for (qsizetype i = 0, j = 0; i < best.size(); ++i) {
        if (j >= readable.size() || readable.at(j) != i) {
            rows.append(best.at(i));
            continue;
        }
        Result<std::optional<Record>> record = m_layout.decode(scope, best.at(i).key, *hashes->at(j++), tag);
        if (!record && record.error().kind != ErrorKind::Corrupt)
            return record.error();
        if (!record) {
            Record bad = best.at(i);
            bad.readError = record.error().message;
            rows.append(std::move(bad));
            continue;
        }
        // Gone or claimed again between the two reads: not completed any more.
        if (record.value() && record.value()->state == RecordState::Completed && record.value()->updatedAt == best.at(i).updatedAt)
            rows.append(std::move(*record.value()));
    }
    return rows;
}

Result<qint64> RedisRecordListings::countCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q) const
{
    qint64 n = 0;
    Result<void> walked = walkCompleted(c, scope, tag, q, [&n](Record &&) { ++n; });
    if (!walked)
        return walked.error();
    return n;
}
