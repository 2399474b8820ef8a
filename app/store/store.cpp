#include "app/store/store.h"

#include "app/telemetry/countersource.h"

#include <QCoreApplication>

#include <algorithm>

namespace {
// Messages of this file, in the "Store" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Store)
};
} // namespace

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

bool matchesFilters(const Record &r, const RecordQuery &q)
{
    return (!q.state || r.state == *q.state) && (!q.startedBeforeMs || r.updatedAt < *q.startedBeforeMs)
           && (q.keyPrefix.isEmpty() || r.key.startsWith(q.keyPrefix)) && (q.bizNoPrefix.isEmpty() || r.bizNo.startsWith(q.bizNoPrefix))
           && (q.owner.isEmpty() || r.owner == q.owner);
}

void keepFirstPage(QList<Record> &rows, const RecordQuery &query)
{
    std::sort(rows.begin(), rows.end(),
              [&](const Record &a, const Record &b) { return query.newestFirst ? keysetBefore(b, a) : keysetBefore(a, b); });
    if (rows.size() > qMax(1, query.limit))
        rows.resize(qMax(1, query.limit));
}

QList<RecordState> allRecordStates()
{
    return {RecordState::InFlight, RecordState::Completed, RecordState::TimedOut};
}

Result<QList<Record>> listEveryState(const RecordQuery &query, const QList<RecordState> &states,
                                     const std::function<Result<QList<Record>>(const RecordQuery &)> &list)
{
    QList<Record> rows;
    for (RecordState state : states) {
        Result<QList<Record>> page = list(query.inState(state));
        if (!page)
            return page.error();
        rows += page.value();
    }
    keepFirstPage(rows, query);
    return rows;
}

Result<qint64> countEveryState(const RecordQuery &query, const QList<RecordState> &states,
                               const std::function<Result<qint64>(const RecordQuery &)> &count)
{
    qint64 total = 0;
    for (RecordState state : states) {
        Result<qint64> n = count(query.inState(state));
        if (!n)
            return n.error();
        total += n.value();
    }
    return total;
}

QList<Result<ActionResult>> Store::applyActionBatch(const QList<OperatorAction> &actions)
{
    QList<Result<ActionResult>> results;
    results.reserve(actions.size());
    for (const OperatorAction &action : actions) {
        results.append(applyAction(action));
        if (!results.constLast())
            break;
    }
    return results;
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
    return action.expectedState != RecordState::InFlight || (action.startedBeforeMs && current.updatedAt < *action.startedBeforeMs);
}

Store::Store()
    : m_counterSource(std::make_shared<StoreCounterSource>(*this))
{
}

Store::~Store() = default;

void Store::setCounterSource(std::shared_ptr<CounterSource> source)
{
    m_counterSource = source ? std::move(source) : std::make_shared<StoreCounterSource>(*this);
}

QString Store::requestNote() const
{
    return Text::tr("No request was kept with this record: its claim came before requests were kept, or its scope's policy "
                    "keeps none (ScopePolicy::keepRequest).");
}

StoreAccess Store::access() const
{
    return StoreAccess{};
}

Result<ApprovalPolicy> Store::approvalPolicy()
{
    return ApprovalPolicy{};
}

namespace {
Error noProposals()
{
    return makeError(ErrorKind::NotBuilt, Text::tr("This store keeps no proposals: four eyes needs a native store (SQLite, PostgreSQL, "
                                                   "MySQL/MariaDB or Redis); a foreign layout's actions apply at once."));
}
} // namespace

Result<Proposal> Store::createProposal(const Proposal &)
{
    return noProposals();
}

Result<QList<Proposal>> Store::proposals(const ProposalQuery &)
{
    return QList<Proposal>();
}

Result<std::optional<Proposal>> Store::proposal(const QString &)
{
    return std::optional<Proposal>();
}

Result<Proposal> Store::decideProposal(const ProposalDecision &)
{
    return noProposals();
}

Result<Proposal> Store::closeProposal(const ProposalClosing &)
{
    return noProposals();
}

Result<void> Store::setApprovalThreshold(const QString &, std::optional<int>)
{
    return noProposals();
}

Result<void> Store::setProposalTtl(qint64)
{
    return noProposals();
}

Result<QStringList> Store::setUpRoles(const RoleSetup &)
{
    return makeError(ErrorKind::NotBuilt,
                     Text::tr("Roles are the server's: PostgreSQL, MySQL/MariaDB and Redis have them. SQLite has no "
                              "users (the file's permissions decide), and a foreign layout's store belongs to its service."));
}
