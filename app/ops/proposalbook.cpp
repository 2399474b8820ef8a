#include "app/ops/proposalbook.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

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
} // namespace

namespace ProposalBook {

QString sweepActionName(SweepAction action)
{
    return action == SweepAction::Release ? QStringLiteral("release") : QStringLiteral("timeout");
}

std::optional<SweepAction> sweepActionFromName(const QString &name)
{
    if (name == QLatin1String("timeout"))
        return SweepAction::MarkTimedOut;
    if (name == QLatin1String("release"))
        return SweepAction::Release;
    return std::nullopt;
}

QStringList scopesNeedingApproval(const ApprovalPolicy &policy, const QList<ActionTarget> &targets)
{
    QMap<QString, qint64> counts;
    for (const ActionTarget &t : targets)
        ++counts[t.scope];
    QStringList scopes;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (policy.needsApproval(it.key(), it.value()))
            scopes << it.key();
    }
    return scopes;
}

Result<ActionReport> sweep(Store &store, const QList<ActionTarget> &targets, SweepAction action, const OperatorIdentity &who, qint64 nowMs,
                           const ActionControl &control)
{
    const Result<ApprovalPolicy> policy = store.approvalPolicy();
    if (!policy)
        return policy.error();
    const QStringList held = scopesNeedingApproval(policy.value(), targets);
    QList<ActionTarget> now;
    for (const ActionTarget &t : targets) {
        if (!held.contains(t.scope))
            now.append(t);
    }
    QList<ActionReport::Proposed> proposed;
    for (const QString &scope : held) {
        const Result<Proposal> p = propose(store, scope, action, targets, who, nowMs);
        if (!p)
            return p.error();
        proposed.append({scope, p->id, p->items.size(), policy->thresholdFor(scope).value_or(0), p->expiresAtMs});
    }
    ActionReport report;
    if (!now.isEmpty() || held.isEmpty()) { // nothing held: applied as a sweep without four eyes is, even when empty
        Result<ActionReport> applied = TimeoutSweep::apply(store, now, who, ScopePolicies(), nowMs, control, action);
        if (!applied)
            return applied.error();
        report = std::move(applied).value();
    }
    report.proposed = proposed;
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

QList<ActionTarget> targetsOf(const Proposal &proposal)
{
    QList<ActionTarget> targets;
    for (const ProposalItem &item : proposal.items) {
        ActionTarget t;
        t.scope = item.scope;
        t.key = item.key;
        t.lease = item.lease;
        t.state = item.state;
        t.updatedAt = item.updatedAt;
        t.owner = item.owner;
        t.bizNo = item.bizNo;
        // The compare-and-set of an in-flight record: still the attempt
        // the preview saw (its lease), not touched since (updated_at).
        if (item.state == RecordState::InFlight)
            t.startedBeforeMs = item.updatedAt + 1;
        targets.append(t);
    }
    return targets;
}

Result<Proposal> propose(Store &store, const QString &scope, SweepAction action, const QList<ActionTarget> &targets,
                         const OperatorIdentity &who, qint64 nowMs)
{
    Result<ApprovalPolicy> policy = store.approvalPolicy();
    if (!policy)
        return policy.error();
    Proposal p;
    p.id = Proposal::newId(nowMs);
    p.scope = scope;
    p.action = sweepActionName(action);
    p.reason = who.reason.trimmed();
    p.proposer = who.operatorName.trimmed();
    p.proposerHost = hostOf(who);
    p.createdAtMs = nowMs;
    p.expiresAtMs = nowMs + policy->proposalTtlMs;
    for (const ActionTarget &t : targets) {
        if (t.scope != scope)
            continue;
        ProposalItem item;
        item.scope = t.scope;
        item.key = t.key;
        item.lease = t.lease;
        item.state = t.state;
        item.updatedAt = t.updatedAt;
        item.action = action == SweepAction::Release ? QStringLiteral("reconcile-release") : QStringLiteral("timeout");
        item.owner = t.owner;
        item.bizNo = t.bizNo;
        p.items.append(item);
    }
    if (p.items.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("Nothing to propose in scope %1.").arg(scope));
    p.hash = p.computeHash();
    return store.createProposal(p);
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
    const std::optional<SweepAction> action = sweepActionFromName(p.action);
    if (!action)
        return refused(Text::tr("Proposal %1 holds an action this version cannot apply (%2).").arg(id, p.action));
    OperatorIdentity applier = who;
    applier.reason = Text::tr("%1 (proposal %2, approved by %3)").arg(p.reason, id, p.decidedUser.isEmpty() ? p.decidedBy : p.decidedUser);
    Result<ActionReport> report = TimeoutSweep::apply(store, targetsOf(p), applier, ScopePolicies(), nowMs, control, *action);
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
