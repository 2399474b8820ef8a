// SqlStore's part of four eyes (DESIGN.md "Roles and four eyes"): the
// server identity, the policy and the proposals, each step of a proposal
// written with its audit entry in one transaction. Kept apart from the
// claim protocol (sqlstore.cpp) and the actions (sqlstoreactions.cpp).
#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};
} // namespace

StoreAccess SqlStore::access() const
{
    QMutexLocker lock(&m_accessMutex);
    return m_access;
}

QString SqlStore::entryIdentity() const
{
    const StoreAccess who = access();
    return who.hasServerIdentity ? who.serverUser : AuditEntry::noServerIdentity();
}

Result<void> SqlStore::requireFourEyesTables() const
{
    if (m_fourEyesTables && !m_auditOnly)
        return {};
    return makeError(ErrorKind::Refused, Text::tr("%1 has no proposals table yet: it was made before four eyes, and a read-only open "
                                                  "adds nothing. Open it once to write (idemctl init) to add it.")
                                             .arg(displayUrl()));
}

Result<std::optional<AuditEntry>> SqlStore::changeWithAudit(const std::function<Result<std::optional<AuditEntry>>(QSqlDatabase &)> &change)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QMutexLocker writeGuard(writeLock());
    for (int attempt = 1;; ++attempt) {
        if (!db.value().transaction())
            return makeError(ErrorKind::Unavailable,
                             Text::tr("Cannot start a transaction on %1: %2").arg(displayUrl(), sqlErrorText(db.value().lastError())));
        Result<std::optional<AuditEntry>> changed = change(db.value());
        if (!changed || !changed.value()) {
            db.value().rollback();
            return changed;
        }
        AuditEntry entry = *changed.value();
        entry.serverUser = entryIdentity();
        std::optional<SqlAuditLog::AppendFailure> failed = m_audit.append(db.value(), entry);
        if (!failed && db.value().commit())
            return std::optional<AuditEntry>(entry);
        db.value().rollback();
        if (!failed)
            return makeError(ErrorKind::Unavailable,
                             Text::tr("Cannot commit on %1: %2").arg(displayUrl(), sqlErrorText(db.value().lastError())));
        if (attempt == 5 || !(failed->duplicateKey || failed->error.kind == ErrorKind::Unavailable))
            return failed->error;
    }
}

Result<ApprovalPolicy> SqlStore::approvalPolicy()
{
    if (!m_fourEyesTables || m_auditOnly)
        return ApprovalPolicy{};
    return readOnce([&](QSqlDatabase &db) { return m_proposals.policy(db); });
}

Result<void> SqlStore::setApprovalThreshold(const QString &scope, std::optional<int> threshold)
{
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables;
    if (threshold && *threshold < 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("A threshold is a number of records, 0 or more."));
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QMutexLocker writeGuard(writeLock());
    return m_proposals.setPolicyValue(db.value(), scope, QStringLiteral("approval_threshold"),
                                      threshold ? std::optional<qint64>(*threshold) : std::nullopt);
}

Result<void> SqlStore::setProposalTtl(qint64 ttlMs)
{
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables;
    if (ttlMs <= 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("A proposal must stay open for some time."));
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QMutexLocker writeGuard(writeLock());
    return m_proposals.setPolicyValue(db.value(), QString(), QStringLiteral("proposal_ttl_ms"), ttlMs);
}

Result<Proposal> SqlStore::createProposal(const Proposal &proposal)
{
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables.error();
    if (!Proposal::isValidId(proposal.id) || proposal.items.isEmpty() || proposal.scope.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("A proposal needs a valid id, a scope and records."));
    Proposal stored = proposal;
    const StoreAccess who = access();
    stored.proposerUser = who.hasServerIdentity ? who.serverUser : QString();
    stored.hash = stored.computeHash();
    Result<std::optional<AuditEntry>> written = changeWithAudit([&](QSqlDatabase &db) -> Result<std::optional<AuditEntry>> {
        if (Result<void> inserted = m_proposals.insert(db, stored); !inserted)
            return inserted.error();
        return std::optional<AuditEntry>(proposalAuditEntry(stored, QStringLiteral("proposed"), stored.proposer, stored.proposerHost,
                                                            stored.reason, stored.createdAtMs));
    });
    if (!written)
        return written.error();
    return stored;
}

