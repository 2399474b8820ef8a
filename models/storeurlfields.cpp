#include "models/storeurlfields.h"

#include "models/storeentry.h"

#include "app/store/layout.h"

#include <QDir>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace {

constexpr qsizetype maxPathLength = 4096;
constexpr qsizetype maxHostLength = 253; // DNS
constexpr qsizetype maxNameLength = 63; // PostgreSQL identifiers; MySQL allows 64
constexpr qsizetype maxOptionLength = 1024;

using Field = StoreUrlFields::Field;

struct Problem {
    Field field;
    QString message;
};

// Long or hostile input is quoted short in messages so the message stays readable.
QString quoted(const QString &value)
{
    constexpr qsizetype shown = 40;
    return QLatin1Char('\'') + (value.size() > shown ? value.left(shown) + QChar(0x2026) : value) + QLatin1Char('\'');
}

// The first character that cannot be shown (control, format, separator), as
// a 1-based position; 0 when there is none.
qsizetype invisibleCharacter(const QString &value)
{
    qsizetype position = 0;
    for (char32_t c : value.toUcs4()) {
        ++position;
        if (!QChar::isPrint(c))
            return position;
    }
    return 0;
}

std::optional<Problem> checkText(Field field, const QString &label, const QString &value)
{
    if (const qsizetype at = invisibleCharacter(value))
        return Problem{field,
                       StoreUrlFields::tr("%1 contains a control or invisible character at position %2; remove it.").arg(label).arg(at)};
    return std::nullopt;
}

bool isHostName(const QString &host)
{
    // Labels of letters, digits and '-' (and '_', which container service
    // names use), or an IPv6 address with optional brackets and zone.
    static const QRegularExpression name(QRegularExpression::anchoredPattern(
        QStringLiteral("[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(\\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\\.?")));
    static const QRegularExpression ipv6(
        QRegularExpression::anchoredPattern(QStringLiteral("\\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9]+)?\\]?")));
    return name.match(host).hasMatch() || ipv6.match(host).hasMatch();
}

// A URL inside an option (audit=, cache=): parsed by the engine's own
// parser, of the kinds the option allows, and never with a password, which
// would otherwise end up in the settings file inside the option's value.
std::optional<Problem> checkNestedUrl(Field field, const QString &label, const QString &value, bool redis)
{
    if (auto problem = checkText(field, label, value))
        return problem;
    if (value.size() > maxOptionLength)
        return Problem{
            field,
            StoreUrlFields::tr("%1 is %2 characters long; at most %3 are allowed.").arg(label).arg(value.size()).arg(maxOptionLength)};
    const Result<StoreUrl> parsed = StoreUrl::parse(value);
    if (!parsed)
        return Problem{field, StoreUrlFields::tr("%1 is not a store URL: %2").arg(label, parsed.error().message)};
    if (redis && parsed->kind != StoreUrl::Kind::Redis)
        return Problem{
            field, StoreUrlFields::tr("%1 must be a Redis URL such as redis://cache.internal:6379/0, not %2.").arg(label, quoted(value))};
    if (!redis && parsed->kind == StoreUrl::Kind::Redis)
        return Problem{
            field, StoreUrlFields::tr("%1 must be a SQL database (sqlite:///path.db, postgresql://… or mysql://…), not Redis.").arg(label)};
    if (!parsed->password.isEmpty() || StoreEntry::withoutPassword(value) != value.trimmed())
        return Problem{field, StoreUrlFields::tr("%1 must not contain a password: it would be saved with the store. "
                                                 "Set it in the server's password variable (e.g. IDEM_PG_PASSWORD) instead.")
                                  .arg(label)};
    if (!parsed->options.value(QStringLiteral("layout")).isEmpty())
        return Problem{field, StoreUrlFields::tr("%1 must not name a layout of its own.").arg(label)};
    return std::nullopt;
}

