#include "app/ops/proposalbook.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <algorithm>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ProposalBook)
};

Error refused(const QString &why)
{
    return makeError(ErrorKind::Refused, why);
}

QString hostOf(const OperatorIdentity &who)
{
    return who.host.isEmpty() ? OperatorIdentity::defaultHost() : who.host;
}

Result<Proposal> read(Store &store, const QString &id)
{
    if (!Proposal::isValidId(id))
        return makeError(
            ErrorKind::InvalidArgument,
            Text::tr("'%1' is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).").arg(id.left(60)));
    Result<std::optional<Proposal>> found = store.proposal(id);
    if (!found)
        return found.error();
    if (!found.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(id, store.displayUrl()));
    const Proposal &p = *found.value();
    if (p.computeHash() != p.hash)
        return makeError(ErrorKind::Corrupt, Text::tr("Proposal %1 no longer matches its hash: it was changed after it was proposed. "
                                                      "Nothing was done; reject it and propose the action again.")
                                                 .arg(id));
    return p;
}
ProposalItem itemOf(const ActionTarget &t, const QString &action)
{
    ProposalItem item;
    item.scope = t.scope;
    item.key = t.key;
    item.lease = t.lease;
    item.state = t.state;
    item.updatedAt = t.updatedAt;
    item.action = action;
    item.owner = t.owner;
    item.bizNo = t.bizNo;
    return item;
}

// Keeps one proposal of `items` (all of `scope`), with its audit entry.
Result<Proposal> keep(Store &store, const QString &scope, const QString &action, QList<ProposalItem> items, const OperatorIdentity &who,
                      qint64 nowMs, qint64 ttlMs)
{
    if (items.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("Nothing to propose in scope %1.").arg(scope));
    Proposal p;
    p.id = Proposal::newId(nowMs);
    p.scope = scope;
    p.action = action;
    p.reason = who.reason.trimmed();
    p.proposer = who.operatorName.trimmed();
    p.proposerHost = hostOf(who);
    p.createdAtMs = nowMs;
    p.expiresAtMs = nowMs + ttlMs;
    p.items = std::move(items);
    p.hash = p.computeHash();
    return store.createProposal(p);
}

// Four eyes over what an action would apply (`items`, in order): each scope
// with more items than its threshold is proposed as one proposal of
// `action`; `held` gets those scopes. An incomplete identity, or a proposal
// that cannot be written, is an error before anything else is written.
Result<QList<ActionReport::Proposed>> proposeHeld(Store &store, const QString &action, const QList<ProposalItem> &items,
                                                  const OperatorIdentity &who, qint64 nowMs, QStringList *held)
{
    const Result<ApprovalPolicy> policy = store.approvalPolicy();
    if (!policy)
        return policy.error();
    QMap<QString, QList<ProposalItem>> byScope;
    for (const ProposalItem &item : items)
        byScope[item.scope].append(item);
    held->clear();
    for (auto it = byScope.cbegin(); it != byScope.cend(); ++it) {
        if (policy->needsApproval(it.key(), it.value().size()))
            *held << it.key();
    }
    QList<ActionReport::Proposed> proposed;
    if (held->isEmpty())
        return proposed;
    if (const Result<void> valid = who.validate(); !valid)
        return valid.error();
    for (const QString &scope : std::as_const(*held)) {
        const Result<Proposal> p = keep(store, scope, action, byScope.value(scope), who, nowMs, policy->proposalTtlMs);
        if (!p)
            return p.error();
        proposed.append({scope, p->id, p->items.size(), policy->thresholdFor(scope).value_or(0), p->expiresAtMs});
    }
    return proposed;
}

QString itemActionOf(SweepAction action)
{
    return operatorActionName(action == SweepAction::Release ? OperatorActionKind::ReconcileRelease : OperatorActionKind::MarkTimedOut);
}

} // namespace

namespace ProposalBook {

QString sweepActionName(SweepAction action)
{
    return action == SweepAction::Release ? QStringLiteral("release") : QStringLiteral("timeout");
}

Held held(const ApprovalPolicy &policy, const QList<ActionTarget> &targets)
{
    QMap<QString, int> counts;
    for (const ActionTarget &t : targets)
        ++counts[t.scope];
    Held held;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (policy.needsApproval(it.key(), it.value())) {
            held.scopes << it.key();
            held.records += it.value();
        }
    }
    return held;
}

