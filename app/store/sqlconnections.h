#pragma once

#include "app/store/pghot.h"
#include "app/store/result.h"

#include <QAtomicInteger>
#include <QMutex>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>

#include <functional>
#include <unordered_map>

// One named QSqlDatabase per thread per store (Qt Sql connections belong to
// the thread that opened them). A connection is removed when its thread ends
// or when the owning store is destroyed, whichever comes first.
//
// At most a few connections of a store are being opened at a time: a burst
// of 200 new threads would otherwise have the server start 200 sessions at
// once, and the slowest would run into the connect timeout although the
// server is fine. A thread that waited behind an open that failed gets that
// failure at once rather than waiting out its own timeout on a dead server.
class SqlConnections final {
    Q_DISABLE_COPY_MOVE(SqlConnections)
public:
    // configure sets driver options on a fresh connection before open();
    // prepare runs once on each new connection after it opened.
    SqlConnections(QString driver, std::function<void(QSqlDatabase &)> configure, std::function<Result<void>(QSqlDatabase &)> prepare);
    ~SqlConnections();

    // The calling thread's open connection, opening (or re-opening after a
    // lost connection) as needed.
    Result<QSqlDatabase> acquire();
    // Closes the calling thread's connection so the next acquire() reconnects.
    void drop();

    // The calling thread's query for `sql` on `db` (its acquire()d
    // connection), prepared on first use and kept for the life of that
    // session: the guard's hot path runs the same few statements, and
    // QPSQL sends PREPARE, EXECUTE and DEALLOCATE as three round trips for a
    // query prepared anew each time, one EXECUTE for a kept one.
    // *ok is false when preparing failed; the query then holds the error and
    // the next call prepares again. Queries are dropped whenever the session
    // is (drop(), a reconnect, the thread's end): a new session has none of
    // the old one's prepared statements. Not forward-only, so each result is
    // read whole and nothing is left pending on the connection.
    QSqlQuery &prepared(const QSqlDatabase &db, const QString &sql, bool *ok);
    // The names of the statements this thread prepared through libpq on
    // `db`'s session (pgHotExec), by SQL; emptied whenever the session is,
    // like prepared()'s queries.
    PgStatementNames &libpqStatements(const QSqlDatabase &db);

private:
    QString threadConnectionName() const;

    const QString m_driver;
    const quint64 m_id; // never reused in the process
    const QString m_prefix;
    std::function<void(QSqlDatabase &)> m_configure;
    std::function<Result<void>(QSqlDatabase &)> m_prepare;
    QMutex m_mutex;
    QStringList m_names; // every connection this store made, for the destructor
    QSemaphore m_opening{4};
    QAtomicInteger<quint64> m_failedOpens{0};
    Error m_lastOpenError; // guarded by m_mutex
};
