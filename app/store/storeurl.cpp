#include "app/store/storeurl.h"

#include "app/store/visibletext.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <optional>

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
    // The user part may hold '@' and spaces too (the fuzzer's
    // "redis://ops@corp:pw@host"): it runs up to the first ':'.
    static const QRegularExpression authority(QStringLiteral("(://[^/?#:]*):[^/?#]*@"));
    static const QRegularExpression userinfo(QStringLiteral("(://[^/?#:]*):(?:(?!://)[^@])*?@"));
    static const QRegularExpression option(QStringLiteral("([?&;](?:password|passwd|pass|pwd|secret|auth)[^=&]*=)[^&\\s\"']*"),
                                           QRegularExpression::CaseInsensitiveOption);
    text.replace(authority, QStringLiteral("\\1:***@"));
    text.replace(userinfo, QStringLiteral("\\1:***@"));
    text.replace(option, QStringLiteral("\\1***"));
    return text;
}

// What a URL option may hold. Every option the engine reads is here; any
// other one is refused, so ?foo=bar, a typo like ?busy_timeout=5 or
// mysql://…?MYSQL_OPT_LOCAL_INFILE=1 cannot pass silently and do nothing, or
// worse. Ranges are the engine's own limits.
struct OptionRule {
    const char *name;
    QList<StoreUrl::Kind> kinds; // empty: every scheme
    enum class Type { Text, Number, Choice, Url, HttpUrl } type = Type::Text;
    qint64 min = 0;
    qint64 max = 0;
    QStringList choices{};
};

const QList<OptionRule> &optionRules()
{
    using K = StoreUrl::Kind;
    using T = OptionRule::Type;
    const QList<K> sql{K::Postgres, K::Mysql, K::Sqlite};
    static const QList<OptionRule> rules{
        {"layout", {}},
        {"audit", {}, T::Url},
        {"time_zone", {}},
        // A Prometheus server the counters come from (DESIGN.md "Telemetry
        // in the operators' own stack"), and how long one query may take.
        {"metrics", {}, T::HttpUrl},
        {"metrics_timeout_ms", {}, T::Number, 100, 600000},
        {"cache", sql, T::Url, 0, 0, {QStringLiteral("none")}},
        {"busy_timeout_ms", {K::Sqlite}, T::Number, 0, 3600000},
        {"connect_timeout_ms", {K::Redis}, T::Number, 1, 600000},
        {"timeout_ms", {K::Redis}, T::Number, 1, 600000},
        {"scan_count", {K::Redis}, T::Number, 1, 1000000},
        {"buckets", {K::Redis}, T::Number, 1, 256},
        {"connections", {K::Redis, K::Postgres}, T::Number, 0, 64},
        {"scan_cache_ms", {K::Redis}, T::Number, 0, 3600000},
        // libpq keywords passed on by SqlDialect::connectOptions.
        {"sslmode",
         {K::Postgres},
         T::Choice,
         0,
         0,
         {QStringLiteral("disable"), QStringLiteral("allow"), QStringLiteral("prefer"), QStringLiteral("require"),
          QStringLiteral("verify-ca"), QStringLiteral("verify-full")}},
        {"sslrootcert", {K::Postgres}},
        {"sslcert", {K::Postgres}},
        {"sslkey", {K::Postgres}},
        {"sslcrl", {K::Postgres}},
        {"application_name", {K::Postgres}},
        {"options", {K::Postgres}},
        {"target_session_attrs",
         {K::Postgres},
         T::Choice,
         0,
         0,
         {QStringLiteral("any"), QStringLiteral("read-write"), QStringLiteral("read-only"), QStringLiteral("primary"),
          QStringLiteral("standby"), QStringLiteral("prefer-standby")}},
        {"connect_timeout", {K::Postgres, K::Mysql}, T::Number, 1, 3600},
        {"keepalives_idle", {K::Postgres}, T::Number, 1, 86400},
        {"keepalives_interval", {K::Postgres}, T::Number, 1, 86400},
        {"keepalives_count", {K::Postgres}, T::Number, 1, 1000},
        {"tcp_user_timeout", {K::Postgres}, T::Number, 0, 86400000},
        // QMYSQL options (SqlDialect's kMysqlOptions).
        {"read_timeout", {K::Mysql}, T::Number, 1, 86400},
        {"write_timeout", {K::Mysql}, T::Number, 1, 86400},
        {"ssl_ca", {K::Mysql}},
        {"ssl_capath", {K::Mysql}},
        {"ssl_cert", {K::Mysql}},
        {"ssl_key", {K::Mysql}},
        {"ssl_cipher", {K::Mysql}},
    };
    return rules;
}

