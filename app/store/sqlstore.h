#pragma once

#include "app/store/sqlauditlog.h"
#include "app/store/sqlconnections.h"
#include "app/store/sqlproposals.h"
#include "app/store/sqldialect.h"
#include "app/store/sqlschema.h"
#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QMutex>

#include <atomic>
#include <memory>

class PgAnswer;
class PgMux;
class QSqlError;
class QSqlQuery;

// The Qt Sql driver and connection settings a SQL store URL stands for; also
// used by tools that open business tables in the same database. The password
// comes from the URL or else from IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD.
QString sqlDriverName(StoreUrl::Kind kind);
void configureSqlDatabase(QSqlDatabase &db, const StoreUrl &url);

// The native record layout in a SQL database through Qt Sql: SQLite,
// PostgreSQL and MySQL/MariaDB, one protocol for all three; SqlDialect holds
// the text where they differ. On PostgreSQL the guard's claim, complete and
// release go through libpq on QPSQL's own session (pghot.h says why); the
// claim protocol is in sqlstoreclaim.cpp.
//
// Claims use no transaction: a plain read decides replay / in progress /
// mismatch in one round trip; a new key is an INSERT that ignores only a
// duplicate key (two round trips for a first request); taking over a
// timed-out, expired or stuck record is an UPDATE conditioned on the lease,
// state and time that were read (compare-and-set). Whoever loses a race
// re-reads. This keeps every backend free of lock upgrades and deadlocks.
//
// open() creates the schema only when a probe finds it incomplete, so a user
// with no DDL rights can use tables someone else created.
//
// SQLite allows one writer per file: writers of this process queue on a
// mutex rather than spin in SQLite's busy handler; other processes wait
// through busy_timeout.
class SqlStore final : public Store {
public:
    using Dialect = SqlDialect::Kind;

    explicit SqlStore(const StoreUrl &url);
    ~SqlStore() override;

    QString displayUrl() const override { return m_display; }
    Dialect dialect() const { return m_dialect.kind(); }

