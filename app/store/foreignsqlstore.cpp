#include "app/store/foreignsqlstore.h"

#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <hiredis/hiredis.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ForeignSqlStore)
};

// Go's json.Marshal of the captured header map: an object, the last value of a name wins.
QString headersObject(const HeaderList &headers)
{
    QJsonObject object;
    for (const auto &[name, value] : headers)
        object.insert(QString::fromLatin1(name), QString::fromLatin1(value));
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

ForeignSqlStore::ForeignSqlStore(const StoreUrl &url, const Layout &layout)
    : ForeignStore(url, layout)
    , m_dialect(SqlDialect::kindOf(url.kind))
    , m_connections(
          sqlDriverName(url.kind), [url](QSqlDatabase &db) { configureSqlDatabase(db, url); },
          [this](QSqlDatabase &db) -> Result<void> {
              QSqlQuery q(db);
              QStringList setup = m_dialect.sessionSetup();
              // The layout's zone for zone-less timestamp columns (checked by
              // Layout::checkTimeZone, so it is safe as a literal): the
              // server then reads and writes them (NOW()) as the service does.
              if (!m_layout.timeZone.isEmpty())
                  setup << (m_dialect.kind() == SqlDialect::Kind::Postgres ? QStringLiteral("SET TIME ZONE '%1'")
                                                                           : QStringLiteral("SET time_zone = '%1'"))
                               .arg(m_layout.timeZone);
              for (const QString &statement : std::as_const(setup)) {
                  if (!q.exec(statement))
                      return failure(q, statement.startsWith(QLatin1String("SET TIME ZONE"))
                                                || statement.startsWith(QLatin1String("SET time_zone"))
                                            ? Text::tr("Setting the layout's time zone '%1' (an offset such as +08:00 always works; "
                                                       "a zone name needs the server's time zone tables)")
                                                  .arg(m_layout.timeZone)
                                            : Text::tr("Configuring the %1 connection").arg(m_dialect.serverName()));
              }
              return {};
          })
{
}

ForeignSqlStore::~ForeignSqlStore() = default; // m_cache closes its connections

Error ForeignSqlStore::failure(const QSqlQuery &query, const QString &what)
{
    const SqlDialect::Failure kind = m_dialect.classify(query.lastError());
    if (kind == SqlDialect::Failure::ConnectionLost)
        m_connections.drop();
    const bool unavailable =
        kind == SqlDialect::Failure::ConnectionLost || kind == SqlDialect::Failure::Deadlock || kind == SqlDialect::Failure::Busy;
    return makeError(unavailable ? ErrorKind::Unavailable : ErrorKind::Refused,
                     Text::tr("%1 failed on %2: %3").arg(what, displayUrl(), sqlErrorText(query.lastError())));
}

Result<void> ForeignSqlStore::openBackend()
{
    if (const QString problem = m_dialect.urlProblem(m_url); !problem.isEmpty())
        return makeError(ErrorKind::InvalidArgument, problem);
    QMutexLocker lock(&m_openMutex);
    if (m_mapping)
        return {};
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    if (Result<void> checked = checkTable(db.value()); !checked)
        return checked;
    if (Result<void> cache = openCache(); !cache)
        return cache;
    QSqlQuery zone(db.value());
    const bool postgres = m_dialect.kind() == SqlDialect::Kind::Postgres;
    if (!zone.exec(postgres ? QStringLiteral("SHOW TimeZone") : QStringLiteral("SELECT @@session.time_zone, @@system_time_zone"))
        || !zone.next())
        return failure(zone, Text::tr("Reading the session's time zone"));
    m_sessionZone = zone.value(0).toString();
    if (!postgres && m_sessionZone == QLatin1String("SYSTEM"))
        m_sessionZone = Text::tr("%1 (the server's system zone)").arg(zone.value(1).toString());
    m_mapping = std::make_unique<const ForeignSqlMapping>(m_layout, m_dialect.kind(), db.value());
    return {};
}

QString ForeignSqlStore::timeZoneNote() const
{
    if (!m_layout.timeZone.isEmpty())
        return Text::tr("Times without a zone are read in %1, the layout's time_zone.").arg(m_layout.timeZone);
    return Text::tr("Times without a zone are read in %1, the %2 session's zone. If the service writes them in another "
                    "zone, set the layout's \"sql.time_zone\" (or --time-zone).")
        .arg(m_sessionZone.isEmpty() ? Text::tr("(not read yet)") : m_sessionZone, m_dialect.serverName());
}

// The table and every mapped column must exist: a layout that names a
// column the table lacks fails here, by name, not at the first listing.
Result<void> ForeignSqlStore::checkTable(QSqlDatabase &db)
{
    const bool postgres = m_dialect.kind() == SqlDialect::Kind::Postgres;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    const QString schema = postgres ? QStringLiteral("current_schema()") : QStringLiteral("DATABASE()");
    if (!runStatement(
            q, {QStringLiteral("SELECT column_name FROM information_schema.columns WHERE table_schema = %1 AND table_name = ?").arg(schema),
                {m_layout.table}}))
        return failure(q, Text::tr("Reading the columns of %1").arg(m_layout.table));
    QStringList present;
    while (q.next())
        present << q.value(0).toString();
    if (present.isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The table %1 of the %2 layout does not exist in %3, or user %4 may not read it. Give the table "
                                  "the service writes in the layout (\"sql\": {\"table\": …}).")
                             .arg(m_layout.table, m_layout.name, displayUrl(), m_url.user));
    // PostgreSQL keeps quoted names as written; MySQL column names ignore case.
    const Qt::CaseSensitivity cs = postgres ? Qt::CaseSensitive : Qt::CaseInsensitive;
    QStringList missing;
    for (const QString &role : Layout::roles(m_layout.family)) {
        const QString name = m_layout.column(role);
        if (!present.contains(name, cs))
            missing << (name == role ? name : Text::tr("%1 (for %2)").arg(name, role));
    }
    if (!missing.isEmpty())
        return makeError(
            ErrorKind::InvalidArgument,
            Text::tr("The table %1 on %2 has no column %3, which the %4 layout reads. Its columns are: %5.")
                .arg(m_layout.table, displayUrl(), missing.join(QStringLiteral(", ")), m_layout.name, present.join(QStringLiteral(", "))));
    return {};
}

