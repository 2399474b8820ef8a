#include "app/store/storeaccess.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(StoreAccess)
};
} // namespace

QString StoreAccess::roleName() const
{
    if (mayAct && mayApprove)
        return QStringLiteral("operator+approver");
    if (mayAct)
        return QStringLiteral("operator");
    if (mayApprove)
        return QStringLiteral("approver");
    return QStringLiteral("viewer");
}

QString StoreAccess::roleText() const
{
    if (mayAct && mayApprove)
        return Text::tr("every right (operator and approver)");
    if (mayAct)
        return Text::tr("operator (may act and propose)");
    if (mayApprove)
        return Text::tr("approver (may approve proposals)");
    return Text::tr("viewer (read only)");
}

QString StoreAccess::identityText() const
{
    if (!hasServerIdentity)
        return Text::tr("no server identity (SQLite has no users)");
    if (serverUser.isEmpty())
        return Text::tr("unknown (the server would not say)");
    return serverUser;
}

bool RoleSetup::isValidUserName(const QString &name)
{
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]{0,62}$"));
    return valid.match(name).hasMatch();
}