// A name or value the operator typed, shown on one line, never too long.
QString shownName(const QString &name)
{
    return visibleText(name).left(60);
}

std::optional<Error> optionProblem(StoreUrl::Kind kind, const QString &scheme, const QString &name, const QString &value)
{
    QStringList accepted;
    const OptionRule *rule = nullptr;
    for (const OptionRule &r : optionRules()) {
        if (!r.kinds.isEmpty() && !r.kinds.contains(kind))
            continue;
        accepted << QLatin1String(r.name);
        if (name == QLatin1String(r.name))
            rule = &r;
    }
    // An unknown option's value is never quoted: it may be a password
    // (?password=…).
    if (!rule) {
        // Quoted only when it is a plain word: anything else may be a
        // mistyped nested URL with its password (found by tools/fuzz.sh).
        static const QRegularExpression word(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_.-]{1,60}")));
        if (!word.match(name).hasMatch())
            return bad(QCoreApplication::translate("StoreUrl",
                                                   "The store URL has an option whose name is not a word (a mistyped '=' or '&'?). "
                                                   "Accepted options for a %1 URL: %2.")
                           .arg(scheme, accepted.join(QStringLiteral(", "))));
        return bad(QCoreApplication::translate("StoreUrl", "The store URL option '%1' is not known for a %2 URL. Accepted options: %3.")
                       .arg(shownName(StoreUrl::redacted(name)), scheme, accepted.join(QStringLiteral(", "))));
    }
    switch (rule->type) {
    case OptionRule::Type::Text:
        break;
    case OptionRule::Type::Number: {
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        if (!ok || n < rule->min || n > rule->max || value != QString::number(n)) {
            return bad(QCoreApplication::translate("StoreUrl", "The store URL option %1 must be a whole number from %2 to %3, not '%4'.")
                           .arg(name)
                           .arg(rule->min)
                           .arg(rule->max)
                           .arg(shownName(StoreUrl::redacted(value))));
        }
        break;
    }
    case OptionRule::Type::Url: {
        // A nested URL is checked with the outer one, so a typo in it fails
        // before anything connects (its message is already redacted).
        if (rule->choices.contains(value))
            break;
        const Result<StoreUrl> nested = StoreUrl::parse(value);
        if (!nested)
            return bad(QCoreApplication::translate("StoreUrl", "The store URL option %1: %2").arg(name, nested.error().message));
        break;
    }
    case OptionRule::Type::HttpUrl:
        if (std::optional<Error> problem = StoreUrl::checkMetricsUrl(value))
            return bad(QCoreApplication::translate("StoreUrl", "The store URL option %1: %2").arg(name, problem->message));
        break;
    case OptionRule::Type::Choice:
        if (!rule->choices.contains(value)) {
            return bad(QCoreApplication::translate("StoreUrl", "The store URL option %1 must be one of %2, not '%3'.")
                           .arg(name, rule->choices.join(QStringLiteral(", ")), shownName(StoreUrl::redacted(value))));
        }
        break;
    }
    return std::nullopt;
}

// The query's options, each once and each known with a value it accepts.
std::optional<Error> readOptions(const QUrl &url, StoreUrl *result)
{
    const QString scheme = result->schemeName();
    for (const auto &[name, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (result->options.contains(name)) {
            return bad(QCoreApplication::translate("StoreUrl", "The store URL gives the option '%1' twice: give it once.")
                           .arg(shownName(StoreUrl::redacted(name))));
        }
        if (std::optional<Error> problem = optionProblem(result->kind, scheme, name, value))
            return problem;
        result->options.insert(name, value);
    }
    return std::nullopt;
}

} // namespace

std::optional<Error> StoreUrl::checkMetricsUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.host().isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "'%1' is not a Prometheus server's address: give http://host:port (e.g. "
                                                           "http://127.0.0.1:9090), without /api/v1.")
                       .arg(shownName(redacted(text))));
    if (!url.userInfo().isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "The Prometheus address must not hold a user or password."));
    if (url.hasQuery() || url.hasFragment() || url.path().contains(QLatin1String("/api/v1")))
        return bad(QCoreApplication::translate("StoreUrl", "Give the Prometheus server's address only (http://host:port, or its path "
                                                           "prefix), without /api/v1, a query or a fragment: not '%1'.")
                       .arg(shownName(text)));
    return std::nullopt;
}