Result<QList<Proposal>> SqlStore::proposals(const ProposalQuery &query)
{
    if (!m_fourEyesTables || m_auditOnly)
        return QList<Proposal>();
    return readOnce([&](QSqlDatabase &db) { return m_proposals.list(db, query); });
}

Result<std::optional<Proposal>> SqlStore::proposal(const QString &id)
{
    if (!m_fourEyesTables || m_auditOnly || !Proposal::isValidId(id))
        return std::optional<Proposal>();
    return readOnce([&](QSqlDatabase &db) { return m_proposals.get(db, id); });
}

Result<Proposal> SqlStore::decideProposal(const ProposalDecision &decision)
{
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables.error();
    const QString user = access().hasServerIdentity ? access().serverUser : QString();
    std::optional<Proposal> seen;
    Result<std::optional<AuditEntry>> written = changeWithAudit([&](QSqlDatabase &db) -> Result<std::optional<AuditEntry>> {
        Result<std::optional<Proposal>> before = m_proposals.get(db, decision.id);
        if (!before)
            return before.error();
        if (!before.value())
            return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(decision.id, displayUrl()));
        seen = before.value();
        Result<int> changed = m_proposals.decide(db, decision, user);
        if (!changed)
            return changed.error();
        if (changed.value() != 1)
            return std::optional<AuditEntry>();
        return std::optional<AuditEntry>(proposalAuditEntry(*seen,
                                                            decision.approve ? QStringLiteral("approved") : QStringLiteral("rejected"),
                                                            decision.operatorName, decision.host, decision.reason, decision.nowMs));
    });
    if (!written)
        return written.error();
    Result<std::optional<Proposal>> now = proposal(decision.id);
    if (!now)
        return now.error();
    if (!now.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(decision.id, displayUrl()));
    if (!written.value())
        return proposalRefusal(*now.value(), QStringLiteral("decide"), user, decision.seenHash, decision.nowMs, decision.operatorName);
    return *now.value();
}

Result<Proposal> SqlStore::closeProposal(const ProposalClosing &closing)
{
    if (Result<void> tables = requireFourEyesTables(); !tables)
        return tables.error();
    const QString user = access().hasServerIdentity ? access().serverUser : QString();
    Result<std::optional<AuditEntry>> written = changeWithAudit([&](QSqlDatabase &db) -> Result<std::optional<AuditEntry>> {
        Result<std::optional<Proposal>> before = m_proposals.get(db, closing.id);
        if (!before)
            return before.error();
        if (!before.value())
            return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(closing.id, displayUrl()));
        Result<int> changed = m_proposals.close(db, closing, user);
        if (!changed)
            return changed.error();
        if (changed.value() != 1)
            return std::optional<AuditEntry>();
        AuditEntry entry =
            proposalAuditEntry(*before.value(), closing.outcome, closing.operatorName, closing.host, before.value()->reason, closing.nowMs);
        // What happened beside the proposal's hash and count: the record of the apply.
        const QJsonObject summary = QJsonDocument::fromJson(closing.summary).object();
        if (!summary.isEmpty()) {
            QJsonObject evidence = QJsonDocument::fromJson(entry.evidence).object();
            evidence.insert(QStringLiteral("outcome"), summary);
            entry.evidence = QJsonDocument(evidence).toJson(QJsonDocument::Compact);
        }
        return std::optional<AuditEntry>(entry);
    });
    if (!written)
        return written.error();
    Result<std::optional<Proposal>> now = proposal(closing.id);
    if (!now)
        return now.error();
    if (!now.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(closing.id, displayUrl()));
    if (!written.value())
        return proposalRefusal(*now.value(), closing.outcome, user, QString(), closing.nowMs);
    return *now.value();
}
