#include "app/store/layout.h"

#include "app/store/jsonkeys.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <tuple>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(Layout)
};

Error bad(const QString &message)
{
    return makeError(ErrorKind::InvalidArgument, message);
}

Layout goMiddleware()
{
    Layout l;
    l.name = QStringLiteral("go-middleware");
    l.family = LayoutFamily::GoMiddleware;
    l.keyPrefix = QByteArrayLiteral("idemp:");
    l.table = QStringLiteral("idempotency_records");
    for (const QString &role : Layout::roles(l.family))
        l.columns.insert(role, role); // the article's column names are the roles' names
    return l;
}

Layout javaHandler()
{
    Layout l;
    l.name = QStringLiteral("java-handler");
    l.family = LayoutFamily::JavaHandler;
    l.keyPrefix = QByteArrayLiteral("idem:");
    l.table = QStringLiteral("idempotent_record");
    for (const QString &role : Layout::roles(l.family))
        l.columns.insert(role, role);
    return l;
}

// Reads an optional member of the expected JSON type into `out`.
template <typename Apply>
std::optional<Error> member(const QJsonObject &o, const QString &name, QJsonValue::Type type, const QString &origin, Apply apply)
{
    const QJsonValue v = o.value(name);
    if (v.isUndefined())
        return std::nullopt;
    if (v.type() != type) {
        return bad(Text::tr("Layout %1: \"%2\" has the wrong type; see README \"Layouts\" for the format.").arg(origin, name));
    }
    return apply(v);
}

std::optional<Error> unknownMembers(const QJsonObject &o, const QStringList &known, const QString &where, const QString &origin)
{
    for (const QString &k : o.keys()) {
        if (!known.contains(k))
            return bad(
                Text::tr("Layout %1: unknown field \"%2\" in %3 (known: %4).").arg(origin, k, where, known.join(QStringLiteral(", "))));
    }
    return std::nullopt;
}

std::optional<Error> checkStateValue(const QString &value, const QString &what, const QString &origin)
{
    if (value.isEmpty() || value.size() > 64 || value.contains(QChar(0)))
        return bad(Text::tr("Layout %1: the state value for %2 must be 1 to 64 characters.").arg(origin, what));
    return std::nullopt;
}

// A native store's layout file holds nothing but a name and the metrics
// mapping: the native record layout has nothing to map.
Result<Layout> nativeWithMetrics(const QJsonObject &o, const QString &origin)
{
    if (auto e = unknownMembers(o, {QStringLiteral("name"), QStringLiteral("base"), QStringLiteral("metrics")},
                                QStringLiteral("a native layout"), origin))
        return *e;
    Layout l;
    l.name = o.value(QStringLiteral("name")).toString(QFileInfo(origin).completeBaseName());
    if (l.name.isEmpty() || l.name.size() > 64)
        return bad(Text::tr("Layout %1: \"name\" must be 1 to 64 characters.").arg(origin));
    if (!o.contains(QStringLiteral("metrics")))
        return bad(
            Text::tr("Layout %1: \"base\": \"native\" is for a file with a \"metrics\" section only; without one, use the layout native.")
                .arg(origin));
    Result<MetricsMapping> mapping = MetricsMapping::fromJson(o.value(QStringLiteral("metrics")), l.name);
    if (!mapping)
        return mapping.error();
    l.metrics = std::move(mapping).value();
    l.sourceFile = origin;
    return l;
}

} // namespace

QString Layout::familyName(LayoutFamily family)
{
    switch (family) {
    case LayoutFamily::Native:
        return QStringLiteral("native");
    case LayoutFamily::GoMiddleware:
        return QStringLiteral("go-middleware");
    case LayoutFamily::JavaHandler:
        return QStringLiteral("java-handler");
    }
    return QString();
}

QStringList Layout::builtinNames()
{
    return {QStringLiteral("native"), QStringLiteral("go-middleware"), QStringLiteral("java-handler")};
}

QStringList Layout::roles(LayoutFamily family)
{
    switch (family) {
    case LayoutFamily::Native:
        return {};
    case LayoutFamily::GoMiddleware:
        return {QStringLiteral("key"),  QStringLiteral("request_hash"), QStringLiteral("status_code"), QStringLiteral("headers"),
                QStringLiteral("body"), QStringLiteral("in_flight"),    QStringLiteral("created_at"),  QStringLiteral("expires_at")};
    case LayoutFamily::JavaHandler:
        return {QStringLiteral("idempotent_id"), QStringLiteral("biz_type"),     QStringLiteral("biz_no"),
                QStringLiteral("status"),        QStringLiteral("request_body"), QStringLiteral("response_body"),
                QStringLiteral("create_time"),   QStringLiteral("update_time")};
    }
    return {};
}

