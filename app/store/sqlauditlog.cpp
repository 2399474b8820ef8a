#include "app/store/sqlauditlog.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

namespace {

const QString kAuditColumns =
    QStringLiteral("scope, seq, at_ms, operator, host, action, batch_id, idem_key, state_before, state_after, reason, evidence, "
                   "prev_hash, hash");

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

QString text(const QString &value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

// Values are read back as written; a NULL (someone edited the table) reads
// as empty, which verification then reports as a broken entry.
AuditEntry entryFromRow(const QSqlQuery &q)
{
    AuditEntry e;
    e.scope = q.value(0).toString();
    e.seq = q.value(1).toLongLong();
    e.atMs = q.value(2).toLongLong();
    e.operatorName = q.value(3).toString();
    e.host = q.value(4).toString();
    e.action = q.value(5).toString();
    e.batchId = q.value(6).toString();
    e.key = q.value(7).toString();
    e.stateBefore = q.value(8).toString();
    e.stateAfter = q.value(9).toString();
    e.reason = q.value(10).toString();
    e.evidence = q.value(11).isNull() ? QByteArray() : q.value(11).toByteArray();
    e.prevHash = q.value(12).toString();
    e.hash = q.value(13).toString();
    e.serverUser = q.value(14).toString(); // NULL (an entry written before identities were recorded): none
    e.storeId = QString::number(e.seq);
    return e;
}

} // namespace

QString SqlAuditLog::columns() const
{
    return kAuditColumns + (m_userColumn ? QStringLiteral(", server_user") : QStringLiteral(", NULL"));
}

std::optional<SqlAuditLog::AppendFailure> SqlAuditLog::append(QSqlDatabase &db, AuditEntry &entry) const
{
    QList<AuditEntry> one{entry};
    std::optional<AppendFailure> failed = appendAll(db, one);
    if (!failed)
        entry = one.constFirst();
    return failed;
}

namespace {

// The entries go in multi-row INSERTs of up to kRowsPerInsert (one round
// trip each; 15 values a row stays far below every server's limit on bound
// values).
constexpr qsizetype kRowsPerInsert = 50;

QString insertSql(qsizetype rows)
{
    const QString tuple = QStringLiteral("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    QString sql = QStringLiteral("INSERT INTO idem_audit (") + kAuditColumns + QStringLiteral(", server_user) VALUES ") + tuple;
    for (qsizetype r = 1; r < rows; ++r)
        sql += QStringLiteral(", ") + tuple;
    return sql;
}

// server_user NULL, not '', for an entry without one: it reads back as
// written, and a trigger of `init --roles` compares a given one only.
QVariantList entryValues(const AuditEntry &e)
{
    return {e.scope,
            e.seq,
            e.atMs,
            text(e.operatorName),
            text(e.host),
            text(e.action),
            text(e.batchId),
            text(e.key),
            text(e.stateBefore),
            text(e.stateAfter),
            text(e.reason),
            e.evidence.isNull() ? QByteArray("") : e.evidence,
            e.prevHash,
            e.hash,
            e.serverUser.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(e.serverUser)};
}

} // namespace

SqlAuditLog::AppendFailure SqlAuditLog::failed(const QSqlQuery &q, const QString &what) const
{
    return AppendFailure{m_failure(q, what), m_dialect.isDuplicateKey(q.lastError())};
}

// Reads the chain's head under a lock. Entries without a head mean the head
// was deleted (a hand edit): starting again at seq 1 would collide with the
// first entry and hide the break, so this scope is blocked; others go on.
std::optional<SqlAuditLog::AppendFailure> SqlAuditLog::lockHead(QSqlQuery &q, const QString &scope, ChainHead *head) const
{
    const auto readHead = [&] {
        if (!runStatement(q,
                          {QStringLiteral("SELECT seq, hash FROM idem_audit_head WHERE scope = ?") + m_dialect.lockForUpdate(), {scope}}))
            return false;
        head->exists = q.next();
        head->seq = head->exists ? q.value(0).toLongLong() : 0;
        head->hash = head->exists ? q.value(1).toString() : QString();
        q.finish();
        return true;
    };
    if (!readHead())
        return failed(q, Text::tr("Reading the audit chain head"));
    if (head->exists)
        return std::nullopt;
    if (!runStatement(q, {QStringLiteral("SELECT COUNT(*) FROM idem_audit WHERE scope = ?"), {scope}}) || !q.next())
        return failed(q, Text::tr("Reading the audit chain"));
    const qint64 stored = q.value(0).toLongLong();
    q.finish();
    // Under READ COMMITTED each statement sees its own snapshot: another
    // operator's first entry and head, committed together between the
    // two reads, show as entries without a head. The head is read again,
    // in a snapshot as new as the count's, before it is called deleted
    // (seen as a false "head was deleted" with two sweeps at once).
    if (stored > 0 && !readHead())
        return failed(q, Text::tr("Reading the audit chain head"));
    if (!head->exists && stored > 0)
        return AppendFailure{scopeError(makeError(ErrorKind::Corrupt,
                                                  Text::tr("The audit chain of scope %1 holds %2 entries but has no head: the head was "
                                                           "deleted. Nothing was changed in scope %1; actions there stay blocked until the "
                                                           "chain is looked at (idemctl audit verify). Other scopes go on.")
                                                      .arg(scope)
                                                      .arg(stored))),
                             false};
    return std::nullopt;
}

// Writes the chained entries, kRowsPerInsert rows a statement.
std::optional<SqlAuditLog::AppendFailure> SqlAuditLog::insertEntries(QSqlDatabase &db, const QList<AuditEntry> &entries) const
{
    QSqlQuery insert(db);
    qsizetype preparedRows = 0;
    for (qsizetype from = 0; from < entries.size(); from += kRowsPerInsert) {
        const qsizetype rows = qMin(kRowsPerInsert, entries.size() - from);
        if (rows != preparedRows) {
            if (!insert.prepare(insertSql(rows)))
                return failed(insert, Text::tr("Writing an audit entry"));
            preparedRows = rows;
        }
        int at = 0;
        for (qsizetype r = from; r < from + rows; ++r) {
            for (const QVariant &v : entryValues(entries.at(r)))
                insert.bindValue(at++, v);
        }
        if (!insert.exec())
            return failed(insert, Text::tr("Writing an audit entry"));
    }
    return std::nullopt;
}

// Moves the locked head to the last entry, or creates it for a new chain.
std::optional<SqlAuditLog::AppendFailure> SqlAuditLog::moveHead(QSqlDatabase &db, const QString &scope, const ChainHead &old, qint64 seq,
                                                                const QString &hash) const
{
    QSqlQuery head(db);
    const SqlStatement statement =
        old.exists ? SqlStatement{QStringLiteral("UPDATE idem_audit_head SET seq = ?, hash = ? WHERE scope = ? AND seq = ?"),
                                  {seq, hash, scope, old.seq}}
                   : SqlStatement{QStringLiteral("INSERT INTO idem_audit_head (scope, seq, hash) VALUES (?, ?, ?)"), {scope, seq, hash}};
    if (!runStatement(head, statement))
        return failed(head, Text::tr("Moving the audit chain head"));
    if (head.numRowsAffected() != 1) {
        // The locked head moved anyway: only a hand edit does that.
        return AppendFailure{scopeError(makeError(ErrorKind::Corrupt, Text::tr("The audit chain head of scope %1 changed while it was "
                                                                               "locked; run `idemctl audit verify`.")
                                                                          .arg(scope))),
                             false};
    }
    return std::nullopt;
}

std::optional<SqlAuditLog::AppendFailure> SqlAuditLog::appendAll(QSqlDatabase &db, QList<AuditEntry> &entries) const
{
    if (entries.isEmpty())
        return std::nullopt;
    const QString scope = entries.constFirst().scope;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    ChainHead head;
    if (std::optional<AppendFailure> failure = lockHead(q, scope, &head))
        return failure;
    // Each entry chains after the one before it; the head moves once, to
    // the last.
    qint64 seq = head.seq;
    QString hash = head.hash;
    for (AuditEntry &e : entries) {
        if (e.scope != scope)
            return AppendFailure{makeError(ErrorKind::Internal, QStringLiteral("appendAll: entries of more than one chain")), false};
        e.chainAfter(seq, hash);
        seq = e.seq;
        hash = e.hash;
    }
    if (std::optional<AppendFailure> failure = insertEntries(db, entries))
        return failure;
    return moveHead(db, scope, head, seq, hash);
}

Result<QList<AuditEntry>> SqlAuditLog::entries(QSqlDatabase &db, const AuditQuery &query) const
{
    SqlStatement s{QStringLiteral("SELECT ") + columns() + QStringLiteral(" FROM idem_audit WHERE 1 = 1"), {}};
    const auto add = [&s](const QString &condition, const QVariant &value) {
        s.sql += QStringLiteral(" AND ") + condition;
        s.values << value;
    };
    if (!query.scope.isEmpty())
        add(QStringLiteral("scope = ?"), query.scope);
    if (!query.operatorName.isEmpty())
        add(QStringLiteral("operator = ?"), query.operatorName);
    if (!query.action.isEmpty())
        add(QStringLiteral("action = ?"), query.action);
    if (!query.batchId.isEmpty())
        add(QStringLiteral("batch_id = ?"), query.batchId);
    if (!query.keyPrefix.isEmpty())
        add(QStringLiteral("idem_key LIKE ? ESCAPE '!'"), likePrefix(query.keyPrefix));
    if (!query.key.isEmpty())
        add(QStringLiteral("idem_key = ?"), query.key);
    // isAlertAction() in SQL: "alert" or "alert-…" ('-' is no LIKE wildcard).
    if (query.kind != AuditQuery::Kind::Any) {
        s.sql += query.kind == AuditQuery::Kind::Alerts ? QStringLiteral(" AND (action = ? OR action LIKE ?)")
                                                        : QStringLiteral(" AND NOT (action = ? OR action LIKE ?)");
        s.values << QStringLiteral("alert") << QStringLiteral("alert-%");
    }
    if (query.fromMs > 0)
        add(QStringLiteral("at_ms >= ?"), query.fromMs);
    if (query.toMs > 0)
        add(QStringLiteral("at_ms <= ?"), query.toMs);
    s.sql += QStringLiteral(" ORDER BY at_ms DESC, scope, seq DESC LIMIT ?");
    s.values << qMax(1, query.limit);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!runStatement(q, s))
        return m_failure(q, Text::tr("Listing audit entries"));
    QList<AuditEntry> out;
    while (q.next())
        out.append(entryFromRow(q));
    return out;
}

Result<QList<AuditEntry>> SqlAuditLog::chain(QSqlDatabase &db, const QString &scope, const QString &afterStoreId, int limit) const
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!runStatement(
            q, {QStringLiteral("SELECT ") + columns() + QStringLiteral(" FROM idem_audit WHERE scope = ? AND seq > ? ORDER BY seq LIMIT ?"),
                {scope, afterStoreId.isEmpty() ? qint64(std::numeric_limits<qint64>::min()) : afterStoreId.toLongLong(), qMax(1, limit)}}))
        return m_failure(q, Text::tr("Reading the audit chain"));
    QList<AuditEntry> out;
    while (q.next())
        out.append(entryFromRow(q));
    return out;
}

Result<QList<AuditChainHead>> SqlAuditLog::heads(QSqlDatabase &db) const
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT scope, seq, hash FROM idem_audit_head")))
        return m_failure(q, Text::tr("Reading the audit chain heads"));
    QList<AuditChainHead> heads;
    while (q.next())
        heads.append({q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toString(), QString()});
    if (!q.exec(QStringLiteral("SELECT DISTINCT scope FROM idem_audit")))
        return m_failure(q, Text::tr("Reading the audit chain heads"));
    while (q.next()) {
        const QString scope = q.value(0).toString();
        if (std::none_of(heads.cbegin(), heads.cend(), [&](const AuditChainHead &h) { return h.scope == scope; }))
            heads.append({scope, 0, QString(), QString()});
    }
    std::sort(heads.begin(), heads.end(), [](const AuditChainHead &a, const AuditChainHead &b) { return a.scope < b.scope; });
    return heads;
}
