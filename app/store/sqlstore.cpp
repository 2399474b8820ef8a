#include "app/store/sqlstore.h"
#include "app/store/pgmux.h"
#include "app/store/sqlaccess.h"
#include "app/store/sqlrecord.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

} // namespace

QString sqlDriverName(StoreUrl::Kind kind)
{
    switch (kind) {
    case StoreUrl::Kind::Postgres:
        return QStringLiteral("QPSQL");
    case StoreUrl::Kind::Mysql:
        return QStringLiteral("QMYSQL");
    case StoreUrl::Kind::Sqlite:
    case StoreUrl::Kind::Redis:
        break;
    }
    return QStringLiteral("QSQLITE");
}

void configureSqlDatabase(QSqlDatabase &db, const StoreUrl &url)
{
    if (url.kind == StoreUrl::Kind::Sqlite) {
        db.setDatabaseName(url.path);
        // How long a writer waits for another process's write lock before
        // the store reports itself unavailable (?busy_timeout_ms=…).
        const int busyMs = url.options.value(QStringLiteral("busy_timeout_ms"), QStringLiteral("10000")).toInt();
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(qMax(0, busyMs)));
        return;
    }
    db.setHostName(url.host);
    db.setPort(url.port);
    db.setDatabaseName(url.database);
    db.setUserName(url.user);
    // Never from a settings file (DESIGN.md): the URL, else the environment.
    const char *passwordVariable = url.kind == StoreUrl::Kind::Postgres ? "IDEM_PG_PASSWORD" : "IDEM_MYSQL_PASSWORD";
    db.setPassword(!url.password.isEmpty() ? url.password : qEnvironmentVariable(passwordVariable));
    db.setConnectOptions(SqlDialect(SqlDialect::kindOf(url.kind)).connectOptions(url));
}

SqlStore::SqlStore(const StoreUrl &url)
    : m_url(url)
    , m_display(url.displayString())
    , m_dialect(SqlDialect::kindOf(url.kind))
    , m_connections(
          sqlDriverName(url.kind), [url](QSqlDatabase &db) { configureSqlDatabase(db, url); },
          [this](QSqlDatabase &db) { return prepareConnection(db); })
    , m_audit(m_dialect, [this](const QSqlQuery &query, const QString &what) { return failure(query, what); })
    , m_proposals(m_dialect, [this](const QSqlQuery &query, const QString &what) { return failure(query, what); })
{
    // The guard's hot statements share a few pipelined sessions (pgmux.h
    // says why); connections=0 keeps them on each thread's own session.
    // Nothing connects until a hot statement runs: the console never does.
    if (m_dialect.kind() == Dialect::Postgres) {
        const QString sessions = url.options.value(QStringLiteral("connections"), QStringLiteral("4"));
        if (sessions.toInt() > 0)
            m_pgMux = std::make_unique<PgMux>(url, sessions.toInt());
    }
}

SqlStore::~SqlStore()
{
    // Counted but not yet written: try once more; the store may be gone.
    (void)flushCounters();
}

Result<void> SqlStore::prepareConnection(QSqlDatabase &db)
{
    QSqlQuery q(db);
    for (const QString &statement : m_dialect.sessionSetup()) {
        if (!q.exec(statement))
            return failure(q, Text::tr("Configuring the %1 connection").arg(m_dialect.serverName()));
    }
    return {};
}

namespace {

// Checked before the first connection: SQLite would create the file.
std::optional<Error> sqliteFileProblem(const QString &path, bool mayCreate)
{
    const QFileInfo file(path);
    if (!mayCreate && !file.exists())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("No store at %1: the file does not exist. Check the path; opening a store to read or to act on it "
                                  "never creates one (a service's guard does on its first write, or idemctl init).")
                             .arg(path));
    if (!mayCreate && !file.isFile())
        return makeError(ErrorKind::InvalidArgument, Text::tr("No store at %1: it is not a file.").arg(path));
    if (mayCreate && !file.dir().exists() && !QDir().mkpath(file.absolutePath()))
        return makeError(ErrorKind::Refused, Text::tr("Cannot create the directory %1 for the SQLite store.").arg(file.absolutePath()));
    return std::nullopt;
}