std::optional<Error> ForeignSqlStore::actionRefusal() const
{
    // The java-handler answers from its Redis cache first: an action that
    // changes MySQL alone leaves the service answering 409 from the old
    // PROCESSING value. So an action must name the cache, or say there is none.
    if (m_layout.family != LayoutFamily::JavaHandler || !m_url.options.value(QStringLiteral("cache")).isEmpty())
        return std::nullopt;
    return makeError(ErrorKind::InvalidArgument,
                     Text::tr("The %1 layout keeps a Redis cache beside MySQL, and an action that leaves it stale makes the service "
                              "answer 409 until the key expires. Give the cache (--cache redis://host:port/db, URL option cache=), or "
                              "--no-cache (cache=none) if this service runs without one.")
                         .arg(m_layout.name));
}

Result<void> ForeignSqlStore::openCache()
{
    // A missing cache= stops actions (actionRefusal), not reading.
    const QString text = m_url.options.value(QStringLiteral("cache"));
    if (text.isEmpty() || text == QLatin1String("none"))
        return {};
    if (m_layout.family != LayoutFamily::JavaHandler)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The URL option cache= applies to the java-handler layout only, not to %1.").arg(m_layout.name));
    const Result<StoreUrl> cache = StoreUrl::parse(text);
    // The value is not echoed when unreadable: it may hold a password.
    if (!cache)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The URL option cache= must be redis://host:port[/db]: %1").arg(cache.error().message));
    if (cache->kind != StoreUrl::Kind::Redis)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The URL option cache= must be redis://host:port[/db], not %1.").arg(cache->displayString()));
    QMutexLocker lock(&m_cacheMutex);
    if (!m_cache)
        m_cache = std::make_unique<RedisConnectionPool>(cache.value());
    return {};
}

// A read that failed on a connection lost while idle is repeated once on a
// new one (nothing was written).
template <typename Read>
auto ForeignSqlStore::readOnce(Read read) -> decltype(read(std::declval<QSqlDatabase &>(), std::declval<const ForeignSqlMapping &>()))
{
    if (!m_mapping)
        return makeError(ErrorKind::Internal, Text::tr("%1 is used before it was opened.").arg(displayUrl()));
    for (int attempt = 0;; ++attempt) {
        Result<QSqlDatabase> db = m_connections.acquire();
        if (!db)
            return db.error();
        auto result = read(db.value(), *m_mapping);
        if (result.ok() || attempt > 0 || db.value().isOpen())
            return result;
    }
}

