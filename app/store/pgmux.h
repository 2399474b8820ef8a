#pragma once

#include "app/store/pghot.h"
#include "app/store/storeurl.h"

#include <QByteArray>
#include <QString>
#include <QVariantList>

#include <atomic>
#include <memory>
#include <vector>

// The guard's hot statements on PostgreSQL (claim, complete, release) sent
// by many threads over a few libpq sessions of the store's own, in libpq's
// pipeline mode: each thread's statement is queued on one of the sessions
// (threads take them in turn), and whichever thread finds that session idle
// writes every queued statement at once and reads their results in order
// (leader/follower, as RedisMux does for Redis).
//
// Why (DESIGN.md "Threading" says a connection per thread, and pghot.h ran
// the statements on the thread's own QPSQL session): with 32 threads each
// waiting for its own round trip, the client made about two context
// switches per request and its threads, not the server, set the pace
// (docs/benchmarks.md). Here one wake-up of a session's backend and one
// read on the client serve a whole batch, and the server keeps a handful of
// backends instead of one per thread. A thread alone is no slower: its
// statement is a batch of one, one round trip as on a session of its own.
//
// Each statement is followed by its own Sync: it runs in its own implicit
// transaction and commits on its own, exactly as on a session of its own.
// Nothing is merged: a statement that fails (a constraint, a deadlock
// victim, a refused right) rolls back only itself, and the statements
// queued behind it run as if it had not been sent. What a batch shares is
// the session's fate: a session that breaks (the server killed, a network
// error) fails every statement whose result had not arrived, each with a
// ConnectionError (the statement may or may not have committed; the store
// repeats only the claim's insert-or-read, which recognises its own lease),
// and the next batch connects afresh. A connect that failed is not tried
// again for 200 ms: the threads queued meanwhile fail at once, closed, and a
// recovering server is not knocked on by every thread.
//
// Statements are prepared once per session (Parse), on first use; sessions
// connect as the URL's user with the same options as the store's QPSQL
// sessions, and only when a hot statement first needs one. No statement that
// changes the session for later ones (SET, BEGIN, LISTEN) may be sent here.
class PgMux final {
    Q_DISABLE_COPY_MOVE(PgMux)
public:
    // sessions: how many the threads share, 1 to 64.
    PgMux(const StoreUrl &url, int sessions);
    ~PgMux(); // the store's threads are done with it

    // Runs `sql` ('?' placeholders, none in literals; parameters bound as
    // pgHotExec binds them) on the calling thread's shared session: one
    // round trip, shared with the other threads' statements queued
    // meanwhile. A statement the session no longer has, or whose cached
    // plan the server refuses after an ALTER TABLE, is prepared again and
    // run once more (the server ran nothing). The result's error is a
    // QSqlError like pgHotExec's: ConnectionError for a lost or unreachable
    // session, the SQLSTATE as nativeErrorCode() for a refused statement.
    PgAnswer exec(const QString &sql, const QVariantList &values);

    // Round trips made so far (batches written), for tests and benchmarks.
    qint64 roundTrips() const { return m_roundTrips.load(std::memory_order_relaxed); }

private:
    struct Call;
    struct Session;
    void lead(Session &session);
    void run(Session &session);
    static qsizetype send(Session &session);
    static qsizetype answer(Session &session, qsizetype sent, QSqlError &failed);
    static void failUnanswered(Session &session, qsizetype answered, QSqlError failed);
    bool connect(Session &session, QSqlError *error);

    const QByteArray m_conninfo; // holds the password: never shown
    std::vector<std::unique_ptr<Session>> m_sessions;
    std::atomic<qint64> m_roundTrips{0};
};
