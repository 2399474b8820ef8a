#pragma once

#include "app/store/result.h"
#include "app/store/storeurl.h"

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

// The fields of the connection dialog and the store URL (without password)
// they make. Checks are stricter than StoreUrl::parse on purpose: a host, user
// or database name ends up in a driver's connection string, so anything that
// would need quoting there (spaces, ';', quotes, control characters) is
// refused up front with a message naming the field, not passed on to fail
// somewhere less readable.
struct StoreUrlFields {
    Q_DECLARE_TR_FUNCTIONS(StoreUrlFields)
public:
    enum class Field { None, Path, Host, Port, Database, User, SslMode, Options, Layout, Audit, Cache, ScanCount, SeedNodes, Metrics };

    StoreUrl::Kind kind = StoreUrl::Kind::Sqlite;
    QString path; // SQLite: absolute file path
    QString host;
    int port = 0; // 0: the scheme's default
    QString database; // SQL: database name; Redis: db number, empty meaning 0
    // Redis Cluster: further seed nodes "host:port" after host:port (the
    // client finds the cluster from any one; more survive a node being down).
    QStringList seedNodes;
    QString user; // optional
    QString sslMode; // PostgreSQL only; empty: the driver's default (prefer)
    // Foreign layouts (DESIGN.md "Existing deployments"), the URL options
    // layout=, audit=, cache=, scan_count=. Each is checked only against
    // what it applies to, and refused (naming the field) where it does not
    // apply, so a URL never carries an option its store would ignore.
    QString layout; // empty or "native": the console's own layout; a built-in name or a layout JSON file
    QString audit; // foreign layouts: SQL URL of the audit log, without password; empty: the default local file
    QString cache; // java-handler on MySQL: the service's Redis cache, without password
    int scanCount = 0; // foreign layouts on Redis: SCAN COUNT, 10..100000; 0: the layout's own
    // A Prometheus server the counters come from (URL option metrics=), any
    // kind and layout; empty: the store's own counters.
    QString metrics;
    QMap<QString, QString> extraOptions; // other query items of a loaded URL (e.g. busy_timeout_ms), kept

    static int defaultPort(StoreUrl::Kind kind); // 0 for SQLite
    static QStringList sslModes(); // libpq's values
    static constexpr int minScanCount = 10;
    static constexpr int maxScanCount = 100000;

    bool isNativeLayout() const { return layout.isEmpty() || layout == QLatin1String("native"); }

    // The URL, percent-encoded and accepted by StoreUrl::parse; or the first
    // problem, with the field it is in when badField is given.
    Result<QString> toUrl(Field *badField = nullptr) const;
    // The fields a URL holds; a password in it is dropped.
    static Result<StoreUrlFields> fromUrl(const QString &url);
};
