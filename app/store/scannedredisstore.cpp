#include "app/store/scannedredisstore.h"

ScannedRedisStore::ScannedRedisStore(const StoreUrl &url, const Layout &layout, RedisScan::Reader reader)
    : ForeignStore(url, layout)
    , m_scan(url, layout, m_progress, std::move(reader))
{
}

ScannedRedisStore::~ScannedRedisStore() = default;

Result<void> ScannedRedisStore::openBackend()
{
    return m_scan.open();
}

Result<std::optional<KeyReplies>> ScannedRedisStore::readKey(const QString &scope, const QString &key)
{
    if (scope != m_layout.scope || key.isEmpty())
        return std::optional<KeyReplies>();
    Result<KeyReplies> read = m_scan.fetch(m_scan.redisKey(key));
    if (!read)
        return read.error();
    return std::optional<KeyReplies>(std::move(read.value()));
}

Result<QList<Record>> ScannedRedisStore::inFlight(const RecordQuery &query)
{
    return m_scan.inFlight(query);
}

Result<qint64> ScannedRedisStore::countInFlight(const RecordQuery &query)
{
    return m_scan.countInFlight(query);
}

Result<QList<ScopeCount>> ScannedRedisStore::countByState(const QString &scope)
{
    return m_scan.countByState(scope);
}

Result<QList<ActivityRow>> ScannedRedisStore::activity(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    return m_scan.activity(scope, fromMinute, toMinute);
}
