#include "app/store/claim.h"

QString claimOutcomeName(ClaimOutcome outcome)
{
    switch (outcome) {
    case ClaimOutcome::Claimed:
        return QStringLiteral("claimed");
    case ClaimOutcome::Replay:
        return QStringLiteral("replay");
    case ClaimOutcome::InProgress:
        return QStringLiteral("in_progress");
    case ClaimOutcome::Mismatch:
        return QStringLiteral("mismatch");
    }
    return QString();
}

QString transitionOutcomeName(TransitionOutcome outcome)
{
    switch (outcome) {
    case TransitionOutcome::Applied:
        return QStringLiteral("applied");
    case TransitionOutcome::StaleLease:
        return QStringLiteral("stale_lease");
    case TransitionOutcome::NotFound:
        return QStringLiteral("not_found");
    }
    return QString();
}
