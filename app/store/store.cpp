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

Result<QList<ActivityRow>> Store::activity(const QString &, qint64, qint64)
{
    return makeError(ErrorKind::NotBuilt, QStringLiteral("This store keeps counters; read counters() instead."));
}
