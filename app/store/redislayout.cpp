#include "redislayout.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

#include <cmath>

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RedisStore", text);
}

// Same order as FIELDS in resources/lua/record.lua.
enum Field { State, Fingerprint, Lease, Owner, Attempts, BizNo, StatusCode, Headers, Body, CreatedAt, UpdatedAt, ExpiresAt, Reconciled, FieldCount };
const char *const kFieldNames[FieldCount] = {"state", "fingerprint", "lease", "owner", "attempts", "biz_no", "status_code",
                                             "headers", "body", "created_at", "updated_at", "expires_at", "reconciled"};
constexpr int kBatch = 500;

} // namespace

std::optional<Error> RedisLayout::checkScope(const QString &scope)
{
    if (scope.isEmpty() || scope.contains(QLatin1Char('{')) || scope.contains(QLatin1Char('}')))
        return makeError(ErrorKind::InvalidArgument, tr("The scope '%1' cannot be stored in Redis: it must be non-empty and without '{' or '}' (they delimit the hash tag).").arg(scope));
    return std::nullopt;
}

RedisCommand RedisLayout::scriptKeys(const QString &scope, const QString &key, qint64 minute)
{
    const QByteArray p = prefix(scope);
    return {p + "r:" + key.toUtf8(), p + "inflight", p + "completed", p + "timedout", p + "c:" + QByteArray::number(minute),
            p + "minutes"};
}

RedisCommand RedisLayout::readCommand(const QByteArray &recordKey)
{
    RedisCommand hmget{"HMGET", recordKey};
    for (const char *name : kFieldNames)
        hmget << name;
    return hmget;
}

Error RedisLayout::replyError(const QByteArray &error, const QString &what) const
{
    const QByteArray word = error.left(error.indexOf(' '));
    ErrorKind kind = ErrorKind::Refused; // READONLY, OOM, NOPERM, NOAUTH, MOVED, ERR …: the server said no
    if (word == "LOADING" || word == "BUSY" || word == "MASTERDOWN" || word == "CLUSTERDOWN" || word == "TRYAGAIN")
        kind = ErrorKind::Unavailable;
    return makeError(kind, tr("%1 failed on %2: %3").arg(what, m_display, QString::fromUtf8(error)));
}

Error RedisLayout::corrupt(const QString &scope, const QString &key, const QByteArray &reason, const QByteArray &detail) const
{
    const QString where = tr("Record %1/%2 in %3 (key %4)").arg(scope, key, m_display, QString::fromUtf8(recordKey(scope, key)));
    const QString what = QString::fromUtf8(detail);
    QString message;
    if (reason == "type")
        message = tr("%1 holds a %2 instead of a hash: another program wrote that key. Nothing was run; inspect or delete it.").arg(where, what);
    else if (reason == "missing")
        message = tr("%1 is a truncated hash: the field(s) %2 are missing. Nothing was run; inspect or delete it.").arg(where, what);
    else if (reason == "state")
        message = tr("%1 has an unknown state '%2'.").arg(where, what);
    else if (reason == "number")
        message = tr("%1 has a field that is not a number: %2.").arg(where, what);
    else
        message = tr("%1 is COMPLETED but its cached response (headers, body) is missing.").arg(where);
    return makeError(ErrorKind::Corrupt, message);
}

