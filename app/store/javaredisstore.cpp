#include "app/store/javaredisstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>

#include <hiredis/hiredis.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(JavaRedisStore)
};

} // namespace

JavaRedisStore::JavaRedisStore(const StoreUrl &url, const Layout &layout)
    : ScannedRedisStore(url, layout,
                        RedisScan::Reader{[](const QByteArray &key) {
                                              return QList<RedisCommand>{RedisCommand{"GET", key}, RedisCommand{"PTTL", key}};
                                          },
                                          [layout](const KeyReplies &k, qint64 nowMs) { return toRecord(layout, k, nowMs); }})
{
}

JavaRedisStore::~JavaRedisStore() = default;

std::optional<Record> JavaRedisStore::toRecord(const Layout &layout, const KeyReplies &k, qint64 nowMs)
{
    Record r;
    r.scope = layout.scope;
    r.key = QString::fromUtf8(k.redisKey.sliced(layout.keyPrefix.size()));
    r.state = RecordState::InFlight;
    const QString where = QString::fromUtf8(k.redisKey) + QStringLiteral(": ");
    if (!k.type.isEmpty()) {
        r.readError = where
                      + Text::tr("holds a Redis %1, expected a string (%2 or %3)")
                            .arg(QString::fromUtf8(k.type), layout.processingValue, layout.successValue);
        return r;
    }
    const redisReply *value = k.replies.value(0).get();
    if (!value || value->type == REDIS_REPLY_NIL)
        return std::nullopt;
    const QByteArray text = RedisConnection::bytes(value);
    r.lease = QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha1).toHex());
    const redisReply *ttl = k.replies.value(1).get();
    // A TTL past any time a record can have (year 9999) is none a service
    // set: read as no TTL, not run into an overflow below.
    const qint64 pttl = ttl && ttl->type == REDIS_REPLY_INTEGER && ttl->integer <= kLatestRecordMs ? ttl->integer : -1;
    const QString state = QString::fromUtf8(text);
    if (state == layout.processingValue) {
        r.updatedAt = pttl >= 0 ? nowMs - (layout.processingTtlMs - pttl) : 0;
        r.createdAt = r.updatedAt;
    } else if (state == layout.successValue) {
        r.state = RecordState::Completed;
        r.updatedAt = pttl >= 0 ? nowMs - (layout.successTtlMs - pttl) : 0;
        r.createdAt = r.updatedAt;
        r.expiresAt = pttl >= 0 ? nowMs + pttl : 0;
    } else {
        r.body = text.left(64 * 1024);
        r.readError = where + Text::tr("holds \"%1\", expected %2 or %3").arg(state.left(200), layout.processingValue, layout.successValue);
    }
    return r;
}

Result<std::optional<Record>> JavaRedisStore::readRecord(const QString &scope, const QString &key)
{
    Result<std::optional<KeyReplies>> read = readKey(scope, key);
    if (!read)
        return read.error();
    if (!read.value())
        return std::optional<Record>();
    return toRecord(m_layout, *read.value(), QDateTime::currentMSecsSinceEpoch());
}

Error JavaRedisStore::refusedHere(OperatorActionKind kind) const
{
    return refused(Text::tr("\"%1\" on the Redis cache alone (the java-handler record lives in MySQL: open the MySQL store "
                            "with layout=java-handler&cache=redis://… to act on it)")
                       .arg(operatorActionName(kind)));
}

Result<ActionResult> JavaRedisStore::applyAction(const OperatorAction &action)
{
    return refusedHere(action.kind); // before any audit entry: nothing will change
}

Result<TransitionOutcome> JavaRedisStore::writeAction(const OperatorAction &action, const Record &)
{
    return refusedHere(action.kind);
}
