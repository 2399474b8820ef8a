#include "tests/idemctlfixture.h"

#include "app/store/storeurl.h"

#include <QDateTime>
#include <QTimeZone>

QByteArray goTime(qint64 ms, int extraNanos)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(8 * 3600));
    QByteArray fraction = QByteArray::number((ms % 1000) * 1000000 + extraNanos).rightJustified(9, '0');
    while (fraction.endsWith('0'))
        fraction.chop(1);
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")).toLatin1() + (fraction.isEmpty() ? QByteArray() : '.' + fraction) + "+08:00";
}

QByteArray goInFlight(const QByteArray &key, qint64 createdMs)
{
    return "{\"key\":\"" + key + "\",\"status_code\":0,\"headers\":null,\"body\":null,\"created_at\":\"" + goTime(createdMs, 417)
           + "\",\"expires_at\":\"" + goTime(createdMs + 86400000, 417) + "\",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":true}";
}

RedisSettings redisSettings(const QString &url)
{
    const StoreUrl parsed = StoreUrl::parse(url).value();
    RedisSettings settings;
    settings.host = parsed.host.toUtf8();
    settings.port = parsed.port;
    settings.database = parsed.database.toInt();
    return settings;
}