std::optional<Error> Layout::checkIdentifier(const QString &name, const QString &what)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,62}")));
    if (!pattern.match(name).hasMatch()) {
        return bad(Text::tr("The %1 '%2' is not accepted: use letters, digits and '_' only, not starting with a digit, "
                            "at most 63 characters.")
                       .arg(what, name.left(80)));
    }
    return std::nullopt;
}

Result<Layout> Layout::builtin(const QString &name)
{
    if (name == QLatin1String("native"))
        return Layout();
    if (name == QLatin1String("go-middleware"))
        return goMiddleware();
    if (name == QLatin1String("java-handler"))
        return javaHandler();
    return bad(Text::tr("Unknown layout '%1': use native, go-middleware, java-handler or the path of a layout JSON file.").arg(name));
}

std::optional<Error> Layout::checkTimeZone(const QString &zone, const QString &what)
{
    static const QRegularExpression offset(QRegularExpression::anchoredPattern(QStringLiteral("[+-](0[0-9]|1[0-4]):[0-5][0-9]")));
    static const QRegularExpression name(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}")));
    if (zone.size() <= 64 && (offset.match(zone).hasMatch() || name.match(zone).hasMatch()))
        return std::nullopt;
    return bad(Text::tr("The time zone '%1' (%2) is not usable: give an offset such as +08:00, UTC, or a zone name such as "
                        "Asia/Shanghai.")
                   .arg(zone.left(80), what));
}

namespace {

// The layout file's top-level object, with no field given twice and none unknown.
Result<QJsonObject> layoutObject(const QByteArray &json, const QString &origin)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return bad(
            Text::tr("Layout %1 is not a JSON object: %2 at offset %3.").arg(origin, parseError.errorString()).arg(parseError.offset));
    if (!doc.isObject())
        return bad(Text::tr("Layout %1 holds a JSON %2, not an object: a layout is {\"base\": …, …} (README \"Layouts\").")
                       .arg(origin, doc.isArray() ? QStringLiteral("array") : QStringLiteral("value")));
    if (const std::optional<QString> twice = duplicateJsonKey(json))
        return bad(Text::tr("Layout %1 gives \"%2\" twice: give each field once.").arg(origin, *twice));
    const QJsonObject o = doc.object();
    if (auto e = unknownMembers(o,
                                {QStringLiteral("name"), QStringLiteral("base"), QStringLiteral("scope"), QStringLiteral("redis"),
                                 QStringLiteral("sql"), QStringLiteral("states"), QStringLiteral("retention_seconds"),
                                 QStringLiteral("metrics")},
                                QStringLiteral("the top level"), origin))
        return *e;
    return o;
}

std::optional<Error> readScope(const QJsonValue &v, Layout &l, const QString &origin)
{
    l.scope = v.toString();
    if (l.scope.isEmpty() || l.scope.contains(QLatin1Char('{')) || l.scope.contains(QLatin1Char('}')) || l.scope.size() > 64)
        return bad(Text::tr("Layout %1: \"scope\" must be 1 to 64 characters without '{' or '}'.").arg(origin));
    return std::nullopt;
}

std::optional<Error> readRetention(const QJsonValue &v, Layout &l, const QString &origin)
{
    if (v.toDouble() < 1 || v.toDouble() > 366.0 * 86400 || v.toDouble() != std::floor(v.toDouble()))
        return bad(Text::tr("Layout %1: \"retention_seconds\" must be a whole number between 1 and 31622400.").arg(origin));
    l.retentionMs = qint64(v.toDouble()) * 1000;
    return std::nullopt;
}