bool StoreUrl::isSecretOption(const QString &name)
{
    static const QRegularExpression secret(QStringLiteral("^(?:password|passwd|pass|pwd|secret|auth)"),
                                           QRegularExpression::CaseInsensitiveOption);
    return secret.match(name).hasMatch();
}

namespace {

// The text and each percent-decoding of it, as redacted() peels them.
QStringList decodingLevels(const QString &text)
{
    QStringList levels{text};
    for (int level = 0; level < 4; ++level) {
        const QString decoded = QUrl::fromPercentEncoding(levels.constLast().toUtf8());
        if (decoded == levels.constLast())
            break;
        levels << decoded;
    }
    return levels;
}

// Whatever could be a password at any decoding level of the text: after
// each "://", up to the next '?' or '#' (past '/': a decoded %2F may have
// split a userinfo), what lies between any ':' and any later '@'. Wider than
// any URL parser's reading, on purpose. nullopt when the text has too many
// of them to check (hundreds of ':' and '@': no URL an operator typed).
std::optional<QStringList> passwordCandidates(const QString &text)
{
    QStringList found;
    for (const QString &level : decodingLevels(text)) {
        for (qsizetype at = level.indexOf(u"://"); at >= 0; at = level.indexOf(u"://", at + 3)) {
            qsizetype end = at + 3;
            while (end < level.size() && level[end] != u'?' && level[end] != u'#')
                ++end;
            const QStringView span = QStringView(level).mid(at + 3, end - at - 3);
            for (qsizetype colon = span.indexOf(u':'); colon >= 0; colon = span.indexOf(u':', colon + 1)) {
                for (qsizetype sign = span.indexOf(u'@', colon); sign >= 0; sign = span.indexOf(u'@', sign + 1)) {
                    if (found.size() > 4096)
                        return std::nullopt;
                    found << span.mid(colon + 1, sign - colon - 1).toString();
                }
            }
        }
    }
    return found;
}

} // namespace

QString StoreUrl::masked(const QString &text)
{
    // redacted() decodes nested levels to find their passwords; compared
    // with the same decoding, it changed something only if it masked one.
    const QString shown = redacted(text);
    return shown == decodingLevels(text).constLast() ? text : shown;
}

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
    // Masking one level can hide the next level's structure from it (a
    // userinfo running across a nested URL's encoded "://"; each fuzzing
    // round found another such shape). Whatever still shows a possible
    // password of three or more characters is replaced by its scheme
    // alone: a message with too little in it, never a password.
    const std::optional<QStringList> candidates = passwordCandidates(text);
    const bool showsOne = !candidates || std::any_of(candidates->cbegin(), candidates->cend(), [&](const QString &candidate) {
        return candidate.size() >= 3 && shown.contains(candidate);
    });
    if (!showsOne)
        return shown;
    static const QRegularExpression scheme(QStringLiteral("^\\s*([A-Za-z][A-Za-z0-9+.-]{0,15})://"));
    const QRegularExpressionMatch match = scheme.match(text);
    return (match.hasMatch() ? match.captured(1) + QStringLiteral("://") : QString())
           + QCoreApplication::translate("StoreUrl", "(not shown: it may hold a password)");
}

