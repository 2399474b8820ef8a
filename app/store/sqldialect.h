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

// The words where SQLite, PostgreSQL and MySQL/MariaDB differ in running
// the engine's tables: connection options, the insert that ignores only a
// duplicate key, the in-flight listing, the counter upsert and what a server
// error means. The schema's probes are SqlSchema's, another database's
// catalogue (the reconcile's order table) SqlCatalog's. SqlStore keeps one
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

    // PostgreSQL only (empty otherwise): one row per table privilege the user
    // lacks on existing tables, as "table privilege": what the guard (a
    // service, OpenMode::Create) needs. An operator's tools open with what
    // the user has and show it (StoreAccess, SqlAccessProbe).
    QString missingPrivilegesQuery() const;
    // One row, one value: who the server says this session is
    // (current_user, CURRENT_USER()); empty on SQLite, which has no users.
    QString identityQuery() const;
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

private:
    SqlStatement inFlight(const RecordQuery &query, const QString &head, bool withKeyset) const;

    Kind m_kind;
};
