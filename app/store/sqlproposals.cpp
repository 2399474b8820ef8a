#include "app/store/sqlproposals.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

const QString kColumns =
    QStringLiteral("id, scope, action, reason, proposer, proposer_host, proposer_user, created_at, expires_at, records, hash, "
                   "decision, decided_by, decided_user, decided_host, decided_at, decision_reason, approved_hash, "
                   "outcome, outcome_by, outcome_user, outcome_at, outcome_summary");

// Every column of the four-eyes tables is NOT NULL: an empty text (a null
// QString would bind NULL) is bound as ''.
bool run(QSqlQuery &query, SqlStatement statement)
{
    for (QVariant &v : statement.values) {
        if (v.typeId() == QMetaType::QString && v.toString().isNull())
            v = QStringLiteral("");
    }
    return runStatement(query, statement);
}

Result<Proposal> fromRow(const QSqlQuery &q)
{
    Proposal p;
    int i = 0;
    const auto text = [&]() { return q.value(i++).toString(); };
    const auto number = [&]() { return q.value(i++).toLongLong(); };
    p.id = text();
    p.scope = text();
    p.action = text();
    p.reason = text();
    p.proposer = text();
    p.proposerHost = text();
    p.proposerUser = text();
    p.createdAtMs = number();
    p.expiresAtMs = number();
    Result<QList<ProposalItem>> items = Proposal::itemsFromJson(q.value(i++).toByteArray());
    if (!items)
        return makeError(ErrorKind::Corrupt, QStringLiteral("%1: %2").arg(p.id, items.error().message));
    p.items = items.value();
    p.hash = text();
    p.decision = text();
    p.decidedBy = text();
    p.decidedUser = text();
    p.decidedHost = text();
    p.decidedAtMs = number();
    p.decisionReason = text();
    p.approvedHash = text();
    p.outcome = text();
    p.outcomeBy = text();
    p.outcomeUser = text();
    p.outcomeAtMs = number();
    p.outcomeSummary = q.value(i++).toString().toUtf8();
    return p;
}

QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

} // namespace

bool isOwnProposal(const Proposal &proposal, const QString &serverUser, const QString &operatorName)
{
    if (!proposal.proposerUser.isEmpty())
        return serverUser == proposal.proposerUser;
    return operatorName.trimmed().compare(proposal.proposer.trimmed(), Qt::CaseInsensitive) == 0;
}

Error proposalRefusal(const Proposal &now, const QString &step, const QString &serverUser, const QString &seenHash, qint64 nowMs,
                      const QString &operatorName)
{
    const auto refused = [](const QString &why) { return makeError(ErrorKind::Refused, why); };
    if (!now.outcome.isEmpty())
        return refused(Text::tr("Proposal %1 is %2 already (by %3 at %4): nothing was changed.")
                           .arg(now.id, now.outcome, now.outcomeBy, when(now.outcomeAtMs)));
    if (step == QLatin1String("decide")) {
        if (!now.decision.isEmpty())
            return refused(Text::tr("Proposal %1 was %2 already, by %3 (%4) at %5: nothing was changed.")
                               .arg(now.id, now.decision, now.decidedBy, now.decidedUser, when(now.decidedAtMs)));
        if (now.expired(nowMs))
            return refused(Text::tr("Proposal %1 expired at %2: it can no longer be approved or rejected. Propose the action again.")
                               .arg(now.id, when(now.expiresAtMs)));
        if (isOwnProposal(now, serverUser, operatorName))
            return refused(Text::tr("Proposal %1 was proposed by %2, and %2 may not approve or reject its own proposal: a second "
                                    "identity must decide (four eyes).")
                               .arg(now.id, now.proposerUser.isEmpty() ? now.proposer : now.proposerUser));
        if (seenHash != now.hash)
            return refused(Text::tr("Proposal %1 is not the one that was shown (its hash is %2, not %3): nothing was changed.")
                               .arg(now.id, now.hash, seenHash));
    } else if (step == QLatin1String("applied")) {
        if (now.decision != QLatin1String("approved"))
            return refused(Text::tr("Proposal %1 is not approved: nothing was changed.").arg(now.id));
    } else if (!now.expired(nowMs)) {
        return refused(Text::tr("Proposal %1 does not expire before %2.").arg(now.id, when(now.expiresAtMs)));
    }
    return refused(Text::tr("Proposal %1 changed meanwhile: nothing was changed; look at it again.").arg(now.id));
}

Result<ApprovalPolicy> SqlProposals::policy(QSqlDatabase &db) const
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT scope, name, value FROM idem_policy")))
        return m_failure(q, Text::tr("Reading the four-eyes policy"));
    ApprovalPolicy policy;
    while (q.next()) {
        const QString scope = q.value(0).toString(), name = q.value(1).toString();
        const qint64 value = q.value(2).toLongLong();
        if (name == QLatin1String("approval_threshold") && value >= 0) {
            if (scope.isEmpty())
                policy.storeWide = int(qMin<qint64>(value, INT_MAX));
            else
                policy.perScope.insert(scope, int(qMin<qint64>(value, INT_MAX)));
        } else if (name == QLatin1String("proposal_ttl_ms") && scope.isEmpty() && value > 0) {
            policy.proposalTtlMs = value;
        }
    }
    return policy;
}