namespace {

// A Redis Cluster URL lists its seed nodes in the authority:
// redis://user@h1:p1,h2:p2/0. QUrl reads one host only, so the nodes after
// the first are cut out here (into *more, each checked) and the rest is
// parsed as a one-host URL. nullopt, or the error to report.
std::optional<Error> takeMoreHosts(QString *text, QStringList *more)
{
    static const QRegularExpression redis(QStringLiteral("^redis://"), QRegularExpression::CaseInsensitiveOption);
    if (!redis.match(*text).hasMatch())
        return std::nullopt;
    const qsizetype start = 8;
    qsizetype end = text->indexOf(QRegularExpression(QStringLiteral("[/?#]")), start);
    if (end < 0)
        end = text->size();
    const QString authority = text->mid(start, end - start);
    const qsizetype at = authority.lastIndexOf(QLatin1Char('@'));
    const qsizetype comma = authority.indexOf(QLatin1Char(','), at + 1);
    if (comma < 0)
        return std::nullopt;
    static const QRegularExpression node(
        QRegularExpression::anchoredPattern(QStringLiteral("([A-Za-z0-9_.-]{1,253}|\\[[0-9A-Fa-f:.]{2,45}\\]):([0-9]{1,5})")));
    const QStringList nodes = authority.mid(comma + 1).split(QLatin1Char(','));
    if (nodes.size() > 64)
        return makeError(
            ErrorKind::InvalidArgument,
            QCoreApplication::translate("StoreUrl", "A Redis Cluster URL lists at most 64 seed nodes, not %1.").arg(nodes.size() + 1));
    for (const QString &n : nodes) {
        const QRegularExpressionMatch m = node.match(n);
        const int port = m.hasMatch() ? m.captured(2).toInt() : 0;
        if (port < 1 || port > 65535) {
            return makeError(
                ErrorKind::InvalidArgument,
                QCoreApplication::translate(
                    "StoreUrl", "The Redis Cluster seed node '%1' is not host:port (e.g. redis://10.0.0.1:6379,10.0.0.2:6379/0).")
                    .arg(StoreUrl::masked(n)));
        }
        if (!more->contains(n))
            more->append(n);
    }
    text->remove(start + comma, authority.size() - comma);
    return std::nullopt;
}

// Qt's error goes on with the URL's parts, the userinfo and query among
// them ("; source was …; userinfo = …"): only its first clause, which says
// what is wrong, is shown.
Error malformed(const QUrl &url, const QString &trimmed)
{
    const QString why = url.errorString().section(QStringLiteral("; "), 0, 0);
    return bad(QCoreApplication::translate("StoreUrl", "The store URL '%1' is malformed: %2")
                   .arg(StoreUrl::redacted(trimmed), StoreUrl::redacted(why)));
}

// A sqlite:///absolute/path.db URL: no host, an absolute file path, options.
std::optional<Error> readSqlite(const QUrl &url, StoreUrl *result)
{
    result->kind = StoreUrl::Kind::Sqlite;
    if (!url.host().isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "A SQLite URL has no host: write sqlite:///absolute/path.db (three slashes)."));
    result->path = url.path();
    if (result->path.isEmpty() || !QDir::isAbsolutePath(result->path) || result->path.endsWith(QLatin1Char('/')))
        return bad(QCoreApplication::translate("StoreUrl", "A SQLite URL needs an absolute file path: sqlite:///absolute/path.db"));
    return readOptions(url, result);
}

// The server's kind and its default port from the (lower-cased) scheme.
std::optional<Error> readServerKind(const QUrl &url, const QString &scheme, StoreUrl *result)
{
    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres")) {
        result->kind = StoreUrl::Kind::Postgres;
        result->port = url.port(5432);
    } else if (scheme == QLatin1String("mysql") || scheme == QLatin1String("mariadb")) {
        result->kind = StoreUrl::Kind::Mysql;
        result->port = url.port(3306);
    } else if (scheme == QLatin1String("redis")) {
        result->kind = StoreUrl::Kind::Redis;
        result->port = url.port(6379);
    } else {
        return bad(QCoreApplication::translate("StoreUrl", "Unknown store scheme '%1': use sqlite, postgresql, mysql or redis.")
                       .arg(url.scheme()));
    }
    return std::nullopt;
}

// A server URL's host (already in result), user, password, database and options.
std::optional<Error> readServer(const QUrl &url, const QString &trimmed, StoreUrl *result)
{
    if (result->host.isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "The store URL '%1' has no host.").arg(StoreUrl::redacted(trimmed)));
    result->user = url.userName();
    result->password = url.password();
    // "user%3Apass@" decodes to a user name holding ':', which every
    // display would then show as user:pass (found by tools/fuzz.sh).
    if (result->user.contains(QLatin1Char(':')))
        return bad(QCoreApplication::translate("StoreUrl",
                                               "The store URL's user name contains ':' (perhaps written as %3A): a ':' there "
                                               "separates the user from the password. Give the password in its variable instead."));
    result->database = url.path().mid(1);
    return readOptions(url, result);
}

