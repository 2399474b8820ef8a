#pragma once

#include "app/store/auditentry.h"
#include "app/store/proposal.h"
#include "app/store/record.h"
#include "app/store/result.h"
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

// What a claim needs to decide in one atomic step (DESIGN.md protocol).
struct ClaimRequest {
    QString scope;
    QString key;
    QString fingerprint;
    QString owner;
    QString bizNo;
    qint64 nowMs = 0;
    // An in-flight record whose current attempt is older than this is stuck;
    // with reclaimStuck it is taken over (attempts+1), otherwise in progress.
    qint64 inFlightTimeoutMs = 10 * 60 * 1000;
    bool reclaimStuck = false;
    // What the claim keeps with the record when it creates it or starts a
    // new attempt (Record::request; the guard builds it, masked, from the
    // scope's policy); empty keeps none. Sent with every claim (the store
    // cannot know before its one round trip whether it will write), stored
    // only by a claim that writes.
    QByteArray request;
    // Redis Cluster only: a new claim is answered Claimed only once this many
    // replicas of its master have it (WAIT, one more round trip), within
    // replicaWaitMs; else the claim is released and the answer is
    // Unavailable, so the business never runs on a claim that a failover
    // could lose (replication is asynchronous). 0: no wait. Ignored by
    // stores whose writes are durable once acknowledged (SQL) and by a
    // single Redis server (no automatic failover to lose it to).
    int replicaAcks = 0;
    qint64 replicaWaitMs = 1000;
};

enum class ClaimOutcome {
    Claimed, // the caller owns the record (new, expired, timed out or reclaimed) and must run
    Replay, // a completed record with the same fingerprint: replay its response
    InProgress, // another attempt holds it
    Mismatch, // the key was used with another request
};

QString claimOutcomeName(ClaimOutcome outcome);

struct ClaimResult {
    ClaimOutcome outcome = ClaimOutcome::Claimed;
    // The record after the claim (Claimed: ours, with our lease and our
    // request). Other outcomes read only what the decision needs, so their
    // record need not carry the kept request (get() reads it).
    Record record;
    bool stuck = false; // InProgress on a record older than the in-flight timeout
};

// A lease-carrying transition: complete, release or mark timed out.
enum class TransitionOutcome {
    Applied, // the record was in flight under this lease and changed
    StaleLease, // the record is there but under another lease or state: nothing changed
    NotFound, // no such record (released, expired or never claimed): nothing changed
};

QString transitionOutcomeName(TransitionOutcome outcome);

struct Transition {
    TransitionOutcome outcome = TransitionOutcome::Applied;
    std::optional<Record> current; // the record as it is now (after the change, or the one that won)
};

// Filters and keyset position for the record listing (the in-flight list,
// the reconcile wizard's sources and the record browser). Rows come ordered
// by (updatedAt, scope, key) ascending (oldest attempt first) or descending.
struct RecordQuery {
    // Which records: IN_FLIGHT (the default), TIMED_OUT (the reconcile
    // wizard's second source), COMPLETED (the record browser), or unset for
    // every state the layout keeps (each state's listing merged in keyset
    // order: listEveryState()). A layout that cannot tell a state lists none
    // of it or refuses with a message saying why.
    std::optional<RecordState> state = RecordState::InFlight;
    QString scope; // empty: every scope
    // Only attempts whose updated_at is before this. Unset: no age filter. A
    // set cutoff is always a filter, whatever its value: one at or before the
    // epoch matches nothing, never everything (a huge --older-than must not
    // list, nor time out, attempts that have just started).
    std::optional<qint64> startedBeforeMs;
    QString keyPrefix;
    QString bizNoPrefix;
    QString owner;
    bool newestFirst = false;
    int limit = 500;
    // Keyset: continue after this row; unset for the first page.
    struct Position {
        qint64 updatedAt = 0;
        QString scope;
        QString key;

        // The position of a listed record: the next page starts after it.
        static Position after(const Record &r) { return {r.updatedAt, r.scope, r.key}; }
    };
    std::optional<Position> after;

