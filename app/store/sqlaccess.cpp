#include "app/store/sqlaccess.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {

// MySQL: a statement of the right's kind that touches no row, for EXPLAIN.
QString explainProbe(const SqlRight &right)
{
    const QString &column = right.column;
    if (right.privilege == QLatin1String("DELETE"))
        return QStringLiteral("EXPLAIN DELETE FROM %1 WHERE 1 = 0").arg(right.table);
    if (right.privilege == QLatin1String("INSERT"))
        return QStringLiteral("EXPLAIN INSERT INTO %1 (%2) VALUES (NULL)")
            .arg(right.table, column.isEmpty() ? QStringLiteral("scope") : column);
    return QStringLiteral("EXPLAIN UPDATE %1 SET %2 = NULL WHERE 1 = 0")
        .arg(right.table, column.isEmpty() ? QStringLiteral("scope") : column);
}

} // namespace

QList<SqlRight> sqlRightsNeeded(bool fourEyesTables)
{
    const auto right = [](const QString &privilege, const QString &table, const QString &column, bool act, bool approve) {
        const QString text = column.isEmpty() ? QStringLiteral("%1 on %2").arg(privilege, table)
                                              : QStringLiteral("%1 (%2) on %3").arg(privilege, column, table);
        return SqlRight{text, table, privilege, column, act, approve};
    };
    // Every action changes records and appends to the audit chain; an
    // approval appends too. Counting an action is telemetry (a refused
    // count is a warning in the entry), so idem_counters is not needed.
    QList<SqlRight> rights{
        right(QStringLiteral("UPDATE"), QStringLiteral("idem_records"), QString(), true, false),
        right(QStringLiteral("DELETE"), QStringLiteral("idem_records"), QString(), true, false),
        right(QStringLiteral("INSERT"), QStringLiteral("idem_audit"), QString(), true, true),
        right(QStringLiteral("INSERT"), QStringLiteral("idem_audit_head"), QString(), true, true),
        right(QStringLiteral("UPDATE"), QStringLiteral("idem_audit_head"), QStringLiteral("seq"), true, true),
    };
    if (fourEyesTables) {
        rights << right(QStringLiteral("INSERT"), QStringLiteral("idem_proposals"), QStringLiteral("records"), true, false)
               << right(QStringLiteral("UPDATE"), QStringLiteral("idem_proposals"), QStringLiteral("outcome"), true, false)
               << right(QStringLiteral("UPDATE"), QStringLiteral("idem_proposals"), QStringLiteral("decision"), false, true);
    }
    return rights;
}

Result<StoreAccess> probeSqlAccess(QSqlDatabase &db, const SqlDialect &dialect, SqlAccessScope scope)
{
    StoreAccess access;
    if (dialect.kind() == SqlDialect::Kind::Sqlite)
        return access; // no users: the file's permissions decide
    access.hasServerIdentity = true;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(dialect.identityQuery()) || !q.next())
        return makeError(ErrorKind::Unavailable, sqlErrorText(q.lastError()));
    access.serverUser = q.value(0).toString();
    q.finish();
    if (scope == SqlAccessScope::IdentityOnly)
        return access;

    const QList<SqlRight> rights = sqlRightsNeeded(scope == SqlAccessScope::RecordsAndProposals);
    QList<bool> granted(rights.size(), true);
    if (dialect.kind() == SqlDialect::Kind::Postgres) {
        QStringList checks;
        for (const SqlRight &r : rights) {
            checks << (r.column.isEmpty() ? QStringLiteral("has_table_privilege('%1', '%2')").arg(r.table, r.privilege)
                                          : QStringLiteral("has_column_privilege('%1', '%2', '%3')").arg(r.table, r.column, r.privilege));
        }
        if (!q.exec(QStringLiteral("SELECT ") + checks.join(QStringLiteral(", "))) || !q.next())
            return makeError(ErrorKind::Unavailable, sqlErrorText(q.lastError()));
        for (qsizetype i = 0; i < rights.size(); ++i)
            granted[i] = q.value(int(i)).toBool();
    } else {
        for (qsizetype i = 0; i < rights.size(); ++i) {
            QSqlQuery probe(db);
            if (probe.exec(explainProbe(rights.at(i))))
                continue;
            // Only a refusal counts as missing: any other failure (a server
            // that cannot EXPLAIN the statement) leaves it to the server to
            // decide when the action runs.
            granted[i] = dialect.classify(probe.lastError()) != SqlDialect::Failure::NoPrivilege;
            if (dialect.classify(probe.lastError()) == SqlDialect::Failure::ConnectionLost)
                return makeError(ErrorKind::Unavailable, sqlErrorText(probe.lastError()));
        }
    }
    for (qsizetype i = 0; i < rights.size(); ++i) {
        if (granted.at(i))
            continue;
        if (rights.at(i).forAct) {
            access.mayAct = false;
            access.missingToAct << rights.at(i).text;
        }
        if (rights.at(i).forApprove) {
            access.mayApprove = false;
            access.missingToApprove << rights.at(i).text;
        }
    }
    return access;
}