Result<ActionReport> sweep(Store &store, const QList<ActionTarget> &targets, SweepAction action, const OperatorIdentity &who, qint64 nowMs,
                           const ActionControl &control)
{
    QList<ProposalItem> items;
    items.reserve(targets.size());
    for (const ActionTarget &t : targets)
        items.append(itemOf(t, itemActionOf(action)));
    QStringList held;
    Result<QList<ActionReport::Proposed>> proposed = proposeHeld(store, sweepActionName(action), items, who, nowMs, &held);
    if (!proposed)
        return proposed.error();
    QList<ActionTarget> now;
    for (const ActionTarget &t : targets) {
        if (!held.contains(t.scope))
            now.append(t);
    }
    ActionReport report;
    if (!now.isEmpty() || held.isEmpty()) { // nothing held: applied as a sweep without four eyes is, even when empty
        Result<ActionReport> applied = TimeoutSweep::apply(store, now, who, ScopePolicies(), nowMs, control, action);
        if (!applied)
            return applied.error();
        report = std::move(applied).value();
    }
    report.proposed = std::move(proposed).value();
    return report;
}

Result<ActionReport> reconcile(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows, const OperatorIdentity &who,
                               qint64 nowMs, const ActionControl &control)
{
    QList<ProposalItem> items;
    for (const ReconcileRow &row : rows) {
        if (!ReconcilePlan::applies(row))
            continue;
        const OperatorAction action = ReconcilePlan::actionFor(mapping, row, ScopePolicies(), nowMs);
        ProposalItem item = itemOf(row.target, operatorActionName(action.kind));
        item.response = action.response;
        item.evidence = action.audit.evidence;
        items.append(std::move(item));
    }
    QStringList held;
    Result<QList<ActionReport::Proposed>> proposed = proposeHeld(store, QStringLiteral("reconcile"), items, who, nowMs, &held);
    if (!proposed)
        return proposed.error();
    QList<ReconcileRow> now;
    for (const ReconcileRow &row : rows) {
        if (!held.contains(row.target.scope))
            now.append(row);
    }
    ActionReport report;
    if (held.isEmpty() || std::any_of(now.cbegin(), now.cend(), ReconcilePlan::applies)) {
        Result<ActionReport> applied = ReconcilePlan::apply(store, mapping, now, who, ScopePolicies(), nowMs, control);
        if (!applied)
            return applied.error();
        report = std::move(applied).value();
    }
    report.proposed = std::move(proposed).value();
    return report;
}

Result<QList<ItemNow>> recordsNow(Store &store, const Proposal &proposal, qsizetype limit)
{
    QList<ItemNow> now;
    for (const ProposalItem &item : proposal.items.mid(0, limit)) {
        Result<std::optional<Record>> r = store.get(item.scope, item.key);
        if (!r)
            return r.error();
        ItemNow n;
        n.record = std::move(r).value();
        n.unchanged = n.record && n.record->lease == item.lease && n.record->state == item.state && n.record->updatedAt == item.updatedAt;
        now.append(std::move(n));
    }
    return now;
}

Result<Proposal> propose(Store &store, const QString &scope, SweepAction action, const QList<ActionTarget> &targets,
                         const OperatorIdentity &who, qint64 nowMs)
{
    Result<ApprovalPolicy> policy = store.approvalPolicy();
    if (!policy)
        return policy.error();
    QList<ProposalItem> items;
    for (const ActionTarget &t : targets) {
        if (t.scope == scope)
            items.append(itemOf(t, itemActionOf(action)));
    }
    return keep(store, scope, sweepActionName(action), std::move(items), who, nowMs, policy->proposalTtlMs);
}

std::optional<QList<OperatorAction>> actionsOf(const Proposal &proposal, qint64 nowMs)
{
    const ScopePolicies policies;
    QList<OperatorAction> actions;
    actions.reserve(proposal.items.size());
    for (const ProposalItem &item : proposal.items) {
        const std::optional<OperatorActionKind> kind = operatorActionFromName(item.action);
        if (!kind)
            return std::nullopt;
        OperatorAction action;
        action.kind = *kind;
        action.scope = item.scope;
        action.key = item.key;
        action.lease = item.lease;
        action.expectedState = item.state;
        // The compare-and-set of an in-flight record: still the attempt
        // the preview saw (its lease), not touched since (updated_at).
        if (item.state == RecordState::InFlight)
            action.startedBeforeMs = item.updatedAt + 1;
        action.nowMs = nowMs;
        action.retentionMs = policies.forScope(item.scope).retentionMs;
        action.response = item.response;
        action.audit.evidence = item.evidence;
        actions.append(std::move(action));
    }
    return actions;
}

