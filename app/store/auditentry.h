#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

// One entry of the tamper-evident audit log (DESIGN.md "Audit log"). The log
// is kept in the same store as the records, as one hash chain per scope: a
// scope's records and its chain then share one SQL transaction or one Redis
// hash slot, so a record change and its entry are written atomically (and a
// Redis script that does both stays valid on Cluster).
//
// hash = SHA-256(prevHash || canonical bytes of every other field); the
// first entry of a chain has prevHash = 64 zeros. A head (seq, hash) per
// chain is kept beside the entries, so deleting the newest entry is noticed
// too. This makes tampering evident, not impossible: someone who can write
// the store can rebuild a whole chain; export the verdicts to keep a
// witness outside the store (reports).
struct AuditEntry {
    QString scope; // the chain
    qint64 seq = 0; // position in the chain, from 1; set by the store
    qint64 atMs = 0; // when the action was applied (ms since epoch, UTC)
    QString operatorName; // as the operator typed it
    // Who the server says the writer is (PostgreSQL current_user, MySQL
    // CURRENT_USER(), Redis ACL WHOAMI), set by the store, never by the
    // caller; kNoServerIdentity on SQLite, which has no users; empty in
    // entries written before identities were recorded.
    QString serverUser;
    QString host;
    QString action; // "timeout", "reconcile-complete", "reconcile-release", "alert", …
    QString batchId; // one id per applied plan or sweep
    QString key; // the record's key; empty for an entry about no record
    QString stateBefore; // "IN_FLIGHT", "TIMED_OUT", …; empty if none
    QString stateAfter; // "TIMED_OUT", "COMPLETED", "RELEASED", …
    QString reason;
    QByteArray evidence; // JSON (the order row for reconcile); may be empty
    QString prevHash; // set by the store
    QString hash; // set by the store
    // Where the store keeps it (SQL: the seq; Redis: the stream entry id):
    // the position a chain read continues from. Not part of the hash.
    QString storeId;

    // What went wrong beside an applied action without undoing it (a count
    // that could not be written): kept in the evidence JSON under
    // "warnings", so it is hashed with the entry. Evidence that is not a JSON
    // object is kept whole under "evidence".
    void addWarning(const QString &warning);
    QStringList warnings() const;

    // The serverUser of an entry written where the server has no users (SQLite).
    // The typed operator and the server's identity, for reports: "bob (server: bob)".
    QString operatorAndServer() const;

    static QString noServerIdentity() { return QStringLiteral("(none: SQLite has no server users)"); }

    static QString genesisHash(); // 64 '0'
    QByteArray canonical() const; // every field but hash/storeId, length-prefixed
    QString computeHash() const; // hex SHA-256 of prevHash + canonical()
    // Fills seq, prevHash and hash for appending after a chain head.
    void chainAfter(qint64 headSeq, const QString &headHash);
};

Q_DECLARE_METATYPE(AuditEntry)

// The newest entry of one chain as the store's head says.
struct AuditChainHead {
    QString scope;
    qint64 seq = 0;
    QString hash;
    // The chain's own name where a scope has several (a Redis Cluster keeps
    // one chain per bucket of a scope, "payment#07": RedisBuckets); empty
    // when the scope's one chain. Store::auditChain reads it by this name.
    QString chain;
    QString chainName() const { return chain.isEmpty() ? scope : chain; }
};

// Filters for listing entries, newest first (Audit tab, reports).
struct AuditQuery {
    QString scope; // empty: every scope
    QString operatorName; // exact
    QString action; // exact
    QString batchId; // exact
    QString keyPrefix;
    QString key; // exact (one record's history, with scope); empty: any key
    // What the entries are about. Alert entries are the console's own
    // (isAlertAction: "alert", "alert-acknowledged", "alert-snoozed"); every
    // other action is an operator's action on records.
    enum class Kind { Any, OperatorActions, Alerts };
    Kind kind = Kind::Any;
    qint64 fromMs = 0; // 0: no lower bound
    qint64 toMs = 0; // 0: no upper bound (inclusive)
    int limit = 1000;
};

// Whether an audit action is about an alert ("alert" or "alert-…") rather
// than an operator's change to records; AuditQuery::Kind filters on it.
bool isAlertAction(const QString &action);
// Whether an entry's action is of the query's kind (every backend's filter).
bool actionOfKind(const QString &action, AuditQuery::Kind kind);
