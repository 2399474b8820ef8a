#include "app/cli/proposalscommand.h"

#include "app/cli/actioncommand.h"
#include "app/cli/clioutput.h"
#include "app/ops/proposalbook.h"
#include "app/store/openstore.h"
#include "app/store/visibletext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

constexpr int ListCap = 100;

QString when(qint64 ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss'Z'")) : QStringLiteral("-");
}

QJsonObject accessToJson(const StoreAccess &a)
{
    return QJsonObject{{QStringLiteral("server_user"), a.hasServerIdentity ? QJsonValue(a.serverUser) : QJsonValue()},
                       {QStringLiteral("has_server_identity"), a.hasServerIdentity},
                       {QStringLiteral("role"), a.roleName()},
                       {QStringLiteral("may_act"), a.mayAct},
                       {QStringLiteral("may_approve"), a.mayApprove},
                       {QStringLiteral("missing_to_act"), QJsonArray::fromStringList(a.missingToAct)},
                       {QStringLiteral("missing_to_approve"), QJsonArray::fromStringList(a.missingToApprove)}};
}

QJsonObject policyToJson(const ApprovalPolicy &p)
{
    QJsonObject scopes;
    for (auto it = p.perScope.cbegin(); it != p.perScope.cend(); ++it)
        scopes.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("off"), p.isOff()},
                       {QStringLiteral("store_wide"), p.storeWide ? QJsonValue(*p.storeWide) : QJsonValue()},
                       {QStringLiteral("scopes"), scopes},
                       {QStringLiteral("proposal_ttl_ms"), p.proposalTtlMs}};
}

QString policyText(const ApprovalPolicy &p)
{
    if (p.isOff())
        return CliText::tr("off (every action is applied at once)");
    QStringList parts;
    if (p.storeWide)
        parts << CliText::tr("more than %1 record(s) store-wide").arg(*p.storeWide);
    QStringList scopes = p.perScope.keys();
    scopes.sort();
    for (const QString &scope : scopes)
        parts << CliText::tr("more than %1 in %2").arg(p.perScope.value(scope)).arg(visibleText(scope));
    return CliText::tr("%1 need a second identity; a proposal stays open %2 min")
        .arg(parts.join(QStringLiteral(", ")))
        .arg(p.proposalTtlMs / 60000);
}

QJsonObject proposalToJson(const Proposal &p, qint64 nowMs, bool withItems)
{
    QJsonObject o{{QStringLiteral("id"), p.id},
                  {QStringLiteral("scope"), p.scope},
                  {QStringLiteral("action"), p.action},
                  {QStringLiteral("status"), proposalStatusName(p.status(nowMs))},
                  {QStringLiteral("records"), p.items.size()},
                  {QStringLiteral("reason"), p.reason},
                  {QStringLiteral("proposer"), p.proposer},
                  {QStringLiteral("proposer_user"), p.proposerUser},
                  {QStringLiteral("created_at_ms"), p.createdAtMs},
                  {QStringLiteral("expires_at_ms"), p.expiresAtMs},
                  {QStringLiteral("hash"), p.hash},
                  {QStringLiteral("decision"), p.decision},
                  {QStringLiteral("decided_by"), p.decidedBy},
                  {QStringLiteral("decided_user"), p.decidedUser},
                  {QStringLiteral("decision_reason"), p.decisionReason},
                  {QStringLiteral("outcome"), p.outcome},
                  {QStringLiteral("outcome_by"), p.outcomeBy},
                  {QStringLiteral("outcome_user"), p.outcomeUser}};
    if (!p.outcomeSummary.isEmpty())
        o.insert(QStringLiteral("outcome_summary"), QJsonDocument::fromJson(p.outcomeSummary).object());
    if (withItems) {
        QJsonArray items;
        for (const ProposalItem &item : p.items.mid(0, ListCap)) {
            QJsonObject o{{QStringLiteral("scope"), item.scope},          {QStringLiteral("key"), item.key},
                          {QStringLiteral("action"), item.action},        {QStringLiteral("state"), recordStateName(item.state)},
                          {QStringLiteral("updated_at"), item.updatedAt}, {QStringLiteral("owner"), item.owner},
                          {QStringLiteral("biz_no"), item.bizNo}};
            // A reconcile item: the response a completion replays and the
            // evidence its audit entry carries (the order row).
            if (item.response.status > 0)
                o.insert(QStringLiteral("response_status"), item.response.status);
            if (!item.evidence.isEmpty())
                o.insert(QStringLiteral("evidence"), QJsonDocument::fromJson(item.evidence).object());
            items.append(o);
        }
        o.insert(QStringLiteral("items"), items);
    }
    return o;
}

