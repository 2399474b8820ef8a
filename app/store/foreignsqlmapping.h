#pragma once

#include "app/store/layout.h"
#include "app/store/record.h"
#include "app/store/sqldialect.h"

#include <QSqlDatabase>

class QSqlQuery;

// The SQL text a foreign layout's table is read and changed with
// (DESIGN.md "Existing deployments"), and a row of it as a Record. Built
// once the table was checked, on a connection of the store: names come from
// the layout (already checkIdentifier()ed) and are quoted; the layout's own
// values (scope, state values) are literals escaped by that driver.
//
// go-middleware (seeds/000…, PostgreSQL idempotency_records): one scope (the
// layout's); a row past expires_at is absent, as the Go Get sees it; in
// flight while in_flight, else completed; the attempt started at created_at.
// java-handler (seeds/004…, MySQL record table): scope = biz_type, or the
// layout's scope when empty; status PROCESSING in flight, SUCCESS completed,
// TIMEOUT and the failed values timed out, anything else unreadable (and
// listed in flight, so an operator sees it). Times are read with
// UNIX_TIMESTAMP(), in the session time zone, as the handler wrote them.
//
// The lease is a digest of every mapped column computed by the server (one
// expression, the same in SELECT and in the compare-and-set WHERE): an
// action applies only if nothing in the row changed since the preview.
class ForeignSqlMapping final {
public:
    ForeignSqlMapping(const Layout &layout, SqlDialect::Kind kind, const QSqlDatabase &db);

    bool isGo() const { return m_go; }
    const QString &table() const { return m_table; }
    // The quoted column of a role.
    QString column(const QString &role) const;
    const QString &keyColumn() const { return m_key; }

    // SELECT list read by recordFromRow().
    const QString &selectList() const { return m_select; }
    const QString &leaseExpression() const { return m_lease; }
    const QString &scopeExpression() const { return m_scope; }
    // Milliseconds since the epoch (NULL times sort as 0).
    const QString &updatedAtExpression() const { return m_updatedAt; }
    const QString &createdAtExpression() const { return m_createdAt; }
    // go-middleware: the row has not expired; java-handler: every row.
    const QString &liveCondition() const { return m_live; }
    // Rows listed in this state, or empty when the layout has none (go-middleware has no TIMED_OUT).
    // Completed rows are those whose value says so (go: in_flight false; java: the success status).
    QString stateCondition(RecordState state) const;

    // java-handler: the state a status value stands for; nullopt when unknown.
    std::optional<RecordState> stateOfStatus(const QString &status) const;
    Record recordFromRow(const QSqlQuery &q) const;

private:
    QString quote(const QString &name) const;
    QString literal(const QSqlDatabase &db, const QString &value) const;
    QString milliseconds(const QString &column) const;

    const Layout m_layout;
    const SqlDialect::Kind m_kind;
    const bool m_go;
    QString m_table;
    QString m_key;
    QString m_select;
    QString m_lease;
    QString m_scope;
    QString m_updatedAt;
    QString m_createdAt;
    QString m_live;
    QString m_processing; // status literals (java-handler)
    QString m_success;
    QString m_timedOutList; // 'TIMEOUT', 'FAILED'
    QString m_knownList; // every known status
};