std::optional<Problem> checkLayoutOptions(const StoreUrlFields &f)
{
    const bool redis = f.kind == StoreUrl::Kind::Redis;
    std::optional<LayoutFamily> family = LayoutFamily::Native;
    if (!f.isNativeLayout()) {
        if (auto problem = checkText(Field::Layout, StoreUrlFields::tr("The layout"), f.layout))
            return problem;
        if (f.layout.size() > maxPathLength)
            return Problem{Field::Layout, StoreUrlFields::tr("The layout file path is %1 characters long; at most %2 are allowed.")
                                              .arg(f.layout.size())
                                              .arg(maxPathLength)};
        const bool file = f.layout.endsWith(QLatin1String(".json")) || f.layout.contains(QLatin1Char('/')); // as Layout::resolve() decides
        if (file && !QDir::isAbsolutePath(f.layout))
            return Problem{Field::Layout,
                           StoreUrlFields::tr("A layout file needs an absolute path, e.g. /etc/idem/layouts/orders.json, not %1.")
                               .arg(quoted(f.layout))};
        // Reads the file (at most 1 MiB, local): its own message says what is wrong in it.
        const Result<Layout> layout = Layout::resolve(f.layout);
        if (!layout)
            return Problem{Field::Layout, layout.error().message};
        family = layout->family;
        const bool fits = family == LayoutFamily::Native // a layout file for its metrics mapping only
                          || (family == LayoutFamily::GoMiddleware ? redis || f.kind == StoreUrl::Kind::Postgres
                                                                   : redis || f.kind == StoreUrl::Kind::Mysql);
        if (!fits)
            return Problem{
                Field::Layout,
                family == LayoutFamily::GoMiddleware
                    ? StoreUrlFields::tr(
                          "The %1 layout is kept in Redis or PostgreSQL, as its service writes it; choose one of those kinds.")
                          .arg(layout->name)
                    : StoreUrlFields::tr("The %1 layout is kept in Redis or MySQL, as its service writes it; choose one of those kinds.")
                          .arg(layout->name)};
    }
    const bool foreign = family != LayoutFamily::Native;
    if (!f.audit.isEmpty()) {
        if (!foreign)
            return Problem{
                Field::Audit,
                StoreUrlFields::tr("The audit log location applies to a foreign layout only; a native store keeps its own audit log.")};
        if (auto problem = checkNestedUrl(Field::Audit, StoreUrlFields::tr("The audit log location"), f.audit, false))
            return problem;
    }
    if (!f.cache.isEmpty()) {
        if (family != LayoutFamily::JavaHandler || f.kind != StoreUrl::Kind::Mysql)
            return Problem{Field::Cache, StoreUrlFields::tr("The cache URL applies to a java-handler layout on MySQL only.")};
        // "none": the service runs without a cache (idemctl --no-cache).
        if (f.cache != QLatin1String("none"))
            if (auto problem = checkNestedUrl(Field::Cache, StoreUrlFields::tr("The cache URL"), f.cache, true))
                return problem;
    }
    if (!f.metrics.isEmpty()) {
        if (std::optional<Error> bad = StoreUrl::checkMetricsUrl(f.metrics))
            return Problem{Field::Metrics, bad->message};
    }
    if (f.scanCount != 0) {
        if (!foreign || !redis)
            return Problem{Field::ScanCount, StoreUrlFields::tr("SCAN COUNT applies to a foreign layout on Redis only.")};
        if (f.scanCount < StoreUrlFields::minScanCount || f.scanCount > StoreUrlFields::maxScanCount)
            return Problem{Field::ScanCount, StoreUrlFields::tr("SCAN COUNT must be between %1 and %2.")
                                                 .arg(StoreUrlFields::minScanCount)
                                                 .arg(StoreUrlFields::maxScanCount)};
    }
    return std::nullopt;
}

bool isLayoutOption(const QString &name)
{
    return name == QLatin1String("layout") || name == QLatin1String("audit") || name == QLatin1String("cache")
           || name == QLatin1String("scan_count") || name == QLatin1String("metrics");
}