Result<void> SqlProposals::setPolicyValue(QSqlDatabase &db, const QString &scopeName, const QString &name,
                                          std::optional<qint64> value) const
{
    // The store-wide row's scope is '' (a null QString would bind NULL).
    const QString scope = scopeName.isEmpty() ? QStringLiteral("") : scopeName;
    QSqlQuery q(db);
    if (!run(q, {QStringLiteral("DELETE FROM idem_policy WHERE scope = ? AND name = ?"), {scope, name}}))
        return m_failure(q, Text::tr("Writing the four-eyes policy"));
    if (value && !run(q, {QStringLiteral("INSERT INTO idem_policy (scope, name, value) VALUES (?, ?, ?)"), {scope, name, *value}}))
        return m_failure(q, Text::tr("Writing the four-eyes policy"));
    return {};
}

Result<void> SqlProposals::insert(QSqlDatabase &db, const Proposal &p) const
{
    QSqlQuery q(db);
    const SqlStatement insert{
        QStringLiteral("INSERT INTO idem_proposals (id, scope, action, reason, proposer, proposer_host, proposer_user, created_at, "
                       "expires_at, record_count, records, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        {p.id, p.scope, p.action, p.reason, p.proposer, p.proposerHost, p.proposerUser, p.createdAtMs, p.expiresAtMs, int(p.items.size()),
         p.itemsJson(), p.hash}};
    if (!run(q, insert))
        return m_failure(q, Text::tr("Keeping proposal %1").arg(p.id));
    return {};
}

Result<QList<Proposal>> SqlProposals::list(QSqlDatabase &db, const ProposalQuery &query) const
{
    SqlStatement s{QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM idem_proposals"), {}};
    if (!query.scope.isEmpty()) {
        s.sql += QStringLiteral(" WHERE scope = ?");
        s.values << query.scope;
    }
    s.sql += QStringLiteral(" ORDER BY created_at DESC, id DESC LIMIT ?");
    s.values << qMax(1, query.limit);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!run(q, s))
        return m_failure(q, Text::tr("Listing proposals"));
    QList<Proposal> out;
    while (q.next()) {
        Result<Proposal> p = fromRow(q);
        if (!p)
            return p.error();
        out.append(p.value());
    }
    return out;
}

Result<std::optional<Proposal>> SqlProposals::get(QSqlDatabase &db, const QString &id) const
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!run(q, {QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM idem_proposals WHERE id = ?"), {id}}))
        return m_failure(q, Text::tr("Reading proposal %1").arg(id));
    if (!q.next())
        return std::optional<Proposal>();
    Result<Proposal> p = fromRow(q);
    if (!p)
        return p.error();
    return std::optional<Proposal>(p.value());
}

Result<int> SqlProposals::decide(QSqlDatabase &db, const ProposalDecision &d, const QString &serverUser) const
{
    // The proposer's identity is compared here (the engine's condition) and,
    // where roles are set up, by the server's trigger with its own
    // current_user, which no client can leave out. Where the server has no
    // users (SQLite) the typed names are all there is to compare.
    QSqlQuery q(db);
    const SqlStatement update{
        QStringLiteral("UPDATE idem_proposals SET decision = ?, decided_by = ?, decided_user = ?, decided_host = ?, decided_at = ?, "
                       "decision_reason = ?, approved_hash = ? WHERE id = ? AND decision = '' AND outcome = '' AND expires_at > ? "
                       "AND ((proposer_user <> '' AND proposer_user <> ?) OR (proposer_user = '' AND proposer <> ?)) AND hash = ?"),
        {d.approve ? QStringLiteral("approved") : QStringLiteral("rejected"), d.operatorName, serverUser, d.host, d.nowMs, d.reason,
         d.approve ? d.seenHash : QString(), d.id, d.nowMs, serverUser, d.operatorName, d.seenHash}};
    if (!run(q, update))
        return m_failure(q, d.approve ? Text::tr("Approving proposal %1").arg(d.id) : Text::tr("Rejecting proposal %1").arg(d.id));
    return q.numRowsAffected();
}

Result<int> SqlProposals::close(QSqlDatabase &db, const ProposalClosing &c, const QString &serverUser) const
{
    const bool applied = c.outcome == QLatin1String("applied");
    QSqlQuery q(db);
    const SqlStatement update{
        QStringLiteral("UPDATE idem_proposals SET outcome = ?, outcome_by = ?, outcome_user = ?, outcome_at = ?, outcome_summary = ? "
                       "WHERE id = ? AND outcome = '' AND ")
            + (applied ? QStringLiteral("decision = 'approved'") : QStringLiteral("decision <> 'rejected' AND expires_at <= ?")),
        {c.outcome, c.operatorName, serverUser, c.nowMs, QString::fromUtf8(c.summary), c.id}};
    SqlStatement statement = update;
    if (!applied)
        statement.values << c.nowMs;
    if (!run(q, statement))
        return m_failure(q, Text::tr("Closing proposal %1").arg(c.id));
    return q.numRowsAffected();
}
