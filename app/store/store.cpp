#include "store.h"

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

Result<QList<ActivityRow>> Store::activity(const QString &, qint64, qint64)
{
    return makeError(ErrorKind::NotBuilt, QStringLiteral("This store keeps counters; read counters() instead."));
}
