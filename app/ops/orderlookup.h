#pragma once

#include "ordermapping.h"
#include "store/storeurl.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QSqlDatabase>
#include <QVariant>

#include <optional>

// One order row as read: every column in table order (the evidence shown to
// the operator and written to the audit log) and its status value.
struct OrderRow {
    QList<QPair<QString, QVariant>> columns;
    QString status;

    QVariant value(const QString &column) const;
    QByteArray toJson() const;   // {"column": value, …} in column order; bytes as hex
};

// Reads the order table a mapping names. Lives in one thread: open(), the
// lookups and the destructor must run in the same thread (it owns a named
// QSqlDatabase). open() checks the mapping and that the table and both
// columns exist in the database's catalogue, and fails with a message naming
// the missing one; nothing else is run before it succeeds.
class OrderLookup final {
    Q_DISABLE_COPY_MOVE(OrderLookup)
public:
    static constexpr int MaxBatch = 500;

    explicit OrderLookup(OrderMapping mapping);
    ~OrderLookup();

    Result<void> open();
    const OrderMapping &mapping() const { return m_mapping; }

    // Orders for these keys: one query per MaxBatch keys (WHERE key IN (…),
    // bound values). Keys without an order are absent from the result.
    Result<QHash<QString, OrderRow>> lookup(const QStringList &keys);
    // One query for one key: the baseline tools/bench-reconcile.sh compares with.
    Result<std::optional<OrderRow>> lookupOne(const QString &key);

private:
    OrderMapping m_mapping;
    QString m_connectionName;
    QString m_quotedTable;
    QString m_quotedKey;
    QString m_selectList;   // every column, quoted, in table order
};
