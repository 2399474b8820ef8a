#include "app/store/sqlschema.h"

#include <QCoreApplication>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

} // namespace

using Kind = SqlDialect::Kind;

QString SqlSchema::schemaResource() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral(":/sql/postgresql.sql");
    case Kind::Mysql:
        return QStringLiteral(":/sql/mysql.sql");
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral(":/sql/sqlite.sql");
}

QString SqlSchema::schemaProbe() const
{
    // The request and server_user columns count as one object each.
    const QString later = QStringLiteral(" + (") + requestColumnProbe() + QStringLiteral(") + (") + auditUserColumnProbe()
                          + QStringLiteral(") + (") + fourEyesTablesProbe() + QLatin1Char(')');
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT COUNT(to_regclass(name))") + later
               + QStringLiteral(" FROM unnest(ARRAY['idem_records', 'idem_counters', "
                                "'idem_records_inflight', 'idem_records_inflight_scope', 'idem_records_expiry', "
                                "'idem_records_timedout', 'idem_records_timedout_scope', 'idem_audit', 'idem_audit_time', "
                                "'idem_audit_head', 'idem_records_completed']) AS name");
    case Kind::Mysql:
        return QStringLiteral("SELECT (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() "
                              "AND table_name IN ('idem_records', 'idem_counters', 'idem_audit', 'idem_audit_head')) + (SELECT "
                              "COUNT(DISTINCT index_name) "
                              "FROM information_schema.statistics WHERE table_schema = DATABASE() "
                              "AND table_name = 'idem_records' AND index_name IN ('idem_records_listing', 'idem_records_expiry'))")
               + later;
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SELECT (SELECT COUNT(*) FROM sqlite_master WHERE name IN "
                          "('idem_records', 'idem_counters', 'idem_records_inflight', 'idem_records_expiry', "
                          "'idem_records_timedout', 'idem_audit', 'idem_audit_time', 'idem_audit_head', 'idem_records_completed'))")
           + later;
}

QString SqlSchema::columnProbe(const QString &table, const QString &column) const
{
    // One number; schemaProbe() and laterObjectProbe() add it in as a
    // subquery. Names are the schema's own, never an operator's input.
    switch (m_kind) {
    case Kind::Postgres:
        // to_regclass follows the search_path, as the store's own statements do.
        return QStringLiteral("SELECT COUNT(*) FROM pg_attribute WHERE attrelid = to_regclass('%1') "
                              "AND attname = '%2' AND NOT attisdropped")
            .arg(table, column);
    case Kind::Mysql:
        return QStringLiteral("SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() "
                              "AND table_name = '%1' AND column_name = '%2'")
            .arg(table, column);
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SELECT COUNT(*) FROM pragma_table_info('%1') WHERE name = '%2'").arg(table, column);
}

QString SqlSchema::fourEyesTablesProbe() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT COUNT(to_regclass('idem_proposals')) + COUNT(to_regclass('idem_policy'))");
    case Kind::Mysql:
        return QStringLiteral("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() "
                              "AND table_name IN ('idem_proposals', 'idem_policy')");
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('idem_proposals', 'idem_policy')");
}

QString SqlSchema::addRequestColumn() const
{
    // The column as the schema files declare it, last: nullable, no default,
    // so every server adds it without rewriting the table.
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("ALTER TABLE idem_records ADD COLUMN request BYTEA");
    case Kind::Mysql:
        return QStringLiteral("ALTER TABLE idem_records ADD COLUMN request BLOB NULL");
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("ALTER TABLE idem_records ADD COLUMN request BLOB");
}

QString SqlSchema::addAuditUserColumn() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("ALTER TABLE idem_audit ADD COLUMN server_user TEXT");
    case Kind::Mysql:
        return QStringLiteral("ALTER TABLE idem_audit ADD COLUMN server_user VARCHAR(255) NULL");
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("ALTER TABLE idem_audit ADD COLUMN server_user TEXT");
}

