#include "app/store/redisconnection.h"
#include "tests/testserver.h"

#include <QDeadlineTimer>
#include <QtTest>

QByteArray TestCluster::cliOrWarn(int node, const QStringList &arguments) const
{
    QString error;
    const std::optional<QByteArray> out = cli(node, arguments, &error);
    if (!out)
        qWarning("redis-cli on node %d: %s", node, qPrintable(error));
    return out.value_or(QByteArray());
}

QList<int> TestCluster::masters() const
{
    QList<int> all;
    for (int node = 0; node < NodeCount; ++node) {
        if (isRunning(node) && masterOf(node) == node)
            all << node;
    }
    return all;
}

std::optional<RedisSlotMap> TestCluster::slotMap() const
{
    for (const int node : masters()) {
        const std::optional<std::pair<QByteArray, int>> hostPort = redisSplitAddress(address(node));
        RedisSettings settings;
        settings.host = hostPort->first;
        settings.port = hostPort->second;
        RedisConnection connection(settings);
        Result<RedisReply> reply = connection.command({"CLUSTER", "SLOTS"});
        if (!reply)
            continue;
        if (Result<RedisSlotMap> map = RedisSlotMap::parse(*reply.value(), settings.host))
            return std::move(map.value());
    }
    return std::nullopt;
}

int TestCluster::masterOfKey(QByteArrayView key) const
{
    const std::optional<RedisSlotMap> map = slotMap();
    return map ? nodeOf(map->masterOf(redisKeySlot(key))) : -1;
}

QByteArray TestCluster::tagOn(int master, const QByteArray &stem) const
{
    const std::optional<RedisSlotMap> map = slotMap();
    for (int i = 0; map && i < 100000; ++i) {
        const QByteArray tag = stem + QByteArray::number(i);
        if (nodeOf(map->masterOf(redisKeySlot(tag))) == master)
            return tag;
    }
    return QByteArray();
}

bool TestCluster::moveSlot(QByteArrayView tag, int from, int to, int pauseMs, QString *error)
{
    const QString slot = QString::number(redisKeySlot(tag));
    // One redis-cli call that must answer OK; false with *error otherwise.
    const auto ok = [&](int node, const QStringList &arguments) {
        const std::optional<QByteArray> out = cli(node, arguments, error);
        if (out && out->trimmed() == "OK")
            return true;
        if (out)
            *error = QStringLiteral("redis-cli %1 on node %2 answered %3")
                         .arg(arguments.join(QLatin1Char(' ')))
                         .arg(node)
                         .arg(QString::fromUtf8(out->trimmed()));
        return false;
    };
    const auto idOf = [&](int node) {
        return QString::fromLatin1(cli(node, {QStringLiteral("cluster"), QStringLiteral("myid")}, error).value_or(QByteArray()).trimmed());
    };
    const QString fromId = idOf(from);
    const QString toId = idOf(to);
    if (fromId.isEmpty() || toId.isEmpty()) {
        *error = QStringLiteral("CLUSTER MYID gave no id on node %1 or %2: %3").arg(from).arg(to).arg(*error);
        return false;
    }
    const auto [host, port] = *redisSplitAddress(address(to));
    if (!ok(to, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("importing"), fromId})
        || !ok(from, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("migrating"), toId}))
        return false;
    for (;;) {
        const std::optional<QByteArray> keys =
            cli(from, {QStringLiteral("cluster"), QStringLiteral("getkeysinslot"), slot, QString::number(pauseMs > 0 ? 16 : 500)}, error);
        if (!keys)
            return false;
        if (keys->trimmed().isEmpty())
            break;
        QStringList migrate{QStringLiteral("migrate"), QString::fromUtf8(host), QString::number(port), QString(),
                            QStringLiteral("0"),       QStringLiteral("5000"),  QStringLiteral("keys")};
        for (const QByteArray &key : keys->trimmed().split('\n'))
            migrate << QString::fromLatin1(key.trimmed());
        if (!ok(from, migrate))
            return false;
        QTest::qWait(pauseMs); // traffic meets ASK meanwhile
    }
    // The destination first, then the source, then the rest (as redis-cli
    // does): the other order sends MOVED back and forth meanwhile.
    QList<int> order{to, from};
    for (const int node : masters()) {
        if (node != to && node != from)
            order << node;
    }
    for (const int node : std::as_const(order)) {
        if (!ok(node, {QStringLiteral("cluster"), QStringLiteral("setslot"), slot, QStringLiteral("node"), toId}))
            return false;
    }
    const QDeadlineTimer deadline(60000); // liveness on a busy 2-core box, not speed
    while (masterOfKey(tag) != to) {
        if (deadline.hasExpired()) {
            *error = QStringLiteral("the slot map did not name node %1 as the owner of slot %2 within 60 s").arg(to).arg(slot);
            return false;
        }
        QTest::qWait(100);
    }
    return true;
}
