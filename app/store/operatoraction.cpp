#include "app/store/operatoraction.h"

#include <QCoreApplication>

namespace {
// Messages of this file, in the "Store" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Store)
};
} // namespace

QString operatorActionName(OperatorActionKind kind)
{
    switch (kind) {
    case OperatorActionKind::MarkTimedOut:
        return QStringLiteral("timeout");
    case OperatorActionKind::ReconcileComplete:
        return QStringLiteral("reconcile-complete");
    case OperatorActionKind::ReconcileRelease:
        return QStringLiteral("reconcile-release");
    }
    return QString();
}

std::optional<OperatorActionKind> operatorActionFromName(const QString &name)
{
    for (OperatorActionKind kind :
         {OperatorActionKind::MarkTimedOut, OperatorActionKind::ReconcileComplete, OperatorActionKind::ReconcileRelease}) {
        if (operatorActionName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

QString actionStateAfter(OperatorActionKind kind)
{
    switch (kind) {
    case OperatorActionKind::MarkTimedOut:
        return recordStateName(RecordState::TimedOut);
    case OperatorActionKind::ReconcileComplete:
        return recordStateName(RecordState::Completed);
    case OperatorActionKind::ReconcileRelease:
        break;
    }
    return QStringLiteral("RELEASED");
}

AuditEntry OperatorAction::auditEntry() const
{
    AuditEntry entry = audit;
    entry.scope = scope;
    entry.key = key;
    entry.atMs = nowMs;
    entry.action = operatorActionName(kind);
    entry.stateBefore = recordStateName(expectedState);
    entry.stateAfter = actionStateAfter(kind);
    entry.storeId.clear();
    return entry;
}

std::optional<Error> refuseActionCutoff(const OperatorAction &action)
{
    if (action.expectedState != RecordState::InFlight)
        return std::nullopt;
    if (!action.startedBeforeMs)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("\"%1\" on %2/%3 was refused: an action on an in-flight record needs the age it was chosen by "
                                  "(a cutoff), and none was given. Nothing was changed.")
                             .arg(operatorActionName(action.kind), action.scope, action.key));
    if (*action.startedBeforeMs <= 0)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("\"%1\" on %2/%3 was refused: its cutoff %4 is at or before 1970, which would match every attempt, "
                                  "even one that just started. Nothing was changed.")
                             .arg(operatorActionName(action.kind), action.scope, action.key)
                             .arg(*action.startedBeforeMs));
    return std::nullopt;
}

bool startedBeforeCutoff(const OperatorAction &action, const Record &current)
{
    return action.expectedState != RecordState::InFlight || (action.startedBeforeMs && current.updatedAt < *action.startedBeforeMs);
}
