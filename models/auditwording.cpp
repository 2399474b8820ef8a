#include "models/auditwording.h"

#include <QCoreApplication>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(AuditWording)
};

} // namespace

namespace AuditWording {

QString action(const QString &name)
{
    // Companions of an action: its name and what happened to it.
    for (const auto &[suffix, said] : {std::pair{QStringLiteral("-not-applied"), Text::tr("%1, not applied")},
                                       std::pair{QStringLiteral("-cache-updated"), Text::tr("%1, cache updated")}}) {
        if (name.endsWith(suffix) && name.size() > suffix.size())
            return said.arg(action(name.chopped(suffix.size())));
    }
    if (name == QLatin1String("timeout"))
        return Text::tr("marked timed out");
    if (name == QLatin1String("reconcile-complete"))
        return Text::tr("reconciled: completed");
    if (name == QLatin1String("reconcile-release"))
        return Text::tr("reconciled: released");
    if (name == QLatin1String("cache-not-updated"))
        return Text::tr("cache not updated");
    if (name == QLatin1String("alert"))
        return Text::tr("alert raised");
    if (name == QLatin1String("alert-acknowledged"))
        return Text::tr("alert acknowledged");
    if (name == QLatin1String("alert-snoozed"))
        return Text::tr("alert snoozed");
    if (name == QLatin1String("alert-woken"))
        return Text::tr("alert woken");
    return name;
}

QString state(const QString &name)
{
    if (name == QLatin1String("IN_FLIGHT"))
        return Text::tr("in flight");
    if (name == QLatin1String("COMPLETED"))
        return Text::tr("completed");
    if (name == QLatin1String("TIMED_OUT"))
        return Text::tr("timed out");
    if (name == QLatin1String("RELEASED"))
        return Text::tr("released");
    if (name == QLatin1String("DELETED"))
        return Text::tr("deleted");
    return name;
}

} // namespace AuditWording
