#include "app/store/redislayout.h"
#include "app/store/redisscan.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <hiredis/hiredis.h>

#include <charconv>
#include <cmath>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// Same order as FIELDS in resources/lua/record.lua.
enum Field { State, Fingerprint, Lease, Owner, Attempts, BizNo, StatusCode, Headers, Body, CreatedAt, UpdatedAt, ExpiresAt, Reconciled, FieldCount };
const char *const kFieldNames[FieldCount] = {"state", "fingerprint", "lease", "owner", "attempts", "biz_no", "status_code",
                                             "headers", "body", "created_at", "updated_at", "expires_at", "reconciled"};
constexpr int kBatch = 500;

// resources/lua/keyset.lua: the next page of a sorted set after (score, member).
// Sent with EVAL (Redis caches it by its SHA1); read once per process.
const QByteArray &keysetScript()
{
    static const QByteArray text = [] {
        QFile file(QStringLiteral(":/lua/keyset.lua"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("return redis.error_reply('keyset.lua is missing from this build')");
    }();
    return text;
}

} // namespace

std::optional<Error> RedisLayout::checkScope(const QString &scope)
{
    if (scope.isEmpty() || scope.contains(QLatin1Char('{')) || scope.contains(QLatin1Char('}')))
        return makeError(ErrorKind::InvalidArgument, Text::tr("The scope '%1' cannot be stored in Redis: it must be non-empty and without '{' or '}' (they delimit the hash tag).").arg(scope));
    return std::nullopt;
}

RedisCommand RedisLayout::scriptKeys(const QString &scope, const QString &key, qint64 minute)
{
    RedisCommand keys;
    keys.reserve(6);
    RedisCommandSink sink(keys);
    writeScriptKeys(sink, scope, key, minute);
    return keys;
}

void RedisLayout::writeScriptKeys(RedisArgSink &sink, const QString &scope, const QString &key, qint64 minute)
{
    // The same keys as recordKey() … minutesKey(). Every guarded request
    // sends these six, twice: a thread keeps what depends only on the scope
    // and the minute for its next call (the record key's prefix and five
    // whole keys), so only the record key is made per call.
    struct Scoped {
        QString scope;
        qint64 minute = -1;
        QByteArray recordPrefix; // idem:{scope}:r:
        QByteArray keys[5];      // inflight, completed, timedout, this minute's counters, minutes
    };
    thread_local Scoped last;
    const auto make = [](const QByteArray &tag, QByteArrayView kind, QByteArrayView rest = {}) -> QByteArray {
        QByteArray out;
        out.reserve(8 + tag.size() + kind.size() + rest.size());
        out.append("idem:{").append(tag).append("}:").append(kind).append(rest);
        return out;
    };
    if (last.minute != minute || last.scope != scope) {
        char digits[24];
        const QByteArrayView number(digits, std::to_chars(digits, digits + sizeof digits, minute).ptr - digits);
        const QByteArray tag = scope.toUtf8();
        last = Scoped{scope, minute, make(tag, "r:"),
                      {make(tag, "inflight"), make(tag, "completed"), make(tag, "timedout"), make(tag, "c:", number), make(tag, "minutes")}};
    }
    sink.add(last.recordPrefix, key);
    for (const QByteArray &k : last.keys)
        sink.add(k);
}

RedisCommand RedisLayout::readCommand(const QByteArray &recordKey)
{
    // A read-first replay sends this per request (RedisStore::claim): the
    // names are shared, not rebuilt, so the command costs one list.
    static const QByteArrayList names = fieldNames();
    RedisCommand read;
    read.reserve(2 + names.size());
    read << QByteArrayLiteral("HMGET") << recordKey << names;
    return read;
}

QByteArrayList RedisLayout::fieldNames()
{
    QByteArrayList names;
    for (const char *name : kFieldNames)
        names << QByteArray::fromRawData(name, qstrlen(name));
    return names;
}

Error RedisLayout::replyError(const QByteArray &error, const QString &what) const
{
    const QByteArray word = error.left(error.indexOf(' '));
    ErrorKind kind = ErrorKind::Refused; // READONLY, OOM, NOPERM, NOAUTH, MOVED, ERR …: the server said no
    if (word == "LOADING" || word == "BUSY" || word == "MASTERDOWN" || word == "CLUSTERDOWN" || word == "TRYAGAIN")
        kind = ErrorKind::Unavailable;
    return makeError(kind, Text::tr("%1 failed on %2: %3").arg(what, m_display, QString::fromUtf8(error)));
}

Error RedisLayout::corrupt(const QString &scope, const QString &key, const QByteArray &reason, const QByteArray &detail,
                           const QString &tag) const
{
    const QString where = Text::tr("Record %1/%2 in %3 (key %4)")
                              .arg(scope, key, m_display, QString::fromUtf8(recordKey(tag.isEmpty() ? scope : tag, key)));
    const QString what = QString::fromUtf8(detail);
    QString message;
    if (reason == "type")
        message = Text::tr("%1 holds a %2 instead of a hash: another program wrote that key. Nothing was run; inspect or delete it.").arg(where, what);
    else if (reason == "missing")
        message = Text::tr("%1 is a truncated hash: the field(s) %2 are missing. Nothing was run; inspect or delete it.").arg(where, what);
    else if (reason == "state")
        message = Text::tr("%1 has an unknown state '%2'.").arg(where, what);
    else if (reason == "number")
        message = Text::tr("%1 has a field that is not a whole number: %2.").arg(where, what);
    else if (reason == "range")
        message = Text::tr("%1 has a field out of range: %2. The engine never writes that; nothing is done to it. Inspect or delete it.")
                      .arg(where, what);
    else if (reason == "index")
        message = Text::tr("%1: its in-flight index entry and its own updated_at disagree (index, record: %2). Its age is not "
                           "known, so nothing is done to it. Inspect it.")
                      .arg(where, what);
    else
        message = Text::tr("%1 is COMPLETED but its cached response (headers, body) is missing.").arg(where);
    return makeError(ErrorKind::Corrupt, message);
}

Result<std::optional<Record>> RedisLayout::decode(const QString &scope, const QString &key, const redisReply &fields,
                                                  const QString &tag) const
{
    if (std::optional<Error> bad = readError(scope, key, fields, tag))
        return *bad;
    if (fields.type != REDIS_REPLY_ARRAY || fields.elements != FieldCount)
        return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    QList<PackedField> values;
    values.reserve(FieldCount);
    QByteArray numberText[FieldCount]; // a script's integer, as text
    for (int i = 0; i < FieldCount; ++i) {
        const redisReply *field = fields.element[i];
        if (field->type == REDIS_REPLY_NIL) {
            values.append(std::nullopt);
        } else if (field->type == REDIS_REPLY_STRING || field->type == REDIS_REPLY_STATUS) {
            values.append(QByteArrayView(field->str, qsizetype(field->len)));
        } else {
            numberText[i] = RedisConnection::bytes(field); // empty for an array or an error: checked as such
            values.append(QByteArrayView(numberText[i]));
        }
    }
    return decode(scope, key, values, tag);
}

std::optional<Error> RedisLayout::readError(const QString &scope, const QString &key, const redisReply &reply, const QString &tag) const
{
    const QByteArray error = RedisConnection::errorText(reply);
    if (error.isEmpty())
        return std::nullopt;
    if (error.startsWith("WRONGTYPE"))
        return corrupt(scope, key, "type", "value of another type", tag);
    return replyError(error, Text::tr("Reading a record"));
}

Result<std::optional<Record>> RedisLayout::decodeAll(const QString &scope, const QString &key, const redisReply &pairs,
                                                     const QString &tag) const
{
    if (std::optional<Error> bad = readError(scope, key, pairs, tag))
        return *bad;
    if (pairs.type != REDIS_REPLY_ARRAY || pairs.elements % 2 != 0)
        return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    QList<PackedField> values(FieldCount); // every field missing until named
    int next = 0; // the fields mostly come in the order they were written: look there first
    for (size_t i = 0; i < pairs.elements; i += 2) {
        const redisReply *name = pairs.element[i];
        const redisReply *value = pairs.element[i + 1];
        if (name->type != REDIS_REPLY_STRING || value->type != REDIS_REPLY_STRING)
            return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
        const QByteArrayView text(name->str, qsizetype(name->len));
        for (int k = 0; k < FieldCount; ++k) {
            const int field = (next + k) % FieldCount;
            if (text == kFieldNames[field]) {
                values[field] = QByteArrayView(value->str, qsizetype(value->len));
                next = field + 1;
                break;
            }
        }
    }
    return decode(scope, key, values, tag);
}

Result<std::optional<Record>> RedisLayout::decodePacked(const QString &scope, const QString &key, const redisReply &packed,
                                                        const QString &tag) const
{
    const std::optional<QList<PackedField>> values = packed.type == REDIS_REPLY_STRING
        ? unpackFields(QByteArrayView(packed.str, qsizetype(packed.len)))
        : std::nullopt;
    if (!values || values->size() != FieldCount)
        return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    return decode(scope, key, *values, tag);
}

Result<std::optional<Record>> RedisLayout::decode(const QString &scope, const QString &key, const QList<PackedField> &values,
                                                  const QString &tag) const
{
    Q_ASSERT(values.size() == FieldCount);
    // Views into the reply: only what the record keeps is copied.
    QByteArrayView v[FieldCount];
    QByteArrayList missing;
    bool any = false;
    for (int i = 0; i < FieldCount; ++i) {
        const bool present = values[i].has_value();
        any = any || present;
        if (present)
            v[i] = *values[i];
        if (!present && i != Headers && i != Body)
            missing << kFieldNames[i];
    }
    if (!any)
        return std::optional<Record>(); // a hash always has a field: the key is gone
    if (!missing.isEmpty())
        return corrupt(scope, key, "missing", missing.join(", "), tag);
    // Compared as bytes: this runs for every claim.
    const std::optional<RecordState> state = v[State] == "IN_FLIGHT" ? std::optional(RecordState::InFlight)
        : v[State] == "COMPLETED"                                    ? std::optional(RecordState::Completed)
        : v[State] == "TIMED_OUT"                                    ? std::optional(RecordState::TimedOut)
                                                                     : std::nullopt;
    if (!state)
        return corrupt(scope, key, "state", v[State].toByteArray(), tag);
    qint64 numbers[FieldCount] = {};
    for (int i : {Attempts, StatusCode, CreatedAt, UpdatedAt, ExpiresAt, Reconciled}) {
        // Digits only, as record.lua reads them: no sign but '-', no space,
        // no fraction, at most 16 characters.
        const QByteArrayView text = v[i];
        bool ok = !text.isEmpty() && text.size() <= 16;
        for (qsizetype j = 0; ok && j < text.size(); ++j)
            ok = (text[j] >= '0' && text[j] <= '9') || (j == 0 && text[j] == '-' && text.size() > 1);
        numbers[i] = ok ? text.toLongLong(&ok) : 0;
        if (!ok)
            return corrupt(scope, key, "number", QByteArray(kFieldNames[i]) + '=' + v[i].toByteArray(), tag);
    }
    const NativeNumbers native{numbers[Attempts], numbers[StatusCode], numbers[CreatedAt], numbers[UpdatedAt], numbers[ExpiresAt],
                               numbers[Reconciled]};
    const QString lease = QString::fromUtf8(v[Lease]);
    if (const QString problem = nativeRangeProblem(native, *state, lease); !problem.isEmpty())
        return corrupt(scope, key, "range", problem.toUtf8(), tag);
    const bool hasResponse = values[Headers].has_value() && values[Body].has_value();
    if (*state == RecordState::Completed && !hasResponse)
        return corrupt(scope, key, "response", {}, tag);
    Record r;
    r.scope = scope;
    r.key = key;
    r.state = *state;
    r.fingerprint = QString::fromUtf8(v[Fingerprint]);
    r.lease = lease;
    r.owner = QString::fromUtf8(v[Owner]);
    r.attempts = int(numbers[Attempts]);
    r.bizNo = QString::fromUtf8(v[BizNo]);
    r.statusCode = int(numbers[StatusCode]);
    r.headers = v[Headers].toByteArray();
    r.body = v[Body].toByteArray();
    r.createdAt = numbers[CreatedAt];
    r.updatedAt = numbers[UpdatedAt];
    r.expiresAt = numbers[ExpiresAt];
    r.reconciled = numbers[Reconciled] != 0;
    return std::optional<Record>(std::move(r));
}

Result<void> RedisLayout::walkInFlight(RedisLink &c, const QString &scope, const QString &tag, const InFlightQuery &q,
                                       const std::function<bool(Record &&)> &visit) const
{
    const bool desc = q.newestFirst;
    // Where the walk starts: the keyset position (rows of other scopes at the
    // same instant sort by scope name), narrowed by the age filter.
    std::optional<qint64> start;
    bool exclusive = false;
    // Keyset within this scope's index: continue strictly after (score,
    // member), by rank taken in one script (keyset.lua), never by an offset
    // that shifts when another client removes members meanwhile.
    std::optional<std::pair<qint64, QByteArray>> position;
    if (q.after) {
        const QByteArray mine = scope.toUtf8(), theirs = q.after->scope.toUtf8();
        start = q.after->updatedAt;
        if (mine == theirs)
            position = std::pair{q.after->updatedAt, q.after->key.toUtf8()};
        else
            exclusive = desc ? mine > theirs : mine < theirs;
    }
    QByteArray end = desc ? QByteArray("-inf") : QByteArray("+inf");
    std::optional<qint64> below; // ascending with an age filter: scores from here on are not listed
    if (q.startedBeforeMs) {
        if (!desc) {
            end = '(' + QByteArray::number(*q.startedBeforeMs);
            below = *q.startedBeforeMs;
        } else if (!start || *q.startedBeforeMs <= *start) {
            start = *q.startedBeforeMs;
            exclusive = true;
            position.reset(); // the cutoff comes first: start below it
        }
    }
    const QByteArray keyPrefix = q.keyPrefix.toUtf8();
    const bool filtered = !q.keyPrefix.isEmpty() || !q.owner.isEmpty() || !q.bizNoPrefix.isEmpty();
    // Unfiltered, a page needs about `limit` members; a few more spare a round
    // trip per member when many attempts started in the same millisecond.
    const int batch = filtered ? kBatch : qBound(16, q.limit, kBatch);
    const QByteArray zset = inFlightKey(tag);
    for (;;) {
        const QByteArray from = start ? (exclusive ? QByteArray("(") : QByteArray()) + QByteArray::number(*start)
                                      : (desc ? QByteArray("+inf") : QByteArray("-inf"));
        Result<RedisReply> range = position
            ? c.command({"EVAL", keysetScript(), "1", zset, QByteArray::number(position->first), position->second,
                         QByteArray::number(batch), desc ? "1" : "0"})
            : c.command({desc ? "ZREVRANGEBYSCORE" : "ZRANGEBYSCORE", zset, from, end, "WITHSCORES", "LIMIT", "0",
                         QByteArray::number(batch)});
        if (!range)
            return range.error();
        const redisReply &m = *range.value();
        if (const QByteArray error = RedisConnection::errorText(m); !error.isEmpty())
            return replyError(error, Text::tr("Listing in-flight records (key %1)").arg(QString::fromUtf8(zset)));
        const qsizetype got = qsizetype(m.elements / 2);
        auto scoreAt = [&](qsizetype i) { return qint64(std::llround(RedisConnection::bytes(m.element[2 * i + 1]).toDouble())); };
        // A keyset page runs by rank, so it can reach past the age cutoff: cut it there.
        qsizetype n = got;
        while (below && n > 0 && scoreAt(n - 1) >= *below)
            --n;
        if (n == 0)
            return {};
        position = std::pair{scoreAt(n - 1), RedisConnection::bytes(m.element[2 * (n - 1)])};

        QByteArrayList keys;
        QList<qint64> scores;
        QList<RedisCommand> reads;
        for (qsizetype i = 0; i < n; ++i) {
            const QByteArray member = RedisConnection::bytes(m.element[2 * i]);
            if (!member.startsWith(keyPrefix))
                continue;
            keys << member;
            scores << scoreAt(i);
            reads << readCommand(recordKey(tag, member));
        }
        if (!reads.isEmpty()) {
            Result<QList<RedisReply>> hashes = c.pipeline(reads);
            if (!hashes)
                return hashes.error();
            // An attempt taken over between the two reads has a newer
            // updated_at than the score read first, like an index entry
            // that lies. Their scores now tell them apart (one more round
            // trip, only when a score and a record disagree).
            QHash<qsizetype, QByteArray> rescored;
            QList<RedisCommand> scoreReads;
            QList<qsizetype> scoreIndexes;
            for (qsizetype i = 0; i < keys.size(); ++i) {
                const redisReply &h = *hashes->at(i);
                if (h.type != REDIS_REPLY_ARRAY || h.elements != FieldCount || h.element[UpdatedAt]->type == REDIS_REPLY_NIL)
                    continue;
                if (RedisConnection::bytes(h.element[UpdatedAt]) != QByteArray::number(scores.at(i))) {
                    scoreReads << RedisCommand{"ZSCORE", zset, keys.at(i)};
                    scoreIndexes << i;
                }
            }
            if (!scoreReads.isEmpty()) {
                Result<QList<RedisReply>> now = c.pipeline(scoreReads);
                if (!now)
                    return now.error();
                for (qsizetype j = 0; j < scoreIndexes.size(); ++j)
                    rescored.insert(scoreIndexes.at(j), RedisConnection::bytes(now->at(j).get()));
            }
            for (qsizetype i = 0; i < keys.size(); ++i) {
                const QString key = QString::fromUtf8(keys.at(i));
                Result<std::optional<Record>> record = decode(scope, key, *hashes->at(i), tag);
                if (!record && record.error().kind != ErrorKind::Corrupt)
                    return record.error();
                // Taken over meanwhile: the index moved it to its new score,
                // where the walk meets it (or it is past the cutoff).
                if (record && record.value() && record.value()->updatedAt != scores.at(i) && rescored.contains(i)
                    && rescored.value(i) == QByteArray::number(record.value()->updatedAt))
                    continue;
                // A record that cannot be read is listed where its index
                // entry puts it, with what is wrong, and never acted on
                // (one bad record blocks only itself). Filters on
                // owner or biz_no cannot be met by what cannot be read.
                if (!record || (record.value() && record.value()->updatedAt != scores.at(i)
                                && record.value()->state == RecordState::InFlight)) {
                    if (!q.owner.isEmpty() || !q.bizNoPrefix.isEmpty())
                        continue;
                    Record bad;
                    bad.scope = scope;
                    bad.key = key;
                    bad.updatedAt = scores.at(i);
                    bad.readError = record ? corrupt(scope, key, "index",
                                                     QByteArray::number(scores.at(i)) + ' ' + QByteArray::number(record.value()->updatedAt), tag)
                                                 .message
                                           : record.error().message;
                    if (!visit(std::move(bad)))
                        return {};
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
                    return {};
            }
        }
        if (n < got || got < batch)
            return {};
    }
}

Result<QList<Record>> RedisLayout::timedOut(RedisLink &c, const QString &scope, const QString &tag, const InFlightQuery &q) const
{
    Result<RedisReply> members = c.command({"ZRANGE", timedOutKey(tag), "0", "-1"});
    if (!members)
        return members.error();
    if (const QByteArray error = RedisConnection::errorText(*members.value()); !error.isEmpty())
        return replyError(error, Text::tr("Listing timed-out records (key %1)").arg(QString::fromUtf8(timedOutKey(tag))));
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
            reads << readCommand(recordKey(tag, keys.at(i)));
        Result<QList<RedisReply>> hashes = c.pipeline(reads);
        if (!hashes)
            return hashes.error();
        for (qsizetype i = from; i < to; ++i) {
            const QString key = QString::fromUtf8(keys.at(i));
            Result<std::optional<Record>> record = decode(scope, key, *hashes->at(i - from), tag);
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

Result<void> RedisLayout::walkCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q,
                                        const std::function<void(Record &&)> &visit) const
{
    const QByteArray zset = completedKey(tag);
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
            commands.append(RedisCommand{"HMGET", recordKey(tag, member), "state", "updated_at", "biz_no", "owner"});
        Result<QList<RedisReply>> replies = c.pipeline(commands);
        if (!replies)
            return replies.error();
        QByteArrayList next;
        if (sentScan) {
            const redisReply &r = *replies->at(0);
            if (const QByteArray error = RedisConnection::errorText(r); !error.isEmpty())
                return replyError(error, Text::tr("Listing completed records (key %1)").arg(QString::fromUtf8(zset)));
            if (r.type != REDIS_REPLY_ARRAY || r.elements != 2 || r.element[1]->type != REDIS_REPLY_ARRAY)
                return replyError(QByteArray(), Text::tr("Listing completed records (key %1): ZSCAN answered no cursor").arg(QString::fromUtf8(zset)));
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
            if (const QByteArray error = RedisConnection::errorText(h); !error.isEmpty() || h.type != REDIS_REPLY_ARRAY || h.elements != 4) {
                // Another type under the record's key: listed with what is
                // wrong where filters on what cannot be read allow it.
                r.readError = corrupt(scope, r.key, "type", QByteArrayLiteral("value of another type"), tag).message;
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
                r.readError = corrupt(scope, r.key, "number", "updated_at=" + RedisConnection::bytes(h.element[1]).left(200), tag).message;
                r.updatedAt = 0;
            }
            if (matchesFilters(r, q))
                visit(std::move(r));
        }
        pending = std::move(next);
    }
    return {};
}

Result<QList<Record>> RedisLayout::completedPage(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q) const
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
            reads << readCommand(recordKey(tag, best.at(i).key));
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
        Result<std::optional<Record>> record = decode(scope, best.at(i).key, *hashes->at(j++), tag);
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

Result<qint64> RedisLayout::countCompleted(RedisLink &c, const QString &scope, const QString &tag, const RecordQuery &q) const
{
    qint64 n = 0;
    Result<void> walked = walkCompleted(c, scope, tag, q, [&n](Record &&) { ++n; });
    if (!walked)
        return walked.error();
    return n;
}
