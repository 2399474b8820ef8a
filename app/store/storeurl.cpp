#include "storeurl.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace {

Error bad(const QString &message)
{
    return makeError(ErrorKind::InvalidArgument, message);
}

// One level of redaction: every user:password@ of a URL, up to the first
// '@' that comes before another URL's "://" (a password's own '@' is
// percent-encoded at this level; a stray one redacts too much, never too
// little), and password-like options.
QString redactLevel(QString text)
{
    // The authority ends at '/', '?' or '#': up to its last '@' first (a
    // stray '@' in the password), then, for a stray '/', up to the first '@'
    // before another URL.
    static const QRegularExpression authority(QStringLiteral("(://[^/?#@\\s:]*):[^/?#]*@"));
    static const QRegularExpression userinfo(QStringLiteral("(://[^/?#@\\s:]*):(?:(?!://)[^@])*?@"));
    static const QRegularExpression option(QStringLiteral("([?&;](?:password|passwd|pass|pwd|secret|auth)[^=&]*=)[^&\\s\"']*"),
                                           QRegularExpression::CaseInsensitiveOption);
    text.replace(authority, QStringLiteral("\\1:***@"));
    text.replace(userinfo, QStringLiteral("\\1:***@"));
    text.replace(option, QStringLiteral("\\1***"));
    return text;
}

} // namespace

QString StoreUrl::redacted(const QString &text)
{
    // Nested URLs (audit=, cache=) arrive percent-encoded: each decoding
    // exposes one more level, whose passwords are then redacted too.
    QString shown = redactLevel(text);
    for (int level = 0; level < 4; ++level) {
        const QString decoded = QUrl::fromPercentEncoding(shown.toUtf8());
        if (decoded == shown)
            break;
        shown = redactLevel(decoded);
    }
    return shown;
}

Result<StoreUrl> StoreUrl::parse(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "The store URL is empty. Use e.g. sqlite:///var/lib/idem/records.db"));

    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid()) {
        // Qt's error goes on with the URL's parts, the userinfo and query
        // among them ("; source was …; userinfo = …"): only its first clause,
        // which says what is wrong, is shown.
        const QString why = url.errorString().section(QStringLiteral("; "), 0, 0);
        return bad(QCoreApplication::translate("StoreUrl", "The store URL '%1' is malformed: %2").arg(redacted(trimmed), redacted(why)));
    }

    StoreUrl result;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("sqlite")) {
        result.kind = Kind::Sqlite;
        if (!url.host().isEmpty())
            return bad(QCoreApplication::translate("StoreUrl", "A SQLite URL has no host: write sqlite:///absolute/path.db (three slashes)."));
        result.path = url.path();
        if (result.path.isEmpty() || !QDir::isAbsolutePath(result.path) || result.path.endsWith(QLatin1Char('/')))
            return bad(QCoreApplication::translate("StoreUrl", "A SQLite URL needs an absolute file path: sqlite:///absolute/path.db"));
        const QUrlQuery query(url);
        for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded))
            result.options.insert(name, value);
        return result;
    }

    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres")) {
        result.kind = Kind::Postgres;
        result.port = url.port(5432);
    } else if (scheme == QLatin1String("mysql") || scheme == QLatin1String("mariadb")) {
        result.kind = Kind::Mysql;
        result.port = url.port(3306);
    } else if (scheme == QLatin1String("redis")) {
        result.kind = Kind::Redis;
        result.port = url.port(6379);
    } else {
        return bad(QCoreApplication::translate("StoreUrl", "Unknown store scheme '%1': use sqlite, postgresql, mysql or redis.").arg(url.scheme()));
    }

    result.host = url.host();
    if (result.host.isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "The store URL '%1' has no host.").arg(redacted(trimmed)));
    result.user = url.userName();
    result.password = url.password();
    result.database = url.path().mid(1);
    const QUrlQuery query(url);
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded))
        result.options.insert(name, value);

    if (result.kind == Kind::Redis) {
        bool numeric = true;
        if (!result.database.isEmpty())
            result.database.toInt(&numeric);
        if (!numeric)
            return bad(QCoreApplication::translate("StoreUrl", "A Redis URL ends with a database number, e.g. redis://host:6379/0, not '%1'.").arg(result.database));
    } else if (result.database.isEmpty() || result.database.contains(QLatin1Char('/'))) {
        return bad(QCoreApplication::translate("StoreUrl", "The store URL '%1' needs a database name after the port, e.g. %2://user@host:port/idem.")
                       .arg(redacted(trimmed), scheme));
    }
    return result;
}

QString StoreUrl::schemeName() const
{
    switch (kind) {
    case Kind::Sqlite: return QStringLiteral("sqlite");
    case Kind::Postgres: return QStringLiteral("postgresql");
    case Kind::Mysql: return QStringLiteral("mysql");
    case Kind::Redis: return QStringLiteral("redis");
    }
    return QString();
}

namespace {

// An option that is itself a store URL (audit=, cache=) is shown without its password.
QString displayOption(const QString &name, const QString &value)
{
    if (name != QLatin1String("audit") && name != QLatin1String("cache"))
        return value;
    const Result<StoreUrl> nested = StoreUrl::parse(value);
    return nested ? nested->displayString() : QStringLiteral("(unreadable URL)");
}

} // namespace

QString StoreUrl::displayString() const
{
    if (kind == Kind::Sqlite) {
        QString text = QStringLiteral("sqlite://") + path;
        for (auto it = options.cbegin(); it != options.cend(); ++it)
            text += (it == options.cbegin() ? QLatin1Char('?') : QLatin1Char('&')) + it.key() + QLatin1Char('=') + displayOption(it.key(), it.value());
        return text;
    }
    QUrl url;
    url.setScheme(schemeName());
    url.setUserName(user);
    url.setHost(host);
    url.setPort(port);
    url.setPath(QLatin1Char('/') + database);
    if (!options.isEmpty()) {
        QUrlQuery query;
        for (auto it = options.cbegin(); it != options.cend(); ++it)
            query.addQueryItem(it.key(), displayOption(it.key(), it.value()));
        url.setQuery(query);
    }
    return url.toDisplayString();
}
