#include "app/store/foreignsqlmapping.h"

#include "app/store/keptrequest.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDriver>
#include <QSqlField>
#include <QSqlQuery>
#include <QVariant>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ForeignSqlStore)
};

// Columns of the SELECT list, in order.
enum GoColumn { GoScope, GoKey, GoLease, GoRequestHash, GoStatusCode, GoHeaders, GoBody, GoInFlight, GoCreated, GoExpires };
enum JavaColumn { JavaScope, JavaKey, JavaLease, JavaBizNo, JavaStatus, JavaResponse, JavaCreated, JavaUpdated, JavaRequest };

// How much of a java-handler request_body is shown: the service stored it
// whole, so the console's 4 KiB cap for what it keeps itself does not apply;
// this only bounds a listing's memory.
constexpr qsizetype kForeignRequestBytes = 64 * 1024;

const QStringList kTimeRoles{QStringLiteral("created_at"), QStringLiteral("expires_at"), QStringLiteral("create_time"),
                             QStringLiteral("update_time")};

// Go's json.Marshal of map[string]string (JSONB keeps an object); null is a
// middleware that captured no header map.
std::optional<HeaderList> goHeaders(const QVariant &value)
{
    if (value.isNull())
        return HeaderList{};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(value.toString().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return std::nullopt;
    if (doc.isNull())
        return HeaderList{};
    if (!doc.isObject())
        return std::nullopt;
    HeaderList headers;
    const QJsonObject object = doc.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isString())
            return std::nullopt;
        headers.append({it.key().toLatin1(), it.value().toString().toLatin1()});
    }
    return headers;
}

} // namespace

ForeignSqlMapping::ForeignSqlMapping(const Layout &layout, SqlDialect::Kind kind, const QSqlDatabase &db)
    : m_layout(layout)
    , m_kind(kind)
    , m_go(layout.family == LayoutFamily::GoMiddleware)
{
    m_table = quote(layout.table);
    const QStringList roles = Layout::roles(layout.family);
    m_key = column(roles.first());

    // The digest: every mapped column, NULL spelled out so NULL and '' differ.
    // PostgreSQL times as epoch numbers: their text would follow the session's TimeZone.
    QStringList terms;
    for (const QString &role : roles) {
        const QString c = column(role);
        const QString value = m_kind == SqlDialect::Kind::Postgres
                                  ? (kTimeRoles.contains(role) ? QStringLiteral("CAST(EXTRACT(EPOCH FROM %1) AS text)").arg(c)
                                                               : QStringLiteral("CAST(%1 AS text)").arg(c))
                                  : QStringLiteral("CAST(%1 AS CHAR)").arg(c);
        terms << QStringLiteral("COALESCE(%1, '~null~')").arg(value);
    }
    m_lease = QStringLiteral("MD5(CONCAT_WS('|', %1))").arg(terms.join(QStringLiteral(", ")));

    const QString scopeLiteral = literal(db, layout.scope);
    if (m_go) {
        m_scope = QStringLiteral("CAST(%1 AS text)").arg(scopeLiteral);
        m_createdAt = milliseconds(column(QStringLiteral("created_at")));
        m_updatedAt = QStringLiteral("COALESCE(%1, 0)").arg(m_createdAt);
        m_live = column(QStringLiteral("expires_at")) + QStringLiteral(" > NOW()");
        m_select = QStringList{m_scope,
                               m_key,
                               m_lease,
                               column(QStringLiteral("request_hash")),
                               column(QStringLiteral("status_code")),
                               QStringLiteral("CAST(%1 AS text)").arg(column(QStringLiteral("headers"))),
                               column(QStringLiteral("body")),
                               column(QStringLiteral("in_flight")),
                               m_createdAt,
                               milliseconds(column(QStringLiteral("expires_at")))}
                       .join(QStringLiteral(", "));
        return;
    }
    const QString status = column(QStringLiteral("status"));
    m_processing = literal(db, layout.processingValue);
    QStringList timedOut{literal(db, layout.timeoutValue)};
    for (const QString &failed : layout.failedValues)
        timedOut << literal(db, failed);
    m_timedOutList = timedOut.join(QStringLiteral(", "));
    m_success = literal(db, layout.successValue);
    m_knownList = QStringList{m_processing, m_success, m_timedOutList}.join(QStringLiteral(", "));
    m_scope = QStringLiteral("COALESCE(NULLIF(%1, ''), %2)").arg(column(QStringLiteral("biz_type")), scopeLiteral);
    m_createdAt = milliseconds(column(QStringLiteral("create_time")));
    const QString updated = milliseconds(column(QStringLiteral("update_time")));
    // An attempt in progress started when the handler inserted it.
    m_updatedAt = QStringLiteral("COALESCE(CASE WHEN %1 = %2 THEN %3 ELSE %4 END, 0)").arg(status, m_processing, m_createdAt, updated);
    m_live = QStringLiteral("1 = 1");
    m_select = QStringList{m_scope,
                           m_key,
                           m_lease,
                           column(QStringLiteral("biz_no")),
                           status,
                           column(QStringLiteral("response_body")),
                           m_createdAt,
                           updated,
                           column(QStringLiteral("request_body"))}
                   .join(QStringLiteral(", "));
}

QString ForeignSqlMapping::quote(const QString &name) const
{
    // Names passed Layout::checkIdentifier (letters, digits, '_'): quoting cannot be escaped from.
    return m_kind == SqlDialect::Kind::Mysql ? QLatin1Char('`') + name + QLatin1Char('`') : QLatin1Char('"') + name + QLatin1Char('"');
}