    static RecordQuery ofScope(const QString &scope)
    {
        RecordQuery q;
        q.scope = scope;
        return q;
    }
    // The query for one state (a copy with `state` set).
    RecordQuery inState(RecordState s) const
    {
        RecordQuery q = *this;
        q.state = s;
        return q;
    }
};
// The listing began with in-flight records only; the old name stays.
using InFlightQuery = RecordQuery;

// The listing's keyset order: (updatedAt, scope, key) ascending, strings
// compared as UTF-8 bytes (as Redis zsets and SQL's binary collations sort).
bool keysetBefore(const Record &a, const Record &b);
// Whether a row comes after the query's keyset position, in the query's order.
bool isAfterPosition(const Record &r, const InFlightQuery &query);
// Whether a row passes the query's filters other than scope and keyset: state
// (unset: any), age cutoff, key and biz_no prefix, owner.
bool matchesFilters(const Record &r, const RecordQuery &query);
// Sorts rows into the query's keyset order and keeps the first query.limit.
void keepFirstPage(QList<Record> &rows, const RecordQuery &query);

// A listing of every state (RecordQuery::state unset) as the merge of one
// listing per state in `states`, each from the same keyset position and
// limit: at most one page per state, then the first `limit` in keyset order.
// Each state's page is served as that state's listing is (an index range
// where the store has one).
Result<QList<Record>> listEveryState(const RecordQuery &query, const QList<RecordState> &states,
                                     const std::function<Result<QList<Record>>(const RecordQuery &)> &list);
// The sum of one count per state in `states`.
Result<qint64> countEveryState(const RecordQuery &query, const QList<RecordState> &states,
                               const std::function<Result<qint64>(const RecordQuery &)> &count);
// IN_FLIGHT, COMPLETED, TIMED_OUT: what a native store keeps.
QList<RecordState> allRecordStates();

// An operator's change to one record (DESIGN.md "Operator actions"), applied
// only if the record is still in the state and under the lease the operator's
// preview saw, together with its audit entry, atomically: either both are
// written or neither.
enum class OperatorActionKind {
    MarkTimedOut, // IN_FLIGHT -> TIMED_OUT, kept for retentionMs
    ReconcileComplete, // IN_FLIGHT/TIMED_OUT -> COMPLETED with `response`, flagged reconciled
    ReconcileRelease, // IN_FLIGHT/TIMED_OUT -> deleted: the client may resubmit
};

QString operatorActionName(OperatorActionKind kind); // "timeout", "reconcile-complete", "reconcile-release"
// The kind a name stands for; none for a name this version does not know.
std::optional<OperatorActionKind> operatorActionFromName(const QString &name);

// The audit entry's state after an applied action: TIMED_OUT, COMPLETED, RELEASED.
QString actionStateAfter(OperatorActionKind kind);

struct OperatorAction {
    OperatorActionKind kind = OperatorActionKind::MarkTimedOut;
    QString scope;
    QString key;
    QString lease; // the lease the preview saw
    RecordState expectedState = RecordState::InFlight; // the state the preview saw
    Response response; // ReconcileComplete only
    qint64 nowMs = 0;
    qint64 retentionMs = 0; // MarkTimedOut, ReconcileComplete
    // The age the operator chose, as a cutoff (ageCutoff): an action on an
    // IN_FLIGHT record applies only if the record's own updated_at is before
    // it, checked inside the compare-and-set, so an attempt that started
    // after the preview (or whose index said it was older than it is) is
    // skipped, never timed out or released. Required for IN_FLIGHT: every
    // store refuses an action without one, or with one at or before the
    // epoch (refuseActionCutoff). A TIMED_OUT record (the reconcile wizard's
    // second source) was declared stuck by an operator already: no cutoff.
    std::optional<qint64> startedBeforeMs;
    // operatorName, host, batchId, reason and evidence come from the caller;
    // the store fills scope, key, action, states, atMs (= nowMs), seq and hashes.
    AuditEntry audit;

    // The one place an action becomes its audit entry: the caller's fields
    // from `audit`, the record and time from the action, the action's name,
    // the state the preview saw and the state it leaves (actionStateAfter).
    // No seq, hashes or store id yet: the store's chain adds them.
    AuditEntry auditEntry() const;
};

