#pragma once

#include "app/store/result.h"
#include "app/store/sqldialect.h"
#include "app/store/storeaccess.h"

#include <QSqlDatabase>

// What the server lets this session do on a native SQL store (StoreAccess),
// asked once when the store is opened:
//   PostgreSQL  current_user and one query of has_table_privilege /
//               has_column_privilege for each right an action needs (role
//               membership included): one round trip
//   MySQL       CURRENT_USER() and an EXPLAIN of each statement an action
//               runs, which the server refuses exactly as it would refuse the
//               statement and which changes nothing (information_schema
//               leaves out what a role grants): one round trip per right
//   SQLite      no users: every right
// What is asked: the identity only (an audit-only database: the rights on
// records mean nothing there), the rights on records and the audit, or
// those and the four-eyes tables' (a read-only open of a store made before
// them has none, and nothing to decide or apply there).
enum class SqlAccessScope { IdentityOnly, Records, RecordsAndProposals };
Result<StoreAccess> probeSqlAccess(QSqlDatabase &db, const SqlDialect &dialect, SqlAccessScope scope);

// The rights an action and an approval need, as (what, statement or table)
// pairs for people and probes: "UPDATE on idem_records", …
struct SqlRight {
    QString text; // as the refusal names it: "UPDATE on idem_records"
    QString table;
    QString privilege; // SELECT, INSERT, UPDATE, DELETE
    QString column; // a column-level right; empty: the table's
    bool forAct = false;
    bool forApprove = false;
};
QList<SqlRight> sqlRightsNeeded(bool fourEyesTables);
