#pragma once

#include "app/store/auditentry.h"
#include "app/store/result.h"
#include "app/store/sqldialect.h"

#include <QSqlDatabase>

#include <atomic>
#include <functional>

class QSqlQuery;

// The audit log's tables in a SQL store (idem_audit, idem_audit_head; see
// resources/sql): one chain per scope. SqlStore calls append() inside the
// transaction that changes the record, so the change and its entry commit
// or roll back together.
class SqlAuditLog final {
public:
    // How a failed statement becomes an Error (SqlStore::failure: it also
    // drops a lost connection).
    using FailureFn = std::function<Error(const QSqlQuery &, const QString &)>;

    SqlAuditLog(const SqlDialect &dialect, FailureFn failure)
        : m_dialect(dialect)
        , m_failure(std::move(failure))
    {
    }

    // In an open transaction: locks the chain's head (PostgreSQL, MySQL: FOR
    // UPDATE; SQLite: the write transaction), chains the entry after it and
    // writes entry and head. Four statements. A concurrent appender that
    // created the chain first makes this fail with duplicateKey set: roll
    // back and run the whole transaction again.
    struct AppendFailure {
        Error error;
        bool duplicateKey = false;
    };
    std::optional<AppendFailure> append(QSqlDatabase &db, AuditEntry &entry) const;
    // The same for entries of one chain (one scope), chained in their order:
    // one head lock, one INSERT per 50 entries, one head move. On a failure the
    // entries' seq and hashes mean nothing: roll the transaction back.
    std::optional<AppendFailure> appendAll(QSqlDatabase &db, QList<AuditEntry> &entries) const;

    Result<QList<AuditEntry>> entries(QSqlDatabase &db, const AuditQuery &query) const;
    Result<QList<AuditEntry>> chain(QSqlDatabase &db, const QString &scope, const QString &afterStoreId, int limit) const;
    // Head rows, plus a head of seq 0 for any scope with entries but no head
    // row (a deleted head must not hide a chain from verification).
    Result<QList<AuditChainHead>> heads(QSqlDatabase &db) const;

    // Whether idem_audit has the server_user column: only a read-only open
    // of a store made before it finds none, and its entries then read
    // without a server identity (as they were written).
    void setUserColumn(bool present) { m_userColumn = present; }
    bool userColumn() const { return m_userColumn; }

private:
    QString columns() const;
    // appendAll()'s steps, in its transaction.
    struct ChainHead {
        bool exists = false;
        qint64 seq = 0;
        QString hash;
    };
    AppendFailure failed(const QSqlQuery &q, const QString &what) const;
    std::optional<AppendFailure> lockHead(QSqlQuery &q, const QString &scope, ChainHead *head) const;
    std::optional<AppendFailure> insertEntries(QSqlDatabase &db, const QList<AuditEntry> &entries) const;
    std::optional<AppendFailure> moveHead(QSqlDatabase &db, const QString &scope, const ChainHead &head, qint64 seq,
                                          const QString &hash) const;

    const SqlDialect &m_dialect;
    const FailureFn m_failure;
    std::atomic<bool> m_userColumn{true};
};