Result<std::optional<Record>> ForeignSqlStore::readRecord(const QString &scope, const QString &key)
{
    return readOnce([&](QSqlDatabase &db, const ForeignSqlMapping &m) -> Result<std::optional<Record>> {
        if (m.isGo() && scope != m_layout.scope)
            return std::optional<Record>();
        SqlStatement select{
            QStringLiteral("SELECT %1 FROM %2 WHERE %3 = ? AND %4").arg(m.selectList(), m.table(), m.keyColumn(), m.liveCondition()),
            {key}};
        if (!m.isGo()) {
            select.sql += QStringLiteral(" AND %1 = ?").arg(m.scopeExpression());
            select.values << scope;
        }
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!runStatement(q, select))
            return failure(q, Text::tr("Reading a record"));
        if (!q.next())
            return std::optional<Record>();
        return std::optional<Record>(m.recordFromRow(q));
    });
}

std::optional<SqlStatement> ForeignSqlStore::listingWhere(const ForeignSqlMapping &m, const RecordQuery &query, bool withKeyset) const
{
    const QString state = m.stateCondition(*query.state);
    // These layouts record no owner; go-middleware has no timed-out state.
    if (state.isEmpty() || !query.owner.isEmpty() || (m.isGo() && !query.scope.isEmpty() && query.scope != m_layout.scope))
        return std::nullopt;
    SqlStatement s{QStringLiteral(" WHERE %1 AND %2").arg(m.liveCondition(), state), {}};
    auto add = [&s](const QString &condition, const QVariantList &bound) {
        s.sql += QStringLiteral(" AND ") + condition;
        s.values += bound;
    };
    if (!query.scope.isEmpty() && !m.isGo())
        add(m.scopeExpression() + QStringLiteral(" = ?"), {query.scope});
    if (query.startedBeforeMs)
        add(m.updatedAtExpression() + QStringLiteral(" < ?"), {*query.startedBeforeMs});
    if (!query.keyPrefix.isEmpty())
        add(m.keyColumn() + QStringLiteral(" LIKE ? ESCAPE '!'"), {likePrefix(query.keyPrefix)});
    if (!query.bizNoPrefix.isEmpty())
        add((m.isGo() ? m.keyColumn() : m.column(QStringLiteral("biz_no"))) + QStringLiteral(" LIKE ? ESCAPE '!'"),
            {likePrefix(query.bizNoPrefix)});
    if (withKeyset && query.after) {
        add(QStringLiteral("(%1, %2, %3) %4 (?, ?, ?)")
                .arg(m.updatedAtExpression(), m.scopeExpression(), m.keyColumn(),
                     query.newestFirst ? QStringLiteral("<") : QStringLiteral(">")),
            {query.after->updatedAt, query.after->scope, query.after->key});
    }
    return s;
}

Result<QList<Record>> ForeignSqlStore::inFlight(const RecordQuery &query)
{
    if (!query.state)
        return listEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return inFlight(q); });
    return readOnce([&](QSqlDatabase &db, const ForeignSqlMapping &m) -> Result<QList<Record>> {
        std::optional<SqlStatement> where = listingWhere(m, query, true);
        if (!where)
            return QList<Record>();
        const QString direction = query.newestFirst ? QStringLiteral(" DESC") : QStringLiteral(" ASC");
        SqlStatement select{QStringLiteral("SELECT %1 FROM %2").arg(m.selectList(), m.table()) + where->sql
                                + QStringLiteral(" ORDER BY %1%4, %2%4, %3%4 LIMIT %5")
                                      .arg(m.updatedAtExpression(), m.scopeExpression(), m.keyColumn(), direction)
                                      .arg(qMax(1, query.limit)),
                            where->values};
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!runStatement(q, select))
            return failure(q, Text::tr("Listing records"));
        QList<Record> rows;
        while (q.next())
            rows.append(m.recordFromRow(q));
        return rows;
    });
}

Result<qint64> ForeignSqlStore::countInFlight(const RecordQuery &query)
{
    if (!query.state)
        return countEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return countInFlight(q); });
    return readOnce([&](QSqlDatabase &db, const ForeignSqlMapping &m) -> Result<qint64> {
        std::optional<SqlStatement> where = listingWhere(m, query, false);
        if (!where)
            return qint64(0);
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!runStatement(q, {QStringLiteral("SELECT COUNT(*) FROM ") + m.table() + where->sql, where->values}) || !q.next())
            return failure(q, Text::tr("Counting records"));
        return q.value(0).toLongLong();
    });
}