// MariaDB answers INSERT … RETURNING from 10.5 ("10.11.6-MariaDB-0+deb12u1");
// MySQL never does. Unknown: the two-statement claim, which works on both.
bool answersInsertReturning(QSqlDatabase &db)
{
    QSqlQuery version(db);
    static const QRegularExpression mariaDb(QStringLiteral("^(\\d+)\\.(\\d+)\\..*MariaDB"));
    const QRegularExpressionMatch m = version.exec(QStringLiteral("SELECT VERSION()")) && version.next()
                                          ? mariaDb.match(version.value(0).toString())
                                          : QRegularExpressionMatch();
    return m.hasMatch() && std::pair(m.captured(1).toInt(), m.captured(2).toInt()) >= std::pair(10, 5);
}

} // namespace

Result<void> SqlStore::open()
{
    if (const QString problem = m_dialect.urlProblem(m_url); !problem.isEmpty())
        return makeError(ErrorKind::InvalidArgument, problem);
    const bool mayCreate = openMode() == OpenMode::Create;
    if (m_dialect.kind() == Dialect::Sqlite) {
        if (std::optional<Error> problem = sqliteFileProblem(m_url.path, mayCreate))
            return *problem;
    }
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();

    QMutexLocker schemaLock(&m_schemaMutex);
    if (m_schemaReady)
        return {};
    if (Result<void> schema = ensureSchema(db.value(), mayCreate); !schema)
        return schema.error();
    if (Result<void> access = loadAccess(db.value(), mayCreate); !access)
        return access.error();
    if (m_dialect.kind() == Dialect::Mysql)
        m_insertReturning = answersInsertReturning(db.value());
    m_schemaReady = true;
    return {};
}

// A reader takes the schema as it finds it, or refuses a store it cannot
// use; a writer completes it.
Result<void> SqlStore::ensureSchema(QSqlDatabase &db, bool mayCreate)
{
    const Result<int> present = probeSchema(db);
    if (!present)
        return present.error();
    const int complete = m_auditOnly ? m_schema.auditSchemaObjectCount() : m_schema.schemaObjectCount();
    m_auditLogMissing = m_auditOnly && present.value() == 0;
    if (m_auditLogMissing && !mayCreate)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("%1 holds no audit log yet (no idem_audit table). Nothing was created: a read-only open "
                                  "never creates one; the first operator action does.")
                             .arg(displayUrl()));
    if (present.value() == 0 && !mayCreate)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("%1 holds no idempotency store (no idem_records table). Nothing was created: opening a store to read "
                                  "or to act on it never creates one. Check the URL, or create the store with idemctl init.")
                             .arg(displayUrl()));
    // Perhaps only what a later version added is missing (an index, the
    // request or server_user column, the four-eyes tables): a reader adds
    // nothing and does without (a slower plan, the same rows, no kept
    // requests, no server identities, no proposals).
    int usable = present.value();
    const int later = m_auditOnly ? SqlSchema::auditLaterObjectCount() : m_schema.laterObjectCount();
    if (usable < complete && openMode() == OpenMode::ReadOnly && usable + later >= complete) {
        const Result<int> laterPresent = probeLaterObjects(db);
        if (!laterPresent)
            return laterPresent.error();
        usable += later - laterPresent.value();
    }
    if (usable < complete && openMode() == OpenMode::ReadOnly)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The store at %1 is incomplete (%2 of its %3 tables and indexes); a read-only open does not add the "
                                  "rest. Open it once to write (idemctl init) to complete it.")
                             .arg(displayUrl())
                             .arg(present.value())
                             .arg(complete));
    if (usable < complete) {
        if (Result<void> created = createSchema(db); !created) {
            // Two processes creating the schema at once can collide in the
            // catalog; what counts is that it is complete now.
            const Result<int> again = probeSchema(db);
            if (!again || again.value() < complete)
                return created.error();
        }
    }
    return {};
}

