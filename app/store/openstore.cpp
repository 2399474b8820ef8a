#include "openstore.h"

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
    case StoreUrl::Kind::Postgres:
    case StoreUrl::Kind::Mysql:
    case StoreUrl::Kind::Redis:
        return makeError(ErrorKind::NotBuilt,
                         QCoreApplication::translate("StoreUrl", "The %1 backend is not built yet; this build has the embedded SQLite store (sqlite:///path.db).")
                             .arg(url.schemeName()));
    }
    if (Result<void> opened = store->open(); !opened)
        return opened.error();
    return store;
}