std::optional<Error> readRedis(const QJsonValue &v, Layout &l, const QString &origin)
{
    const QJsonObject r = v.toObject();
    if (auto e = unknownMembers(r,
                                {QStringLiteral("key_prefix"), QStringLiteral("scan_count"), QStringLiteral("processing_ttl_seconds"),
                                 QStringLiteral("success_ttl_seconds")},
                                QStringLiteral("\"redis\""), origin))
        return e;
    if (r.contains(QStringLiteral("key_prefix"))) {
        const QString prefix = r.value(QStringLiteral("key_prefix")).toString();
        if (prefix.isEmpty() || prefix.size() > 200 || prefix.contains(QChar(0)))
            return bad(Text::tr("Layout %1: \"redis.key_prefix\" must be 1 to 200 characters.").arg(origin));
        l.keyPrefix = prefix.toUtf8();
    }
    if (r.contains(QStringLiteral("scan_count"))) {
        const int count = r.value(QStringLiteral("scan_count")).toInt(0);
        if (count < 10 || count > 100000)
            return bad(Text::tr("Layout %1: \"redis.scan_count\" must be between 10 and 100000.").arg(origin));
        l.scanCount = count;
    }
    for (const auto &[field, target] : {std::pair{QStringLiteral("processing_ttl_seconds"), &l.processingTtlMs},
                                        std::pair{QStringLiteral("success_ttl_seconds"), &l.successTtlMs}}) {
        if (!r.contains(field))
            continue;
        const double seconds = r.value(field).toDouble(-1);
        if (seconds < 1 || seconds > 366.0 * 86400)
            return bad(Text::tr("Layout %1: \"redis.%2\" must be between 1 and 31622400.").arg(origin, field));
        *target = qint64(seconds) * 1000;
    }
    return std::nullopt;
}

std::optional<Error> readSql(const QJsonValue &v, Layout &l, const QString &origin)
{
    const QJsonObject s = v.toObject();
    if (auto e = unknownMembers(s, {QStringLiteral("table"), QStringLiteral("columns"), QStringLiteral("time_zone")},
                                QStringLiteral("\"sql\""), origin))
        return e;
    if (s.contains(QStringLiteral("table")))
        l.table = s.value(QStringLiteral("table")).toString();
    if (s.contains(QStringLiteral("time_zone"))) {
        if (!s.value(QStringLiteral("time_zone")).isString())
            return bad(Text::tr("Layout %1: \"sql.time_zone\" must be a string such as \"+08:00\" or \"Asia/Shanghai\".").arg(origin));
        l.timeZone = s.value(QStringLiteral("time_zone")).toString();
        if (auto e = Layout::checkTimeZone(l.timeZone, Text::tr("\"sql.time_zone\" in layout %1").arg(origin)))
            return e;
    }
    const QJsonObject columns = s.value(QStringLiteral("columns")).toObject();
    if (auto e = unknownMembers(columns, Layout::roles(l.family), QStringLiteral("\"sql.columns\""), origin))
        return e;
    for (auto it = columns.begin(); it != columns.end(); ++it)
        l.columns.insert(it.key(), it.value().toString());
    return std::nullopt;
}

// Each state value 1 to 64 characters, and no two states sharing one.
std::optional<Error> checkStateValues(const Layout &l, const QString &origin)
{
    for (const auto &[value, what] :
         {std::pair{l.processingValue, QStringLiteral("processing")}, std::pair{l.successValue, QStringLiteral("success")},
          std::pair{l.timeoutValue, QStringLiteral("timeout")}}) {
        if (auto e = checkStateValue(value, what, origin))
            return e;
    }
    for (const QString &f : std::as_const(l.failedValues)) {
        if (auto e = checkStateValue(f, QStringLiteral("failed"), origin))
            return e;
    }
    const QSet<QString> distinct{l.processingValue, l.successValue, l.timeoutValue};
    if (distinct.size() != 3 || l.failedValues.contains(l.processingValue) || l.failedValues.contains(l.successValue))
        return bad(Text::tr("Layout %1: the processing, success, timeout and failed state values must differ.").arg(origin));
    return std::nullopt;
}

std::optional<Error> readStates(const QJsonValue &v, Layout &l, const QString &origin)
{
    const QJsonObject s = v.toObject();
    if (auto e = unknownMembers(
            s, {QStringLiteral("processing"), QStringLiteral("success"), QStringLiteral("timeout"), QStringLiteral("failed")},
            QStringLiteral("\"states\""), origin))
        return e;
    if (l.family != LayoutFamily::JavaHandler)
        return bad(
            Text::tr("Layout %1: \"states\" applies to a java-handler layout only (go-middleware keeps a boolean in_flight).").arg(origin));
    l.processingValue = s.value(QStringLiteral("processing")).toString(l.processingValue);
    l.successValue = s.value(QStringLiteral("success")).toString(l.successValue);
    l.timeoutValue = s.value(QStringLiteral("timeout")).toString(l.timeoutValue);
    if (s.contains(QStringLiteral("failed"))) {
        l.failedValues.clear();
        for (const QJsonValue &f : s.value(QStringLiteral("failed")).toArray())
            l.failedValues.append(f.toString());
    }
    return checkStateValues(l, origin);
}

