#pragma once

#include "app/store/auditentry.h"
#include "app/store/claim.h"
#include "app/store/operatoraction.h"
#include "app/store/proposal.h"
#include "app/store/record.h"
#include "app/store/recordlisting.h"
#include "app/store/result.h"
#include "app/store/scanprogress.h"
#include "app/store/storeaccess.h"
#include "app/telemetry/counterbuffer.h"

#include <QList>
#include <QMutex>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class CounterSource;

// One server behind a store (Store::nodeHealth).
struct StoreNode {
    QString address; // host:port
    bool up = false;
    qint64 roundTripMs = -1; // the ping's; -1 when it failed
    QString error; // why it is down
};

// What opening a store may do to it (reading never creates anything).
//   Create     the guard's mode (a service, idemctl demo, press and init):
//              creates a missing SQLite file, its folder and the schema.
//   ReadWrite  an operator's (sweep, reconcile, the console): the store must
//              exist; a schema an older version left incomplete is completed,
//              a missing one is an error that says how to create it.
//   ReadOnly   creates and changes nothing: no file, folder, table or audit
//              file; a missing store is an error saying so.
enum class OpenMode { ReadWrite, ReadOnly, Create };

// The store contract every backend keeps (checked by tests/tst_conformance*):
// - claim is atomic: of any number of concurrent claims on one key exactly
//   one gets Claimed;
// - complete/release change the record only if it is in flight under the
//   given lease; otherwise StaleLease/NotFound and nothing changes;
// - complete stores status, headers and body byte for byte.
// Methods are thread-safe and block the calling thread; a GUI calls them from
// a worker thread. Each backend counts the outcomes it sees (claims, replays,
// releases, late finishes …) per scope per minute.
class Store {
    Q_DISABLE_COPY_MOVE(Store)
public:
    Store();
    virtual ~Store();

    // The URL with any password removed: safe to show and log.
    virtual QString displayUrl() const = 0;

    // Checks the connection and the schema, creating what openMode() allows.
    // Cheap when done.
    virtual Result<void> open() = 0;
    // Set before open() (openStore does); Create when never set.
    void setOpenMode(OpenMode mode) { m_openMode = mode; }
    OpenMode openMode() const { return m_openMode; }