QString ForeignSqlMapping::literal(const QSqlDatabase &db, const QString &value) const
{
    QSqlField field(QStringLiteral("v"), QMetaType(QMetaType::QString));
    field.setValue(value);
    return db.driver()->formatValue(field);
}

QString ForeignSqlMapping::milliseconds(const QString &column) const
{
    // The cast reads a timestamp without a zone in the session's TimeZone
    // (the layout's time_zone when set) and leaves a timestamptz as it is;
    // EXTRACT(EPOCH …) of a plain timestamp would take it as UTC.
    if (m_kind == SqlDialect::Kind::Postgres)
        return QStringLiteral("CAST(FLOOR(EXTRACT(EPOCH FROM CAST(%1 AS timestamptz)) * 1000) AS bigint)").arg(column);
    return QStringLiteral("CAST(FLOOR(UNIX_TIMESTAMP(%1) * 1000) AS SIGNED)").arg(column);
}

QString ForeignSqlMapping::column(const QString &role) const
{
    return quote(m_layout.column(role));
}

QString ForeignSqlMapping::stateCondition(RecordState state) const
{
    if (m_go) {
        // A NULL in_flight is unreadable: listed with the in-flight rows.
        if (state == RecordState::InFlight)
            return column(QStringLiteral("in_flight")) + QStringLiteral(" IS NOT FALSE");
        if (state == RecordState::Completed)
            return column(QStringLiteral("in_flight")) + QStringLiteral(" IS FALSE");
        return QString();
    }
    const QString status = column(QStringLiteral("status"));
    if (state == RecordState::InFlight)
        return QStringLiteral("(%1 = %2 OR %1 IS NULL OR %1 NOT IN (%3))").arg(status, m_processing, m_knownList);
    if (state == RecordState::Completed)
        return QStringLiteral("%1 = %2").arg(status, m_success);
    return QStringLiteral("%1 IN (%2)").arg(status, m_timedOutList);
}

std::optional<RecordState> ForeignSqlMapping::stateOfStatus(const QString &status) const
{
    if (status == m_layout.processingValue)
        return RecordState::InFlight;
    if (status == m_layout.successValue)
        return RecordState::Completed;
    if (status == m_layout.timeoutValue || m_layout.failedValues.contains(status))
        return RecordState::TimedOut;
    return std::nullopt;
}

Record ForeignSqlMapping::recordFromRow(const QSqlQuery &q) const
{
    Record r;
    r.scope = q.value(0).toString();
    r.key = q.value(1).toString();
    r.lease = q.value(2).toString();
    r.attempts = 1;
    QStringList problems;
    const auto nullTime = [&](int index, const QString &role) {
        if (!q.value(index).isNull())
            return false;
        problems << Text::tr("%1 is NULL").arg(m_layout.column(role));
        return true;
    };
    if (m_go) {
        r.fingerprint = q.value(GoRequestHash).toString();
        r.bizNo = r.key;
        r.statusCode = q.value(GoStatusCode).toInt();
        r.body = q.value(GoBody).toByteArray();
        if (q.value(GoInFlight).isNull())
            problems << Text::tr("%1 is NULL").arg(m_layout.column(QStringLiteral("in_flight")));
        r.state = q.value(GoInFlight).toBool() ? RecordState::InFlight : RecordState::Completed;
        if (const std::optional<HeaderList> headers = goHeaders(q.value(GoHeaders)))
            r.headers = encodeHeaders(*headers);
        else
            problems << Text::tr("%1 is not a JSON object of strings: %2")
                            .arg(m_layout.column(QStringLiteral("headers")), q.value(GoHeaders).toString().left(200));
        nullTime(GoCreated, QStringLiteral("created_at"));
        r.createdAt = r.updatedAt = q.value(GoCreated).toLongLong();
        r.expiresAt = q.value(GoExpires).toLongLong();
    } else {
        r.bizNo = q.value(JavaBizNo).toString();
        r.body = q.value(JavaResponse).toByteArray();
        const QVariant status = q.value(JavaStatus);
        const std::optional<RecordState> state = status.isNull() ? std::nullopt : stateOfStatus(status.toString());
        r.state = state.value_or(RecordState::InFlight);
        if (status.isNull())
            problems << Text::tr("%1 is NULL").arg(m_layout.column(QStringLiteral("status")));
        else if (!state)
            problems << Text::tr("%1 '%2' is none of the layout's state values (%3)")
                            .arg(m_layout.column(QStringLiteral("status")), status.toString().left(64),
                                 QStringList{m_layout.processingValue, m_layout.successValue, m_layout.timeoutValue}.join(
                                     QStringLiteral(", ")));
        if (r.state == RecordState::Completed && !q.value(JavaResponse).isNull())
            r.statusCode = 200;
        nullTime(JavaCreated, QStringLiteral("create_time"));
        r.createdAt = q.value(JavaCreated).toLongLong();
        if (r.state == RecordState::InFlight)
            r.updatedAt = r.createdAt;
        else if (!nullTime(JavaUpdated, QStringLiteral("update_time")))
            r.updatedAt = q.value(JavaUpdated).toLongLong();
        // The handler's request_body, in the form the native request is kept
        // in, so every view shows it the same way (as the request's body).
        if (const QVariant request = q.value(JavaRequest); !request.isNull()) {
            KeptRequest kept;
            kept.body = request.toByteArray();
            kept.hasBody = true;
            kept.originalBytes = kept.body.size();
            r.request = kept.encode(kForeignRequestBytes);
        }
    }
    r.readError = problems.join(QStringLiteral("; "));
    return r;
}