QString SqlSchema::auditSchemaProbe() const
{
    const QString column = QStringLiteral(" + (") + auditUserColumnProbe() + QLatin1Char(')');
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT COUNT(to_regclass(name))") + column
               + QStringLiteral(" FROM unnest(ARRAY['idem_audit', 'idem_audit_time', 'idem_audit_head']) AS name");
    case Kind::Mysql:
        return QStringLiteral("SELECT (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() "
                              "AND table_name IN ('idem_audit', 'idem_audit_head'))")
               + column;
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SELECT (SELECT COUNT(*) FROM sqlite_master WHERE name IN ('idem_audit', 'idem_audit_time', 'idem_audit_head'))")
           + column;
}

int SqlSchema::auditSchemaObjectCount() const
{
    // Tables, the audit's index (not on MySQL: idem_audit_time is a key of
    // idem_audit there) and the server_user column.
    return m_kind == Kind::Mysql ? 3 : 4;
}

int SqlSchema::schemaObjectCount() const
{
    // Tables and indexes, the request and server_user columns, the two four-eyes tables.
    switch (m_kind) {
    case Kind::Postgres:
        return 15;
    case Kind::Mysql:
        return 10; // idem_records_listing leads with state: it serves COMPLETED too
    case Kind::Sqlite:
        break;
    }
    return 13;
}

int SqlSchema::laterObjectCount() const
{
    // The completed index (not on MySQL, whose listing index serves it),
    // two columns, two tables.
    return m_kind == Kind::Mysql ? 4 : 5;
}

QString SqlSchema::laterObjectProbe() const
{
    const QString columnsAndTables = QStringLiteral(" + (") + requestColumnProbe() + QStringLiteral(") + (") + auditUserColumnProbe()
                                     + QStringLiteral(") + (") + fourEyesTablesProbe() + QLatin1Char(')');
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT COUNT(to_regclass('idem_records_completed'))") + columnsAndTables;
    case Kind::Mysql:
        return QStringLiteral("SELECT 0") + columnsAndTables;
    case Kind::Sqlite:
        break;
    }
    return QStringLiteral("SELECT (SELECT COUNT(*) FROM sqlite_master WHERE name = 'idem_records_completed')") + columnsAndTables;
}

QString SqlSchema::schemaOwnerQuery() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return QStringLiteral("SELECT COALESCE(current_schema(), '(no schema on the search_path)'), current_user");
    case Kind::Mysql:
        return QStringLiteral("SELECT DATABASE(), CURRENT_USER()");
    case Kind::Sqlite:
        break;
    }
    return QString();
}

QString SqlSchema::missingDdlRightMessage(const QString &where, const QString &user, const QString &serverText) const
{
    if (m_kind == Kind::Postgres)
        return Text::tr("The idem-console tables are missing in schema %1 and user %2 may not create them: that needs the "
                        "CREATE privilege on schema %1 (and ownership of idem_records for a missing index). The server said: %3. "
                        "Run GRANT CREATE ON SCHEMA %1 TO %2 once, or have the schema's owner load resources/sql/postgresql.sql; "
                        "after that %2 needs only SELECT, INSERT, UPDATE and DELETE on idem_records and idem_counters.")
            .arg(where, user, serverText);
    if (m_kind == Kind::Mysql) {
        // CURRENT_USER() is user@host; GRANT wants 'user'@'host'.
        const qsizetype at = user.lastIndexOf(QLatin1Char('@'));
        const QString account = at < 0 ? user : QStringLiteral("'%1'@'%2'").arg(user.left(at), user.mid(at + 1));
        return Text::tr("The idem-console tables are missing in database %1 and user %2 may not create them: that needs the "
                        "CREATE and INDEX privileges on %1. The server said: %3. Run GRANT CREATE, INDEX ON `%1`.* TO %2 once, "
                        "or have an administrator load resources/sql/mysql.sql; after that %2 needs only SELECT, INSERT, "
                        "UPDATE and DELETE on idem_records and idem_counters.")
            .arg(where, account, serverText);
    }
    return Text::tr("The SQLite schema cannot be created: %1").arg(serverText);
}