    virtual Result<ClaimResult> claim(const ClaimRequest &request) = 0;
    // retentionMs: how long the completed record is kept and replayed.
    virtual Result<Transition> complete(const QString &scope, const QString &key, const QString &lease, const Response &response,
                                        qint64 nowMs, qint64 retentionMs) = 0;
    // Deletes the in-flight record (5xx: the client may retry).
    virtual Result<Transition> release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs) = 0;
    // There is no markTimedOut here: only an operator declares an attempt
    // stuck, and only through applyAction(MarkTimedOut), which writes the
    // audit entry in the same atomic step (DESIGN.md: no operator action
    // goes unaudited, so the store has no path that skips the audit).

    virtual Result<std::optional<Record>> get(const QString &scope, const QString &key) = 0;
    // The record listing (RecordQuery; named for its first use, the
    // in-flight list): one page in keyset order. Each backend states the
    // cost per state. A state the layout cannot tell: ErrorKind::Refused.
    virtual Result<QList<Record>> inFlight(const RecordQuery &query) = 0;
    virtual Result<qint64> countInFlight(const RecordQuery &query) = 0;
    // The same under the name the record browser reads better with.
    Result<QList<Record>> records(const RecordQuery &query) { return inFlight(query); }
    Result<qint64> countRecords(const RecordQuery &query) { return countInFlight(query); }
    // Records per scope and state; `scope` empty: every scope. A scope
    // whose keys another program broke fails only a count that includes it.
    virtual Result<QList<ScopeCount>> countByState(const QString &scope) = 0;

    // Counter rows with minute in [fromMinute, toMinute]; empty scope: all.
    virtual Result<QList<CounterRow>> counters(const QString &scope, qint64 fromMinute, qint64 toMinute) = 0;
    // Where the dashboard, the alerts, `idemctl stats` and reports take the
    // per-scope per-minute counters from (DESIGN.md "Telemetry in the
    // operators' own stack"): counters() above, unless openStore was given a
    // Prometheus server (URL option metrics=). Records and actions always
    // come from the store.
    CounterSource &counterSource() { return *m_counterSource; }
    void setCounterSource(std::shared_ptr<CounterSource> source);
    // Writes buffered counters now (stores that buffer them); idempotent.
    virtual Result<void> flushCounters() = 0;
    // A failure seen by the caller (the store itself may be down): buffered
    // and written when the store is back.
    void countStoreError(const QString &scope, qint64 nowMs) { m_counters.add(scope, nowMs, Counter::StoreErrors); }

    // Deletes completed/timed-out records past their expiry. Returns how many.
    virtual Result<qint64> purgeExpired(qint64 nowMs) = 0;

    // --- operator actions and the audit log (DESIGN.md "Operator actions") ---
    // The compare-and-set change and its audit entry in one atomic step.
    // StaleLease / NotFound change nothing and write no entry; they are not
    // late finishes. Counts timed_out or reconciled when applied.
    virtual Result<ActionResult> applyAction(const OperatorAction &action) = 0;
    // The same for actions taken one after the other, in their order: each
    // record changes together with its own entry or not at all, exactly as
    // applyAction would, but a store may send them in fewer round trips
    // and transactions (SqlStore: one transaction for a run of one scope).
    // One result per action, up to and including the first error; the
    // caller goes on from the action after it. An applied result may carry
    // no `current` record. The default calls applyAction for each.
    virtual QList<Result<ActionResult>> applyActionBatch(const QList<OperatorAction> &actions);
    // Runs again the step an applied action left undone in the service's
    // cache (ActionResult::followUpError: java-handler's Redis key), only
    // while the record is still as the action left it, and audits it as
    // "<action>-cache-updated". Stores with no such step: NotBuilt.
    virtual Result<void> retryFollowUp(const OperatorAction &action);
    // An entry about no record (an alert, a refused action): appended to the
    // chain of entry.scope. Returns the entry as stored (seq, hashes).
    virtual Result<AuditEntry> appendAudit(const AuditEntry &entry) = 0;
    // Entries matching the query, newest first, at most query.limit.
    virtual Result<QList<AuditEntry>> auditEntries(const AuditQuery &query) = 0;
    // One chain as stored, oldest first, after the position `afterStoreId`
    // (empty: from the start), at most `limit` entries. Verification reads
    // it in the store's own order, so a reordered entry shows.
    virtual Result<QList<AuditEntry>> auditChain(const QString &scope, const QString &afterStoreId, int limit) = 0;
    // Every chain's head.
    virtual Result<QList<AuditChainHead>> auditHeads() = 0;

    // --- roles and four eyes (DESIGN.md "Roles and four eyes") ---
    // Who the server says this store's connection is and what it lets it
    // do, as the server answered when the store was opened (StoreAccess).
    // Reads nothing. The default (foreign layouts): no server identity,
    // every right; the servers decide anyway.
    virtual StoreAccess access() const;
    // The store's four-eyes policy (ApprovalPolicy): off on a store that
    // keeps none, or cannot (a foreign layout). One read.
    virtual Result<ApprovalPolicy> approvalPolicy();
    // Keeps a new proposal (Proposal::hash set by the caller) and its
    // "proposal-proposed" audit entry, atomically, in the chain of the
    // proposal's scope (on a Redis Cluster: of the scope's first bucket).
    // The proposer's server identity is the store's own (access()), never
    // the caller's. A store that keeps no proposals: NotBuilt.
    virtual Result<Proposal> createProposal(const Proposal &proposal);
    // Newest first; each with its items.
    virtual Result<QList<Proposal>> proposals(const ProposalQuery &query);
    virtual Result<std::optional<Proposal>> proposal(const QString &id);
    // Approves or rejects, with its audit entry, atomically, only while the
    // proposal is undecided, not closed, not expired at decision.nowMs, its
    // hash is the one the approver was shown, and the approver's server
    // identity is not the proposer's: otherwise Refused, nothing written.
    // Two approvers at once: one decides, the other is refused.
    virtual Result<Proposal> decideProposal(const ProposalDecision &decision);
    // Records the outcome (applied: only an approved proposal; expired:
    // only past its expiry) and its audit entry, atomically, once: a second
    // closing is Refused.
    virtual Result<Proposal> closeProposal(const ProposalClosing &closing);
    // Writes the policy (what `idemctl init` does, as the store's owner: no
    // role of `init --roles` may): a scope's threshold (scope empty: the
    // store-wide one), nullopt removing it; the time a proposal stays open.
    virtual Result<void> setApprovalThreshold(const QString &scope, std::optional<int> threshold);
    virtual Result<void> setProposalTtl(qint64 ttlMs);
    // Sets up the three roles of `idemctl init --roles` on the server
    // (RoleSetup; README "Roles and four eyes"): the statements or ACL
    // rules it runs, in order, for the operator to read. Run as the store's
    // owner; again, it changes nothing that is already so. setup.dryRun:
    // the statements only, nothing run. SQLite and foreign layouts: NotBuilt.
    virtual Result<QStringList> setUpRoles(const RoleSetup &setup);

    // --- the servers behind a store (the status bar) ---
    // Each master of a Redis Cluster, pinged once (one round trip per
    // master, one after the other), up or down with its round trip. Empty
    // for a store on one server, whose health every call shows.
    virtual Result<QList<StoreNode>> nodeHealth() { return QList<StoreNode>(); }

    // --- foreign layouts (DESIGN.md "Existing deployments") ---
    // "native", or the layout the store was opened with (URL option layout=).
    virtual QString layoutName() const { return QStringLiteral("native"); }
    // False when the layout keeps no counters: counters() is then empty and
    // the dashboard draws activity() and the in-flight count instead.
    virtual bool keepsCounters() const { return true; }
    // Records created per minute in [fromMinute, toMinute] by their state now.
    // Stores that keep counters need not answer (ErrorKind::NotBuilt).
    virtual Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute);
    // Progress of the listing scan, for stores that list by scanning; null
    // for stores with an in-flight index.
    virtual std::shared_ptr<ScanProgress> scanProgress() { return nullptr; }

    // How the store reads times without a zone, for the operator (the
    // connection form, the record detail, a listing that finds records
    // starting in the future); empty when every time carries its zone
    // (native stores keep epoch milliseconds).
    virtual QString timeZoneNote() const { return QString(); }
    // Why a record of this store may show no kept request (Record::request
    // empty), for the operator: the layout keeps none, keeps the body only,
    // or the claim's policy kept none. Never empty.
    virtual QString requestNote() const;

    // False for a store opened read-only (ReadOnlyStore), whose writing
    // methods refuse with ErrorKind::Refused.
    virtual bool writable() const { return true; }
    // Why an operator action on this store, as its URL configures it, would
    // be refused before any record is read (an option the action needs is
    // missing: java-handler's cache); nullopt when actions may be tried. A
    // read-only open answers as its store would, so a dry run and a preview
    // refuse what the run would refuse. Reads nothing.
    virtual std::optional<Error> actionRefusal() const { return std::nullopt; }

protected:
    CounterBuffer m_counters;

private:
    OpenMode m_openMode = OpenMode::Create;
    std::shared_ptr<CounterSource> m_counterSource;
};
