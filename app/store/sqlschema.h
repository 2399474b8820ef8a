#pragma once

#include "app/store/sqldialect.h"

#include <QString>

// Where the three servers differ in the engine's own schema: the DDL
// resource, the probes that tell how much of the schema (and of what later
// versions added) exists, the columns added to tables made before them, and
// the message when creating it was refused. SqlStore asks it when it opens a
// store; SqlDialect holds the statements the store then runs.
class SqlSchema final {
public:
    explicit SqlSchema(SqlDialect::Kind kind)
        : m_kind(kind)
    {
    }

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
    // Where new tables would go and who would create them: one row, (schema or database, user).
    QString schemaOwnerQuery() const;
    // An operator's way out when creating the schema was refused for lack of a right.
    QString missingDdlRightMessage(const QString &where, const QString &user, const QString &serverText) const;

private:
    SqlDialect::Kind m_kind;
};
