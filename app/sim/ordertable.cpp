#include "app/sim/ordertable.h"

#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {

Error failed(const QSqlQuery &q, const QString &what)
{
    return makeError(ErrorKind::Unavailable, QCoreApplication::translate("OrderTable", "%1 failed: %2").arg(what, q.lastError().text()));
}

} // namespace

OrderTable::OrderTable(const StoreUrl &database)
    : m_url(database)
    , m_connections(
          sqlDriverName(database.kind), [database](QSqlDatabase &db) { configureSqlDatabase(db, database); },
          [](QSqlDatabase &) { return Result<void>(); })
{
}

Result<void> OrderTable::create()
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    const QString text =
        m_url.kind == StoreUrl::Kind::Sqlite
            ? QStringLiteral("CREATE TABLE IF NOT EXISTS orders (order_no TEXT PRIMARY KEY, status TEXT NOT NULL, "
                             "amount_cents INTEGER NOT NULL, created_at INTEGER NOT NULL)")
            : QStringLiteral("CREATE TABLE IF NOT EXISTS orders (order_no VARCHAR(64) PRIMARY KEY, status VARCHAR(16) NOT NULL, "
                             "amount_cents BIGINT NOT NULL, created_at BIGINT NOT NULL)");
    if (!q.exec(text))
        return failed(q, QCoreApplication::translate("OrderTable", "Creating the orders table"));
    return {};
}

Result<void> OrderTable::put(const QString &orderNo, const QString &status, qint64 amountCents, qint64 createdAtMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    q.prepare(m_url.kind == StoreUrl::Kind::Mysql
                  ? QStringLiteral("INSERT INTO orders (order_no, status, amount_cents, created_at) VALUES (?, ?, ?, ?) "
                                   "ON DUPLICATE KEY UPDATE status = VALUES(status)")
                  : QStringLiteral("INSERT INTO orders (order_no, status, amount_cents, created_at) VALUES (?, ?, ?, ?) "
                                   "ON CONFLICT (order_no) DO UPDATE SET status = excluded.status"));
    q.addBindValue(orderNo);
    q.addBindValue(status);
    q.addBindValue(amountCents);
    q.addBindValue(createdAtMs);
    if (!q.exec())
        return failed(q, QCoreApplication::translate("OrderTable", "Writing order %1").arg(orderNo));
    return {};
}

Result<qint64> OrderTable::count(const QString &status)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    q.prepare(status.isEmpty() ? QStringLiteral("SELECT COUNT(*) FROM orders")
                               : QStringLiteral("SELECT COUNT(*) FROM orders WHERE status = ?"));
    if (!status.isEmpty())
        q.addBindValue(status);
    if (!q.exec() || !q.next())
        return failed(q, QCoreApplication::translate("OrderTable", "Counting orders"));
    return q.value(0).toLongLong();
}
