#pragma once

#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QString>
#include <QStringList>
#include <QVariantList>

#include <optional>

class QSqlError;
class QSqlQuery;

// The driver's text for an error, never empty: an operator always reads a
// reason, never a bare "Cannot start a transaction on …: ".
QString sqlErrorText(const QSqlError &error);

// A statement and its positional values, bound in order.
struct SqlStatement {
    QString sql;
    QVariantList values;
};

// Prepares the statement on `query`, binds its values in order and runs it;
// false with query.lastError() set otherwise. prepare() is a round trip on a
// server: its failure (a lost connection) is the error then, not exec()'s
// complaint about it.
bool runStatement(QSqlQuery &query, const SqlStatement &statement);

// The LIKE pattern of values that begin with `prefix` taken literally, for
// `… LIKE ? ESCAPE '!'`: '!' escapes the wildcards and itself.
QString likePrefix(const QString &prefix);

// The words where SQLite, PostgreSQL and MySQL/MariaDB differ: connection
// options, schema, the insert that ignores only a duplicate key, the in-flight
// listing, the counter upsert and what a server error means. SqlStore keeps one
// protocol (read, insert-if-absent, compare-and-set) for all three and asks
// this class for the text, so the protocol reads the same everywhere and
// tests/tst_sqlplan can EXPLAIN exactly the statements the store runs.
class SqlDialect final {
public:
    enum class Kind { Sqlite, Postgres, Mysql };

    explicit SqlDialect(Kind kind)
        : m_kind(kind)
    {
    }
    static Kind kindOf(StoreUrl::Kind kind);
    Kind kind() const { return m_kind; }
    QString serverName() const; // "SQLite", "PostgreSQL", "MySQL/MariaDB"

    // Why the URL cannot be used with this server, or empty.
    QString urlProblem(const StoreUrl &url) const;

    // QSqlDatabase::setConnectOptions() text for a server URL: timeouts so a
    // dead server fails fast, keepalives, and the URL's TLS settings.
    QString connectOptions(const StoreUrl &url) const;
    // Statements run once on every new connection.
    QStringList sessionSetup() const;

    // Schema: the resource with the DDL, a query answering with one row and
    // one number (how many of the schema's objects exist) and that number
    // when the schema is complete.
    QString schemaResource() const;
    QString schemaProbe() const;
    int schemaObjectCount() const;
    // The objects a later version added to the schema: the COMPLETED
    // listing's index idem_records_completed, idem_records' request column
    // and idem_audit's server_user column (each counted by the schema probe
    // as an object), the four-eyes tables idem_proposals and idem_policy:
    // how many there are and a query counting those that exist. A ReadWrite
    // open adds them (they are in the schema, the columns by
    // addRequestColumn() and addAuditUserColumn()); a ReadOnly open of a
    // store that lacks only these opens it anyway, adding nothing: its
    // listings still answer, by a slower plan, its records read without a
    // request, its entries without a server identity, and it holds no
    // proposals and no four-eyes policy.
    int laterObjectCount() const;
    QString laterObjectProbe() const;
    // One row, one number: 1 when `table` has `column`, else 0.
    QString columnProbe(const QString &table, const QString &column) const;
    // idem_records' request column (the kept request).
    QString requestColumnProbe() const { return columnProbe(QStringLiteral("idem_records"), QStringLiteral("request")); }
    // idem_audit's server_user column (AuditEntry::serverUser).
    QString auditUserColumnProbe() const { return columnProbe(QStringLiteral("idem_audit"), QStringLiteral("server_user")); }
    // One row, one number: how many of the four-eyes tables (idem_proposals,
    // idem_policy) exist; fourEyesTableCount() when both do.
    QString fourEyesTablesProbe() const;
    static constexpr int fourEyesTableCount() { return 2; }
    // Adds the request column to an idem_records made before it, or the
    // server_user column to such an idem_audit. Not in the schema file:
    // CREATE TABLE IF NOT EXISTS leaves an existing table as it is, and
    // neither SQLite nor MySQL has ADD COLUMN IF NOT EXISTS; run only when
    // the column's probe says it is missing. Nullable, no default: a catalog
    // change on every server, no table rewrite.
    QString addRequestColumn() const;
    QString addAuditUserColumn() const;
    // The same for an audit-only database: the tables idem_audit and
    // idem_audit_head (and the audit's index) and the server_user column
    // only. A ReadOnly open of one made before the column opens it anyway
    // (auditLaterObjectCount: the column), its entries read without one.
    QString auditSchemaProbe() const;
    int auditSchemaObjectCount() const;
    static constexpr int auditLaterObjectCount() { return 1; }
    // PostgreSQL only (empty otherwise): one row per table privilege the user
    // lacks on existing tables, as "table privilege": what the guard (a
    // service, OpenMode::Create) needs. An operator's tools open with what
    // the user has and show it (StoreAccess, SqlAccessProbe).
    QString missingPrivilegesQuery() const;
    // One row, one value: who the server says this session is
    // (current_user, CURRENT_USER()); empty on SQLite, which has no users.
    QString identityQuery() const;
    // Where new tables would go and who would create them: one row, (schema or database, user).
    QString schemaOwnerQuery() const;
    // An operator's way out when creating the schema was refused for lack of a right.
    QString missingDdlRightMessage(const QString &where, const QString &user, const QString &serverText) const;

