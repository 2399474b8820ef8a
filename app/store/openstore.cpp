#include "app/store/openstore.h"

#include "app/store/foreignsqlstore.h"
#include "app/store/goredisstore.h"
#include "app/store/javaredisstore.h"
#include "app/store/layout.h"
#include "app/store/readonlystore.h"
#include "app/store/redisstore.h"
#include "app/store/sqlstore.h"
#include "app/telemetry/prometheuscountersource.h"

#include <QCoreApplication>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(OpenStore)
};

// The backend for a foreign layout (DESIGN.md "Existing deployments"): each
// layout is defined on the backends its service writes.
Result<std::unique_ptr<Store>> foreignStore(const StoreUrl &url, const Layout &layout)
{
    const bool redis = url.kind == StoreUrl::Kind::Redis;
    switch (layout.family) {
    case LayoutFamily::GoMiddleware:
        if (redis)
            return std::unique_ptr<Store>(std::make_unique<GoRedisStore>(url, layout));
        if (url.kind == StoreUrl::Kind::Postgres)
            return std::unique_ptr<Store>(std::make_unique<ForeignSqlStore>(url, layout));
        break;
    case LayoutFamily::JavaHandler:
        if (redis)
            return std::unique_ptr<Store>(std::make_unique<JavaRedisStore>(url, layout));
        if (url.kind == StoreUrl::Kind::Mysql)
            return std::unique_ptr<Store>(std::make_unique<ForeignSqlStore>(url, layout));
        break;
    case LayoutFamily::Native:
        break;
    }
    const QString where =
        layout.family == LayoutFamily::GoMiddleware ? QStringLiteral("Redis or PostgreSQL") : QStringLiteral("Redis or MySQL");
    return makeError(
        ErrorKind::InvalidArgument,
        Text::tr("The %1 layout is defined for %2 (as its service writes it), not for %3.").arg(layout.name, where, url.schemeName()));
}

} // namespace

Result<std::unique_ptr<Store>> openStore(const QString &url, OpenMode mode)
{
    Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed)
        return parsed.error();
    return openStore(parsed.value(), mode);
}

Result<std::unique_ptr<Store>> openStore(const StoreUrl &url, OpenMode mode)
{
    Result<Layout> layout = Layout::resolve(url.options.value(QStringLiteral("layout")));
    if (!layout)
        return layout.error();
    // time_zone= in the URL (idemctl --time-zone) overrides the layout's.
    if (const QString zone = url.options.value(QStringLiteral("time_zone")); !zone.isEmpty()) {
        if (layout->isNative())
            return makeError(ErrorKind::InvalidArgument, QCoreApplication::translate("Layout", "time_zone applies to a foreign SQL layout "
                                                                                               "(its zone-less timestamp columns); native "
                                                                                               "stores keep times as epoch milliseconds."));
        if (std::optional<Error> bad = Layout::checkTimeZone(zone, QStringLiteral("time_zone=")))
            return *bad;
        layout->timeZone = zone;
    }
    std::unique_ptr<Store> store;
    if (!layout->isNative()) {
        Result<std::unique_ptr<Store>> foreign = foreignStore(url, layout.value());
        if (!foreign)
            return foreign.error();
        store = std::move(foreign).value();
    } else if (url.kind == StoreUrl::Kind::Redis) {
        store = std::make_unique<RedisStore>(url);
    } else {
        store = std::make_unique<SqlStore>(url);
    }
    store->setOpenMode(mode);
    if (Result<void> opened = store->open(); !opened)
        return opened.error();
    if (mode == OpenMode::ReadOnly)
        store = std::make_unique<ReadOnlyStore>(std::move(store));
    // Counters from Prometheus: asked for when read, so a server that is
    // down fails a reading (which says so), never the open.
    if (const QString server = url.options.value(QStringLiteral("metrics")); !server.isEmpty()) {
        const int timeoutMs =
            url.options.value(QStringLiteral("metrics_timeout_ms"), QString::number(PrometheusCounterSource::DefaultTimeoutMs)).toInt();
        store->setCounterSource(
            std::make_shared<PrometheusCounterSource>(QUrl(server), layout->metrics.value_or(MetricsMapping::exporter()), timeoutMs));
    }
    return store;
}
