#include "app/store/redisconnectionpool.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QHash>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisConnectionPool)
};

// This thread's connection of each pool, freed when the thread ends.
struct ThreadConnections {
    QHash<quint64, std::shared_ptr<RedisConnection>> byPool;
};
thread_local ThreadConnections t_connections;
QAtomicInteger<quint64> g_nextPoolId{1};

} // namespace

RedisConnectionPool::RedisConnectionPool(const StoreUrl &url)
    : m_id(g_nextPoolId.fetchAndAddRelaxed(1))
{
    m_settings.host = url.host.toUtf8();
    m_settings.port = url.port;
    m_settings.user = url.user.toUtf8();
    m_settings.password = (url.password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url.password).toUtf8();
    m_settings.database = url.database.isEmpty() ? 0 : url.database.toInt();
    m_settings.display = url.displayString();
    m_settings.clientName = "idem-" + QByteArray::number(QCoreApplication::applicationPid());
    const auto option = [&](const char *name, int fallback, int *out) {
        const QString text = url.options.value(QLatin1String(name));
        bool ok = true;
        const int value = text.isEmpty() ? fallback : text.toInt(&ok);
        if ((!ok || value < 1 || value > 600000) && !m_settingsError) {
            m_settingsError = makeError(ErrorKind::InvalidArgument, Text::tr("The Redis URL option %1 must be a number of milliseconds from 1 to 600000, not '%2'.")
                                                                        .arg(QLatin1String(name), text));
        }
        *out = value;
    };
    option("connect_timeout_ms", 2000, &m_settings.connectTimeoutMs);
    option("timeout_ms", 5000, &m_settings.commandTimeoutMs);
}

RedisConnectionPool::~RedisConnectionPool()
{
    QMutexLocker lock(&m_mutex);
    for (const std::weak_ptr<RedisConnection> &weak : m_connections) {
        if (const std::shared_ptr<RedisConnection> c = weak.lock())
            c->close();
    }
}

Result<RedisLink *> RedisConnectionPool::connection()
{
    if (m_settingsError)
        return *m_settingsError;
    auto found = t_connections.byPool.constFind(m_id);
    if (found != t_connections.byPool.cend())
        return found.value().get();
    // Connections of pools destroyed since this thread last looked.
    t_connections.byPool.removeIf([](const auto &it) { return it.value()->isClosed(); });
    auto c = std::make_shared<RedisConnection>(m_settings);
    t_connections.byPool.insert(m_id, c);
    QMutexLocker lock(&m_mutex);
    std::erase_if(m_connections, [](const std::weak_ptr<RedisConnection> &w) { return w.expired(); });
    m_connections.push_back(c);
    return c.get();
}