void printProposal(const Proposal &p, qint64 nowMs)
{
    printLine(CliText::tr("%1  %2  scope %3  %4 × %5  by %6 (%7)  expires %8")
                  .arg(p.id, proposalStatusName(p.status(nowMs)), visibleText(p.scope))
                  .arg(p.items.size())
                  .arg(p.action, visibleText(p.proposer),
                       p.proposerUser.isEmpty() ? CliText::tr("no server identity") : visibleText(p.proposerUser), when(p.expiresAtMs)));
    printLine(CliText::tr("    reason: %1").arg(visibleText(p.reason)));
    if (!p.decision.isEmpty())
        printLine(CliText::tr("    %1 by %2 (%3) at %4%5")
                      .arg(p.decision, visibleText(p.decidedBy), visibleText(p.decidedUser), when(p.decidedAtMs),
                           p.decisionReason.isEmpty() ? QString() : CliText::tr(": %1").arg(visibleText(p.decisionReason))));
    if (!p.outcome.isEmpty())
        printLine(CliText::tr("    %1 by %2 (%3) at %4 %5")
                      .arg(p.outcome, visibleText(p.outcomeBy), visibleText(p.outcomeUser), when(p.outcomeAtMs),
                           QString::fromUtf8(p.outcomeSummary)));
}

void addCommonOptions(QCommandLineParser &parser, const QString &description)
{
    parser.setApplicationDescription(description);
    addStoreOptions(parser);
}

// approve, reject and apply: one ID, --operator, --reason.
struct Decision {
    QString id;
    OperatorIdentity who;
    bool json = false;
    std::unique_ptr<Store> store;
};

std::optional<int> startDecision(QCommandLineParser &parser, const QStringList &arguments, const QString &description, bool reasonNeeded,
                                 Decision *d)
{
    addCommonOptions(parser, description);
    parser.addPositionalArgument(QStringLiteral("ID"), CliText::tr("The proposal (idemctl proposals lists them)."));
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who decides (default: the OS user)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("reason"), CliText::tr("Why; written to the audit log."), QStringLiteral("text")});
    if (std::optional<int> exit = parseCommand(parser, arguments, 1))
        return exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(CliText::tr("Name one proposal: %1 ID.").arg(arguments.value(0)));
    d->id = parser.positionalArguments().constFirst();
    if (!Proposal::isValidId(d->id))
        return usageError(CliText::tr("'%1' is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).")
                              .arg(visibleText(d->id.left(60))));
    if (std::optional<int> exit =
            writesRefusedReadOnly(parser, CliText::tr("Deciding or applying a proposal writes to the store. Leave out --read-only.")))
        return exit;
    d->json = parser.isSet(QStringLiteral("json"));
    d->who.operatorName =
        parser.isSet(QStringLiteral("operator")) ? parser.value(QStringLiteral("operator")) : OperatorIdentity::defaultOperatorName();
    d->who.reason = parser.value(QStringLiteral("reason"));
    if (reasonNeeded && d->who.reason.trimmed().isEmpty())
        return usageError(CliText::tr("reject needs --reason TEXT (written to the audit log)."));
    OperatorIdentity checked = d->who;
    if (checked.reason.trimmed().isEmpty())
        checked.reason = QStringLiteral("-");
    if (const Result<void> valid = checked.validate(); !valid)
        return usageError(valid.error().message);
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadWrite);
    if (!opened)
        return engineError(opened.error(), d->json);
    d->store = std::move(opened.value());
    return std::nullopt;
}

int decideCommand(const QStringList &arguments, bool approve)
{
    QCommandLineParser parser;
    Decision d;
    if (std::optional<int> exit =
            startDecision(parser, arguments,
                          approve ? CliText::tr("Approves a proposal. The identity that proposed it cannot: a second one must.")
                                  : CliText::tr("Rejects a proposal, with a reason. Its records are left as they are."),
                          !approve, &d))
        return *exit;
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const Result<Proposal> decided = ProposalBook::decide(*d.store, d.id, approve, d.who, nowMs);
    if (!decided)
        return engineError(decided.error(), d.json);
    if (d.json) {
        printJson(proposalToJson(decided.value(), nowMs, false));
    } else {
        printLine(approve ? CliText::tr("Proposal %1 approved by %2 (%3). Apply it with idemctl apply %1.")
                                .arg(d.id, visibleText(decided->decidedBy), visibleText(decided->decidedUser))
                          : CliText::tr("Proposal %1 rejected by %2 (%3).")
                                .arg(d.id, visibleText(decided->decidedBy), visibleText(decided->decidedUser)));
    }
    return ExitOk;
}

} // namespace

int runWhoamiCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addCommonOptions(parser, CliText::tr("Says who the server takes this connection for (PostgreSQL current_user, MySQL CURRENT_USER(), "
                                         "Redis ACL WHOAMI), the role its rights amount to, what it may not do, and the four-eyes policy. "
                                         "Reads only."));
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    Store &store = *opened.value();
    const StoreAccess access = store.access();
    const Result<ApprovalPolicy> policy = store.approvalPolicy();
    if (!policy)
        return engineError(policy.error(), json);
    if (json) {
        QJsonObject out = accessToJson(access);
        out.insert(QStringLiteral("store"), store.displayUrl());
        out.insert(QStringLiteral("four_eyes"), policyToJson(policy.value()));
        printJson(out);
        return ExitOk;
    }
    printLine(CliText::tr("Store:     %1").arg(store.displayUrl()));
    printLine(CliText::tr("Identity:  %1").arg(visibleText(access.identityText())));
    printLine(CliText::tr("Role:      %1").arg(access.roleText()));
    if (!access.missingToAct.isEmpty())
        printLine(CliText::tr("May not act (sweep, reconcile, propose, apply): %1").arg(access.missingToAct.join(QStringLiteral(", "))));
    if (!access.missingToApprove.isEmpty())
        printLine(CliText::tr("May not approve or reject: %1").arg(access.missingToApprove.join(QStringLiteral(", "))));
    printLine(CliText::tr("Four eyes: %1").arg(policyText(policy.value())));
    return ExitOk;
}

int runProposalsCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addCommonOptions(parser, CliText::tr("Lists the proposals (actions held for a second identity), newest first, or shows one with its "
                                         "records. Reads only."));
    parser.addPositionalArgument(QStringLiteral("ID"), CliText::tr("Show this proposal with its records."), QStringLiteral("[ID]"));
    parser.addOption({QStringLiteral("scope"), CliText::tr("Only this scope."), QStringLiteral("scope")});
    if (std::optional<int> exit = parseCommand(parser, arguments, 1))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    const QString id = parser.positionalArguments().value(0);
    if (!id.isEmpty() && !Proposal::isValidId(id))
        return usageError(CliText::tr("'%1' is not a proposal id (p-YYYYMMDDTHHMMSS-xxxxxxxx; idemctl proposals lists them).")
                              .arg(visibleText(id.left(60))));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    Store &store = *opened.value();
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    if (!id.isEmpty()) {
        Result<std::optional<Proposal>> one = store.proposal(id);
        if (!one)
            return engineError(one.error(), json);
        if (!one.value())
            return engineError(
                makeError(ErrorKind::InvalidArgument, CliText::tr("There is no proposal %1 in %2.").arg(id, store.displayUrl())), json);
        const Proposal &p = *one.value();
        if (json) {
            printJson(proposalToJson(p, nowMs, true));
            return ExitOk;
        }
        printProposal(p, nowMs);
        for (const ProposalItem &item : p.items.mid(0, ListCap))
            printLine(QStringLiteral("      %1/%2  %3  updated %4  owner=%5  biz_no=%6")
                          .arg(visibleText(item.scope), visibleText(item.key), recordStateName(item.state), when(item.updatedAt),
                               visibleText(item.owner), visibleText(item.bizNo)));
        if (p.computeHash() != p.hash)
            printLine(CliText::tr("    WARNING: this proposal no longer matches its hash: it was changed after it was proposed."));
        return ExitOk;
    }
    ProposalQuery query;
    query.scope = parser.value(QStringLiteral("scope"));
    Result<QList<Proposal>> list = store.proposals(query);
    if (!list)
        return engineError(list.error(), json);
    if (json) {
        QJsonArray array;
        for (const Proposal &p : list.value())
            array.append(proposalToJson(p, nowMs, false));
        printJson(QJsonObject{{QStringLiteral("store"), store.displayUrl()}, {QStringLiteral("proposals"), array}});
        return ExitOk;
    }
    if (list->isEmpty())
        printLine(CliText::tr("No proposals."));
    for (const Proposal &p : list.value())
        printProposal(p, nowMs);
    return ExitOk;
}

int runApproveCommand(const QStringList &arguments)
{
    return decideCommand(arguments, true);
}

int runRejectCommand(const QStringList &arguments)
{
    return decideCommand(arguments, false);
}

int runApplyCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    Decision d;
    if (std::optional<int> exit = startDecision(parser, arguments,
                                                CliText::tr("Applies an approved proposal: each record changes only if it is still as the "
                                                            "proposal's preview saw it; records changed since are skipped and listed."),
                                                false, &d))
        return *exit;
    const ActionControl control = cancelOnInterrupt();
    const Result<ProposalBook::Applied> applied = ProposalBook::apply(*d.store, d.id, d.who, QDateTime::currentMSecsSinceEpoch(), control);
    if (!applied)
        return engineError(applied.error(), d.json);
    const ActionReport &report = applied->report;
    if (d.json) {
        QJsonObject out = proposalToJson(applied->proposal, QDateTime::currentMSecsSinceEpoch(), false);
        addActionReportJson(out, report, d.who, ListCap);
        printJson(out);
    } else {
        printLine(CliText::tr("Proposal %1 applied, batch %2: %3 applied, %4 skipped (changed since the proposal), %5 failed.")
                      .arg(d.id, report.batchId)
                      .arg(report.applied)
                      .arg(report.skipped)
                      .arg(report.failed));
        printActionReportLines(report, ListCap);
    }
    return report.failed > 0 || report.cancelled ? ExitFailure : ExitOk;
}
