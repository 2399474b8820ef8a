#include "app/store/goredisstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <hiredis/hiredis.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(GoRedisStore)
};

constexpr qsizetype kRawBodyLimit = 64 * 1024; // of an unreadable value, shown as its body
constexpr qsizetype kSeenLimit = 1024;

QString sha1Hex(const QByteArray &value)
{
    return QString::fromLatin1(QCryptographicHash::hash(value, QCryptographicHash::Sha1).toHex());
}

Record unreadable(const Layout &layout, const KeyReplies &k, const QString &what, const QByteArray &raw)
{
    Record r;
    r.scope = layout.scope;
    r.key = QString::fromUtf8(k.redisKey.sliced(layout.keyPrefix.size()));
    r.bizNo = r.key;
    r.state = RecordState::InFlight;
    r.lease = raw.isNull() ? QString() : sha1Hex(raw);
    r.body = raw.left(kRawBodyLimit);
    r.readError = QString::fromUtf8(k.redisKey) + QStringLiteral(": ") + what;
    return r;
}

} // namespace

GoRedisStore::GoRedisStore(const StoreUrl &url, const Layout &layout)
    : ScannedRedisStore(url, layout,
                        RedisScan::Reader{[](const QByteArray &key) {
                                              return QList<RedisCommand>{RedisCommand{"GET", key}};
                                          },
                                          [layout](const KeyReplies &k, qint64) { return toRecord(layout, k, true); }})
{
}

GoRedisStore::~GoRedisStore() = default;

std::optional<Record> GoRedisStore::toRecord(const Layout &layout, const KeyReplies &k, bool summary)
{
    if (!k.type.isEmpty())
        return unreadable(layout, k,
                          Text::tr("holds a Redis %1, expected a string (the middleware's JSON record)").arg(QString::fromUtf8(k.type)),
                          QByteArray());
    const redisReply *reply = k.replies.isEmpty() ? nullptr : k.replies.first().get();
    if (!reply || reply->type == REDIS_REPLY_NIL)
        return std::nullopt;
    const QByteArray value = RedisConnection::bytes(reply);
    Result<GoRecord> decoded = GoJson::decode(value, summary);
    if (decoded && summary && decoded->inFlight)
        decoded = GoJson::decode(value); // listed: in full
    if (!decoded)
        return unreadable(layout, k, decoded.error().message, value);
    const GoRecord &g = decoded.value();
    const QByteArray key = k.redisKey.sliced(layout.keyPrefix.size());
    if (g.key != key) {
        return unreadable(
            layout, k, Text::tr("its key field is \"%1\", not the key it is stored under").arg(QString::fromUtf8(g.key.left(200))), value);
    }
    Record r;
    if (summary && !g.inFlight) {
        r.state = RecordState::Completed;
        r.createdAt = r.updatedAt = g.createdAt.msSinceEpoch();
        r.expiresAt = g.expiresAt.msSinceEpoch();
        return r;
    }
    r.scope = layout.scope;
    r.key = QString::fromUtf8(key);
    r.bizNo = r.key;
    r.state = g.inFlight ? RecordState::InFlight : RecordState::Completed;
    r.fingerprint = QString::fromUtf8(g.requestHash);
    r.lease = sha1Hex(value);
    r.statusCode = int(g.statusCode);
    HeaderList headers;
    if (g.headers) {
        for (auto it = g.headers->cbegin(); it != g.headers->cend(); ++it)
            headers.append({it.key(), it.value()});
    }
    r.headers = encodeHeaders(headers);
    r.body = g.body.value_or(QByteArray());
    r.createdAt = g.createdAt.msSinceEpoch();
    r.updatedAt = r.createdAt;
    r.expiresAt = g.expiresAt.msSinceEpoch();
    return r;
}

QByteArray GoRedisStore::finishedValue(const GoRecord &stored, const Response &response, qint64 nowMs, qint64 retentionMs)
{
    GoRecord done = stored;
    done.statusCode = response.status;
    done.headers.emplace(); // the middleware's captured header map is never nil
    for (const auto &[name, value] : response.headers)
        done.headers->insert(name, value); // a map: the last value of a name wins
    // bytes.Buffer.Bytes() of an empty capture is a nil slice: null.
    done.body = response.body.isEmpty() ? std::nullopt : std::optional<QByteArray>(response.body);
    done.expiresAt = GoTime::fromMs(nowMs + retentionMs, stored.createdAt.offsetSeconds);
    done.inFlight = false;
    return GoJson::encode(done);
}