// For a reader of an older schema: which later objects are there (their
// count is the answer), and so whether server identities, kept requests and
// proposals can be read.
Result<int> SqlStore::probeLaterObjects(QSqlDatabase &db)
{
    const auto count = [&](const QString &probe) -> Result<int> {
        QSqlQuery q(db);
        if (!q.exec(probe) || !q.next())
            return failure(q, Text::tr("Checking the schema"));
        return q.value(0).toInt();
    };
    const Result<int> laterPresent = count(m_auditOnly ? m_schema.auditUserColumnProbe() : m_schema.laterObjectProbe());
    const Result<int> userColumn = count(m_schema.auditUserColumnProbe());
    const Result<int> requestColumn = m_auditOnly ? Result<int>(0) : count(m_schema.requestColumnProbe());
    const Result<int> fourEyes = m_auditOnly ? Result<int>(0) : count(m_schema.fourEyesTablesProbe());
    for (const Result<int> *probe : {&laterPresent, &userColumn, &requestColumn, &fourEyes}) {
        if (!*probe)
            return probe->error();
    }
    m_audit.setUserColumn(userColumn.value() > 0);
    m_requestColumn = requestColumn.value() > 0;
    m_fourEyesTables = fourEyes.value() == SqlSchema::fourEyesTableCount();
    return laterPresent.value();
}

// The guard (a service, Create) needs every right it uses and says which
// it lacks; an operator's tools open with the rights the user has and
// show them (StoreAccess): a viewer reads, the server refuses the rest.
Result<void> SqlStore::loadAccess(QSqlDatabase &db, bool mayCreate)
{
    if (Result<void> rights = m_auditOnly || !mayCreate ? Result<void>() : checkPrivileges(db); !rights)
        return rights.error();
    Result<StoreAccess> access = probeSqlAccess(db, m_dialect,
                                                m_auditOnly        ? SqlAccessScope::IdentityOnly
                                                : m_fourEyesTables ? SqlAccessScope::RecordsAndProposals
                                                                   : SqlAccessScope::Records);
    if (!access)
        return makeError(access.error().kind,
                         Text::tr("Asking %1 who this session is and what it may do failed: %2").arg(displayUrl(), access.error().message));
    QMutexLocker lock(&m_accessMutex);
    m_access = access.value();
    return {};
}

Result<int> SqlStore::probeSchema(QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(m_auditOnly ? m_schema.auditSchemaProbe() : m_schema.schemaProbe()) || !q.next())
        return failure(q, Text::tr("Checking the schema"));
    return q.value(0).toInt();
}

Result<void> SqlStore::createSchema(QSqlDatabase &db)
{
    QFile schema(m_schema.schemaResource());
    if (!schema.open(QIODevice::ReadOnly))
        return makeError(ErrorKind::Internal, Text::tr("The schema %1 is missing from this build.").arg(schema.fileName()));
    const QString text = QString::fromUtf8(schema.readAll());
    QMutexLocker writeGuard(writeLock());
    // PostgreSQL runs DDL in a transaction: a refused statement leaves no half schema.
    const bool transactional = m_dialect.kind() == Dialect::Postgres;
    if (transactional && !db.transaction())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot start a transaction on %1: %2").arg(displayUrl(), sqlErrorText(db.lastError())));
    QSqlQuery q(db);
    const auto refused = [&]() -> Error {
        const QSqlError error = q.lastError();
        if (transactional)
            db.rollback();
        if (m_dialect.classify(error) != SqlDialect::Failure::NoPrivilege)
            return failure(error, Text::tr("Creating the schema"));
        QSqlQuery who(db);
        const bool known = who.exec(m_schema.schemaOwnerQuery()) && who.next();
        return makeError(ErrorKind::Refused,
                         m_schema.missingDdlRightMessage(known ? who.value(0).toString() : m_url.database,
                                                         known ? who.value(1).toString() : m_url.user, sqlErrorText(error)));
    };
    for (const QString &statement : text.split(QStringLiteral(";\n"), Qt::SkipEmptyParts)) {
        QString sql;
        for (const QString &line : statement.split(QLatin1Char('\n'))) {
            if (!line.trimmed().startsWith(QStringLiteral("--")))
                sql += line + QLatin1Char('\n');
        }
        // An audit-only database gets the audit's statements only.
        if (sql.trimmed().isEmpty() || (m_auditOnly && !sql.contains(QLatin1String("idem_audit"))) || q.exec(sql))
            continue;
        return refused();
    }
    // A table made before a column keeps its columns through CREATE TABLE
    // IF NOT EXISTS: the column is added on its own.
    QList<std::pair<QString, QString>> columns{{m_schema.auditUserColumnProbe(), m_schema.addAuditUserColumn()}};
    if (!m_auditOnly)
        columns.append({m_schema.requestColumnProbe(), m_schema.addRequestColumn()});
    for (const auto &[probe, add] : std::as_const(columns)) {
        if (!q.exec(probe) || !q.next())
            return refused();
        const bool missing = q.value(0).toInt() == 0;
        q.finish();
        if (missing && !q.exec(add))
            return refused();
    }
    if (transactional && !db.commit())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot commit the schema on %1: %2").arg(displayUrl(), sqlErrorText(db.lastError())));
    return {};
}