// The SQLite file path.
std::optional<Problem> checkPath(const StoreUrlFields &f)
{
    const QString label = StoreUrlFields::tr("The file path");
    if (f.path.trimmed().isEmpty())
        return Problem{Field::Path, StoreUrlFields::tr("Choose the SQLite file (it is created if missing).")};
    if (auto problem = checkText(Field::Path, label, f.path))
        return problem;
    if (f.path.size() > maxPathLength)
        return Problem{
            Field::Path,
            StoreUrlFields::tr("The file path is %1 characters long; at most %2 are allowed.").arg(f.path.size()).arg(maxPathLength)};
    if (!QDir::isAbsolutePath(f.path) || f.path.endsWith(QLatin1Char('/')))
        return Problem{
            Field::Path,
            StoreUrlFields::tr("The SQLite store needs an absolute file path, e.g. /var/lib/idem/records.db, not %1.").arg(quoted(f.path))};
    return std::nullopt;
}

// A server's host and port.
std::optional<Problem> checkHost(const StoreUrlFields &f)
{
    if (f.host.trimmed().isEmpty())
        return Problem{Field::Host, StoreUrlFields::tr("Enter the server's host name or IP address.")};
    if (auto problem = checkText(Field::Host, StoreUrlFields::tr("The host"), f.host))
        return problem;
    if (f.host.size() > maxHostLength)
        return Problem{
            Field::Host,
            StoreUrlFields::tr("The host name is %1 characters long; at most %2 are allowed.").arg(f.host.size()).arg(maxHostLength)};
    if (!isHostName(f.host))
        return Problem{
            Field::Host,
            StoreUrlFields::tr("The host %1 is not a host name or IP address: use letters, digits, '-' and '.', or an IPv6 address.")
                .arg(quoted(f.host))};
    if (f.port < 0 || f.port > 65535)
        return Problem{Field::Port, StoreUrlFields::tr("The port must be between 1 and 65535.")};
    return std::nullopt;
}

// A Redis Cluster's seed nodes, each host:port.
std::optional<Problem> checkSeedNodes(const StoreUrlFields &f)
{
    if (!f.seedNodes.isEmpty() && f.kind != StoreUrl::Kind::Redis)
        return Problem{Field::SeedNodes, StoreUrlFields::tr("Seed nodes are for a Redis Cluster only.")};
    for (const QString &node : f.seedNodes) {
        const qsizetype colon = node.lastIndexOf(QLatin1Char(':'));
        bool numeric = false;
        const int port = colon > 0 ? node.mid(colon + 1).toInt(&numeric) : 0;
        if (checkText(Field::SeedNodes, StoreUrlFields::tr("A seed node"), node) || colon <= 0 || !isHostName(node.left(colon)) || !numeric
            || port < 1 || port > 65535) {
            return Problem{Field::SeedNodes,
                           StoreUrlFields::tr("The seed node %1 is not host:port (e.g. 10.0.0.2:6379).").arg(quoted(node))};
        }
    }
    if (!f.seedNodes.isEmpty() && !f.database.isEmpty() && f.database != QLatin1String("0"))
        return Problem{Field::Database, StoreUrlFields::tr("A Redis Cluster has only database 0.")};
    return std::nullopt;
}

// The database: a number on Redis, a name on PostgreSQL and MySQL.
std::optional<Problem> checkDatabase(const StoreUrlFields &f)
{
    if (f.kind == StoreUrl::Kind::Redis) {
        static const QRegularExpression number(QRegularExpression::anchoredPattern(QStringLiteral("[0-9]{1,9}")));
        if (!f.database.isEmpty() && !number.match(f.database).hasMatch())
            return Problem{Field::Database, StoreUrlFields::tr("A Redis database is a number such as 0, not %1.").arg(quoted(f.database))};
    } else {
        static const QRegularExpression identifier(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_$-]*")));
        if (f.database.isEmpty())
            return Problem{Field::Database, StoreUrlFields::tr("Enter the database name, e.g. idem.")};
        if (auto problem = checkText(Field::Database, StoreUrlFields::tr("The database name"), f.database))
            return problem;
        if (f.database.size() > maxNameLength)
            return Problem{Field::Database, StoreUrlFields::tr("The database name is %1 characters long; at most %2 are allowed.")
                                                .arg(f.database.size())
                                                .arg(maxNameLength)};
        if (!identifier.match(f.database).hasMatch())
            return Problem{
                Field::Database,
                StoreUrlFields::tr(
                    "The database name %1 may only contain letters, digits, '_', '$' and '-', and must start with a letter or '_'.")
                    .arg(quoted(f.database))};
    }
    return std::nullopt;
}

