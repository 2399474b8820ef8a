#include "openstore.h"

#include "redisstore.h"
#include "sqlstore.h"

#include <QCoreApplication>

Result<std::unique_ptr<Store>> openStore(const QString &url)
{
    Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed)
        return parsed.error();
    return openStore(parsed.value());
}

Result<std::unique_ptr<Store>> openStore(const StoreUrl &url)
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
    return store;
}