Result<void> GoRedisStore::openBackend()
{
    if (Result<void> present = m_script.present(); !present)
        return present;
    return ScannedRedisStore::openBackend();
}

void GoRedisStore::remember(const QByteArray &redisKey, const QByteArray &value)
{
    QMutexLocker lock(&m_seenMutex);
    if (m_seen.size() >= kSeenLimit)
        m_seen.clear();
    m_seen.insert(redisKey, value);
}

std::optional<QByteArray> GoRedisStore::recall(const QByteArray &redisKey)
{
    QMutexLocker lock(&m_seenMutex);
    auto it = m_seen.find(redisKey);
    if (it == m_seen.end())
        return std::nullopt;
    QByteArray value = it.value();
    m_seen.erase(it);
    return value;
}

Result<std::optional<Record>> GoRedisStore::readRecord(const QString &scope, const QString &key)
{
    Result<std::optional<KeyReplies>> read = readKey(scope, key);
    if (!read)
        return read.error();
    if (!read.value())
        return std::optional<Record>();
    const KeyReplies &replies = *read.value();
    if (replies.type.isEmpty() && !replies.replies.isEmpty() && replies.replies.first()->type == REDIS_REPLY_STRING)
        remember(replies.redisKey, RedisConnection::bytes(replies.replies.first().get()));
    return toRecord(m_layout, replies);
}

Result<ActionResult> GoRedisStore::applyAction(const OperatorAction &action)
{
    if (action.expectedState != RecordState::InFlight) {
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("\"%1\" applies to in-flight records only: the %2 layout keeps no %3 records.")
                             .arg(operatorActionName(action.kind), m_layout.name, recordStateName(action.expectedState)));
    }
    return ForeignStore::applyAction(action);
}

Result<TransitionOutcome> GoRedisStore::writeAction(const OperatorAction &action, const Record &current)
{
    if (!current.readError.isEmpty())
        return makeError(ErrorKind::Corrupt, current.readError);
    const QByteArray redisKey = m_scan.redisKey(action.key);
    Result<RedisLink *> c = m_scan.connection();
    if (!c)
        return c.error();

    RedisCommand args{action.lease.toLatin1()};
    if (action.kind == OperatorActionKind::ReconcileComplete) {
        // The value the lease stands for: what readRecord() saw, else read again.
        std::optional<QByteArray> value = recall(redisKey);
        if (!value || sha1Hex(*value) != action.lease) {
            Result<KeyReplies> read = m_scan.fetch(redisKey);
            if (!read)
                return read.error();
            const redisReply *r = read->replies.isEmpty() ? nullptr : read->replies.first().get();
            if (read->type.isEmpty() && (!r || r->type == REDIS_REPLY_NIL))
                return TransitionOutcome::NotFound;
            value = RedisConnection::bytes(r);
            if (!read->type.isEmpty() || sha1Hex(*value) != action.lease)
                return TransitionOutcome::StaleLease;
        }
        Result<GoRecord> stored = GoJson::decode(*value);
        if (!stored)
            return makeError(ErrorKind::Corrupt, QString::fromUtf8(redisKey) + QStringLiteral(": ") + stored.error().message);
        args << "set" << finishedValue(stored.value(), action.response, action.nowMs, m_layout.retentionMs)
             << QByteArray::number(m_layout.retentionMs);
    } else {
        args << "del";
    }

    Result<RedisReply> reply = m_script.run(*c.value(), RedisCommand{redisKey}, args);
    if (!reply)
        return reply.error();
    const QByteArray answer = RedisConnection::bytes(reply.value().get());
    if (answer == "applied")
        return TransitionOutcome::Applied;
    if (answer == "stale")
        return TransitionOutcome::StaleLease;
    if (answer == "gone")
        return TransitionOutcome::NotFound;
    return makeError(ErrorKind::Refused, Text::tr("Redis %1 did not run the action on %2: %3")
                                             .arg(m_scan.displayUrl(), QString::fromUtf8(redisKey),
                                                  QString::fromUtf8(RedisConnection::errorText(*reply.value()))));
}