// The user name and PostgreSQL's sslmode.
std::optional<Problem> checkLogin(const StoreUrlFields &f)
{
    if (!f.user.isEmpty()) {
        static const QRegularExpression userName(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_.@$+-]+")));
        if (auto problem = checkText(Field::User, StoreUrlFields::tr("The user name"), f.user))
            return problem;
        if (f.user.size() > maxNameLength)
            return Problem{
                Field::User,
                StoreUrlFields::tr("The user name is %1 characters long; at most %2 are allowed.").arg(f.user.size()).arg(maxNameLength)};
        if (!userName.match(f.user).hasMatch())
            return Problem{Field::User,
                           StoreUrlFields::tr("The user name %1 may only contain letters, digits and _ . @ $ + -.").arg(quoted(f.user))};
    }
    if (f.kind == StoreUrl::Kind::Postgres && !f.sslMode.isEmpty() && !StoreUrlFields::sslModes().contains(f.sslMode))
        return Problem{Field::SslMode, StoreUrlFields::tr("Unknown sslmode %1: use one of %2.")
                                           .arg(quoted(f.sslMode), StoreUrlFields::sslModes().join(QStringLiteral(", ")))};
    return std::nullopt;
}

// Options the form does not know, passed through as they are.
std::optional<Problem> checkExtraOptions(const StoreUrlFields &f)
{
    static const QRegularExpression optionName(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,63}")));
    for (auto it = f.extraOptions.cbegin(); it != f.extraOptions.cend(); ++it) {
        if (!optionName.match(it.key()).hasMatch())
            return Problem{Field::Options, StoreUrlFields::tr("The URL option %1 is not a valid option name.").arg(quoted(it.key()))};
        if (auto problem = checkText(Field::Options, StoreUrlFields::tr("The URL option %1").arg(it.key()), it.value()))
            return problem;
        if (it.value().size() > maxOptionLength)
            return Problem{Field::Options, StoreUrlFields::tr("The URL option %1 is too long.").arg(it.key())};
    }
    return std::nullopt;
}

std::optional<Problem> check(const StoreUrlFields &f)
{
    if (f.kind == StoreUrl::Kind::Sqlite) {
        if (auto problem = checkPath(f))
            return problem;
    } else {
        for (auto part : {checkHost, checkSeedNodes, checkDatabase, checkLogin}) {
            if (auto problem = part(f))
                return problem;
        }
    }
    if (auto problem = checkLayoutOptions(f))
        return problem;
    return checkExtraOptions(f);
}

QString schemeOf(StoreUrl::Kind kind)
{
    StoreUrl url;
    url.kind = kind;
    return url.schemeName();
}

} // namespace

int StoreUrlFields::defaultPort(StoreUrl::Kind kind)
{
    switch (kind) {
    case StoreUrl::Kind::Sqlite:
        return 0;
    case StoreUrl::Kind::Postgres:
        return 5432;
    case StoreUrl::Kind::Mysql:
        return 3306;
    case StoreUrl::Kind::Redis:
        return 6379;
    }
    return 0;
}

