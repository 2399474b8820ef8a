#include "openstore.h"

#include "readonlystore.h"
#include "redisstore.h"
#include "sqlstore.h"

#include <QCoreApplication>

Result<std::unique_ptr<Store>> openStore(const QString &url, OpenMode mode)
{
    Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed)
        return parsed.error();
    return openStore(parsed.value(), mode);
}

Result<std::unique_ptr<Store>> openStore(const StoreUrl &url, OpenMode mode)
{
    std::unique_ptr<Store> store;
    switch (url.kind) {
    case StoreUrl::Kind::Sqlite:
        store = std::make_unique<SqlStore>(url);
        break;
    case StoreUrl::Kind::Redis:
        store = std::make_unique<RedisStore>(url);
        break;
    case StoreUrl::Kind::Postgres:
    case StoreUrl::Kind::Mysql:
        store = std::make_unique<SqlStore>(url);
        break;
    }
    if (Result<void> opened = store->open(); !opened)
        return opened.error();
    if (mode == OpenMode::ReadOnly)
        return std::unique_ptr<Store>(std::make_unique<ReadOnlyStore>(std::move(store)));
    return store;
}
