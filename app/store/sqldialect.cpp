#include "app/store/sqldialect.h"

#include <QCoreApplication>
#include <QMap>
#include <QSqlError>
#include <QSqlQuery>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

// libpq connection-string value: quoted when it holds a space, a quote or a
// backslash. (QPSQL turns every ';' of the options into a space, so a value
// cannot hold one; urlProblem() refuses such URLs.)
QString libpqValue(const QString &value)
{
    if (!value.isEmpty() && !value.contains(QLatin1Char(' ')) && !value.contains(QLatin1Char('\'')) && !value.contains(QLatin1Char('\\')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    quoted.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// URL query parameters handed to libpq as they are (libpq's own keywords).
const QStringList kLibpqKeywords = {
    QStringLiteral("sslmode"),
    QStringLiteral("sslrootcert"),
    QStringLiteral("sslcert"),
    QStringLiteral("sslkey"),
    QStringLiteral("sslcrl"),
    QStringLiteral("application_name"),
    QStringLiteral("options"),
    QStringLiteral("target_session_attrs"),
    QStringLiteral("connect_timeout"),
    QStringLiteral("keepalives_idle"),
    QStringLiteral("keepalives_interval"),
    QStringLiteral("keepalives_count"),
    QStringLiteral("tcp_user_timeout"),
};

// URL query parameter → QMYSQL option (names as Qt 6.4's QMYSQL parses them).
const QMap<QString, QString> kMysqlOptions = {
    {QStringLiteral("connect_timeout"), QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT")},
    {QStringLiteral("read_timeout"), QStringLiteral("MYSQL_OPT_READ_TIMEOUT")},
    {QStringLiteral("write_timeout"), QStringLiteral("MYSQL_OPT_WRITE_TIMEOUT")},
    {QStringLiteral("ssl_ca"), QStringLiteral("SSL_CA")},
    {QStringLiteral("ssl_capath"), QStringLiteral("SSL_CAPATH")},
    {QStringLiteral("ssl_cert"), QStringLiteral("SSL_CERT")},
    {QStringLiteral("ssl_key"), QStringLiteral("SSL_KEY")},
    {QStringLiteral("ssl_cipher"), QStringLiteral("SSL_CIPHER")},
};

bool containsAny(const QString &text, std::initializer_list<const char *> needles)
{
    for (const char *needle : needles) {
        if (text.contains(QLatin1String(needle), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace

bool runStatement(QSqlQuery &query, const SqlStatement &statement)
{
    if (!query.prepare(statement.sql))
        return false;
    for (const QVariant &v : statement.values)
        query.addBindValue(v);
    return query.exec();
}

QString likePrefix(const QString &prefix)
{
    QString escaped = prefix;
    escaped.replace(QLatin1Char('!'), QStringLiteral("!!"));
    escaped.replace(QLatin1Char('%'), QStringLiteral("!%"));
    escaped.replace(QLatin1Char('_'), QStringLiteral("!_"));
    return escaped + QLatin1Char('%');
}

SqlDialect::Kind SqlDialect::kindOf(StoreUrl::Kind kind)
{
    switch (kind) {
    case StoreUrl::Kind::Postgres:
        return Kind::Postgres;
    case StoreUrl::Kind::Mysql:
        return Kind::Mysql;
    case StoreUrl::Kind::Sqlite:
    case StoreUrl::Kind::Redis:
        break;
    }
    return Kind::Sqlite;
}

QString SqlDialect::serverName() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("PostgreSQL");
    case Kind::Mysql:
        return QStringLiteral("MySQL/MariaDB");
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SQLite");
}

QString SqlDialect::urlProblem(const StoreUrl &url) const
{
    // Qt's drivers take their options as one ';'-separated string.
    const QStringList passed = m_kind == Kind::Postgres ? kLibpqKeywords : m_kind == Kind::Mysql ? kMysqlOptions.keys() : QStringList();
    for (const QString &keyword : passed) {
        if (url.options.value(keyword).contains(QLatin1Char(';')))
            return Text::tr("The URL option %1 may not contain ';' (the %2 driver cannot pass it on).").arg(keyword, serverName());
    }
    return QString();
}

QString SqlDialect::connectOptions(const StoreUrl &url) const
{
    QStringList options;
    if (m_kind == Kind::Postgres) {
        // A server that does not answer the handshake fails after 3 s; a
        // connection whose server vanished is noticed by TCP keepalives
        // (~20 s) or by unacknowledged writes (10 s) instead of hanging.
        QMap<QString, QString> values{
            {QStringLiteral("connect_timeout"), QStringLiteral("3")},
            {QStringLiteral("keepalives"), QStringLiteral("1")},
            {QStringLiteral("keepalives_idle"), QStringLiteral("10")},
            {QStringLiteral("keepalives_interval"), QStringLiteral("3")},
            {QStringLiteral("keepalives_count"), QStringLiteral("3")},
            {QStringLiteral("tcp_user_timeout"), QStringLiteral("10000")},
            {QStringLiteral("application_name"), QStringLiteral("idem-console")},
        };
        for (const QString &keyword : kLibpqKeywords) {
            if (url.options.contains(keyword))
                values.insert(keyword, url.options.value(keyword));
        }
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            options << it.key() + QLatin1Char('=') + libpqValue(it.value());
    } else if (m_kind == Kind::Mysql) {
        // MySQL has real read/write timeouts: a statement waiting longer than
        // this for the server (default 15 s) fails as a lost connection.
        QMap<QString, QString> values{
            {QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT"), QStringLiteral("3")},
            {QStringLiteral("MYSQL_OPT_READ_TIMEOUT"), QStringLiteral("15")},
            {QStringLiteral("MYSQL_OPT_WRITE_TIMEOUT"), QStringLiteral("15")},
        };
        for (auto it = kMysqlOptions.cbegin(); it != kMysqlOptions.cend(); ++it) {
            if (url.options.contains(it.key()))
                values.insert(it.value(), url.options.value(it.key()));
        }
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            options << it.key() + QLatin1Char('=') + it.value();
    }
    return options.join(QLatin1Char(';'));
}

QStringList SqlDialect::sessionSetup() const
{
    switch (m_kind) {
    case Kind::Sqlite:
        return {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA synchronous=NORMAL"),
                QStringLiteral("PRAGMA foreign_keys=ON")};
    case Kind::Mysql:
        // Every statement commits on its own; READ COMMITTED keeps InnoDB from
        // taking gap locks, so claims on neighbouring keys never wait on each
        // other. Strict mode makes a too long value an error, never a
        // silently truncated key.
        return {QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"),
                QStringLiteral("SET SESSION sql_mode = CONCAT_WS(',', NULLIF(@@SESSION.sql_mode, ''), 'STRICT_ALL_TABLES')")};
    case Kind::Postgres:
        break;
    }
    return {};
}

QString SqlDialect::missingPrivilegesQuery() const
{
    if (m_kind != Kind::Postgres)
        return QString();
    // has_table_privilege() with a list answers "any of", so one row per right.
    return QStringLiteral("SELECT t || ' ' || p FROM (VALUES ('idem_records', 'SELECT'), ('idem_records', 'INSERT'), "
                          "('idem_records', 'UPDATE'), ('idem_records', 'DELETE'), ('idem_counters', 'SELECT'), "
                          "('idem_counters', 'INSERT'), ('idem_counters', 'UPDATE'), ('idem_audit', 'SELECT'), "
                          "('idem_audit', 'INSERT'), ('idem_audit_head', 'SELECT'), ('idem_audit_head', 'INSERT'), "
                          "('idem_audit_head', 'UPDATE')) AS needed(t, p) "
                          "WHERE NOT has_table_privilege(t, p)");
}

QString SqlDialect::identityQuery() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT current_user");
    case Kind::Mysql:
        return QStringLiteral("SELECT CURRENT_USER()");
    case Kind::Sqlite:
        break;
    }
    return QString();
}

QString SqlDialect::insertIfAbsent(const QString &columns, const QString &values) const
{
    const QString insert =
        QStringLiteral("INSERT INTO idem_records (") + columns + QStringLiteral(") VALUES (") + values + QLatin1Char(')');
    if (m_kind == Kind::Mysql) {
        // Not INSERT IGNORE: that also turns truncation and other errors into
        // warnings. A no-op update on the duplicate key counts 0 affected rows
        // (MySQL counts changed rows; CLIENT_FOUND_ROWS is never set), a new
        // row counts 1.
        return insert + QStringLiteral(" ON DUPLICATE KEY UPDATE idem_key = idem_key");
    }
    return insert + QStringLiteral(" ON CONFLICT (scope, idem_key) DO NOTHING");
}

SqlStatement SqlDialect::inFlight(const RecordQuery &q, const QString &head, bool withKeyset) const
{
    SqlStatement s;
    // The state is spelled out, not bound: PostgreSQL and SQLite use a
    // partial index only for a predicate they can see (state = 'IN_FLIGHT' /
    // 'TIMED_OUT' / 'COMPLETED'); MySQL's listing index leads with state.
    // Every state (unset) has no index of its own: SqlStore merges the three
    // listings instead (listEveryState) and never runs that text.
    s.sql = head
            + (q.state ? QString(QStringLiteral(" WHERE state = '") + recordStateName(*q.state) + QLatin1Char('\''))
                       : QStringLiteral(" WHERE state IN ('IN_FLIGHT', 'COMPLETED', 'TIMED_OUT')"));
    auto add = [&s](const QString &condition, const QVariantList &bound) {
        s.sql += QStringLiteral(" AND ") + condition;
        s.values += bound;
    };
    if (!q.scope.isEmpty())
        add(QStringLiteral("scope = ?"), {q.scope});
    if (q.startedBeforeMs)
        add(QStringLiteral("updated_at < ?"), {*q.startedBeforeMs});
    if (!q.keyPrefix.isEmpty())
        add(QStringLiteral("idem_key LIKE ? ESCAPE '!'"), {likePrefix(q.keyPrefix)});
    if (!q.bizNoPrefix.isEmpty())
        add(QStringLiteral("biz_no LIKE ? ESCAPE '!'"), {likePrefix(q.bizNoPrefix)});
    if (!q.owner.isEmpty())
        add(QStringLiteral("owner = ?"), {q.owner});
    if (withKeyset && q.after) {
        const QString op = q.newestFirst ? QStringLiteral("<") : QStringLiteral(">");
        if (m_kind == Kind::Mysql) {
            // (updated_at, scope, idem_key) beyond the last row, spelled out:
            // MySQL does not range-scan an index for a row comparison. The
            // leading updated_at >= / <= is implied by the rest: it is the
            // range by which MariaDB seeks to the position in the listing
            // index (inFlightListing forces that index; EXPLAIN: range).
            add(QStringLiteral(
                    "updated_at %1= ? AND (updated_at %1 ? OR (updated_at = ? AND (scope %1 ? OR (scope = ? AND idem_key %1 ?))))")
                    .arg(op),
                {q.after->updatedAt, q.after->updatedAt, q.after->updatedAt, q.after->scope, q.after->scope, q.after->key});
        } else {
            // A row comparison is an index range on PostgreSQL and SQLite: a
            // later page starts where the last ended instead of filtering
            // every row before it.
            add(QStringLiteral("(updated_at, scope, idem_key) %1 (?, ?, ?)").arg(op), {q.after->updatedAt, q.after->scope, q.after->key});
        }
    }
    return s;
}

SqlStatement SqlDialect::inFlightListing(const RecordQuery &query, bool requestColumn) const
{
    // A store that predates the request column lists NULL in its place.
    const QString columns =
        QStringLiteral("SELECT scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, headers, body, "
                       "created_at, updated_at, expires_at, reconciled, ")
        + (requestColumn ? QStringLiteral("request") : QStringLiteral("NULL")) + QStringLiteral(" FROM idem_records");
    // MariaDB left to itself walks (state, …) backward from the state's
    // last entry for a newest-first next page (30,000 entries read for a
    // page of 5 in 40,000 completed records) and takes the primary key's
    // scope range plus a sort for one scope; told to use the listing index
    // it seeks to the keyset position (EXPLAIN: range, 4 entries read).
    SqlStatement s =
        inFlight(query, m_kind == Kind::Mysql ? columns + QStringLiteral(" FORCE INDEX (idem_records_listing)") : columns, true);
    const QString direction = query.newestFirst ? QStringLiteral(" DESC") : QStringLiteral(" ASC");
    s.sql += QStringLiteral(" ORDER BY updated_at") + direction + QStringLiteral(", scope") + direction + QStringLiteral(", idem_key")
             + direction + QStringLiteral(" LIMIT ?");
    s.values << qMax(1, query.limit);
    return s;
}

SqlStatement SqlDialect::inFlightCount(const RecordQuery &query) const
{
    return inFlight(query, QStringLiteral("SELECT COUNT(*) FROM idem_records"), false);
}

QString SqlDialect::counterUpsert(qsizetype rows) const
{
    const QStringList names = counterNames();
    QString sql =
        QStringLiteral("INSERT INTO idem_counters (scope, minute, ") + names.join(QStringLiteral(", ")) + QStringLiteral(") VALUES ");
    const QString placeholders = QStringLiteral("(?, ?") + QStringLiteral(", ?").repeated(names.size()) + QLatin1Char(')');
    for (qsizetype i = 0; i < rows; ++i)
        sql += (i ? QStringLiteral(", ") : QString()) + placeholders;
    QStringList updates;
    for (const QString &name : names) {
        updates << (m_kind == Kind::Mysql ? QStringLiteral("%1 = %1 + VALUES(%1)").arg(name)
                                          : QStringLiteral("%1 = idem_counters.%1 + excluded.%1").arg(name));
    }
    sql +=
        m_kind == Kind::Mysql ? QStringLiteral(" ON DUPLICATE KEY UPDATE ") : QStringLiteral(" ON CONFLICT (scope, minute) DO UPDATE SET ");
    return sql + updates.join(QStringLiteral(", "));
}

bool SqlDialect::isDuplicateKey(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    switch (m_kind) {
    case Kind::Postgres:
        return code == QLatin1String("23505");
    case Kind::Mysql:
        return code == QLatin1String("1062");
    case Kind::Sqlite:
        break;
    }
    return error.text().contains(QLatin1String("UNIQUE constraint failed"));
}

QString SqlDialect::lockForUpdate() const
{
    // SQLite has one writer at a time: the open write transaction is the lock.
    return m_kind == Kind::Sqlite ? QString() : QStringLiteral(" FOR UPDATE");
}

QString sqlErrorText(const QSqlError &error)
{
    const QString text = error.text().trimmed();
    if (!text.isEmpty())
        return text;
    return QCoreApplication::translate("SqlStore", "the database driver gave no reason (error type %1, code '%2'); the "
                                                   "connection may have been closed")
        .arg(int(error.type()))
        .arg(error.nativeErrorCode());
}

SqlDialect::Failure SqlDialect::classify(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    const QString text = error.text();
    if (m_kind == Kind::Sqlite && error.type() != QSqlError::NoError) {
        // Qt's SQLite driver reports every failed step as a ConnectionError
        // ("Unable to fetch row"), a trigger's refusal or a constraint
        // included. SQLite has no connection to lose: only a file that can no
        // longer be read or written (I/O error, full disk, cannot open,
        // corrupt, not a database) stops the store; busy and locked wait.
        const int primary = code.toInt() & 0xff;
        if (primary == 5 || primary == 6 || containsAny(text, {"locked", "busy"}))
            return Failure::Busy;
        if (primary == 10 || primary == 11 || primary == 13 || primary == 14 || primary == 26)
            return Failure::ConnectionLost;
        if (code.isEmpty() && error.type() == QSqlError::ConnectionError && !text.contains(QLatin1String("Unable to fetch row")))
            return Failure::ConnectionLost; // the open itself failed
        return Failure::Refused;
    }
    if (error.type() == QSqlError::ConnectionError)
        return Failure::ConnectionLost;
    switch (m_kind) {
    case Kind::Postgres:
        // SQLSTATE class 08 and the shutdown codes come from the server; a
        // socket that died reports no SQLSTATE, only libpq's text.
        if (code.startsWith(QLatin1String("08")) || code == QLatin1String("57P01") || code == QLatin1String("57P02")
            || code == QLatin1String("57P03")
            || containsAny(text, {"server closed the connection", "no connection to the server", "could not receive data",
                                  "could not send data", "terminating connection", "connection to server", "SSL SYSCALL", "timeout expired",
                                  "Connection timed out", "Connection refused"}))
            return Failure::ConnectionLost;
        if (code == QLatin1String("40P01") || code == QLatin1String("40001"))
            return Failure::Deadlock;
        if (code == QLatin1String("55P03") || code == QLatin1String("57014"))
            return Failure::Busy;
        if (code == QLatin1String("42501"))
            return Failure::NoPrivilege;
        break;
    case Kind::Mysql:
        // Client errors 2002/2003 (cannot connect), 2006 (gone away), 2013 and
        // 2055 (lost during a query), server 1053 (shutting down), 1927
        // (connection killed), 4031 (disconnected for inactivity).
        if (QStringList{QStringLiteral("2002"), QStringLiteral("2003"), QStringLiteral("2006"), QStringLiteral("2013"),
                        QStringLiteral("2055"), QStringLiteral("1053"), QStringLiteral("1927"), QStringLiteral("4031")}
                .contains(code)
            || containsAny(text, {"gone away", "Lost connection", "Can't connect", "Server shutdown", "Connection was killed"}))
            return Failure::ConnectionLost;
        if (code == QLatin1String("1213"))
            return Failure::Deadlock;
        if (code == QLatin1String("1205"))
            return Failure::Busy;
        if (QStringList{QStringLiteral("1044"), QStringLiteral("1142"), QStringLiteral("1143"), QStringLiteral("1227")}.contains(code))
            return Failure::NoPrivilege;
        break;
    case Kind::Sqlite:
        if (containsAny(text, {"locked", "busy"}))
            return Failure::Busy;
        break;
    }
    return Failure::Refused;
}

QString SqlDialect::readableRecord() const
{
    const QString earliest = QString::number(kEarliestRecordMs), latest = QString::number(kLatestRecordMs);
    QString sql = QStringLiteral("created_at BETWEEN %1 AND %2 AND updated_at BETWEEN %1 AND %2 "
                                 "AND (expires_at = 0 OR expires_at BETWEEN %1 AND %2) AND attempts BETWEEN 1 AND 2147483647 "
                                 "AND status_code BETWEEN 0 AND 999 AND reconciled IN (0, 1) AND (state <> 'IN_FLIGHT' OR lease <> '')")
                      .arg(earliest, latest);
    // SQLite stores any value in any column, and compares a text above
    // every number: the numbers must be stored as integers.
    if (m_kind == Kind::Sqlite) {
        for (const char *column : {"attempts", "status_code", "created_at", "updated_at", "expires_at", "reconciled"})
            sql += QStringLiteral(" AND typeof(%1) = 'integer'").arg(QLatin1String(column));
    }
    return sql;
}
