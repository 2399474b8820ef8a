#include "app/store/store.h"

#include <QCoreApplication>

namespace {
// Messages of this file, in the "Store" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Store)
};
} // namespace

QString claimOutcomeName(ClaimOutcome outcome)
{
    switch (outcome) {
    case ClaimOutcome::Claimed: return QStringLiteral("claimed");
    case ClaimOutcome::Replay: return QStringLiteral("replay");
    case ClaimOutcome::InProgress: return QStringLiteral("in_progress");
    case ClaimOutcome::Mismatch: return QStringLiteral("mismatch");
    }
    return QString();
}

QString transitionOutcomeName(TransitionOutcome outcome)
{
    switch (outcome) {
    case TransitionOutcome::Applied: return QStringLiteral("applied");
    case TransitionOutcome::StaleLease: return QStringLiteral("stale_lease");
    case TransitionOutcome::NotFound: return QStringLiteral("not_found");
    }
    return QString();
}

QString operatorActionName(OperatorActionKind kind)
{
    switch (kind) {
    case OperatorActionKind::MarkTimedOut: return QStringLiteral("timeout");
    case OperatorActionKind::ReconcileComplete: return QStringLiteral("reconcile-complete");
    case OperatorActionKind::ReconcileRelease: return QStringLiteral("reconcile-release");
    }
    return QString();
}

QString actionStateAfter(OperatorActionKind kind)
{
    switch (kind) {
    case OperatorActionKind::MarkTimedOut: return recordStateName(RecordState::TimedOut);
    case OperatorActionKind::ReconcileComplete: return recordStateName(RecordState::Completed);
    case OperatorActionKind::ReconcileRelease: break;
    }
    return QStringLiteral("RELEASED");
}

bool keysetBefore(const Record &a, const Record &b)
{
    if (a.updatedAt != b.updatedAt)
        return a.updatedAt < b.updatedAt;
    if (a.scope != b.scope)
        return a.scope.toUtf8() < b.scope.toUtf8();
    return a.key.toUtf8() < b.key.toUtf8();
}

bool isAfterPosition(const Record &r, const InFlightQuery &query)
{
    if (!query.after)
        return true;
    Record position;
    position.updatedAt = query.after->updatedAt;
    position.scope = query.after->scope;
    position.key = query.after->key;
    return query.newestFirst ? keysetBefore(r, position) : keysetBefore(position, r);
}

Result<void> Store::retryFollowUp(const OperatorAction &)
{
    return makeError(ErrorKind::NotBuilt, Text::tr("This store has no cache step to retry: its actions are complete when applied."));
}

Result<QList<ActivityRow>> Store::activity(const QString &, qint64, qint64)
{
    return makeError(ErrorKind::NotBuilt, QStringLiteral("This store keeps counters; read counters() instead."));
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
    return action.expectedState != RecordState::InFlight
        || (action.startedBeforeMs && current.updatedAt < *action.startedBeforeMs);
}
