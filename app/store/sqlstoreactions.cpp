// SqlStore's operator actions and audit log (DESIGN.md "Operator actions"),
// kept apart from the claim protocol in sqlstore.cpp.
#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <map>
#include <memory>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

// The record change an action makes, as one compare-and-set statement on
// (scope, key, lease, state), on an in-flight record's own updated_at being
// before the action's cutoff, and on the row being readable: the age and the
// validity are checked by the statement that changes the row, not only by
// the preview that listed it.
SqlStatement actionStatement(const SqlDialect &dialect, const OperatorAction &a)
{
    QVariantList where{a.scope, a.key, a.lease, recordStateName(a.expectedState)};
    QString cas = QStringLiteral(" WHERE scope = ? AND idem_key = ? AND lease = ? AND state = ? AND ") + dialect.readableRecord();
    if (a.expectedState == RecordState::InFlight) {
        cas += QStringLiteral(" AND updated_at < ?");
        where << a.startedBeforeMs.value_or(0);
    }
    switch (a.kind) {
    case OperatorActionKind::MarkTimedOut:
        return {QStringLiteral("UPDATE idem_records SET state = 'TIMED_OUT', updated_at = ?, expires_at = ?") + cas,
                QVariantList{a.nowMs, a.nowMs + a.retentionMs} + where};
    case OperatorActionKind::ReconcileComplete:
        return {QStringLiteral("UPDATE idem_records SET state = 'COMPLETED', status_code = ?, headers = ?, body = ?, "
                               "updated_at = ?, expires_at = ?, reconciled = 1")
                    + cas,
                QVariantList{a.response.status, encodeHeaders(a.response.headers),
                             a.response.body.isNull() ? QByteArray("") : a.response.body, a.nowMs, a.nowMs + a.retentionMs}
                    + where};
    case OperatorActionKind::ReconcileRelease:
        return {QStringLiteral("DELETE FROM idem_records") + cas, where};
    }
    return {};
}

} // namespace

Result<ActionResult> SqlStore::applyAction(const OperatorAction &action)
{
    if (action.expectedState == RecordState::Completed
        || (action.kind == OperatorActionKind::MarkTimedOut && action.expectedState != RecordState::InFlight))
        return makeError(
            ErrorKind::InvalidArgument,
            Text::tr("%1 applies to in-flight records only (or timed-out ones, for reconciliation).").arg(operatorActionName(action.kind)));
    if (const std::optional<Error> refused = refuseActionCutoff(action))
        return *refused;
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    Result<ActionResult> result = makeError(ErrorKind::Internal, QString());
    QString warning;
    {
        // SQLite: this process's writers queue here for the whole transaction.
        QMutexLocker writeGuard(writeLock());
        // A retry follows a deadlock or two appenders creating one chain at
        // once: both were rolled back whole, so the action runs again. A
        // count that cannot be written is run again without it: counting is
        // telemetry and never blocks a fix; the entry says it was skipped.
        for (int attempt = 1;; ++attempt) {
            bool retry = false;
            QString countError;
            result = applyOnce(db.value(), action, retry, warning.isEmpty() ? &countError : nullptr, warning);
            if (!countError.isEmpty()) {
                warning = Text::tr("not counted: writing the counters of scope %1 failed (%2)").arg(action.scope, countError);
                retry = true;
            }
            if (result || !retry || attempt == 5)
                break;
        }
    }
    if (!result || result->outcome != TransitionOutcome::Applied)
        return result;
    result->warning = warning;
    if (Result<std::optional<Record>> current = fetch(db.value(), action.scope, action.key, true))
        result->current = current.value();
    return result;
}

QList<Result<ActionResult>> SqlStore::applyActionBatch(const QList<OperatorAction> &actions)
{
    if (actions.size() < 2)
        return Store::applyActionBatch(actions);
    for (const OperatorAction &a : actions) {
        // What applyAction refuses, it refuses with its own message.
        if (a.scope != actions.constFirst().scope || a.expectedState == RecordState::Completed
            || (a.kind == OperatorActionKind::MarkTimedOut && a.expectedState != RecordState::InFlight) || refuseActionCutoff(a))
            return Store::applyActionBatch(actions);
    }
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return Store::applyActionBatch(actions);
    std::optional<QList<Result<ActionResult>>> together;
    {
        QMutexLocker writeGuard(writeLock());
        together = applyTogether(db.value(), actions);
    }
    return together ? *together : Store::applyActionBatch(actions);
}

