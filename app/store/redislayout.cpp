#include "app/store/redislayout.h"
#include "app/store/redislayoutfields.h"

#include <QCoreApplication>
#include <QHash>

#include <hiredis/hiredis.h>

#include <charconv>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

using namespace RedisLayoutFields;

std::optional<Error> RedisLayout::checkScope(const QString &scope)
{
    if (scope.isEmpty() || scope.contains(QLatin1Char('{')) || scope.contains(QLatin1Char('}')))
        return makeError(
            ErrorKind::InvalidArgument,
            Text::tr("The scope '%1' cannot be stored in Redis: it must be non-empty and without '{' or '}' (they delimit the hash tag).")
                .arg(scope));
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
    // (on a cluster: the bucket's tag, one of a scope's 12 by default) and
    // the minute for its next calls (the record key's prefix and five whole
    // keys), so only the record key is made per call. Kept per scope, not
    // only the last one: on a cluster consecutive requests land in
    // different buckets, and rebuilding the keys each time cost a first
    // request about 4.4 of its 67 kIr on the client.
    struct Scoped {
        qint64 minute = -1;
        QByteArray recordPrefix; // idem:{scope}:r:
        QByteArray keys[5]; // inflight, completed, timedout, this minute's counters, minutes
    };
    constexpr qsizetype kKeptScopes = 256; // a thread's working set; past it, start again
    thread_local QHash<QString, Scoped> kept;
    const auto make = [](const QByteArray &tag, QByteArrayView kind, QByteArrayView rest = {}) -> QByteArray {
        QByteArray out;
        out.reserve(8 + tag.size() + kind.size() + rest.size());
        out.append("idem:{").append(tag).append("}:").append(kind).append(rest);
        return out;
    };
    auto found = kept.find(scope);
    if (found == kept.end() || found->minute != minute) {
        if (found == kept.end() && kept.size() >= kKeptScopes)
            kept.clear();
        char digits[24];
        const QByteArrayView number(digits, std::to_chars(digits, digits + sizeof digits, minute).ptr - digits);
        const QByteArray tag = scope.toUtf8();
        found = kept.insert(scope, Scoped{minute,
                                          make(tag, "r:"),
                                          {make(tag, "inflight"), make(tag, "completed"), make(tag, "timedout"), make(tag, "c:", number),
                                           make(tag, "minutes")}});
    }
    const Scoped &last = *found;
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
    const QString where =
        Text::tr("Record %1/%2 in %3 (key %4)").arg(scope, key, m_display, QString::fromUtf8(recordKey(tag.isEmpty() ? scope : tag, key)));
    const QString what = QString::fromUtf8(detail);
    QString message;
    if (reason == "type")
        message = Text::tr("%1 holds a %2 instead of a hash: another program wrote that key. Nothing was run; inspect or delete it.")
                      .arg(where, what);
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
    // Every field (readCommand), or a script's copy, which ends before the request.
    if (fields.type != REDIS_REPLY_ARRAY || (fields.elements != FieldCount && fields.elements != kScriptFieldCount))
        return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    QList<PackedField> values(FieldCount); // a field not read stays missing
    QByteArray numberText[FieldCount]; // a script's integer, as text
    for (int i = 0; i < int(fields.elements); ++i) {
        const redisReply *field = fields.element[i];
        if (field->type == REDIS_REPLY_NIL) {
            values[i] = std::nullopt;
        } else if (field->type == REDIS_REPLY_STRING || field->type == REDIS_REPLY_STATUS) {
            values[i] = QByteArrayView(field->str, qsizetype(field->len));
        } else {
            numberText[i] = RedisConnection::bytes(field); // empty for an array or an error: checked as such
            values[i] = QByteArrayView(numberText[i]);
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
    std::optional<QList<PackedField>> values =
        packed.type == REDIS_REPLY_STRING ? unpackFields(QByteArrayView(packed.str, qsizetype(packed.len))) : std::nullopt;
    if (!values || values->size() != kScriptFieldCount)
        return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered a record read with an unexpected reply.").arg(m_display));
    values->resize(FieldCount); // the claim's copy never carries the request
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
        if (!present && i != Headers && i != Body && i != Request)
            missing << kFieldNames[i];
    }
    if (!any)
        return std::optional<Record>(); // a hash always has a field: the key is gone
    if (!missing.isEmpty())
        return corrupt(scope, key, "missing", missing.join(", "), tag);
    // Compared as bytes: this runs for every claim.
    const std::optional<RecordState> state = v[State] == "IN_FLIGHT"   ? std::optional(RecordState::InFlight)
                                             : v[State] == "COMPLETED" ? std::optional(RecordState::Completed)
                                             : v[State] == "TIMED_OUT" ? std::optional(RecordState::TimedOut)
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
    const NativeNumbers native{numbers[Attempts],  numbers[StatusCode], numbers[CreatedAt],
                               numbers[UpdatedAt], numbers[ExpiresAt],  numbers[Reconciled]};
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
    r.request = v[Request].toByteArray(); // absent: none kept (or written before requests were)
    return std::optional<Record>(std::move(r));
}