Result<void> SqlStore::checkPrivileges(QSqlDatabase &db)
{
    const QString query = m_dialect.missingPrivilegesQuery();
    if (query.isEmpty())
        return {};
    QSqlQuery q(db);
    if (!q.exec(query))
        return failure(q, Text::tr("Checking the table privileges"));
    QStringList missing;
    while (q.next())
        missing << q.value(0).toString();
    if (missing.isEmpty())
        return {};
    return makeError(ErrorKind::Refused,
                     Text::tr("User %1 may not use the idem-console tables on %2: it lacks %3. Ask their owner to run "
                              "GRANT SELECT, INSERT, UPDATE, DELETE ON idem_records, idem_counters, idem_audit_head TO %1 "
                              "and GRANT SELECT, INSERT ON idem_audit TO %1 (the audit log needs no more: it is append-only).")
                         .arg(m_url.user, displayUrl(), missing.join(QStringLiteral(", "))));
}

Error SqlStore::failure(const QSqlQuery &query, const QString &what)
{
    // Read before failure(): a lost connection is dropped there, and the
    // query's result with it.
    const QSqlError error = query.lastError();
    const QString statement = query.lastQuery();
    Error failed = failure(error, what);
    if (m_dialect.classify(error) != SqlDialect::Failure::NoPrivilege || m_dialect.kind() != Dialect::Postgres)
        return failed;
    // PostgreSQL names the table ("permission denied for table
    // idem_records"), not the right: the statement's verb is the right.
    static const QRegularExpression table(QStringLiteral("for (?:table|relation) (\\w+)"));
    const QString verb = statement.trimmed().section(QLatin1Char(' '), 0, 0).toUpper();
    const QRegularExpressionMatch named = table.match(sqlErrorText(error));
    if (named.hasMatch()
        && QStringList{QStringLiteral("SELECT"), QStringLiteral("INSERT"), QStringLiteral("UPDATE"), QStringLiteral("DELETE")}.contains(
            verb))
        failed.message +=
            QStringLiteral(" — ") + Text::tr("The server grants %1 no %2 on %3.").arg(access().serverUser, verb, named.captured(1));
    return failed;
}

Error SqlStore::failure(const QSqlError &error, const QString &what)
{
    // A lost connection or a lock that did not come free is the store being
    // unavailable: the caller fails closed and may retry. A lost connection
    // is dropped so this thread's next call connects afresh. Anything else,
    // a missing right included, is a statement the store refused.
    const SqlDialect::Failure kind = m_dialect.classify(error);
    if (kind == SqlDialect::Failure::ConnectionLost)
        m_connections.drop();
    const bool unavailable =
        kind == SqlDialect::Failure::ConnectionLost || kind == SqlDialect::Failure::Deadlock || kind == SqlDialect::Failure::Busy;
    Error failed = makeError(unavailable ? ErrorKind::Unavailable : ErrorKind::Refused,
                             Text::tr("%1 failed on %2: %3").arg(what, displayUrl(), sqlErrorText(error)));
    // A missing right refuses every record of the scope alike.
    failed.wholeScope = kind == SqlDialect::Failure::NoPrivilege;
    return failed;
}

bool SqlStore::run(QSqlQuery &query, const SqlStatement &statement)
{
    return runStatement(query, statement);
}

