// SqlStore's guard protocol (DESIGN.md "Record states"): the claim, and the
// complete and release that end it; kept apart from the store's schema,
// listings and counters in sqlstore.cpp. On PostgreSQL these statements go
// through libpq (pgmux.h, pghot.h); on MySQL/MariaDB and SQLite through QtSql.
#include "app/store/pghot.h"
#include "app/store/pgmux.h"
#include "app/store/sqlrecord.h"
#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <optional>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

// A new claim's columns: the record's and the kept request.
const QString &newClaimColumns()
{
    static const QString columns = sqlRecordColumns() + QStringLiteral(", request");
    return columns;
}

// A new claim's values, in newClaimColumns() order: scope, key,
// fingerprint, lease, owner, biz_no, created_at, updated_at and the
// request are bound.
const QString kNewClaimValues = QStringLiteral("?, ?, 'IN_FLIGHT', ?, ?, ?, 1, ?, 0, NULL, NULL, ?, ?, 0, 0, ?");

QString newLease()
{
    quint64 words[2];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

// A null QString binds as SQL NULL; text columns are NOT NULL.
QString text(const QString &value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

// No kept request is NULL, never an empty value: an invalid QVariant is
// NULL to every binding path (QtSql, libpq, and the MariaDB statement
// whose values the driver writes as literals).
QVariant requestValue(const QByteArray &request)
{
    return request.isEmpty() ? QVariant() : QVariant(request);
}

// The record a new claim inserts: the request's first attempt, in flight
// under the new lease.
Record newClaimRecord(const ClaimRequest &req, const QString &lease)
{
    return Record{req.scope,
                  req.key,
                  RecordState::InFlight,
                  req.fingerprint,
                  lease,
                  req.owner,
                  1,
                  req.bizNo,
                  0,
                  {},
                  {},
                  req.nowMs,
                  req.nowMs,
                  0,
                  false,
                  req.keptRequest(),
                  {}};
}

} // namespace

// The first claim step in one statement: insert the record if the key is
// free, else read the one there.
// - PostgreSQL: a CTE. Its SELECT does not see the row its own INSERT made
//   (one snapshot), so a new claim reads NULLs and inserted=1. A key taken
//   by a claimer whose commit came after this statement's snapshot reads as
//   neither: the caller's loop reads again.
// - MariaDB ≥ 10.5: INSERT … ON DUPLICATE KEY UPDATE (a no-op) … RETURNING
//   answers with the inserted row or, under the row lock, the row that was
//   there; it is ours when it holds our new lease (random, 128 bits). Sent
//   as text with the values escaped by the driver (QSqlDriver::formatValue,
//   mysql_real_escape_string): QMYSQL takes a prepared INSERT … RETURNING
//   for one without a result (the server describes its columns only when
//   it runs), and a text query is one round trip too. MySQL has no
//   RETURNING: it reads, then inserts (claim()).
Result<SqlStore::FirstClaim> SqlStore::insertOrRead(QSqlDatabase &db, const ClaimRequest &req, const QString &lease)
{
    Q_ASSERT(m_dialect.kind() != Dialect::Postgres); // insertOrReadPostgres()
    static const QString sql =
        SqlDialect(Dialect::Mysql).insertIfAbsent(newClaimColumns(), kNewClaimValues) + QStringLiteral(" RETURNING ") + sqlRecordColumns();
    const SqlStatement insert{sql,
                              {req.scope, req.key, text(req.fingerprint), lease, text(req.owner), text(req.bizNo), req.nowMs, req.nowMs,
                               requestValue(req.keptRequest())}};
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // A deadlock victim (InnoDB may pick a single-row insert) was rolled back: run it again.
    for (int attempt = 1; !q.exec(inlined(db, insert)); ++attempt) {
        if (attempt < 3 && m_dialect.classify(q.lastError()) == SqlDialect::Failure::Deadlock)
            continue;
        const Error failed = failure(q, Text::tr("Claiming a record"));
        // MariaDB checks the table's CHECK on the duplicate row's no-op
        // update: a state another program wrote with the check off fails
        // the statement. Reading the row says what is wrong with it.
        if (Result<std::optional<Record>> there = fetch(db, req.scope, req.key); !there && there.error().kind == ErrorKind::Corrupt)
            return there.error();
        return failed;
    }
    if (!q.next())
        return failure(q, Text::tr("Claiming a record"));
    if (q.value(0).isNull())
        return FirstClaim{};
    Record seen = sqlRecordFromRow(q, displayUrl());
    q.finish();
    return firstClaim(req, lease, std::move(seen));
}

// PostgreSQL's first claim step: a CTE, through libpq (runPgHot). Its one
// row holds the record's columns (NULLs when no row was there) and then
// how many rows the INSERT made. Run once more on a new session when the
// session was lost: an insert of ours that committed reads back as ours.
Result<SqlStore::FirstClaim> SqlStore::insertOrReadPostgres(const ClaimRequest &req, const QString &lease)
{
    static const QString sql = []() -> QString { // QString, not a QStringBuilder of temporaries
        QStringList columns = sqlRecordColumns().split(QStringLiteral(", "));
        for (QString &c : columns)
            c.prepend(QStringLiteral("r."));
        return QStringLiteral("WITH ins AS (INSERT INTO idem_records (") + newClaimColumns() + QStringLiteral(") VALUES (")
               + kNewClaimValues + QStringLiteral(") ON CONFLICT (scope, idem_key) DO NOTHING RETURNING 1) SELECT ")
               + columns.join(QStringLiteral(", "))
               + QStringLiteral(", (SELECT count(*) FROM ins) FROM (SELECT 1) AS one "
                                "LEFT JOIN idem_records r ON r.scope = ? AND r.idem_key = ?");
    }();
    const PgAnswer answer = runPgHot({sql,
                                      {req.scope, req.key, text(req.fingerprint), lease, text(req.owner), text(req.bizNo), req.nowMs,
                                       req.nowMs, requestValue(req.keptRequest()), req.scope, req.key}},
                                     true);
    if (!answer.ok())
        return failure(answer.error(), Text::tr("Claiming a record"));
    if (answer.rows() != 1 || answer.columns() != kSqlRecordColumns + 1)
        return makeError(ErrorKind::Internal, Text::tr("Claiming a record on %1 gave %2 rows of %3 columns, not one of %4.")
                                                  .arg(displayUrl())
                                                  .arg(answer.rows())
                                                  .arg(answer.columns())
                                                  .arg(kSqlRecordColumns + 1));
    if (answer.value(0, kSqlRecordColumns).toLongLong() == 1)
        return claimedFirst(req, lease);
    if (answer.isNull(0, 0))
        return FirstClaim{};
    if (const QString problem = answer.typeProblem(); !problem.isEmpty())
        return makeError(ErrorKind::Corrupt,
                         Text::tr("Record %1/%2 in %3 cannot be read: %4. The table was changed by hand; nothing is done to the "
                                  "record. Give the column back the type resources/sql/postgresql.sql declares.")
                             .arg(req.scope, req.key, displayUrl(), problem));
    std::array<QVariant, kSqlRecordColumns> values;
    for (int i = 0; i < kSqlRecordColumns; ++i)
        values[i] = answer.value(0, i);
    return firstClaim(req, lease, sqlRecordFromValues(values, displayUrl()));
}

// The record the first claim step found, or our own insert: on MariaDB the
// row RETURNING gave is the one we inserted when it holds our new lease
// (random, 128 bits); on both, an insert of ours that committed before a
// lost connection made readOnce repeat the statement reads back the same.
Result<SqlStore::FirstClaim> SqlStore::firstClaim(const ClaimRequest &req, const QString &lease, Record seen)
{
    if (!seen.readError.isEmpty())
        return makeError(ErrorKind::Corrupt, seen.readError);
    if (seen.state == RecordState::InFlight && seen.lease == lease)
        return claimedFirst(req, lease);
    return FirstClaim{std::nullopt, std::move(seen)};
}

SqlStore::FirstClaim SqlStore::claimedFirst(const ClaimRequest &req, const QString &lease)
{
    m_counters.add(req.scope, req.nowMs, Counter::Executed);
    maybeFlush(req.nowMs);
    return FirstClaim{ClaimResult{ClaimOutcome::Claimed, newClaimRecord(req, lease), false}, std::nullopt};
}

// A deadlock victim was rolled back: it runs again, three times at most.
PgAnswer SqlStore::runPgHot(const SqlStatement &statement, bool repeatable)
{
    bool repeated = false;
    for (int attempt = 1;; ++attempt) {
        PgAnswer answer;
        if (m_pgMux) {
            answer = m_pgMux->exec(statement.sql, statement.values);
        } else if (Result<QSqlDatabase> db = m_connections.acquire(); !db) {
            return {nullptr, QSqlError(QStringLiteral("libpq"), db.error().message, QSqlError::ConnectionError)};
        } else {
            answer = pgHotExec(db.value(), m_connections.libpqStatements(db.value()), statement.sql, statement.values);
        }
        if (answer.ok())
            return answer;
        const SqlDialect::Failure failed = m_dialect.classify(answer.error());
        if (failed == SqlDialect::Failure::ConnectionLost && !m_pgMux)
            m_connections.drop(); // the next acquire() connects afresh
        if (failed == SqlDialect::Failure::ConnectionLost && repeatable && !repeated) {
            repeated = true;
            continue;
        }
        if (attempt >= 3 || failed != SqlDialect::Failure::Deadlock)
            return answer;
    }
}

// claim()'s first read. Only it may reconnect (readOnce): after a write
// nothing is repeated. On PostgreSQL and MariaDB the first read is also the
// insert (insertOrRead): a new key is claimed, and a replay decided, in one
// round trip. Repeating it on a new connection is safe too: an insert that
// did commit before the connection died is recognised by its lease.
Result<SqlStore::FirstClaim> SqlStore::readForClaim(const ClaimRequest &req)
{
    if (claimsInOneStatement()) {
        const QString lease = newLease();
        return m_dialect.kind() == Dialect::Postgres ? insertOrReadPostgres(req, lease)
                                                     : readOnce([&](QSqlDatabase &db) { return insertOrRead(db, req, lease); });
    }
    Result<std::optional<Record>> read = readOnce([&](QSqlDatabase &db) { return fetch(db, req.scope, req.key); });
    if (!read)
        return read.error();
    return FirstClaim{std::nullopt, std::move(read).value()};
}

namespace {

// The answer to a claim on a live record that needs no write, with the
// counter it adds: a mismatch, a replay, or an attempt still in flight.
std::optional<std::pair<ClaimOutcome, Counter>> readOnlyOutcome(const Record &seen, const ClaimRequest &req, bool stuck)
{
    if (seen.fingerprint != req.fingerprint)
        return std::pair{ClaimOutcome::Mismatch, Counter::Mismatch};
    if (seen.state == RecordState::Completed)
        return std::pair{ClaimOutcome::Replay, Counter::Replayed};
    if (seen.state == RecordState::InFlight && !(stuck && req.reclaimStuck))
        return std::pair{ClaimOutcome::InProgress, Counter::InProgress};
    return std::nullopt;
}

// The record a takeover writes: an expired record starts afresh; a
// timed-out or stuck one is a new attempt of the same request.
Record takenOverRecord(const Record &seen, const ClaimRequest &req, const QString &lease, bool expired)
{
    Record mine = seen;
    mine.state = RecordState::InFlight;
    mine.lease = lease;
    mine.owner = req.owner;
    mine.updatedAt = req.nowMs;
    mine.expiresAt = 0;
    mine.statusCode = 0;
    mine.headers.clear();
    mine.body.clear();
    mine.reconciled = false;
    mine.request = req.keptRequest(); // the new attempt's request, or none: never the last attempt's
    if (!req.bizNo.isEmpty())
        mine.bizNo = req.bizNo;
    if (expired) {
        mine.fingerprint = req.fingerprint;
        mine.attempts = 1;
        mine.createdAt = req.nowMs;
    } else {
        mine.attempts = seen.attempts + 1;
    }
    return mine;
}

} // namespace

// Inserts a new claim for a key the turn found free.
Result<std::optional<ClaimResult>> SqlStore::insertNewClaim(QSqlDatabase &db, const ClaimRequest &req, const QString &lease)
{
    QSqlQuery q(db);
    const SqlStatement insert{m_dialect.insertIfAbsent(newClaimColumns(), kNewClaimValues),
                              {req.scope, req.key, text(req.fingerprint), lease, text(req.owner), text(req.bizNo), req.nowMs, req.nowMs,
                               requestValue(req.keptRequest())}};
    if (!runWriting(q, insert) && m_dialect.classify(q.lastError()) != SqlDialect::Failure::Deadlock)
        return failure(q, Text::tr("Claiming a record"));
    if (q.isActive() && q.numRowsAffected() == 1) {
        Record mine = newClaimRecord(req, lease);
        m_counters.add(req.scope, req.nowMs, Counter::Executed);
        maybeFlush(req.nowMs);
        return std::optional<ClaimResult>(ClaimResult{ClaimOutcome::Claimed, std::move(mine), false});
    }
    return std::optional<ClaimResult>(); // another claimer inserted it first: read theirs
}

// Takes over the record seen, compare-and-set on its lease, state and
// update time. Every takeover writes a new lease, so MySQL, which counts
// changed rather than matched rows, counts a matched row as 1 too.
Result<std::optional<ClaimResult>> SqlStore::takeOver(QSqlDatabase &db, const ClaimRequest &req, const Record &seen, bool expired,
                                                      const QString &lease)
{
    QSqlQuery q(db);
    Record mine = takenOverRecord(seen, req, lease, expired);
    const SqlStatement takeover{
        QStringLiteral("UPDATE idem_records SET state = 'IN_FLIGHT', fingerprint = ?, lease = ?, owner = ?, attempts = ?, "
                       "biz_no = ?, status_code = 0, headers = NULL, body = NULL, created_at = ?, updated_at = ?, "
                       "expires_at = 0, reconciled = 0, request = ? "
                       "WHERE scope = ? AND idem_key = ? AND lease = ? AND state = ? AND updated_at = ?"),
        {text(mine.fingerprint), mine.lease, text(mine.owner), mine.attempts, text(mine.bizNo), mine.createdAt, mine.updatedAt,
         requestValue(mine.request), req.scope, req.key, seen.lease, recordStateName(seen.state), seen.updatedAt}};
    if (!runWriting(q, takeover) && m_dialect.classify(q.lastError()) != SqlDialect::Failure::Deadlock)
        return failure(q, Text::tr("Taking over a record"));
    if (q.isActive() && q.numRowsAffected() == 1) {
        m_counters.add(req.scope, req.nowMs, Counter::Executed);
        maybeFlush(req.nowMs);
        return std::optional<ClaimResult>(ClaimResult{ClaimOutcome::Claimed, std::move(mine), false});
    }
    return std::optional<ClaimResult>(); // changed between our read and our write: read again
}

// The claim turns are bounded: each turn means another claimer changed the
// record between our read and our write, which a handful of turns outlasts.
// A turn ends without a decision when
// - the insert found the key taken, and the re-read then finds no row at
//   all: under READ COMMITTED each statement sees what was committed when
//   it started, and the row that blocked the insert may have been
//   released (deleted) or purged in between. Nothing is assumed about a
//   row not seen: the next turn reads and inserts again;
// - a compare-and-set matched no row (another claimer, a completion or a
//   sweep changed it first);
// - the statement was chosen as a deadlock victim (InnoDB may pick a
//   single-row insert): it was rolled back, so repeating the turn is
//   safe. A lock that did not come free in time is not retried: that
//   wait already took the server's lock timeout.
Result<ClaimResult> SqlStore::claim(const ClaimRequest &req)
{
    Result<FirstClaim> first = readForClaim(req);
    if (!first)
        return first.error();
    if (first->claimed)
        return std::move(*first->claimed);
    std::optional<Record> firstRead = std::move(first->existing);
    // The thread's QtSql connection, opened only for a turn that needs it:
    // on PostgreSQL the first statement decides a replay, a new claim and
    // an in-progress answer without it.
    std::optional<QSqlDatabase> db;
    const auto open = [&]() -> std::optional<Error> {
        if (db)
            return std::nullopt;
        Result<QSqlDatabase> opened = m_connections.acquire();
        if (!opened)
            return opened.error();
        db = opened.value();
        return std::nullopt;
    };

    for (int turn = 0; turn < 16; ++turn) {
        if (std::optional<Error> closed = turn > 0 ? open() : std::nullopt)
            return *closed;
        Result<std::optional<Record>> existing =
            turn == 0 ? Result<std::optional<Record>>(std::move(firstRead)) : fetch(*db, req.scope, req.key);
        if (!existing)
            return existing.error();
        // A lease and a query only for a write: a replay needs neither
        // (docs/benchmarks.md, "Why the hot path looks as it does").
        Result<std::optional<ClaimResult>> written = std::optional<ClaimResult>();
        if (!existing.value()) {
            const QString lease = newLease();
            if (std::optional<Error> closed = open())
                return *closed;
            written = insertNewClaim(*db, req, lease);
        } else {
            const Record &seen = *existing.value();
            const bool expired = seen.isExpired(req.nowMs);
            const bool stuck = seen.state == RecordState::InFlight && seen.ageMs(req.nowMs) >= req.inFlightTimeoutMs;
            if (const auto readOnly = expired ? std::nullopt : readOnlyOutcome(seen, req, stuck)) {
                m_counters.add(req.scope, req.nowMs, readOnly->second);
                maybeFlush(req.nowMs);
                return ClaimResult{readOnly->first, seen, stuck && readOnly->first == ClaimOutcome::InProgress};
            }
            const QString lease = newLease();
            if (std::optional<Error> closed = open())
                return *closed;
            written = takeOver(*db, req, seen, expired, lease);
        }
        if (!written)
            return written.error();
        if (written.value())
            return std::move(*written.value());
    }
    return makeError(ErrorKind::Unavailable,
                     Text::tr("The record %1/%2 kept changing under concurrent claims; try again.").arg(req.scope, req.key));
}

Result<Transition> SqlStore::finishTransition(qint64 affected, const QString &scope, const QString &key, qint64 nowMs,
                                              std::optional<Counter> appliedCounter, std::optional<Counter> staleCounter)
{
    if (affected == 1) {
        if (appliedCounter)
            m_counters.add(scope, nowMs, *appliedCounter);
        maybeFlush(nowMs);
        return Transition{TransitionOutcome::Applied, std::nullopt};
    }
    // Nothing changed: the lease is stale. Tell the caller what won.
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    Result<std::optional<Record>> current = fetch(db.value(), scope, key);
    if (!current)
        return current.error();
    if (staleCounter)
        m_counters.add(scope, nowMs, *staleCounter);
    maybeFlush(nowMs);
    return Transition{current.value() ? TransitionOutcome::StaleLease : TransitionOutcome::NotFound, current.value()};
}

// The compare-and-set's state test, written so that PostgreSQL looks the row
// up by its primary key: with a plain state = 'IN_FLIGHT' the planner takes
// the partial in-flight index on (scope, …), whose entries for records that
// were completed since the last VACUUM it then walks one by one (measured by
// tools/bench-peers.sh: 62 buffers and ~250 µs per completing UPDATE instead
// of 4). COALESCE hides the implication from the planner and changes nothing
// else: state is NOT NULL.
const QString kStillInFlight = QStringLiteral("COALESCE(state, '') = 'IN_FLIGHT'");

// complete and release: one compare-and-set on the lease of an
// in-flight record. Each changes the state, so MySQL's changed-rows count is
// the matched count.
Result<Transition> SqlStore::transition(const SqlStatement &statement, const QString &what, const QString &scope, const QString &key,
                                        qint64 nowMs, std::optional<Counter> appliedCounter, std::optional<Counter> staleCounter)
{
    if (m_dialect.kind() == Dialect::Postgres) {
        // Never repeated after a lost session: it may have committed.
        const PgAnswer answer = runPgHot(statement, false);
        if (!answer.ok())
            return failure(answer.error(), what);
        return finishTransition(answer.affected(), scope, key, nowMs, appliedCounter, staleCounter);
    }
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    std::optional<QSqlQuery> fallback;
    QSqlQuery *q = nullptr;
    // A deadlock victim was rolled back: the same compare-and-set may run again.
    for (int attempt = 1; !runHot(db.value(), statement, fallback, &q); ++attempt) {
        if (attempt == 3 || m_dialect.classify(q->lastError()) != SqlDialect::Failure::Deadlock)
            return failure(*q, what);
    }
    return finishTransition(q->numRowsAffected(), scope, key, nowMs, appliedCounter, staleCounter);
}

Result<Transition> SqlStore::complete(const QString &scope, const QString &key, const QString &lease, const Response &response,
                                      qint64 nowMs, qint64 retentionMs)
{
    static const QString sql = QStringLiteral("UPDATE idem_records SET state = 'COMPLETED', status_code = ?, headers = ?, body = ?, "
                                              "updated_at = ?, expires_at = ? WHERE scope = ? AND idem_key = ? AND lease = ? AND ")
                               + kStillInFlight;
    // A non-null empty body stays distinguishable from "no body".
    return transition({sql,
                       {response.status, encodeHeaders(response.headers), response.body.isNull() ? QByteArray("") : response.body, nowMs,
                        nowMs + retentionMs, scope, key, lease}},
                      Text::tr("Completing a record"), scope, key, nowMs, std::nullopt, Counter::LateFinish);
}

Result<Transition> SqlStore::release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs)
{
    static const QString sql =
        QStringLiteral("DELETE FROM idem_records WHERE scope = ? AND idem_key = ? AND lease = ? AND ") + kStillInFlight;
    return transition({sql, {scope, key, lease}}, Text::tr("Releasing a record"), scope, key, nowMs, Counter::Released,
                      Counter::LateFinish);
}