Result<QList<ScopeCount>> ForeignSqlStore::countByState(const QString &scope)
{
    return readOnce([&](QSqlDatabase &db, const ForeignSqlMapping &m) -> Result<QList<ScopeCount>> {
        // go-middleware groups by in_flight, java-handler by status (several
        // values may mean one state; an unknown one is counted in flight, as listed).
        const QString state = m.isGo() ? m.column(QStringLiteral("in_flight")) : m.column(QStringLiteral("status"));
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT %1, %2, COUNT(*) FROM %3 WHERE %4 GROUP BY %1, %2")
                        .arg(m.scopeExpression(), state, m.table(), m.liveCondition())))
            return failure(q, Text::tr("Counting records"));
        QMap<std::pair<QString, int>, qint64> counts;
        while (q.next()) {
            const RecordState s = m.isGo() ? (q.value(1).toBool() || q.value(1).isNull() ? RecordState::InFlight : RecordState::Completed)
                                           : m.stateOfStatus(q.value(1).toString()).value_or(RecordState::InFlight);
            counts[{q.value(0).toString(), int(s)}] += q.value(2).toLongLong();
        }
        QList<ScopeCount> rows;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            if (scope.isEmpty() || it.key().first == scope)
                rows.append(ScopeCount{it.key().first, RecordState(it.key().second), it.value()});
        }
        return rows;
    });
}

Result<QList<ActivityRow>> ForeignSqlStore::activity(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    return readOnce([&](QSqlDatabase &db, const ForeignSqlMapping &m) -> Result<QList<ActivityRow>> {
        if (m.isGo() && !scope.isEmpty() && scope != m_layout.scope)
            return QList<ActivityRow>();
        const bool postgres = m_dialect.kind() == SqlDialect::Kind::Postgres;
        const QString created = m.isGo() ? m.column(QStringLiteral("created_at")) : m.column(QStringLiteral("create_time"));
        const QString state = m.isGo() ? m.column(QStringLiteral("in_flight")) : m.column(QStringLiteral("status"));
        // A range on the stored time (an index on it helps), grouped by the minute.
        const QString fromTime =
            postgres ? QStringLiteral("to_timestamp(CAST(? AS double precision))") : QStringLiteral("FROM_UNIXTIME(?)");
        SqlStatement select{QStringLiteral("SELECT %1, FLOOR(%2 / 60000), %3, COUNT(*) FROM %4 WHERE %5 AND %6 >= %7 AND %6 < %7")
                                .arg(m.scopeExpression(), m.createdAtExpression(), state, m.table(), m.liveCondition(), created, fromTime),
                            {fromMinute * 60, (toMinute + 1) * 60}};
        if (!scope.isEmpty() && !m.isGo()) {
            select.sql += QStringLiteral(" AND %1 = ?").arg(m.scopeExpression());
            select.values << scope;
        }
        select.sql += QStringLiteral(" GROUP BY 1, 2, 3 ORDER BY 2, 1");
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!runStatement(q, select))
            return failure(q, Text::tr("Reading the activity"));
        QList<ActivityRow> rows;
        while (q.next()) {
            const QString rowScope = q.value(0).toString();
            const qint64 minute = q.value(1).toLongLong();
            if (rows.isEmpty() || rows.last().scope != rowScope || rows.last().minute != minute)
                rows.append(ActivityRow{rowScope, minute, 0, 0, 0, 0});
            ActivityRow &row = rows.last();
            const qint64 n = q.value(3).toLongLong();
            const QVariant value = q.value(2);
            std::optional<RecordState> s;
            if (m.isGo())
                s = value.isNull() ? std::nullopt : std::optional(value.toBool() ? RecordState::InFlight : RecordState::Completed);
            else if (!value.isNull())
                s = m.stateOfStatus(value.toString());
            if (!s)
                row.unreadable += n;
            else if (*s == RecordState::InFlight)
                row.inFlight += n;
            else if (*s == RecordState::Completed)
                row.completed += n;
            else
                row.timedOut += n;
        }
        return rows;
    });
}