// Redis: the database is empty or a number. SQL servers: a database name
// without '/'.
std::optional<Error> checkDatabase(const StoreUrl &result, const QString &trimmed, const QString &scheme)
{
    if (result.kind == StoreUrl::Kind::Redis) {
        bool numeric = true;
        if (!result.database.isEmpty())
            result.database.toInt(&numeric);
        if (numeric)
            return std::nullopt;
        // Quoted only when it cannot be a pasted URL's userinfo
        // (the fuzzer's "redis://cache:6379/redis://:pw@cache:6379/0").
        static const QRegularExpression plain(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_.-]{1,40}")));
        if (!plain.match(result.database).hasMatch())
            return bad(QCoreApplication::translate("StoreUrl", "A Redis URL ends with a database number, e.g. redis://host:6379/0; "
                                                               "what follows the port here is not one."));
        return bad(QCoreApplication::translate("StoreUrl", "A Redis URL ends with a database number, e.g. redis://host:6379/0, not '%1'.")
                       .arg(result.database));
    }
    if (result.database.isEmpty() || result.database.contains(QLatin1Char('/')))
        return bad(QCoreApplication::translate("StoreUrl",
                                               "The store URL '%1' needs a database name after the port, e.g. %2://user@host:port/idem.")
                       .arg(StoreUrl::redacted(trimmed), scheme));
    return std::nullopt;
}

} // namespace

Result<StoreUrl> StoreUrl::parse(const QString &text)
{
    QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return bad(QCoreApplication::translate("StoreUrl", "The store URL is empty. Use e.g. sqlite:///var/lib/idem/records.db"));
    QStringList moreHosts;
    if (std::optional<Error> problem = takeMoreHosts(&trimmed, &moreHosts))
        return *problem;

    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid())
        return malformed(url, trimmed);

    StoreUrl result;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("sqlite")) {
        if (std::optional<Error> problem = readSqlite(url, &result))
            return *problem;
        return result;
    }
    if (std::optional<Error> problem = readServerKind(url, scheme, &result))
        return *problem;
    result.host = url.host();
    result.moreHosts = moreHosts;
    if (std::optional<Error> problem = readServer(url, trimmed, &result))
        return *problem;
    if (std::optional<Error> problem = checkDatabase(result, trimmed, scheme))
        return *problem;
    return result;
}

QString StoreUrl::schemeName() const
{
    switch (kind) {
    case Kind::Sqlite:
        return QStringLiteral("sqlite");
    case Kind::Postgres:
        return QStringLiteral("postgresql");
    case Kind::Mysql:
        return QStringLiteral("mysql");
    case Kind::Redis:
        return QStringLiteral("redis");
    }
    return QString();
}

namespace {

// An option that is itself a store URL (audit=, cache=) is shown without its password.
QString displayOption(const QString &name, const QString &value)
{
    // Any other option is shown as typed, unless it holds something
    // password-shaped (tools/fuzz.sh: ?layout=redis://ops:pw@cache/0).
    if (name != QLatin1String("audit") && name != QLatin1String("cache"))
        return StoreUrl::masked(value);
    const Result<StoreUrl> nested = StoreUrl::parse(value);
    return nested ? nested->displayString() : QStringLiteral("(unreadable URL)");
}

} // namespace

QString StoreUrl::displayString() const
{
    // parse() refuses secret-looking options, but a StoreUrl built in code
    // may hold one: it is left out, like the password.
    QList<QPair<QString, QString>> shown;
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (!isSecretOption(it.key()))
            shown.append({it.key(), displayOption(it.key(), it.value())});
    }
    if (kind == Kind::Sqlite) {
        QString text = QStringLiteral("sqlite://") + masked(path);
        for (qsizetype i = 0; i < shown.size(); ++i)
            text += (i == 0 ? QLatin1Char('?') : QLatin1Char('&')) + shown.at(i).first + QLatin1Char('=') + shown.at(i).second;
        return text;
    }
    QUrl url;
    url.setScheme(schemeName());
    url.setUserName(user);
    url.setHost(host);
    url.setPort(port);
    url.setPath(QLatin1Char('/') + database);
    if (!shown.isEmpty()) {
        QUrlQuery query;
        for (const auto &[name, value] : shown)
            query.addQueryItem(name, value);
        url.setQuery(query);
    }
    QString text = url.toDisplayString();
    if (!moreHosts.isEmpty()) {
        // After the first host:port, before the path (the database always has one).
        const qsizetype path = text.indexOf(QLatin1Char('/'), text.indexOf(QStringLiteral("://")) + 3);
        text.insert(path < 0 ? text.size() : path, QLatin1Char(',') + moreHosts.join(QLatin1Char(',')));
    }
    return text;
}