Result<std::optional<Record>> RedisLayout::decode(const QString &scope, const QString &key, const redisReply &fields) const
{
    if (const QByteArray error = RedisConnection::errorText(fields); !error.isEmpty()) {
        if (error.startsWith("WRONGTYPE"))
            return corrupt(scope, key, "type", "value of another type");
        return replyError(error, tr("Reading a record"));
    }
    if (fields.type != REDIS_REPLY_ARRAY || fields.elements != FieldCount)
        return makeError(ErrorKind::Internal, tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    QByteArray v[FieldCount];
    QByteArrayList missing;
    bool any = false;
    for (int i = 0; i < FieldCount; ++i) {
        const bool present = fields.element[i]->type != REDIS_REPLY_NIL;
        any = any || present;
        v[i] = RedisConnection::bytes(fields.element[i]);
        if (!present && i != Headers && i != Body)
            missing << kFieldNames[i];
    }
    if (!any)
        return std::optional<Record>(); // a hash always has a field: the key is gone
    if (!missing.isEmpty())
        return corrupt(scope, key, "missing", missing.join(", "));
    // Compared as bytes: this runs for every claim.
    const std::optional<RecordState> state = v[State] == "IN_FLIGHT" ? std::optional(RecordState::InFlight)
        : v[State] == "COMPLETED"                                    ? std::optional(RecordState::Completed)
        : v[State] == "TIMED_OUT"                                    ? std::optional(RecordState::TimedOut)
                                                                     : std::nullopt;
    if (!state)
        return corrupt(scope, key, "state", v[State]);
    qint64 numbers[FieldCount] = {};
    for (int i : {Attempts, StatusCode, CreatedAt, UpdatedAt, ExpiresAt, Reconciled}) {
        bool ok = false;
        numbers[i] = v[i].toLongLong(&ok);
        if (!ok)
            return corrupt(scope, key, "number", QByteArray(kFieldNames[i]) + '=' + v[i]);
    }
    const bool hasResponse = fields.element[Headers]->type != REDIS_REPLY_NIL && fields.element[Body]->type != REDIS_REPLY_NIL;
    if (*state == RecordState::Completed && !hasResponse)
        return corrupt(scope, key, "response", {});
    Record r;
    r.scope = scope;
    r.key = key;
    r.state = *state;
    r.fingerprint = QString::fromUtf8(v[Fingerprint]);
    r.lease = QString::fromUtf8(v[Lease]);
    r.owner = QString::fromUtf8(v[Owner]);
    r.attempts = int(numbers[Attempts]);
    r.bizNo = QString::fromUtf8(v[BizNo]);
    r.statusCode = int(numbers[StatusCode]);
    r.headers = v[Headers];
    r.body = v[Body];
    r.createdAt = numbers[CreatedAt];
    r.updatedAt = numbers[UpdatedAt];
    r.expiresAt = numbers[ExpiresAt];
    r.reconciled = numbers[Reconciled] != 0;
    return std::optional<Record>(std::move(r));
}

Result<void> RedisLayout::walkInFlight(RedisConnection &c, const QString &scope, const InFlightQuery &q,
                                       const std::function<bool(Record &&)> &visit) const
{
    const bool desc = q.newestFirst;
    // Where the walk starts: the keyset position (rows of other scopes at the
    // same instant sort by scope name), narrowed by the age filter.
    std::optional<qint64> start;
    bool exclusive = false;
    std::optional<QByteArray> listedTiesUpTo; // same scope as the position: its ties up to the key were listed
    if (q.after) {
        const QByteArray mine = scope.toUtf8(), theirs = q.after->scope.toUtf8();
        start = q.after->updatedAt;
        if (mine == theirs)
            listedTiesUpTo = q.after->key.toUtf8();
        else
            exclusive = desc ? mine > theirs : mine < theirs;
    }
    QByteArray end = desc ? QByteArray("-inf") : QByteArray("+inf");
    if (q.startedBeforeMs > 0) {
        if (!desc) {
            end = '(' + QByteArray::number(q.startedBeforeMs);
        } else if (!start || q.startedBeforeMs <= *start) {
            start = q.startedBeforeMs;
            exclusive = true;
        }
    }
    const qint64 tieScore = q.after ? q.after->updatedAt : 0;
    const QByteArray keyPrefix = q.keyPrefix.toUtf8();
    const bool filtered = !q.keyPrefix.isEmpty() || !q.owner.isEmpty() || !q.bizNoPrefix.isEmpty();
    // Unfiltered, a page needs about `limit` members; a few more spare a round
    // trip per member when many attempts started in the same millisecond.
    const int batch = filtered ? kBatch : qBound(16, q.limit, kBatch);
    const QByteArray zset = inFlightKey(scope);
    qsizetype offset = 0;
    for (;;) {
        const QByteArray from = start ? (exclusive ? QByteArray("(") : QByteArray()) + QByteArray::number(*start)
                                      : (desc ? QByteArray("+inf") : QByteArray("-inf"));
        Result<RedisReply> range = c.command({desc ? "ZREVRANGEBYSCORE" : "ZRANGEBYSCORE", zset, from, end, "WITHSCORES",
                                              "LIMIT", QByteArray::number(offset), QByteArray::number(batch)});
        if (!range)
            return range.error();
        const redisReply &m = *range.value();
        if (const QByteArray error = RedisConnection::errorText(m); !error.isEmpty())
            return replyError(error, tr("Listing in-flight records"));
        const qsizetype n = qsizetype(m.elements / 2);
        if (n == 0)
            return {};
        auto scoreAt = [&](qsizetype i) { return qint64(std::llround(RedisConnection::bytes(m.element[2 * i + 1]).toDouble())); };

        // Next batch: from the last score seen, skipping the members at that
        // score already seen (ZRANGEBYSCORE orders ties by member).
        const qint64 last = scoreAt(n - 1);
        if (start && !exclusive && *start == last) {
            offset += n;
        } else {
            start = last;
            exclusive = false;
            offset = 0;
            for (qsizetype i = n - 1; i >= 0 && scoreAt(i) == last; --i)
                ++offset;
        }

        QByteArrayList keys;
        QList<RedisCommand> reads;
        for (qsizetype i = 0; i < n; ++i) {
            const QByteArray member = RedisConnection::bytes(m.element[2 * i]);
            if (listedTiesUpTo && scoreAt(i) == tieScore && (desc ? member >= *listedTiesUpTo : member <= *listedTiesUpTo))
                continue;
            if (!member.startsWith(keyPrefix))
                continue;
            keys << member;
            reads << readCommand(recordKey(scope, member));
        }
        if (!reads.isEmpty()) {
            Result<QList<RedisReply>> hashes = c.pipeline(reads);
            if (!hashes)
                return hashes.error();
            for (qsizetype i = 0; i < keys.size(); ++i) {
                Result<std::optional<Record>> record = decode(scope, QString::fromUtf8(keys.at(i)), *hashes->at(i));
                if (!record)
                    return record.error();
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
        if (n < batch)
            return {};
    }
}