bool SqlStore::runHot(QSqlDatabase &db, const SqlStatement &statement, std::optional<QSqlQuery> &fallback, QSqlQuery **query)
{
    if (m_dialect.kind() == Dialect::Sqlite) {
        // SQLite prepares in-process, and a kept statement would hold its
        // read snapshot. QMYSQL, like QPSQL, prepares on the server: a
        // statement prepared per call is a round trip more.
        if (!fallback)
            fallback.emplace(db);
        *query = &*fallback;
        return runWriting(*fallback, statement);
    }
    bool prepared = false;
    QSqlQuery &kept = m_connections.prepared(db, statement.sql, &prepared);
    *query = &kept;
    if (!prepared)
        return false;
    for (qsizetype i = 0; i < statement.values.size(); ++i)
        kept.bindValue(int(i), statement.values.at(i));
    return kept.exec();
}

bool SqlStore::runWriting(QSqlQuery &query, const SqlStatement &statement)
{
    QMutexLocker writeGuard(writeLock());
    return run(query, statement);
}

Result<std::optional<Record>> SqlStore::fetch(QSqlDatabase &db, const QString &scope, const QString &key, bool withRequest)
{
    // Made once each: the claim reads a record on every SQLite and MySQL request.
    static const QString lean =
        QStringLiteral("SELECT ") + sqlRecordColumns() + QStringLiteral(" FROM idem_records WHERE scope = ? AND idem_key = ?");
    static const QString whole =
        QStringLiteral("SELECT ") + sqlRecordColumns() + QStringLiteral(", request FROM idem_records WHERE scope = ? AND idem_key = ?");
    withRequest = withRequest && m_requestColumn;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!run(q, {withRequest ? whole : lean, {scope, key}}))
        return failure(q, Text::tr("Reading a record"));
    if (!q.next())
        return std::optional<Record>();
    Record record = sqlRecordFromRow(q, displayUrl(), withRequest);
    if (!record.readError.isEmpty())
        return makeError(ErrorKind::Corrupt, record.readError);
    return std::optional<Record>(std::move(record));
}

// The statement's text with each '?' replaced by its value as the driver
// writes a literal (escaped for the connection's character set). Only for
// statements whose text has no '?' of its own.
QString SqlStore::inlined(const QSqlDatabase &db, const SqlStatement &statement)
{
    QString sql;
    qsizetype value = 0;
    for (const QChar c : statement.sql) {
        if (c != u'?' || value >= statement.values.size()) {
            sql += c;
            continue;
        }
        const QVariant &v = statement.values.at(value++);
        QSqlField field(QString(), v.metaType());
        field.setValue(v);
        sql += db.driver()->formatValue(field);
    }
    return sql;
}

Result<std::optional<Record>> SqlStore::get(const QString &scope, const QString &key)
{
    return readOnce([&](QSqlDatabase &db) { return fetch(db, scope, key, true); });
}

Result<QList<Record>> SqlStore::inFlight(const RecordQuery &query)
{
    if (!query.state) // each state by its own index, merged
        return listEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return inFlight(q); });
    return readOnce([&](QSqlDatabase &db) -> Result<QList<Record>> {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!run(q, m_dialect.inFlightListing(query, m_requestColumn)))
            return failure(q, Text::tr("Listing records"));
        QList<Record> rows;
        while (q.next())
            rows.append(sqlRecordFromRow(q, displayUrl(), true)); // an unreadable row is listed, with readError

        return rows;
    });
}

Result<qint64> SqlStore::countInFlight(const RecordQuery &query)
{
    if (!query.state)
        return countEveryState(query, allRecordStates(), [this](const RecordQuery &q) { return countInFlight(q); });
    return readOnce([&](QSqlDatabase &db) -> Result<qint64> {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!run(q, m_dialect.inFlightCount(query)) || !q.next())
            return failure(q, Text::tr("Counting records"));
        return q.value(0).toLongLong();
    });
}

