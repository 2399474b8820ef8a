#pragma once

#include "app/store/auditentry.h"
#include "app/store/record.h"
#include "app/store/result.h"

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

enum class OperatorActionKind;

// Four eyes (DESIGN.md "Roles and four eyes"): an operator action on more
// records of a scope than the scope's threshold is not applied at once but
// kept in the store as a proposal, until a second identity approves it and
// an operator applies it (app/ops/proposalbook.h runs that). The store
// keeps it beside the scope's audit chain (SQL: idem_proposals; Redis: keys
// under the scope's hash tag), so every client sees the same proposals.

// One record as the proposer's preview saw it, and what is to be done to it.
struct ProposalItem {
    QString scope;
    QString key;
    QString lease;
    RecordState state = RecordState::InFlight;
    qint64 updatedAt = 0;
    QString action; // operatorActionName(): timeout, reconcile-complete, reconcile-release
    QString owner; // shown to the approver (not compared on apply)
    QString bizNo;
    Response response; // reconcile-complete: what the record will replay
    QByteArray evidence; // the audit entry's evidence when applied (reconcile: the order row)
};

// Where a proposal is; derived from its stored columns and the time.
enum class ProposalStatus { Proposed, Approved, Rejected, Expired, Applied };
QString proposalStatusName(ProposalStatus status); // "proposed", "approved", …

struct Proposal {
    QString id; // "p-20261130T041502-3fa9c2d1"
    QString scope; // every item is of this scope
    QString action; // what the operator asked for: "timeout", "release", "reconcile"
    QString reason;
    QString proposer; // as typed
    QString proposerHost;
    QString proposerUser; // the server identity that proposed (StoreAccess::serverUser)
    qint64 createdAtMs = 0;
    qint64 expiresAtMs = 0;
    QList<ProposalItem> items;
    QString hash; // computeHash() when proposed: binds everything above

    // Set by the approver's decision (one only, never changed after).
    QString decision; // "", "approved", "rejected"
    QString decidedBy;
    QString decidedUser;
    QString decidedHost;
    qint64 decidedAtMs = 0;
    QString decisionReason;
    QString approvedHash; // the hash the approver saw; apply requires it to equal hash

    // Set once by an operator: applied (with what happened) or expired.
    QString outcome; // "", "applied", "expired"
    QString outcomeBy;
    QString outcomeUser;
    qint64 outcomeAtMs = 0;
    QByteArray outcomeSummary; // JSON: applied, skipped, failed and the keys skipped

    ProposalStatus status(qint64 nowMs) const;
    bool expired(qint64 nowMs) const { return nowMs >= expiresAtMs; }

    // Each field and each item's scope, key, lease, state, updated_at,
    // action, response and evidence as "<name>=<byte length>:<bytes>\n" (no
    // value can pose as the boundary of another), and its SHA-256 in hex.
    // The hash binds the exact records and states the preview saw, the
    // action, the reason and the proposer: a proposal changed after it was
    // proposed (or approved) no longer matches its hash, and apply refuses.
    QByteArray canonical() const;
    QString computeHash() const;

    // The items as stored (a JSON array; bytes in base64) and back.
    QByteArray itemsJson() const;
    static Result<QList<ProposalItem>> itemsFromJson(const QByteArray &json);

    // "p-20261130T041502-3fa9c2d1".
    static QString newId(qint64 nowMs);
    // Whether text can be a proposal's id (what newId makes): refused
    // before any key or statement is built from it.
    static bool isValidId(const QString &text);
};

// A decision on a proposal (Store::decideProposal).
struct ProposalDecision {
    QString id;
    bool approve = true;
    QString operatorName; // the approver as typed
    QString host;
    QString reason; // required to reject; optional to approve
    QString seenHash; // the hash the approver was shown: the decision binds it
    qint64 nowMs = 0;
};

// An operator closing a proposal (Store::closeProposal): applied, with the
// summary of what happened, or expired.
struct ProposalClosing {
    QString id;
    QString outcome; // "applied" or "expired"
    QString operatorName;
    QString host;
    QByteArray summary; // JSON; "{}" for expired
    qint64 nowMs = 0;
};

struct ProposalQuery {
    QString scope; // empty: every scope
    int limit = 200; // newest first
};

// The audit entry of a proposal's step (the store completes it with the
// chain position and its server identity): action "proposal-proposed",
// "-approved", "-rejected", "-applied", "-expired"; the batch is the
// proposal's id (so its applied records, audited under the same batch, read
// with it); the key is empty; before/after are the statuses; the evidence
// holds the proposal's hash and record count.
AuditEntry proposalAuditEntry(const Proposal &proposal, const QString &step, const QString &operatorName, const QString &host,
                              const QString &reason, qint64 atMs);

// The store's own policy for four eyes (SQL: idem_policy; Redis: the hash
// idem:policy), written by `idemctl init --roles` and by no role: a
// threshold per scope and a store-wide default. None set: off, every action
// is applied at once, as on a store that never had roles.
struct ApprovalPolicy {
    std::optional<int> storeWide;
    QHash<QString, int> perScope;
    qint64 proposalTtlMs = 4 * 3600 * 1000LL;

    static constexpr qint64 DefaultTtlMs = 4 * 3600 * 1000LL;
    bool isOff() const { return !storeWide && perScope.isEmpty(); }
    // The scope's threshold: its own, else the store-wide one; nullopt: off.
    std::optional<int> thresholdFor(const QString &scope) const;
    // Whether an action on `records` records of the scope must be proposed:
    // more records than the threshold.
    bool needsApproval(const QString &scope, qint64 records) const;
};

// Whether the decider is the proposer: the same server identity, or where
// the server has none (SQLite) the same typed name, ignoring case.
bool isOwnProposal(const Proposal &proposal, const QString &serverUser, const QString &operatorName);

Q_DECLARE_METATYPE(Proposal)
