#pragma once

#include "app/store/redisconnection.h"
#include "app/store/storeurl.h"

#include <QMutex>

#include <memory>
#include <optional>
#include <vector>

// One RedisConnection per thread for one store (DESIGN.md "Threading": a
// hiredis context belongs to the thread that uses it). A thread gets its
// connection on first use and keeps it until the thread ends or the pool is
// destroyed, which closes every thread's connection. Shared by RedisStore
// and the foreign layouts' RedisScan.
//
// The settings come from a redis:// URL: host, port, user, database, the
// password from the URL or else IDEM_REDIS_PASSWORD, and the options
// connect_timeout_ms (default 2000) and timeout_ms (per command, default
// 5000), each 1 to 600000. A bad option makes every connection() fail
// with ErrorKind::InvalidArgument naming it.
class RedisConnectionPool final {
    Q_DISABLE_COPY_MOVE(RedisConnectionPool)
public:
    explicit RedisConnectionPool(const StoreUrl &url);
    ~RedisConnectionPool();

    // The calling thread's connection (it connects lazily, on first command).
    Result<RedisLink *> connection();
    const RedisSettings &settings() const { return m_settings; }

private:
    const quint64 m_id;
    RedisSettings m_settings;
    std::optional<Error> m_settingsError;
    QMutex m_mutex;
    std::vector<std::weak_ptr<RedisConnection>> m_connections; // every thread's, for the destructor
};
