#include "app/store/redisbuckets.h"

#include "app/store/rediscluster.h"
#include "app/store/luascript.h"
#include "app/store/redisconnection.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

constexpr int kSlots = 16384;

const LuaScript &countScript()
{
    static const LuaScript script = LuaScript::fromResources({"buckets"});
    return script;
}

// CRC16 (XMODEM) of the whole key, as Redis computes a slot, without the
// hash-tag rule: a key's bucket depends on all of it.
quint16 crc16(QByteArrayView bytes)
{
    quint16 crc = 0;
    for (const char ch : bytes) {
        crc ^= quint16(quint8(ch)) << 8;
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
    }
    return crc;
}

} // namespace

const QString &ScopeBuckets::tagOf(QByteArrayView key) const
{
    return tags.size() == 1 ? tags.constFirst() : tags.at(RedisBuckets::bucketOf(key, int(tags.size())));
}

QString RedisBuckets::tag(const QString &scope, int index, int count)
{
    if (count <= 1)
        return scope;
    const QString base = scope + QLatin1Char('#') + QStringLiteral("%1").arg(index, 2, 10, QLatin1Char('0'));
    const int first = int(qint64(index) * kSlots / count), end = int(qint64(index + 1) * kSlots / count);
    // Each candidate lands in the range with chance 1/count: a few hundred
    // tries at most, once per scope and process.
    for (int attempt = 0;; ++attempt) {
        const QString candidate = attempt == 0 ? base : base + QLatin1Char('.') + QString::number(attempt);
        const int slot = redisKeySlot(candidate.toUtf8());
        if (slot >= first && slot < end)
            return candidate;
    }
}

int RedisBuckets::bucketOf(QByteArrayView key, int count)
{
    return count <= 1 ? 0 : int(crc16(key) % quint16(count));
}

ScopeBuckets RedisBuckets::make(const QString &scope, int count)
{
    ScopeBuckets buckets;
    buckets.scope = scope;
    for (int i = 0; i < qMax(1, count); ++i)
        buckets.tags << tag(scope, i, count);
    return buckets;
}

std::optional<Error> RedisBuckets::checkClusterScope(const QString &scope)
{
    if (!scope.contains(QLatin1Char('#')))
        return std::nullopt;
    return makeError(ErrorKind::InvalidArgument,
                     Text::tr("The scope '%1' cannot be stored on a Redis Cluster: '#' separates a scope from its "
                              "bucket number there (scope#07), so a scope name may not contain it.")
                         .arg(scope));
}

ScopeBucketsPtr RedisBuckets::known(const QString &scope) const
{
    QReadLocker lock(&m_lock);
    return m_known.value(scope);
}

ScopeBucketsPtr RedisBuckets::remember(const QString &scope, int count)
{
    auto made = std::make_shared<const ScopeBuckets>(make(scope, count));
    QWriteLocker lock(&m_lock);
    // Another thread may have been first: keep one object (the counts agree).
    return *m_known.insert(scope, m_known.value(scope, made));
}

Error RedisBuckets::badCount(const QString &scope, const QByteArray &text) const
{
    return makeError(ErrorKind::Corrupt, Text::tr("The bucket count of scope '%1' in %2 is '%3', not a number from 1 to %4: another "
                                                  "program wrote it. Records of that scope cannot be found until it is put back.")
                                             .arg(scope, QString::fromUtf8(countsKey()), QString::fromUtf8(text.left(40)))
                                             .arg(kMaxCount));
}

Result<ScopeBucketsPtr> RedisBuckets::forWrite(RedisLink &c, const QString &scope)
{
    if (!c.isCluster())
        return std::make_shared<const ScopeBuckets>(make(scope, 1));
    if (ScopeBucketsPtr found = known(scope))
        return found;
    Result<RedisReply> reply = countScript().run(c, {"idem:scopes", countsKey()}, {scope.toUtf8(), QByteArray::number(m_clusterCount)});
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    if (r.type != REDIS_REPLY_INTEGER) {
        const QByteArray error = RedisConnection::errorText(r);
        if (error.startsWith("WRONGTYPE"))
            return makeError(ErrorKind::Corrupt,
                             Text::tr("The scope registry (idem:scopes or %1) holds another type than idem-console writes "
                                      "there: another program wrote it.")
                                 .arg(QString::fromUtf8(countsKey())));
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Fixing the bucket count of scope '%1' failed: %2").arg(scope, QString::fromUtf8(error)));
    }
    if (r.integer < 1 || r.integer > kMaxCount)
        return badCount(scope, QByteArray::number(r.integer));
    return remember(scope, int(r.integer));
}

Result<QList<ScopeBucketsPtr>> RedisBuckets::forRead(RedisLink &c, const QStringList &scopes)
{
    QList<ScopeBucketsPtr> result(scopes.size());
    RedisCommand read{"HMGET", countsKey()};
    QList<qsizetype> asked;
    for (qsizetype i = 0; i < scopes.size(); ++i) {
        if (!c.isCluster())
            result[i] = std::make_shared<const ScopeBuckets>(make(scopes.at(i), 1));
        else if (!(result[i] = known(scopes.at(i)))) {
            read << scopes.at(i).toUtf8();
            asked << i;
        }
    }
    if (asked.isEmpty())
        return result;
    Result<RedisReply> reply = c.command(read);
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    if (r.type != REDIS_REPLY_ARRAY || r.elements != size_t(asked.size())) {
        const QByteArray error = RedisConnection::errorText(r);
        if (error.startsWith("WRONGTYPE"))
            return makeError(ErrorKind::Corrupt,
                             Text::tr("%1 holds another type than a hash: another program wrote it.").arg(QString::fromUtf8(countsKey())));
        return makeError(ErrorKind::Unavailable, Text::tr("Reading the bucket counts failed: %1").arg(QString::fromUtf8(error)));
    }
    for (qsizetype n = 0; n < asked.size(); ++n) {
        const qsizetype i = asked.at(n);
        if (r.element[n]->type == REDIS_REPLY_NIL) {
            result[i] = std::make_shared<const ScopeBuckets>(make(scopes.at(i), 1));
            continue;
        }
        const QByteArray text = RedisConnection::bytes(r.element[n]);
        bool ok = false;
        const int count = text.toInt(&ok);
        if (!ok || count < 1 || count > kMaxCount)
            return badCount(scopes.at(i), text);
        result[i] = remember(scopes.at(i), count);
    }
    return result;
}