Result<Proposal> decide(Store &store, const QString &id, bool approve, const OperatorIdentity &who, qint64 nowMs)
{
    Result<Proposal> now = read(store, id);
    if (!now)
        return now.error();
    const StoreAccess access = store.access();
    if (!approve && who.reason.trimmed().isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("Rejecting a proposal needs a reason."));
    if (now->status(nowMs) == ProposalStatus::Proposed
        && isOwnProposal(now.value(), access.hasServerIdentity ? access.serverUser : QString(), who.operatorName))
        return refused(Text::tr("Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second "
                                "identity must decide (four eyes). Nothing was changed.")
                           .arg(id, now->proposerUser.isEmpty() ? now->proposer : now->proposerUser));
    if (!access.mayApprove)
        return refused(Text::tr("The server does not let %1 decide proposals (role %2; missing: %3). Nothing was changed.")
                           .arg(access.identityText(), access.roleName(), access.missingToApprove.join(QStringLiteral(", "))));
    ProposalDecision decision;
    decision.id = id;
    decision.approve = approve;
    decision.operatorName = who.operatorName.trimmed();
    decision.host = hostOf(who);
    decision.reason = who.reason.trimmed();
    decision.seenHash = now->hash;
    decision.nowMs = nowMs;
    return store.decideProposal(decision);
}

Result<Applied> apply(Store &store, const QString &id, const OperatorIdentity &who, qint64 nowMs, const ActionControl &control)
{
    Result<Proposal> now = read(store, id);
    if (!now)
        return now.error();
    const Proposal &p = now.value();
    const ProposalStatus status = p.status(nowMs);
    if (status == ProposalStatus::Expired) {
        if (p.outcome.isEmpty()) {
            ProposalClosing closing{id, QStringLiteral("expired"), who.operatorName.trimmed(), hostOf(who), QByteArrayLiteral("{}"), nowMs};
            if (Result<Proposal> closed = store.closeProposal(closing); !closed)
                return closed.error();
        }
        return refused(Text::tr("Proposal %1 expired at %2 without being applied: nothing was changed. Propose the action again.")
                           .arg(id, QDateTime::fromMSecsSinceEpoch(p.expiresAtMs, Qt::UTC).toString(Qt::ISODate)));
    }
    if (status != ProposalStatus::Approved)
        return refused(Text::tr("Proposal %1 is %2, not approved: nothing was changed.").arg(id, proposalStatusName(status)));
    if (p.approvedHash != p.hash)
        return refused(Text::tr("Proposal %1 was approved as %2 but is now %3: nothing was changed.").arg(id, p.approvedHash, p.hash));
    std::optional<QList<OperatorAction>> actions = actionsOf(p, nowMs);
    if (!actions)
        return refused(Text::tr("Proposal %1 holds an action this version cannot apply (%2).").arg(id, p.action));
    OperatorIdentity applier = who;
    applier.reason = Text::tr("%1 (proposal %2, approved by %3)").arg(p.reason, id, p.decidedUser.isEmpty() ? p.decidedBy : p.decidedUser);
    Result<ActionReport> report =
        applyAsOperator(store, std::move(actions).value(), applier, Text::tr("applying a proposal"), nowMs, control);
    if (!report)
        return report.error();
    // Nothing applied and something failed (the server refused, the store
    // was down): the proposal stays approved, to be applied again.
    if (report->applied == 0 && report->failed > 0)
        return Applied{p, report.value()};
    QJsonArray skipped;
    for (const ActionTarget &t : report->skippedTargets)
        skipped.append(t.key);
    const QJsonObject summary{{QStringLiteral("batch_id"), report->batchId},
                              {QStringLiteral("applied"), report->applied},
                              {QStringLiteral("skipped"), report->skipped},
                              {QStringLiteral("failed"), report->failed},
                              {QStringLiteral("skipped_keys"), skipped}};
    ProposalClosing closing{id,
                            QStringLiteral("applied"),
                            who.operatorName.trimmed(),
                            hostOf(who),
                            QJsonDocument(summary).toJson(QJsonDocument::Compact),
                            QDateTime::currentMSecsSinceEpoch()};
    Result<Proposal> closed = store.closeProposal(closing);
    if (!closed)
        return closed.error();
    return Applied{closed.value(), report.value()};
}

} // namespace ProposalBook