SqlStatement ForeignSqlStore::actionStatement(const ForeignSqlMapping &m, const OperatorAction &action) const
{
    // The compare-and-set: the row is still the one the preview digested.
    const QString where = QStringLiteral(" WHERE %1 = ? AND %2 AND %3 = ?").arg(m.keyColumn(), m.liveCondition(), m.leaseExpression());
    const QVariantList keyAndLease{action.key, action.lease};
    const QByteArray body = action.response.body.isNull() ? QByteArray("") : action.response.body;
    if (m.isGo()) {
        if (action.kind != OperatorActionKind::ReconcileComplete)
            return {QStringLiteral("DELETE FROM ") + m.table() + where, keyAndLease};
        // Finalize's UPDATE; expires_at on the server's clock, as Get compares it with NOW().
        return {QStringLiteral(
                    "UPDATE %1 SET %2 = ?, %3 = ?, %4 = ?, %5 = FALSE, %6 = NOW() + CAST(? AS double precision) * INTERVAL '1 millisecond'")
                        .arg(m.table(), m.column(QStringLiteral("status_code")), m.column(QStringLiteral("headers")),
                             m.column(QStringLiteral("body")), m.column(QStringLiteral("in_flight")),
                             m.column(QStringLiteral("expires_at")))
                    + where,
                QVariantList{action.response.status, headersObject(action.response.headers), body, m_layout.retentionMs} + keyAndLease};
    }
    const QString status = m.column(QStringLiteral("status"));
    const QString updated = m.column(QStringLiteral("update_time"));
    switch (action.kind) {
    case OperatorActionKind::MarkTimedOut:
        return {QStringLiteral("UPDATE %1 SET %2 = ?, %3 = NOW()").arg(m.table(), status, updated) + where,
                QVariantList{m_layout.timeoutValue} + keyAndLease};
    case OperatorActionKind::ReconcileComplete:
        return {QStringLiteral("UPDATE %1 SET %2 = ?, %3 = ?, %4 = NOW()")
                        .arg(m.table(), status, m.column(QStringLiteral("response_body")), updated)
                    + where,
                QVariantList{m_layout.successValue, QString::fromUtf8(body)} + keyAndLease};
    case OperatorActionKind::ReconcileRelease:
        break;
    }
    return {QStringLiteral("DELETE FROM ") + m.table() + where, keyAndLease};
}

Result<TransitionOutcome> ForeignSqlStore::writeAction(const OperatorAction &action, const Record &)
{
    if (!m_mapping)
        return makeError(ErrorKind::Internal, Text::tr("%1 is used before it was opened.").arg(displayUrl()));
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    if (!runStatement(q, actionStatement(*m_mapping, action)))
        return failure(q, Text::tr("Applying \"%1\" to %2").arg(operatorActionName(action.kind), action.key));
    // Every action changes the status, in_flight or the row's existence, so
    // MySQL's changed-rows count is the matched count.
    if (q.numRowsAffected() != 1) {
        const Result<std::optional<Record>> now = readRecord(action.scope, action.key);
        return now && !now.value() ? TransitionOutcome::NotFound : TransitionOutcome::StaleLease;
    }
    return TransitionOutcome::Applied;
}

Result<void> ForeignSqlStore::followUp(const OperatorAction &action)
{
    if (m_mapping->isGo())
        return {};
    {
        QMutexLocker lock(&m_cacheMutex);
        if (!m_cache)
            return {}; // --no-cache: the operator said the service runs without one
    }
    const QByteArray key = m_layout.keyPrefix + action.key.toUtf8();
    const RedisCommand command =
        action.kind == OperatorActionKind::ReconcileComplete
            ? RedisCommand{"SET", key, m_layout.successValue.toUtf8(), "PX", QByteArray::number(m_layout.successTtlMs)}
            : RedisCommand{"DEL", key};
    Result<void> written = writeCache(command);
    if (!written)
        written = writeCache(command); // once more: a connection lost while idle reconnects
    if (written)
        return {};
    // MySQL is the truth and is changed; the handler reads a stale cache
    // until the key expires. Say so in the chain, next to the action.
    AuditEntry note = action.audit;
    note.scope = action.scope;
    note.key = action.key;
    note.atMs = action.nowMs;
    note.action = QStringLiteral("cache-not-updated");
    note.stateBefore.clear();
    note.stateAfter.clear();
    const QString failed =
        Text::tr("%1 was applied in MySQL, but the Redis cache key %2 could not be updated (%3), and nothing "
                 "retries it: the handler answers from the stale cache until the key expires. Run %4 on the "
                 "cache once it is reachable.")
            .arg(operatorActionName(action.kind), QString::fromUtf8(key), written.error().message, QString::fromUtf8(command.join(' ')));
    note.reason = failed;
    if (const Result<AuditEntry> noted = appendAudit(note); !noted)
        return makeError(ErrorKind::Unavailable,
                         failed + QLatin1Char(' ') + Text::tr("The audit note saying so failed too: %1").arg(noted.error().message));
    return makeError(ErrorKind::Unavailable, failed);
}

Result<void> ForeignSqlStore::writeCache(const RedisCommand &command)
{
    RedisConnectionPool *cache = nullptr;
    {
        QMutexLocker lock(&m_cacheMutex);
        cache = m_cache.get();
    }
    Result<RedisLink *> c = cache->connection();
    if (!c)
        return c.error();
    Result<RedisReply> reply = c.value()->command(command);
    if (!reply)
        return reply.error();
    if (const QByteArray error = RedisConnection::errorText(*reply.value()); !error.isEmpty())
        return makeError(ErrorKind::Refused, Text::tr("Redis answered %1").arg(QString::fromUtf8(error)));
    return {};
}