std::optional<QList<Result<ActionResult>>> SqlStore::applyTogether(QSqlDatabase &db, const QList<OperatorAction> &actions)
{
    if (!db.transaction())
        return std::nullopt;
    QList<Result<ActionResult>> results;
    QList<AuditEntry> entries;
    QList<qsizetype> appliedAt; // results' index of each entry
    QMap<std::pair<qint64, int>, qint64> counts; // (minute, counter) -> records
    // The change statement differs by kind and expected state only: each
    // text is prepared once for the run.
    std::map<QString, std::unique_ptr<QSqlQuery>> prepared;
    for (const OperatorAction &action : actions) {
        const SqlStatement statement = actionStatement(m_dialect, action);
        std::unique_ptr<QSqlQuery> &change = prepared[statement.sql];
        if (!change) {
            change = std::make_unique<QSqlQuery>(db);
            if (!change->prepare(statement.sql)) {
                db.rollback();
                return std::nullopt;
            }
        }
        for (int i = 0; i < statement.values.size(); ++i)
            change->bindValue(i, statement.values.at(i));
        if (!change->exec()) {
            db.rollback();
            return std::nullopt;
        }
        if (change->numRowsAffected() != 1) {
            // As applyOnce: changed since the preview, gone, or unreadable
            // (an error that ends the run; what came before it commits).
            Result<std::optional<Record>> current = fetch(db, action.scope, action.key, true);
            if (!current) {
                results.append(makeError(current.error().kind,
                                         Text::tr("\"%1\" was not applied to %2/%3: %4")
                                             .arg(operatorActionName(action.kind), action.scope, action.key, current.error().message)));
                break;
            }
            results.append(ActionResult{
                current.value() ? TransitionOutcome::StaleLease : TransitionOutcome::NotFound, current.value(), std::nullopt, {}, {}});
            continue;
        }
        AuditEntry entry = action.auditEntry();
        entry.serverUser = entryIdentity();
        entries.append(entry);
        appliedAt.append(results.size());
        results.append(ActionResult{TransitionOutcome::Applied, std::nullopt, std::nullopt, {}, {}});
        ++counts[{action.nowMs / 60000, int(action.kind == OperatorActionKind::MarkTimedOut ? Counter::TimedOut : Counter::Reconciled)}];
    }
    if (!entries.isEmpty()) {
        QList<CounterRow> rows;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            CounterRow row{actions.constFirst().scope, it.key().first, {}};
            row.counts[Counter(it.key().second)] = it.value();
            rows.append(row);
        }
        QSqlQuery count(db);
        // A count that cannot be written: applyAction applies each record
        // without it and says so in its entry.
        if (!run(count, counterStatement(rows)) || m_audit.appendAll(db, entries)) {
            db.rollback();
            return std::nullopt;
        }
    }
    if (!db.commit()) {
        db.rollback();
        return std::nullopt;
    }
    for (qsizetype i = 0; i < appliedAt.size(); ++i)
        results[appliedAt.at(i)]->audit = entries.at(i);
    return results;
}

