// SqlStore's roles (`idemctl init --roles`; README "Roles and four eyes"):
// three database roles and their grants, the four-eyes policy's defaults,
// and the triggers that make the server check who decides a proposal.
#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

const QString kProposalColumns = QStringLiteral("id, scope, action, reason, proposer, proposer_host, proposer_user, created_at, "
                                                "expires_at, record_count, records, hash");
const QString kDecisionColumns =
    QStringLiteral("decision, decided_by, decided_user, decided_host, decided_at, decision_reason, approved_hash");
const QString kOutcomeColumns = QStringLiteral("outcome, outcome_by, outcome_user, outcome_at, outcome_summary");
const QString kAllTables = QStringLiteral("idem_records, idem_counters, idem_audit, idem_audit_head, idem_proposals, idem_policy");

QStringList postgresStatements(const RoleSetup &setup)
{
    QStringList s;
    for (const QString &role : RoleSetup::roleNames())
        s << QStringLiteral("DO $$BEGIN CREATE ROLE idem_%1 NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END$$").arg(role);
    const QString all = QStringLiteral("idem_viewer, idem_operator, idem_approver");
    s << QStringLiteral(
        "DO $$BEGIN EXECUTE format('GRANT USAGE ON SCHEMA %I TO idem_viewer, idem_operator, idem_approver', current_schema()); END$$")
      // Everyone reads; nobody but the owner may change the audit entries or the policy.
      << QStringLiteral("REVOKE ALL ON %1 FROM PUBLIC").arg(kAllTables) << QStringLiteral("REVOKE ALL ON %1 FROM %2").arg(kAllTables, all)
      << QStringLiteral("GRANT SELECT ON %1 TO %2").arg(kAllTables, all)
      << QStringLiteral("GRANT UPDATE, DELETE ON idem_records TO idem_operator")
      << QStringLiteral("GRANT INSERT, UPDATE ON idem_counters TO idem_operator")
      // The audit: appended to, never changed. The head moves (seq, hash) as the chain grows.
      << QStringLiteral("GRANT INSERT ON idem_audit, idem_audit_head TO idem_operator, idem_approver")
      << QStringLiteral("GRANT UPDATE (seq, hash) ON idem_audit_head TO idem_operator, idem_approver")
      // Each party writes its own columns of a proposal.
      << QStringLiteral("GRANT INSERT (%1) ON idem_proposals TO idem_operator").arg(kProposalColumns)
      << QStringLiteral("GRANT UPDATE (%1) ON idem_proposals TO idem_operator").arg(kOutcomeColumns)
      << QStringLiteral("GRANT UPDATE (%1) ON idem_proposals TO idem_approver").arg(kDecisionColumns)
      // The server writes who the session is, and refuses a proposer's own decision.
      << QStringLiteral(
             "CREATE OR REPLACE FUNCTION idem_proposals_guard() RETURNS trigger LANGUAGE plpgsql AS $$\n"
             "BEGIN\n"
             "  IF TG_OP = 'INSERT' THEN\n"
             "    NEW.proposer_user := current_user;\n"
             "    RETURN NEW;\n"
             "  END IF;\n"
             "  IF NEW.decision IS DISTINCT FROM OLD.decision THEN\n"
             "    IF OLD.decision <> '' THEN\n"
             "      RAISE EXCEPTION 'proposal % is already decided', OLD.id USING ERRCODE = '42501';\n"
             "    END IF;\n"
             "    IF OLD.proposer_user = current_user THEN\n"
             "      RAISE EXCEPTION 'permission denied: % proposed %, and may not approve or reject it (four eyes)', current_user, OLD.id\n"
             "        USING ERRCODE = '42501';\n"
             "    END IF;\n"
             "    NEW.decided_user := current_user;\n"
             "  END IF;\n"
             "  IF NEW.outcome IS DISTINCT FROM OLD.outcome THEN\n"
             "    NEW.outcome_user := current_user;\n"
             "  END IF;\n"
             "  RETURN NEW;\n"
             "END$$")
      << QStringLiteral("CREATE OR REPLACE TRIGGER idem_proposals_guard BEFORE INSERT OR UPDATE ON idem_proposals "
                        "FOR EACH ROW EXECUTE FUNCTION idem_proposals_guard()");
    for (const auto &[role, user] : setup.grants)
        s << QStringLiteral("GRANT idem_%1 TO \"%2\"").arg(role, user);
    return s;
}

