#pragma once

#include "app/store/sqldialect.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

class QSqlQuery;

// Where the three servers differ in reading another database: the
// reconcile's order table (OrderLookup). The session's setup, the
// catalogue reads that find the table and its columns, and how a batch of
// keys is bound. SqlDialect holds the differences of the engine's own
// tables.
class SqlCatalog final {
public:
    explicit SqlCatalog(SqlDialect::Kind kind)
        : m_kind(kind)
    {
    }

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
    SqlDialect::Kind m_kind;
};
