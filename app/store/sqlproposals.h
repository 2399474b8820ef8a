#pragma once

#include "app/store/proposal.h"
#include "app/store/result.h"
#include "app/store/sqldialect.h"

#include <QSqlDatabase>

#include <functional>

class QSqlQuery;

// The four-eyes tables of a SQL store (idem_proposals, idem_policy; see
// resources/sql): the statements, each a compare-and-set on the columns the
// step writes. SqlStore runs them in the transaction that appends the
// step's audit entry, so a proposal's step and its entry commit together.
//
// The statements carry the engine's conditions (an undecided proposal, not
// expired, the approver not the proposer); where `idemctl init --roles` set
// roles up, the server checks the same with its grants (each party writes
// its own columns only) and triggers (the identity written is the
// session's, the approver is not the proposer), whatever a client sends.
class SqlProposals final {
public:
    using FailureFn = std::function<Error(const QSqlQuery &, const QString &)>;

    SqlProposals(const SqlDialect &dialect, FailureFn failure)
        : m_dialect(dialect)
        , m_failure(std::move(failure))
    {
    }

    Result<ApprovalPolicy> policy(QSqlDatabase &db) const;
    // Sets (or with nullopt removes) one row of the policy: what `idemctl
    // init` writes, with the rights of the store's owner (no role has any).
    Result<void> setPolicyValue(QSqlDatabase &db, const QString &scope, const QString &name, std::optional<qint64> value) const;
    // Inserts the proposal; its id is new (a duplicate is an error).
    Result<void> insert(QSqlDatabase &db, const Proposal &proposal) const;
    Result<QList<Proposal>> list(QSqlDatabase &db, const ProposalQuery &query) const;
    Result<std::optional<Proposal>> get(QSqlDatabase &db, const QString &id) const;
    // The decision, only while undecided, open, unexpired at nowMs, of this
    // hash and not by its proposer: the rows changed (0 or 1).
    Result<int> decide(QSqlDatabase &db, const ProposalDecision &decision, const QString &serverUser) const;
    // The outcome, once: applied only when approved, expired only when due.
    Result<int> close(QSqlDatabase &db, const ProposalClosing &closing, const QString &serverUser) const;

private:
    const SqlDialect &m_dialect;
    const FailureFn m_failure;
};

// Why a decision ("decide") or closing ("applied", "expired") changed
// nothing, from the proposal as it is now: closed, already decided,
// expired, its own proposer, another hash.
Error proposalRefusal(const Proposal &now, const QString &step, const QString &serverUser, const QString &seenHash, qint64 nowMs,
                      const QString &operatorName = QString());