QStringList mysqlStatements(const RoleSetup &setup)
{
    QStringList s;
    for (const QString &role : RoleSetup::roleNames())
        s << QStringLiteral("CREATE ROLE IF NOT EXISTS idem_%1").arg(role);
    const QStringList tables = kAllTables.split(QStringLiteral(", "));
    for (const QString &role : RoleSetup::roleNames()) {
        for (const QString &table : tables)
            s << QStringLiteral("GRANT SELECT ON %1 TO idem_%2").arg(table, role);
    }
    s << QStringLiteral("GRANT UPDATE, DELETE ON idem_records TO idem_operator")
      << QStringLiteral("GRANT INSERT, UPDATE ON idem_counters TO idem_operator");
    for (const QString &role : {QStringLiteral("operator"), QStringLiteral("approver")}) {
        s << QStringLiteral("GRANT INSERT ON idem_audit TO idem_%1").arg(role)
          << QStringLiteral("GRANT INSERT, UPDATE (seq, hash) ON idem_audit_head TO idem_%1").arg(role);
    }
    s << QStringLiteral("GRANT INSERT (%1) ON idem_proposals TO idem_operator").arg(kProposalColumns)
      << QStringLiteral("GRANT UPDATE (%1) ON idem_proposals TO idem_operator").arg(kOutcomeColumns)
      << QStringLiteral("GRANT UPDATE (%1) ON idem_proposals TO idem_approver").arg(kDecisionColumns)
      // A trigger runs as its definer (CURRENT_USER() is the owner there);
      // USER() is the session's login.
      << QStringLiteral("DROP TRIGGER IF EXISTS idem_proposals_insert")
      << QStringLiteral("CREATE TRIGGER idem_proposals_insert BEFORE INSERT ON idem_proposals FOR EACH ROW "
                        "SET NEW.proposer_user = CONCAT(SUBSTRING_INDEX(USER(), '@', 1), '@', SUBSTRING_INDEX(NEW.proposer_user, '@', -1))")
      << QStringLiteral("DROP TRIGGER IF EXISTS idem_proposals_decide")
      << QStringLiteral("CREATE TRIGGER idem_proposals_decide BEFORE UPDATE ON idem_proposals FOR EACH ROW\n"
                        "BEGIN\n"
                        "  IF NEW.decision <> OLD.decision THEN\n"
                        "    IF OLD.decision <> '' THEN\n"
                        "      SIGNAL SQLSTATE '42000' SET MYSQL_ERRNO = 1142, MESSAGE_TEXT = 'UPDATE of decision denied: the proposal is "
                        "already decided';\n"
                        "    END IF;\n"
                        "    IF SUBSTRING_INDEX(USER(), '@', 1) = SUBSTRING_INDEX(OLD.proposer_user, '@', 1) THEN\n"
                        "      SIGNAL SQLSTATE '42000' SET MYSQL_ERRNO = 1142, MESSAGE_TEXT = "
                        "'UPDATE of decision denied: the proposer may not approve or reject their own proposal (four eyes)';\n"
                        "    END IF;\n"
                        "  END IF;\n"
                        "END");
    for (const auto &[role, user] : setup.grants) {
        s << QStringLiteral("GRANT idem_%1 TO '%2'@'%'").arg(role, user)
          << QStringLiteral("SET DEFAULT ROLE idem_%1 FOR '%2'@'%'").arg(role, user);
    }
    return s;
}

} // namespace

Result<QStringList> SqlStore::setUpRoles(const RoleSetup &setup)
{
    if (m_dialect.kind() == Dialect::Sqlite || m_auditOnly)
        return Store::setUpRoles(setup);
    for (const auto &[role, user] : setup.grants) {
        if (!RoleSetup::roleNames().contains(role))
            return makeError(ErrorKind::InvalidArgument, Text::tr("'%1' is not a role: viewer, operator or approver.").arg(role.left(40)));
        if (!RoleSetup::isValidUserName(user))
            return makeError(ErrorKind::InvalidArgument,
                             Text::tr("'%1' is not a user name this can grant a role to: letters, digits and '_' only, up to 63, "
                                      "not starting with a digit. Grant it yourself (README, \"Roles and four eyes\").")
                                 .arg(user.left(70)));
    }
    const QStringList statements = m_dialect.kind() == Dialect::Postgres ? postgresStatements(setup) : mysqlStatements(setup);
    if (setup.dryRun)
        return statements;
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables.error();
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    // PostgreSQL: all or nothing (its roles and grants are transactional).
    // MySQL commits each statement; run again, it changes nothing that is so.
    const bool transactional = m_dialect.kind() == Dialect::Postgres;
    if (transactional && !db.value().transaction())
        return failure(db.value().lastError(), Text::tr("Setting up the roles"));
    for (const QString &statement : statements) {
        QSqlQuery q(db.value());
        if (!q.exec(statement)) {
            Error failed = failure(q, Text::tr("Setting up the roles (%1)").arg(statement.section(QLatin1Char(' '), 0, 3)));
            q.finish();
            if (transactional)
                db.value().rollback();
            return failed;
        }
    }
    if (transactional && !db.value().commit())
        return failure(db.value().lastError(), Text::tr("Setting up the roles"));
    return statements;
}
