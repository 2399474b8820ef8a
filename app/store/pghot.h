#pragma once

#include <QByteArray>
#include <QSqlError>
#include <QString>
#include <QVarLengthArray>
#include <QVariant>

#include <memory>
#include <unordered_map>

class QSqlDatabase;
struct pg_conn;
struct pg_result;

// The guard's hot statements on PostgreSQL (the claim's insert-or-read, the
// complete and the release), sent through libpq on QPSQL's own connection
// (QSqlDriver::handle()). Why not QtSql: QPSQL runs a kept prepared query as
// a simple query `EXECUTE name('literal', …)` that the server parses anew
// each time, and reads every result into QVariants through its own text
// parsing; pgbench -M prepared of the same statements ran about 1.5 times
// as many replays per second (tools/bench-peers.sh, "limit"). Here each
// statement is parsed once per session (PQprepare) and then only bound and
// executed (PQexecPrepared), with results in binary format.
//
// By default the store sends these statements through the sessions its
// threads share (PgMux, pgmux.h), with the parameters and results of this
// file; pgHotExec serves a store whose URL says connections=0, on each
// thread's own QPSQL session.
//
// Everything else (connecting, session setup, reconnecting, the console's
// queries) stays with QtSql: the session is QPSQL's, the hot statements only
// borrow it between QtSql's queries. Before sending, a hot statement drains
// what QPSQL left unread, exactly as QPSQL's own next query would: a
// forward-only result's terminating null result, which QPSQL leaves for
// later. A forward-only QtSql query still being read at that moment would
// lose its rest, as with any other query QPSQL ran meanwhile; the store
// reads and destroys each of its forward-only queries before a hot
// statement can run (tst_pghot).
class PgAnswer {
public:
    PgAnswer();
    PgAnswer(pg_result *result, QSqlError error);
    PgAnswer(PgAnswer &&) noexcept;
    PgAnswer &operator=(PgAnswer &&) noexcept;
    ~PgAnswer();

    bool ok() const { return m_error.type() == QSqlError::NoError; }
    // A lost session is QSqlError::ConnectionError; a statement the server
    // refused carries its SQLSTATE as nativeErrorCode() (SqlDialect::classify).
    const QSqlError &error() const { return m_error; }

    int rows() const;
    int columns() const;
    // Rows an UPDATE or DELETE changed (its command tag); 0 for others.
    qint64 affected() const;
    bool isNull(int row, int column) const;
    // The value as QPSQL would give it: text as QString, bytea as QByteArray,
    // smallint/integer/bigint as qlonglong, boolean as bool, NULL as an
    // invalid QVariant. A type the engine never uses (a column altered to
    // numeric, say) has no value: typeProblem() names it.
    QVariant value(int row, int column) const;
    // Empty when every column has a type value() reads; else which column
    // has which type, for a Corrupt error: such a row is never guessed at.
    QString typeProblem() const;

private:
    std::unique_ptr<pg_result, void (*)(pg_result *)> m_result;
    QSqlError m_error;
};

// Hashes a statement's SQL by its length and at most its first and last 64
// characters. The hot statements are long (the claim's is some 700
// characters) and are looked up on every call: hashing all of one was 3% of
// a PostgreSQL client's time at 32 threads (perf). Two statements
// alike there only share a bucket; keys still compare whole.
struct SqlTextHash {
    size_t operator()(const QString &sql) const noexcept;
};
// The names of the statements a session prepared through libpq, by SQL.
using PgStatementNames = std::unordered_map<QString, QByteArray, SqlTextHash>;

// A statement's parameters as libpq takes them, alive as long as this is:
// text (numbers as digits, QString as UTF-8), QByteArray as binary (bytea);
// an invalid QVariant, a null QString and a null QByteArray as NULL, as
// QtSql binds them. On the stack for the hot statements' few (four heap
// blocks per call otherwise).
class PgParameters {
public:
    explicit PgParameters(const QVariantList &values);
    qsizetype size() const { return m_pointers.size(); }
    const char *const *values() const { return m_pointers.data(); }
    const int *lengths() const { return m_lengths.data(); }
    const int *formats() const { return m_formats.data(); }

private:
    static constexpr qsizetype kOnStack = 16;
    // Binary values share the caller's bytes (an implicitly shared copy);
    // text is written into one buffer, so a statement's strings and
    // numbers cost no allocation each.
    QVarLengthArray<QByteArray, kOnStack> m_binary;
    QVarLengthArray<char, 1024> m_text;
    QVarLengthArray<const char *, kOnStack> m_pointers;
    QVarLengthArray<int, kOnStack> m_lengths;
    QVarLengthArray<int, kOnStack> m_formats;
};

// '?' to '$1', '$2', … (the statement has no '?' of its own).
QByteArray pgPositional(const QString &sql);
// Whether a statement's result is a success (a command or rows).
bool pgSucceeded(const pg_result *result);
// The error a failed call left: the server's (with its SQLSTATE) or, when
// the session is gone, a connection error with libpq's text.
QSqlError pgErrorOf(pg_conn *conn, const pg_result *result);
// Whether the server ran nothing and only wants the statement prepared
// again: it is unknown to the session (26000), or its cached plan no longer
// fits a table whose column types changed (0A000, "cached plan must not
// change result type").
bool pgWantsNewPrepare(const QSqlError &error);

// Runs `sql` (with '?' placeholders, none in literals) on `db`'s session as
// a statement prepared once per session. `statements` holds the names this
// session prepared, by SQL (SqlConnections::libpqStatements: cleared with
// the session). Parameters as PgParameters sends them.
// A statement the session no longer has, or whose plan the server refuses
// after a column type changed (ALTER TABLE), is prepared again and run once
// more: in both cases the server ran nothing.
PgAnswer pgHotExec(const QSqlDatabase &db, PgStatementNames &statements, const QString &sql, const QVariantList &values);