// InvalidArgument when an action on an IN_FLIGHT record has no cutoff or
// one at or before the epoch (OperatorAction::startedBeforeMs); every store's
// applyAction calls it first.
std::optional<Error> refuseActionCutoff(const OperatorAction &action);
// Whether the record's own updated_at lets the action apply (before the cutoff).
bool startedBeforeCutoff(const OperatorAction &action, const Record &current);

struct ActionResult {
    TransitionOutcome outcome = TransitionOutcome::Applied;
    std::optional<Record> current; // the record now (absent if released or gone)
    std::optional<AuditEntry> audit; // the entry written (Applied only)
    // Applied to the record, but a step the service also needs failed (the
    // java-handler's Redis cache was not brought along): the action is not
    // done, and applyActions counts it as failed (cache_failed).
    QString followUpError;
    // Applied, but a step that is only telemetry was skipped (the count of
    // the action could not be written): a warning, never a failure. The
    // audit entry says the same (AuditEntry::warnings).
    QString warning;
};

// Records created in one minute and the state each is in now: what a store
// that keeps no counters (a foreign layout) can tell the dashboard.
struct ActivityRow {
    QString scope;
    qint64 minute = 0; // epoch minutes of created_at
    qint64 inFlight = 0;
    qint64 completed = 0;
    qint64 timedOut = 0;
    qint64 unreadable = 0; // values that could not be read (Record::readError)
    qint64 created() const { return inFlight + completed + timedOut + unreadable; }
};

// A listing that has no index to read (a foreign Redis layout: SCAN over the
// whole key space) reports here while it runs. Written by the store's worker
// thread, read by any thread; cancel() makes the running scan stop after its
// current round trip and return what it found so far.
struct ScanProgress {
    std::atomic<qint64> scanned{0}; // keys the scan has looked at
    std::atomic<qint64> found{0}; // in-flight records among them
    std::atomic<bool> running{false};
    std::atomic<bool> cancelRequested{false};
    std::atomic<bool> lastCancelled{false}; // the last scan stopped early: its lists are partial
    std::atomic<qint64> finishedAtMs{0};
    std::atomic<int> count{1000}; // SCAN COUNT; the operator may change it between scans
    void cancel() { cancelRequested = true; }

    // The master being scanned: a Redis Cluster's masters are scanned one
    // after the other (one node, count 1, on a single server). Set and read
    // as a whole under a mutex, so the GUI thread never pairs one node's
    // index with another's address.
    struct Node {
        int index = 1; // 1-based
        int count = 1;
        QString address; // host:port
    };
    void setNode(Node node)
    {
        QMutexLocker lock(&m_nodeMutex);
        m_node = std::move(node);
    }
    Node node() const
    {
        QMutexLocker lock(&m_nodeMutex);
        return m_node;
    }

private:
    mutable QMutex m_nodeMutex;
    Node m_node;
};

// One server behind a store (Store::nodeHealth).
struct StoreNode {
    QString address; // host:port
    bool up = false;
    qint64 roundTripMs = -1; // the ping's; -1 when it failed
    QString error; // why it is down
};

struct ScopeCount {
    QString scope;
    RecordState state;
    qint64 count = 0;
};

// The store contract every backend keeps (checked by tests/tst_conformance*):
// - claim is atomic: of any number of concurrent claims on one key exactly
//   one gets Claimed;
// - complete/release change the record only if it is in flight under the
//   given lease; otherwise StaleLease/NotFound and nothing changes;
// - complete stores status, headers and body byte for byte.
// What opening a store may do to it (reading never creates anything).
//   Create     the guard's mode (a service, idemctl demo, press and init):
//              creates a missing SQLite file, its folder and the schema.
//   ReadWrite  an operator's (sweep, reconcile, the console): the store must
//              exist; a schema an older version left incomplete is completed,
//              a missing one is an error that says how to create it.
//   ReadOnly   creates and changes nothing: no file, folder, table or audit
//              file; a missing store is an error saying so.
enum class OpenMode { ReadWrite, ReadOnly, Create };

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
    virtual Result<QList<Record>> inFlight(const InFlightQuery &query) = 0;
    virtual Result<qint64> countInFlight(const InFlightQuery &query) = 0;
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
