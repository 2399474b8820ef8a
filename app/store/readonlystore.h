#pragma once

#include "app/store/store.h"

#include <memory>

// A store opened read-only (`--read-only`, or a connection marked so): every
// method that writes refuses with ErrorKind::Refused before it reaches the
// backend, so no button, script or bug above the engine can change a record.
// Reads pass through. The wrapped store is owned and never handed out.
class ReadOnlyStore final : public Store {
public:
    explicit ReadOnlyStore(std::unique_ptr<Store> inner);

    QString displayUrl() const override { return m_inner->displayUrl(); }
    bool writable() const override { return false; }
    std::optional<Error> actionRefusal() const override { return m_inner->actionRefusal(); }

    Result<void> open() override { return m_inner->open(); }
    Result<ClaimResult> claim(const ClaimRequest &request) override;
    Result<Transition> complete(const QString &scope, const QString &key, const QString &lease, const Response &response, qint64 nowMs,
                                qint64 retentionMs) override;
    Result<Transition> release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs) override;
    Result<std::optional<Record>> get(const QString &scope, const QString &key) override { return m_inner->get(scope, key); }
    Result<QList<Record>> inFlight(const RecordQuery &query) override { return m_inner->inFlight(query); }
    Result<qint64> countInFlight(const RecordQuery &query) override { return m_inner->countInFlight(query); }
    Result<QList<ScopeCount>> countByState(const QString &scope) override { return m_inner->countByState(scope); }
    QString timeZoneNote() const override { return m_inner->timeZoneNote(); }
    QString requestNote() const override { return m_inner->requestNote(); }
    Result<void> retryFollowUp(const OperatorAction &action) override;
    Result<QList<CounterRow>> counters(const QString &scope, qint64 fromMinute, qint64 toMinute) override
    {
        return m_inner->counters(scope, fromMinute, toMinute);
    }
    // Nothing is counted through a read-only store, so there is nothing to write.
    Result<void> flushCounters() override { return {}; }
    Result<qint64> purgeExpired(qint64 nowMs) override;

    Result<ActionResult> applyAction(const OperatorAction &action) override;
    Result<AuditEntry> appendAudit(const AuditEntry &entry) override;
    Result<QList<AuditEntry>> auditEntries(const AuditQuery &query) override { return m_inner->auditEntries(query); }
    Result<QList<AuditEntry>> auditChain(const QString &scope, const QString &afterStoreId, int limit) override
    {
        return m_inner->auditChain(scope, afterStoreId, limit);
    }
    Result<QList<AuditChainHead>> auditHeads() override { return m_inner->auditHeads(); }
    Result<QList<StoreNode>> nodeHealth() override { return m_inner->nodeHealth(); }

    // The inner store's identity; reads pass through, decisions are refused.
    StoreAccess access() const override;
    Result<ApprovalPolicy> approvalPolicy() override { return m_inner->approvalPolicy(); }
    Result<Proposal> createProposal(const Proposal &proposal) override;
    Result<QList<Proposal>> proposals(const ProposalQuery &query) override { return m_inner->proposals(query); }
    Result<std::optional<Proposal>> proposal(const QString &id) override { return m_inner->proposal(id); }
    Result<Proposal> decideProposal(const ProposalDecision &decision) override;
    Result<Proposal> closeProposal(const ProposalClosing &closing) override;
    Result<void> setApprovalThreshold(const QString &scope, std::optional<int> threshold) override;
    Result<void> setProposalTtl(qint64 ttlMs) override;

    QString layoutName() const override { return m_inner->layoutName(); }
    bool keepsCounters() const override { return m_inner->keepsCounters(); }
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute) override
    {
        return m_inner->activity(scope, fromMinute, toMinute);
    }
    std::shared_ptr<ScanProgress> scanProgress() override { return m_inner->scanProgress(); }

    // The error every writing method returns; `what` names the refused action.
    static Error refusal(const QString &what);

private:
    const std::unique_ptr<Store> m_inner;
};
