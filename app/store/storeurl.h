#pragma once

#include "app/store/result.h"

#include <optional>

#include <QMap>
#include <QString>
#include <QStringList>

// A parsed store URL (DESIGN.md "Backends"):
//   sqlite:///abs/path.db
//   postgresql://user@host:port/db?sslmode=…
//   mysql://user@host:port/db
//   redis://[user[:password]@]host:port[/db]
//   redis://[user[:password]@]host:port,host2:port2,…[/db]   Redis Cluster seed nodes
// Passwords may be in the URL but are never shown: displayString() drops them.
struct StoreUrl {
    enum class Kind { Sqlite, Postgres, Mysql, Redis };

    Kind kind = Kind::Sqlite;
    QString path; // sqlite: absolute file path
    QString user;
    QString password;
    QString host;
    int port = 0;
    // Further seed nodes of a Redis Cluster ("host:port", port always
    // given), after host:port; empty for every other URL. A cluster may
    // also be reached through one host (RedisConnectionPool detects it).
    QStringList moreHosts;
    QString database; // sql: database name; redis: db number as text
    QMap<QString, QString> options; // query parameters

    static Result<StoreUrl> parse(const QString &text);
    // Any text that may hold URLs (one the parser could not read, Qt's error
    // about it, nested audit=/cache= URLs percent-encoded or not) with every
    // password replaced by "***": the user:password of each URL and
    // password-like query options. Every parse error quotes the URL only
    // through this, so a malformed URL's error never prints its password.
    static QString redacted(const QString &text);
    // `text` as it is unless redacted() finds a password in it; then the
    // redacted text. For values kept or shown as typed (an option's value,
    // a settings entry), where redacted()'s decoding must not change them.
    static QString masked(const QString &text);
    // A query option whose value is a secret (password=, pwd=, secret_key=,
    // auth_token=, …): never shown, never saved.
    static bool isSecretOption(const QString &name);
    // The value of the option metrics=: a Prometheus server's http(s)
    // address, without user information, query or /api/v1.
    static std::optional<Error> checkMetricsUrl(const QString &text);
    QString displayString() const;
    QString schemeName() const;
};