Result<QList<ScopeCount>> SqlStore::countByState(const QString &scope)
{
    SqlStatement count{QStringLiteral("SELECT scope, state, COUNT(*) FROM idem_records"), {}};
    if (!scope.isEmpty()) {
        count.sql += QStringLiteral(" WHERE scope = ?");
        count.values << scope;
    }
    count.sql += QStringLiteral(" GROUP BY scope, state ORDER BY scope, state");
    return readOnce([&](QSqlDatabase &db) -> Result<QList<ScopeCount>> {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!run(q, count))
            return failure(q, Text::tr("Counting records"));
        QList<ScopeCount> counts;
        while (q.next()) {
            const std::optional<RecordState> state = recordStateFromName(q.value(1).toString());
            if (!state)
                return makeError(
                    ErrorKind::Corrupt,
                    Text::tr("Records of scope %1 have an unknown state '%2'.").arg(q.value(0).toString(), q.value(1).toString()));
            counts.append(ScopeCount{q.value(0).toString(), *state, q.value(2).toLongLong()});
        }
        return counts;
    });
}

Result<QList<CounterRow>> SqlStore::counters(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    SqlStatement select{QStringLiteral("SELECT scope, minute, ") + counterNames().join(QStringLiteral(", "))
                            + QStringLiteral(" FROM idem_counters WHERE minute >= ? AND minute <= ?"),
                        {fromMinute, toMinute}};
    if (!scope.isEmpty()) {
        select.sql += QStringLiteral(" AND scope = ?");
        select.values << scope;
    }
    select.sql += QStringLiteral(" ORDER BY minute, scope");
    return readOnce([&](QSqlDatabase &db) -> Result<QList<CounterRow>> {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!run(q, select))
            return failure(q, Text::tr("Reading counters"));
        QList<CounterRow> rows;
        while (q.next()) {
            CounterRow row{q.value(0).toString(), q.value(1).toLongLong(), {}};
            for (int i = 0; i < CounterCount; ++i)
                row.counts.values[i] = q.value(2 + i).toLongLong();
            rows.append(row);
        }
        return rows;
    });
}

Result<void> SqlStore::writeCounters(QSqlDatabase &db, const QList<CounterRow> &rows)
{
    // One statement for the whole batch (DESIGN.md "Counters and alerts"),
    // rows in key order: two threads flushing overlapping rows lock them in
    // the same order and cannot deadlock each other.
    QSqlQuery q(db);
    if (!runWriting(q, counterStatement(rows)))
        return failure(q, Text::tr("Writing counters"));
    return {};
}

SqlStatement SqlStore::counterStatement(const QList<CounterRow> &rows) const
{
    QList<CounterRow> sorted = rows;
    std::sort(sorted.begin(), sorted.end(),
              [](const CounterRow &a, const CounterRow &b) { return a.scope != b.scope ? a.scope < b.scope : a.minute < b.minute; });
    SqlStatement upsert{m_dialect.counterUpsert(sorted.size()), {}};
    for (const CounterRow &row : std::as_const(sorted)) {
        upsert.values << row.scope << row.minute;
        for (qint64 v : row.counts.values)
            upsert.values << v;
    }
    return upsert;
}

void SqlStore::maybeFlush(qint64 nowMs)
{
    const QList<CounterRow> rows = m_counters.takeDue(nowMs);
    if (rows.isEmpty())
        return;
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db || !writeCounters(db.value(), rows))
        m_counters.putBack(rows); // written with a later batch; nothing counted is lost
}

Result<void> SqlStore::flushCounters()
{
    const QList<CounterRow> rows = m_counters.takeDue(QDateTime::currentMSecsSinceEpoch(), true);
    if (rows.isEmpty())
        return {};
    Result<QSqlDatabase> db = m_connections.acquire();
    Result<void> written = db ? writeCounters(db.value(), rows) : Result<void>(db.error());
    if (!written)
        m_counters.putBack(rows);
    return written;
}

Result<qint64> SqlStore::purgeExpired(qint64 nowMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    if (!runWriting(
            q, {QStringLiteral("DELETE FROM idem_records WHERE state <> 'IN_FLIGHT' AND expires_at > 0 AND expires_at <= ?"), {nowMs}}))
        return failure(q, Text::tr("Purging expired records"));
    return qint64(q.numRowsAffected());
}
