#include "app/store/readonlystore.h"

#include <QCoreApplication>

ReadOnlyStore::ReadOnlyStore(std::unique_ptr<Store> inner)
    : m_inner(std::move(inner))
{
}

Error ReadOnlyStore::refusal(const QString &what)
{
    return makeError(ErrorKind::Refused,
                     QCoreApplication::translate("ReadOnlyStore",
                                                 "The store is open read-only, so %1 was refused and nothing changed. "
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
