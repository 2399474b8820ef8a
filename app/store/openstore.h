#pragma once

#include "store.h"
#include "storeurl.h"

#include <memory>

// Opens the backend a URL names, with the schema ready. Passwords missing from
// the URL come from the environment (IDEM_PG_PASSWORD, IDEM_MYSQL_PASSWORD,
// IDEM_REDIS_PASSWORD), never from a settings file.
// With OpenMode::ReadOnly the store is wrapped in a ReadOnlyStore: every
// writing method refuses in the engine, whatever the caller shows.
enum class OpenMode { ReadWrite, ReadOnly };
Result<std::unique_ptr<Store>> openStore(const QString &url, OpenMode mode = OpenMode::ReadWrite);
Result<std::unique_ptr<Store>> openStore(const StoreUrl &url, OpenMode mode = OpenMode::ReadWrite);