Result<ActionResult> SqlStore::applyOnce(QSqlDatabase &db, const OperatorAction &action, bool &retry, QString *countError,
                                         const QString &warning)
{
    if (!db.transaction())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot start a transaction on %1: %2").arg(displayUrl(), sqlErrorText(db.lastError())));
    QSqlQuery change(db);
    if (!run(change, actionStatement(m_dialect, action))) {
        retry = m_dialect.classify(change.lastError()) == SqlDialect::Failure::Deadlock;
        const Error error =
            failure(change, Text::tr("Applying \"%1\" to %2/%3").arg(operatorActionName(action.kind), action.scope, action.key));
        db.rollback();
        return error;
    }
    if (change.numRowsAffected() != 1) {
        // Changed since the preview (another lease or state, an attempt that
        // started after the cutoff), or unreadable: nothing written, nothing
        // audited. An unreadable row is an error naming it (fetch).
        db.rollback();
        Result<std::optional<Record>> current = fetch(db, action.scope, action.key, true);
        if (!current)
            return makeError(current.error().kind,
                             Text::tr("\"%1\" was not applied to %2/%3: %4")
                                 .arg(operatorActionName(action.kind), action.scope, action.key, current.error().message));
        return ActionResult{
            current.value() ? TransitionOutcome::StaleLease : TransitionOutcome::NotFound, current.value(), std::nullopt, {}, {}};
    }
    if (countError) {
        // Counted in the action's own transaction (not the guard's buffer),
        // so the entry can say whether it was.
        CounterRow row{action.scope, action.nowMs / 60000, {}};
        row.counts[action.kind == OperatorActionKind::MarkTimedOut ? Counter::TimedOut : Counter::Reconciled] = 1;
        QSqlQuery count(db);
        if (!run(count, counterStatement({row}))) {
            const QSqlError error = count.lastError();
            db.rollback();
            // A store that stopped answering is not a broken counter table.
            const SqlDialect::Failure kind = m_dialect.classify(error);
            if (kind == SqlDialect::Failure::Deadlock || kind == SqlDialect::Failure::ConnectionLost || kind == SqlDialect::Failure::Busy) {
                retry = kind == SqlDialect::Failure::Deadlock;
                return failure(error, Text::tr("Counting \"%1\"").arg(operatorActionName(action.kind)));
            }
            *countError = sqlErrorText(error);
            return makeError(ErrorKind::Refused, *countError);
        }
    }
    AuditEntry entry = action.auditEntry();
    if (!warning.isEmpty())
        entry.addWarning(warning);
    entry.serverUser = entryIdentity();
    if (std::optional<SqlAuditLog::AppendFailure> failed = m_audit.append(db, entry)) {
        db.rollback();
        retry = failed->duplicateKey || failed->error.kind == ErrorKind::Unavailable;
        return failed->error;
    }
    if (!db.commit()) {
        const QString why = sqlErrorText(db.lastError());
        db.rollback();
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot commit \"%1\" on %2/%3: %4").arg(operatorActionName(action.kind), action.scope, action.key, why));
    }
    return ActionResult{TransitionOutcome::Applied, std::nullopt, entry, {}, {}};
}

Result<AuditEntry> SqlStore::appendAudit(const AuditEntry &entry)
{
    if (entry.scope.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("An audit entry needs a scope: each scope keeps its own chain."));
    if (entry.atMs <= 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("An audit entry needs the time it records (atMs)."));
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QMutexLocker writeGuard(writeLock());
    for (int attempt = 1;; ++attempt) {
        if (!db.value().transaction())
            return makeError(ErrorKind::Unavailable,
                             Text::tr("Cannot start a transaction on %1: %2").arg(displayUrl(), sqlErrorText(db.value().lastError())));
        AuditEntry stored = entry;
        stored.serverUser = entryIdentity();
        std::optional<SqlAuditLog::AppendFailure> failed = m_audit.append(db.value(), stored);
        if (!failed && db.value().commit())
            return stored;
        db.value().rollback();
        if (!failed)
            return makeError(ErrorKind::Unavailable, Text::tr("Cannot commit an audit entry on %1.").arg(displayUrl()));
        if (attempt == 5 || !(failed->duplicateKey || failed->error.kind == ErrorKind::Unavailable))
            return failed->error;
    }
}

Result<QList<AuditEntry>> SqlStore::auditEntries(const AuditQuery &query)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    return m_audit.entries(db.value(), query);
}

Result<QList<AuditEntry>> SqlStore::auditChain(const QString &scope, const QString &afterStoreId, int limit)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    return m_audit.chain(db.value(), scope, afterStoreId, limit);
}

Result<QList<AuditChainHead>> SqlStore::auditHeads()
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    return m_audit.heads(db.value());
}
