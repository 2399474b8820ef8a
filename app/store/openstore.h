#pragma once

#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <memory>

// Opens the backend a URL names, with the schema ready. Passwords missing from
// the URL come from the environment (IDEM_PG_PASSWORD, IDEM_MYSQL_PASSWORD,
// IDEM_REDIS_PASSWORD), never from a settings file.
// With OpenMode::ReadOnly the store is wrapped in a ReadOnlyStore: every
// writing method refuses in the engine, whatever the caller shows. The
// default is the guard's own mode (OpenMode::Create): a service's first
// write creates its store; an operator's tools pass ReadWrite or ReadOnly,
// which never create one (store.h says what each mode may do).
// With the URL option metrics=http://host:port the store's counterSource()
// is that Prometheus server, queried through the layout's "metrics" mapping
// (the exporter's metrics when the layout has none); metrics_timeout_ms
// bounds each query (default 5000).
Result<std::unique_ptr<Store>> openStore(const QString &url, OpenMode mode = OpenMode::Create);
Result<std::unique_ptr<Store>> openStore(const StoreUrl &url, OpenMode mode = OpenMode::Create);