std::optional<Error> readMetrics(const QJsonValue &v, Layout &l, const QString &)
{
    Result<MetricsMapping> mapping = MetricsMapping::fromJson(v, l.name);
    if (!mapping)
        return mapping.error();
    l.metrics = std::move(mapping).value();
    return std::nullopt;
}

// The table and every mapped column are plain identifiers, no column mapped twice.
std::optional<Error> checkSqlNames(const Layout &l, const QString &origin)
{
    if (auto e = Layout::checkIdentifier(l.table, Text::tr("table name in layout %1").arg(origin)))
        return e;
    for (auto it = l.columns.cbegin(); it != l.columns.cend(); ++it) {
        if (auto e = Layout::checkIdentifier(it.value(), Text::tr("column for %1 in layout %2").arg(it.key(), origin)))
            return e;
    }
    if (QSet<QString>(l.columns.cbegin(), l.columns.cend()).size() != l.columns.size())
        return bad(Text::tr("Layout %1: two roles map to the same column.").arg(origin));
    return std::nullopt;
}

// Reads every optional section in turn; each runs even after an error, and
// the first error is the one reported.
std::optional<Error> readSections(const QJsonObject &o, Layout &l, const QString &origin)
{
    using Reader = std::optional<Error> (*)(const QJsonValue &, Layout &, const QString &);
    const QJsonValue::Type metricsType = o.value(QStringLiteral("metrics")).isString() ? QJsonValue::String : QJsonValue::Object;
    const std::tuple<QString, QJsonValue::Type, Reader> sections[] = {
        {QStringLiteral("scope"), QJsonValue::String, readScope},
        {QStringLiteral("retention_seconds"), QJsonValue::Double, readRetention},
        {QStringLiteral("redis"), QJsonValue::Object, readRedis},
        {QStringLiteral("sql"), QJsonValue::Object, readSql},
        {QStringLiteral("states"), QJsonValue::Object, readStates},
        {QStringLiteral("metrics"), metricsType, readMetrics}};
    std::optional<Error> error;
    for (const auto &[name, type, read] : sections) {
        std::optional<Error> e = member(o, name, type, origin, [&](const QJsonValue &v) { return read(v, l, origin); });
        if (e && !error)
            error = std::move(e);
    }
    return error;
}

} // namespace

Result<Layout> Layout::fromJson(const QByteArray &json, const QString &origin)
{
    Result<QJsonObject> parsed = layoutObject(json, origin);
    if (!parsed)
        return parsed.error();
    const QJsonObject o = parsed.value();

    const QString base = o.value(QStringLiteral("base")).toString();
    if (base == QLatin1String("native"))
        return nativeWithMetrics(o, origin);
    if (base != QLatin1String("go-middleware") && base != QLatin1String("java-handler"))
        return bad(
            Text::tr("Layout %1 needs \"base\": \"go-middleware\" or \"java-handler\" (the service whose protocol the store follows), "
                     "or \"native\" with a \"metrics\" section.")
                .arg(origin));
    Layout l = builtin(base).value();
    if (o.contains(QStringLiteral("name")) && !o.value(QStringLiteral("name")).isString())
        return bad(Text::tr("Layout %1: \"name\" must be a string of 1 to 64 characters.").arg(origin));
    l.name = o.value(QStringLiteral("name")).toString(QFileInfo(origin).completeBaseName());
    if (l.name.isEmpty() || l.name.size() > 64)
        return bad(Text::tr("Layout %1: \"name\" must be 1 to 64 characters.").arg(origin));
    if (auto e = readSections(o, l, origin))
        return *e;
    if (auto e = checkSqlNames(l, origin))
        return *e;
    l.sourceFile = origin;
    return l;
}

Result<Layout> Layout::fromFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return bad(Text::tr("Cannot read the layout file %1: %2").arg(path, file.errorString()));
    if (file.size() > 1024 * 1024)
        return bad(Text::tr("The layout file %1 is larger than 1 MiB: it is not a layout.").arg(path));
    return fromJson(file.readAll(), QFileInfo(path).absoluteFilePath());
}

Result<Layout> Layout::resolve(const QString &nameOrPath)
{
    if (nameOrPath.isEmpty())
        return Layout();
    if (builtinNames().contains(nameOrPath))
        return builtin(nameOrPath);
    if (nameOrPath.endsWith(QLatin1String(".json")) || nameOrPath.contains(QLatin1Char('/')))
        return fromFile(nameOrPath);
    return builtin(nameOrPath); // the unknown-layout message
}