    // INSERT of a new record that does nothing (0 rows affected) when the key
    // exists and fails on anything else. `values` is the VALUES (...) list.
    QString insertIfAbsent(const QString &columns, const QString &values) const;
    // The in-flight listing and its count for a query (SqlStore::inFlight and
    // countInFlight run exactly these).
    // requestColumn: whether idem_records has the request column (a store
    // opened read-only may predate it; its rows then read without one).
    SqlStatement inFlightListing(const RecordQuery &query, bool requestColumn = true) const;
    SqlStatement inFlightCount(const RecordQuery &query) const;
    // A WHERE condition (no leading AND) that holds for a row whose fields
    // the engine could have written: whole numbers in nativeRangeProblem's
    // ranges and a lease while in flight. An operator's compare-and-set adds
    // it, so a row that only looks valid (attempts 'many', updated_at -5 or
    // 1.5) is never changed; the listing flags the same rows unreadable.
    QString readableRecord() const;
    // One multi-row upsert adding `rows` counter rows to what is stored.
    QString counterUpsert(qsizetype rows) const;

    // What a failed statement means for the caller.
    enum class Failure {
        ConnectionLost, // the connection is gone: drop it, the next call reconnects
        Deadlock, // chosen as a deadlock victim and rolled back: may run again at once
        Busy, // a lock did not come free in time (busy, lock wait timeout)
        NoPrivilege, // the user lacks a right on the database
        Refused, // anything else the server refused
    };
    Failure classify(const QSqlError &error) const;
    // A unique constraint was violated (two appenders took the same audit seq).
    bool isDuplicateKey(const QSqlError &error) const;
    // " FOR UPDATE" where a read inside a transaction must lock its row.
    QString lockForUpdate() const;

    // Reading another database, the reconcile's order table (OrderLookup).
    struct CatalogTable {
        QString schema; // empty on SQLite
        QString table;
    };
    struct CatalogColumn {
        QString name;
        bool numeric = false;
    };
    // Statements run once on the lookup's session: read only, and (PostgreSQL)
    // one generic plan for the one statement run many times with other keys:
    // a custom plan per batch would weigh every one of 500 array elements
    // against the column statistics, which costs more than the batch. SQLite
    // opens the file read-only instead (readOnlyConnectOption()).
    QStringList lookupSessionSetup() const;
    QString readOnlyConnectOption() const;
    // The table a user named (`table` or `schema.table`) as the catalogue
    // spells it, asked with bound values only. PostgreSQL resolves an
    // unqualified name on the search_path and folds it to lower case as SQL
    // would, else matches it exactly; SQLite knows only the schema main.
    // false: the query failed (its error in `q`); found unset: no such table.
    bool findTable(QSqlQuery &q, const QString &name, std::optional<CatalogTable> *found) const;
    // The table's columns in table order. false: the query failed (in `q`).
    bool tableColumns(QSqlQuery &q, const CatalogTable &table, QList<CatalogColumn> *columns) const;
    // The condition that matches a batch of keys bound as ONE value (an
    // array; keyArray() makes it), or empty where the dialect binds an IN list
    // instead. PostgreSQL: QPSQL sends a prepared statement's values as the
    // literals of an EXECUTE, so the server would parse and plan a 500-value
    // IN list on every batch; "= ANY(array)" is one value and one plan.
    QString keyArrayCondition(const QString &quotedKey, bool numericKey) const;
    // A PostgreSQL array literal of the values, each element double-quoted
    // with '"' and '\\' escaped: bound as one value, never part of the SQL.
    static QString keyArray(const QList<QVariant> &values);

private:
    SqlStatement inFlight(const RecordQuery &query, const QString &head, bool withKeyset) const;

    Kind m_kind;
};
