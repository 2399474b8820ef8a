#pragma once

#include "app/ops/ordermapping.h"
#include "app/store/sqlcatalog.h"
#include "app/store/storeurl.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QSqlDatabase>
#include <QVariant>

#include <memory>
#include <optional>

class QSqlQuery;

// One order row as read: every column in table order (the evidence shown to
// the operator and written to the audit log) and its status value.
struct OrderRow {
    QList<QPair<QString, QVariant>> columns;
    QString status;
    // The key as the table holds it. A database may match a key it does not
    // hold exactly (MySQL's case-insensitive collations, trailing spaces, a
    // numeric column read back as "123" for "0123"): such a row is returned
    // under the key asked for, and the plan sends it to review.
    QString keyValue;
    int matches = 1; // rows with this key; more than one is ambiguous (no unique key)

    QVariant value(const QString &column) const; // exact name, else case-insensitive
    QByteArray toJson() const; // {"column": value, …} in column order; bytes as hex
    // For an operator: "  column: value" lines in column order, text shown
    // escaped, bytes as 0x…, and a time-named whole number that reads as
    // epoch ms or s followed by its local date and time.
    QString toDisplayText() const;
};

// Reads the order table a mapping names. Lives in one thread: open(), the
// lookups and the destructor must run in the same thread (it owns a named
// QSqlDatabase). open() checks the mapping and that the table and both
// columns exist in the database's catalogue, and fails with a message naming
// the missing one; nothing else is run before it succeeds. The connection is
// read-only where the driver allows it (SQLite: opened read-only; PostgreSQL
// and MySQL: read-only session).
//
// Keys are compared as text when the key column is text. When it is numeric,
// keys that are not plain integers have no order (they are never sent: MySQL
// would compare 'SO1' = 0 as true) and the others are bound as integers, so
// the column's index is used; nothing is cast in SQL.
class OrderLookup final {
    Q_DISABLE_COPY_MOVE(OrderLookup)
public:
    static constexpr int MaxBatch = 500;

    explicit OrderLookup(OrderMapping mapping);
    ~OrderLookup();

    Result<void> open();
    const OrderMapping &mapping() const { return m_mapping; }
    // The orders database without its password: for messages and evidence.
    QString displayUrl() const { return m_displayUrl; }

    // Orders for these keys: one query per MaxBatch keys (WHERE key IN (…),
    // bound values). Keys without an order are absent from the result.
    Result<QHash<QString, OrderRow>> lookup(const QStringList &keys);
    // One query for one key: the baseline tools/bench-reconcile.sh compares with.
    Result<std::optional<OrderRow>> lookupOne(const QString &key);

    // Order queries run since open() (lookups only, not the catalogue checks).
    qint64 queryCount() const { return m_queries; }

private:
    Error failure(const QSqlQuery &query, const QString &what) const;
    std::optional<QVariant> bindable(const QString &key) const;
    OrderRow readRow(const QSqlQuery &query) const;

    OrderMapping m_mapping;
    QString m_connectionName;
    QString m_displayUrl;
    QString m_quotedTable;
    QString m_quotedKey;
    QString m_selectList; // every column, quoted, in table order
    QStringList m_columns; // their names as the catalogue has them
    int m_keyIndex = -1;
    int m_statusIndex = -1;
    bool m_numericKey = false;
    bool m_open = false;
    qint64 m_queries = 0;
    std::optional<SqlCatalog> m_catalog; // the orders database's, once open
    bool m_keyArray = false; // the batch binds its keys as one array
    std::unique_ptr<QSqlQuery> m_batchQuery; // prepared once with MaxBatch placeholders
    std::unique_ptr<QSqlQuery> m_oneQuery; // prepared once with one placeholder
};