    Result<void> open() override;
    Result<ClaimResult> claim(const ClaimRequest &request) override;
    Result<Transition> complete(const QString &scope, const QString &key, const QString &lease, const Response &response, qint64 nowMs,
                                qint64 retentionMs) override;
    Result<Transition> release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs) override;
    Result<std::optional<Record>> get(const QString &scope, const QString &key) override;
    Result<QList<Record>> inFlight(const RecordQuery &query) override;
    Result<qint64> countInFlight(const RecordQuery &query) override;
    Result<QList<ScopeCount>> countByState(const QString &scope) override;
    Result<QList<CounterRow>> counters(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    Result<void> flushCounters() override;
    Result<qint64> purgeExpired(qint64 nowMs) override;

    Result<ActionResult> applyAction(const OperatorAction &action) override;
    // A run of one scope's actions in one transaction: one compare-and-set
    // per record, one count, the entries chained under one head lock
    // (SqlAuditLog::appendAll), one commit. Anything unusual (mixed scopes,
    // a statement that fails, a count that cannot be written) rolls the
    // run back and applies it action by action instead (applyAction).
    QList<Result<ActionResult>> applyActionBatch(const QList<OperatorAction> &actions) override;
    Result<AuditEntry> appendAudit(const AuditEntry &entry) override;
    Result<QList<AuditEntry>> auditEntries(const AuditQuery &query) override;
    Result<QList<AuditEntry>> auditChain(const QString &scope, const QString &afterStoreId, int limit) override;
    Result<QList<AuditChainHead>> auditHeads() override;

    // Four eyes (sqlstorefoureyes.cpp): the proposals in idem_proposals,
    // each step with its audit entry in one transaction.
    StoreAccess access() const override;
    Result<ApprovalPolicy> approvalPolicy() override;
    Result<Proposal> createProposal(const Proposal &proposal) override;
    Result<QList<Proposal>> proposals(const ProposalQuery &query) override;
    Result<std::optional<Proposal>> proposal(const QString &id) override;
    Result<Proposal> decideProposal(const ProposalDecision &decision) override;
    Result<Proposal> closeProposal(const ProposalClosing &closing) override;
    Result<void> setApprovalThreshold(const QString &scope, std::optional<int> threshold) override;
    Result<void> setProposalTtl(qint64 ttlMs) override;
    Result<QStringList> setUpRoles(const RoleSetup &setup) override; // sqlroles.cpp

    // An audit log only (a foreign store's `audit=` database, which may be
    // the service's own): open() probes and creates the two audit tables
    // and nothing else, so a service's database never gets idem_records or
    // idem_counters. Set before open().
    void setAuditOnly(bool auditOnly) { m_auditOnly = auditOnly; }
    // After a failed open() of an audit-only store that may not create it:
    // the database holds no audit log yet (neither table). The log then reads
    // as empty, and the first operator action creates it.
    bool auditLogMissing() const { return m_auditLogMissing; }

    // The calling thread's connection (for tools that keep tables beside the
    // records, like the simulator's orders table).
    Result<QSqlDatabase> connection() { return m_connections.acquire(); }

private:
    Result<void> prepareConnection(QSqlDatabase &db);
    Result<int> probeSchema(QSqlDatabase &db);
    Result<void> createSchema(QSqlDatabase &db);
    Result<void> checkPrivileges(QSqlDatabase &db);
    // open()'s steps: the schema a reader can use or a writer completes,
    // the later objects a reader finds, and the session's rights.
    Result<void> ensureSchema(QSqlDatabase &db, bool mayCreate);
    Result<int> probeLaterObjects(QSqlDatabase &db);
    Result<void> loadAccess(QSqlDatabase &db, bool mayCreate);
    template <typename Read>
    auto readOnce(Read read) -> decltype(read(std::declval<QSqlDatabase &>()));
    // withRequest: the kept request too (get(), actions); the claim's reads
    // leave it out, as its decisions never need it.
    Result<std::optional<Record>> fetch(QSqlDatabase &db, const QString &scope, const QString &key, bool withRequest = false);
    static bool run(QSqlQuery &query, const SqlStatement &statement);
    static QString inlined(const QSqlDatabase &db, const SqlStatement &statement);
    // The guard's hot path on MySQL/MariaDB: the statement through this
    // thread's kept prepared query (SqlConnections::prepared); *query is
    // that query, for its result or error. On SQLite, runWriting() on
    // `fallback`, made here (no query is made per call on a server).
    // PostgreSQL's goes through libpq instead: runPgHot().
    bool runHot(QSqlDatabase &db, const SqlStatement &statement, std::optional<QSqlQuery> &fallback, QSqlQuery **query);
    // PostgreSQL's hot statements: through the sessions the threads share
    // (PgMux), or with URL option connections=0 on the thread's own QPSQL
    // session (pgHotExec). A deadlock victim runs again; `repeatable` (a
    // statement that may run twice: the claim's insert-or-read) runs once
    // more on a new session after the session was lost.
    PgAnswer runPgHot(const SqlStatement &statement, bool repeatable);
    struct FirstClaim {
        std::optional<ClaimResult> claimed; // the insert made the record ours
        std::optional<Record> existing; // the record that was there
    };
    Result<FirstClaim> insertOrRead(QSqlDatabase &db, const ClaimRequest &req, const QString &lease);
    Result<FirstClaim> insertOrReadPostgres(const ClaimRequest &req, const QString &lease);
    Result<FirstClaim> firstClaim(const ClaimRequest &req, const QString &lease, Record seen);
    FirstClaim claimedFirst(const ClaimRequest &req, const QString &lease);
    // claim()'s first read; on PostgreSQL and MariaDB also its insert.
    Result<FirstClaim> readForClaim(const ClaimRequest &req);
    // A claim turn's write: nullopt when another claimer wrote first (read again).
    Result<std::optional<ClaimResult>> insertNewClaim(QSqlDatabase &db, const ClaimRequest &req, const QString &lease);
    Result<std::optional<ClaimResult>> takeOver(QSqlDatabase &db, const ClaimRequest &req, const Record &seen, bool expired,
                                                const QString &lease);
    // Whether insertOrRead() serves this server: PostgreSQL, and MariaDB from
    // 10.5 (INSERT … RETURNING); set by open().
    bool claimsInOneStatement() const { return m_dialect.kind() == Dialect::Postgres || m_insertReturning; }
    bool runWriting(QSqlQuery &query, const SqlStatement &statement); // under the SQLite writers' mutex
    Error failure(const QSqlQuery &query, const QString &what);
    Error failure(const QSqlError &error, const QString &what);
    Result<Transition> transition(const SqlStatement &statement, const QString &what, const QString &scope, const QString &key,
                                  qint64 nowMs, std::optional<Counter> appliedCounter, std::optional<Counter> staleCounter);
    Result<Transition> finishTransition(qint64 affected, const QString &scope, const QString &key, qint64 nowMs,
                                        std::optional<Counter> appliedCounter, std::optional<Counter> staleCounter);
    Result<void> writeCounters(QSqlDatabase &db, const QList<CounterRow> &rows);
    SqlStatement counterStatement(const QList<CounterRow> &rows) const;
    // Writes the counters when they are due, on the calling thread's QtSql
    // connection (opened only then: the PostgreSQL guard's threads need it
    // for nothing else).
    void maybeFlush(qint64 nowMs);
    // One try of applyAction in one transaction: the change, its count (when
    // `countError` is non-null; a count that fails rolls it all back and says
    // why there) and its entry, with `warning` added to the entry.
    Result<ActionResult> applyOnce(QSqlDatabase &db, const OperatorAction &action, bool &retry, QString *countError,
                                   const QString &warning);
    // applyActionBatch's one transaction; nullopt: rolled back, nothing changed.
    std::optional<QList<Result<ActionResult>>> applyTogether(QSqlDatabase &db, const QList<OperatorAction> &actions);
    QMutex *writeLock() { return m_dialect.kind() == Dialect::Sqlite ? &m_sqliteWriters : nullptr; }
    // In one transaction (SQLite: under this process's writers' mutex):
    // `change`, then the audit entry it answers (its serverUser set to this
    // store's), then commit; all of it again after a deadlock or two
    // appenders creating one chain, up to 5 times. A change that answers
    // nullopt changed nothing: rolled back, nullopt returned.
    Result<std::optional<AuditEntry>> changeWithAudit(const std::function<Result<std::optional<AuditEntry>>(QSqlDatabase &)> &change);
    // The identity written into this store's audit entries and proposals.
    QString entryIdentity() const;
    Result<void> requireFourEyesTables() const;

    const StoreUrl m_url;
    // Made once: the hot path names the store in every record it reads
    // (sqlRecordFromValues), and formatting the URL each time is a
    // noticeable part of a PostgreSQL replay's client time.
    const QString m_display;
    const SqlDialect m_dialect;
    const SqlSchema m_schema{m_dialect.kind()}; // asked when the store opens
    SqlConnections m_connections;
    std::unique_ptr<PgMux> m_pgMux; // PostgreSQL unless connections=0
    SqlAuditLog m_audit;
    const SqlProposals m_proposals;
    mutable QMutex m_accessMutex;
    StoreAccess m_access; // read by open()
    QMutex m_sqliteWriters;
    QMutex m_schemaMutex;
    bool m_schemaReady = false;
    bool m_auditOnly = false;
    bool m_auditLogMissing = false;
    std::atomic<bool> m_insertReturning{false}; // MariaDB ≥ 10.5, read by open()
    // idem_records has the request column. Only a read-only open of a store
    // made before it finds none (open() adds it otherwise); reads then
    // select NULL in its place.
    std::atomic<bool> m_requestColumn{true};
    // idem_proposals and idem_policy exist: a read-only open of a store
    // made before them finds none, and reads no proposals and no policy.
    std::atomic<bool> m_fourEyesTables{true};
};

// A read that failed because the connection was lost (the server restarted
// since this thread last used it) is repeated once on a new connection:
// nothing was written, so repeating it is safe, and a caller does not get a
// 503 for a connection that died while idle.
template <typename Read>
auto SqlStore::readOnce(Read read) -> decltype(read(std::declval<QSqlDatabase &>()))
{
    for (int attempt = 0;; ++attempt) {
        Result<QSqlDatabase> db = m_connections.acquire();
        if (!db)
            return db.error();
        auto result = read(db.value());
        if (result.ok() || attempt > 0 || db.value().isOpen())
            return result;
    }
}