QStringList StoreUrlFields::sslModes()
{
    return {QStringLiteral("disable"), QStringLiteral("allow"),     QStringLiteral("prefer"),
            QStringLiteral("require"), QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
}

Result<QString> StoreUrlFields::toUrl(Field *badField) const
{
    if (badField)
        *badField = Field::None;
    if (std::optional<Problem> problem = check(*this)) {
        if (badField)
            *badField = problem->field;
        return makeError(ErrorKind::InvalidArgument, problem->message);
    }

    QUrlQuery query;
    if (kind == StoreUrl::Kind::Postgres && !sslMode.isEmpty())
        query.addQueryItem(QStringLiteral("sslmode"), sslMode);
    if (!isNativeLayout())
        query.addQueryItem(QStringLiteral("layout"), QString::fromLatin1(QUrl::toPercentEncoding(layout)));
    if (!audit.isEmpty())
        query.addQueryItem(QStringLiteral("audit"), QString::fromLatin1(QUrl::toPercentEncoding(audit)));
    if (!cache.isEmpty())
        query.addQueryItem(QStringLiteral("cache"), QString::fromLatin1(QUrl::toPercentEncoding(cache)));
    if (scanCount != 0)
        query.addQueryItem(QStringLiteral("scan_count"), QString::number(scanCount));
    if (!metrics.isEmpty())
        query.addQueryItem(QStringLiteral("metrics"), QString::fromLatin1(QUrl::toPercentEncoding(metrics)));
    for (auto it = extraOptions.cbegin(); it != extraOptions.cend(); ++it) {
        if (isLayoutOption(it.key()))
            continue; // the fields above have the last word
        if (!(kind == StoreUrl::Kind::Postgres && it.key() == QLatin1String("sslmode")))
            query.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(it.key())),
                               QString::fromLatin1(QUrl::toPercentEncoding(it.value())));
    }

    QString text;
    if (kind == StoreUrl::Kind::Sqlite) {
        // By hand: QUrl drops the empty authority ("sqlite:/path") that
        // StoreUrl::parse insists on ("sqlite:///path").
        text = QStringLiteral("sqlite://") + QString::fromLatin1(QUrl::toPercentEncoding(path, "/"));
        if (!query.isEmpty())
            text += QLatin1Char('?') + query.toString(QUrl::FullyEncoded);
    } else {
        QUrl url;
        url.setScheme(schemeOf(kind));
        url.setHost(host.startsWith(QLatin1Char('[')) ? host.mid(1, host.size() - 2) : host);
        url.setPort(port > 0 ? port : defaultPort(kind));
        if (!user.isEmpty()) // an empty one would still print as "//@host"
            url.setUserName(user, QUrl::DecodedMode);
        url.setPath(QLatin1Char('/') + (kind == StoreUrl::Kind::Redis && database.isEmpty() ? QStringLiteral("0") : database));
        if (!query.isEmpty())
            url.setQuery(query);
        text = url.toString(QUrl::FullyEncoded);
        if (!seedNodes.isEmpty()) {
            // QUrl holds one host: the others go after it (StoreUrl::parse reads them).
            const qsizetype path = text.indexOf(QLatin1Char('/'), text.indexOf(QStringLiteral("://")) + 3);
            text.insert(path, QLatin1Char(',') + seedNodes.join(QLatin1Char(',')));
        }
    }
    // The engine's parser has the last word: the dialog must never save a
    // URL that openStore() would refuse.
    if (Result<StoreUrl> parsed = StoreUrl::parse(text); !parsed) {
        if (badField)
            *badField = kind == StoreUrl::Kind::Sqlite ? Field::Path : Field::Host;
        return parsed.error();
    }
    return text;
}

Result<StoreUrlFields> StoreUrlFields::fromUrl(const QString &text)
{
    Result<StoreUrl> parsed = StoreUrl::parse(text);
    if (!parsed)
        return parsed.error();
    StoreUrlFields fields;
    fields.kind = parsed->kind;
    fields.path = parsed->path;
    fields.host = parsed->host;
    fields.port = parsed->port;
    fields.seedNodes = parsed->moreHosts;
    fields.database = parsed->database;
    fields.user = parsed->user;
    fields.extraOptions = parsed->options;
    if (fields.kind == StoreUrl::Kind::Postgres)
        fields.sslMode = fields.extraOptions.take(QStringLiteral("sslmode"));
    fields.layout = fields.extraOptions.take(QStringLiteral("layout"));
    if (fields.layout == QLatin1String("native"))
        fields.layout.clear();
    fields.audit = fields.extraOptions.take(QStringLiteral("audit"));
    fields.cache = fields.extraOptions.take(QStringLiteral("cache"));
    fields.metrics = fields.extraOptions.take(QStringLiteral("metrics"));
    if (fields.extraOptions.contains(QStringLiteral("scan_count"))) {
        bool numeric = false;
        fields.scanCount = fields.extraOptions.take(QStringLiteral("scan_count")).toInt(&numeric);
        if (!numeric || fields.scanCount == 0)
            fields.scanCount = -1; // shown, and refused by toUrl() with the field named
    }
    for (const QString &name : {QStringLiteral("password"), QStringLiteral("pass"), QStringLiteral("passwd"), QStringLiteral("pwd")})
        fields.extraOptions.remove(name);
    return fields;
}
