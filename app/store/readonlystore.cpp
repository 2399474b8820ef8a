#include "app/store/readonlystore.h"

#include <QCoreApplication>

ReadOnlyStore::ReadOnlyStore(std::unique_ptr<Store> inner)
    : m_inner(std::move(inner))
{
}

Error ReadOnlyStore::refusal(const QString &what)
{
    return makeError(ErrorKind::Refused,
                     QCoreApplication::translate("ReadOnlyStore", "The store is open read-only, so %1 was refused and nothing changed. "
                                                                  "Reopen it without read-only mode to act on records.")
                         .arg(what));
}

Result<ClaimResult> ReadOnlyStore::claim(const ClaimRequest &)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "claiming a key"));
}

Result<Transition> ReadOnlyStore::complete(const QString &, const QString &, const QString &, const Response &, qint64, qint64)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "completing a record"));
}

Result<Transition> ReadOnlyStore::release(const QString &, const QString &, const QString &, qint64)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "releasing a record"));
}

Result<qint64> ReadOnlyStore::purgeExpired(qint64)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "purging expired records"));
}

Result<void> ReadOnlyStore::retryFollowUp(const OperatorAction &action)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "retrying the cache step of %1/%2").arg(action.scope, action.key));
}

Result<ActionResult> ReadOnlyStore::applyAction(const OperatorAction &action)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "the operator action \"%1\" on %2/%3")
                       .arg(operatorActionName(action.kind), action.scope, action.key));
}

Result<AuditEntry> ReadOnlyStore::appendAudit(const AuditEntry &)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "writing an audit entry"));
}

StoreAccess ReadOnlyStore::access() const
{
    // What the server grants, shown as it is; writable() says that this
    // client acts on nothing anyway.
    return m_inner->access();
}

Result<Proposal> ReadOnlyStore::createProposal(const Proposal &proposal)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "proposing %1").arg(proposal.id));
}

Result<Proposal> ReadOnlyStore::decideProposal(const ProposalDecision &decision)
{
    return refusal(decision.approve ? QCoreApplication::translate("ReadOnlyStore", "approving %1").arg(decision.id)
                                    : QCoreApplication::translate("ReadOnlyStore", "rejecting %1").arg(decision.id));
}

Result<Proposal> ReadOnlyStore::closeProposal(const ProposalClosing &closing)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "closing %1").arg(closing.id));
}

Result<void> ReadOnlyStore::setApprovalThreshold(const QString &, std::optional<int>)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "writing the four-eyes policy"));
}

Result<void> ReadOnlyStore::setProposalTtl(qint64)
{
    return refusal(QCoreApplication::translate("ReadOnlyStore", "writing the four-eyes policy"));
}
