#pragma once

#include "app/store/sqlconnections.h"
#include "app/store/storeurl.h"

#include <QString>

// The business order table the simulator writes beside the records:
//   orders(order_no TEXT PRIMARY KEY, status TEXT, amount_cents INTEGER, created_at)
// status PAID, PENDING or FAILED; a record's biz_no is its order_no.
class OrderTable final {
    Q_DISABLE_COPY_MOVE(OrderTable)
public:
    explicit OrderTable(const StoreUrl &database);

    Result<void> create();
    // Inserts or overwrites one order (one statement).
    Result<void> put(const QString &orderNo, const QString &status, qint64 amountCents, qint64 createdAtMs);
    Result<qint64> count(const QString &status = QString());

private:
    const StoreUrl m_url;
    SqlConnections m_connections;
};
