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
