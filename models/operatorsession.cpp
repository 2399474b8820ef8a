#include "models/operatorsession.h"

#include "app/ops/operatorbatch.h"

namespace {

QString &current()
{
    static QString name;
    return name;
}

} // namespace

QString OperatorSession::name()
{
    return current().isEmpty() ? OperatorIdentity::defaultOperatorName() : current();
}

void OperatorSession::remember(const QString &name)
{
    const QString trimmed = name.trimmed();
    if (!trimmed.isEmpty())
        current() = trimmed;
}
