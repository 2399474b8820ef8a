#include "app/store/pgmux.h"

#include "app/store/sqldialect.h"

#include <QCoreApplication>
#include <QList>

#include <libpq-fe.h>

#include <chrono>
#include <mutex>
#include <optional>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

// As RedisMux: batches a leading thread writes before it hands the session
// to a waiting thread.
constexpr int kBatchesPerLeader = 4;
// How long after a failed connect the threads fail at once instead of
// connecting again.
constexpr auto kConnectBackoff = std::chrono::milliseconds(200);

// A call's state word; see RedisMux (redismux.cpp) for why a futex and not
// std::atomic::wait.
enum CallState : int { Queued, Sleeping, Answered, Lead };

int awaitTurn(std::atomic<int> &word)
{
    static_assert(sizeof(std::atomic<int>) == sizeof(int));
    int state = Queued;
    if (!word.compare_exchange_strong(state, Sleeping, std::memory_order_acq_rel, std::memory_order_acquire))
        return state;
    while ((state = word.load(std::memory_order_acquire)) == Sleeping)
        syscall(SYS_futex, reinterpret_cast<int *>(&word), FUTEX_WAIT_PRIVATE, int(Sleeping), nullptr, nullptr, 0);
    return state;
}

// Nothing of the call may be read afterwards: its thread may have freed it.
void setState(std::atomic<int> &word, int state)
{
    if (word.exchange(state, std::memory_order_acq_rel) == Sleeping)
        syscall(SYS_futex, reinterpret_cast<int *>(&word), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

// A conninfo value in single quotes, as libpq reads it.
QByteArray quoted(const QString &value)
{
    QByteArray out = value.toUtf8();
    out.replace('\\', "\\\\");
    out.replace('\'', "\\'");
    return '\'' + out + '\'';
}

QSqlError connectionError(const QString &text)
{
    return QSqlError(QStringLiteral("libpq"), text, QSqlError::ConnectionError);
}

// One segment's results: the statement's, the end of its results, its Sync.
// nullopt when the session broke or answered out of turn, with the reason
// in `failed`.
std::optional<PGresult *> readSegment(PGconn *conn, QSqlError &failed)
{
    PGresult *result = PQgetResult(conn);
    if (PQstatus(conn) == CONNECTION_BAD || !result) {
        failed = pgErrorOf(conn, result);
        PQclear(result);
        return std::nullopt;
    }
    PGresult *end = PQgetResult(conn);
    PGresult *sync = end ? nullptr : PQgetResult(conn);
    const bool inTurn = !end && sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
    PQclear(end);
    PQclear(sync);
    if (!inTurn || PQstatus(conn) == CONNECTION_BAD) {
        failed = PQstatus(conn) == CONNECTION_BAD ? pgErrorOf(conn, nullptr)
                                                  : connectionError(Text::tr("PostgreSQL answered a pipelined statement out of turn"));
        PQclear(result);
        return std::nullopt;
    }
    return result;
}

// Threads take the sessions in turn, each the first time it asks.
std::atomic<unsigned> g_nextTicket{0};
thread_local const unsigned t_ticket = g_nextTicket.fetch_add(1, std::memory_order_relaxed);

} // namespace

// One thread's statement, on that thread's stack until it has its result.
struct PgMux::Call {
    Call(const QString &statement, const PgParameters &values)
        : sql(statement)
        , parameters(values)
    {
    }

    const QString &sql;
    const PgParameters &parameters;
    std::optional<PgAnswer> answer;
    std::atomic<int> state{Queued};
    // The leading thread's, while the call is in its batch.
    QByteArray name;
    bool preparing = false;

    void finish(PgAnswer result)
    {
        answer = std::move(result);
        setState(state, Answered);
    }
};

struct PgMux::Session {
    std::mutex mutex;
    QList<Call *> queue; // under mutex
    bool leading = false; // under mutex
    // The leading thread's:
    QList<Call *> batch;
    PGconn *conn = nullptr;
    PgStatementNames names; // prepared on conn, by SQL
    quint64 nextName = 0;
    std::optional<std::chrono::steady_clock::time_point> failedConnectAt;
    QSqlError failedConnect;

    void reset()
    {
        PQfinish(conn);
        conn = nullptr;
        names.clear();
    }
};

PgMux::PgMux(const StoreUrl &url, int sessions)
    : m_conninfo([&] {
        // The options QPSQL gets (SqlDialect::connectOptions: timeouts,
        // keepalives, application_name, the URL's libpq keywords), the
        // password as configureSqlDatabase takes it, and UTF-8 as QPSQL sets
        // it: text parameters are sent as UTF-8.
        QByteArray info = "client_encoding=UTF8";
        if (!url.host.isEmpty())
            info += " host=" + quoted(url.host);
        if (url.port > 0)
            info += " port=" + QByteArray::number(url.port);
        info += " dbname=" + quoted(url.database);
        if (!url.user.isEmpty())
            info += " user=" + quoted(url.user);
        const QString password = !url.password.isEmpty() ? url.password : qEnvironmentVariable("IDEM_PG_PASSWORD");
        if (!password.isEmpty())
            info += " password=" + quoted(password);
        // urlProblem() refuses a ';' in a value: each ';' separates two options.
        QString options = SqlDialect(SqlDialect::Kind::Postgres).connectOptions(url);
        info += ' ' + options.replace(QLatin1Char(';'), QLatin1Char(' ')).toUtf8();
        return info;
    }())
{
    for (int i = 0; i < qBound(1, sessions, 64); ++i)
        m_sessions.push_back(std::make_unique<Session>());
}

PgMux::~PgMux()
{
    for (const std::unique_ptr<Session> &session : m_sessions)
        session->reset();
}

PgAnswer PgMux::exec(const QString &sql, const QVariantList &values)
{
    Session &session = *m_sessions[t_ticket % m_sessions.size()];
    const PgParameters parameters(values);
    for (int attempt = 0;; ++attempt) {
        Call call(sql, parameters);
        std::unique_lock lock(session.mutex);
        session.queue.append(&call);
        const bool leading = !session.leading;
        session.leading = true;
        lock.unlock();
        if (leading || awaitTurn(call.state) == Lead)
            lead(session);
        Q_ASSERT(call.answer);
        // The leading thread forgot the statement's name: prepare it again.
        if (attempt == 0 && !call.answer->ok() && pgWantsNewPrepare(call.answer->error()))
            continue;
        return std::move(*call.answer);
    }
}

void PgMux::lead(Session &session)
{
    for (int batches = 0;; ++batches) {
        {
            std::lock_guard lock(session.mutex);
            if (session.queue.isEmpty()) {
                session.leading = false;
                return;
            }
            if (batches == kBatchesPerLeader) {
                // Still leading until the woken thread takes over.
                setState(session.queue.constFirst()->state, Lead);
                return;
            }
            session.batch.swap(session.queue);
        }
        run(session);
        session.batch.clear();
    }
}

bool PgMux::connect(Session &session, QSqlError *error)
{
    const auto now = std::chrono::steady_clock::now();
    if (session.failedConnectAt && now - *session.failedConnectAt < kConnectBackoff) {
        *error = session.failedConnect;
        return false;
    }
    session.conn = PQconnectdb(m_conninfo.constData());
    if (PQstatus(session.conn) != CONNECTION_OK || !PQenterPipelineMode(session.conn)) {
        // libpq's message names the host and the reason, never the password.
        *error =
            connectionError(Text::tr("Cannot connect to PostgreSQL: %1").arg(QString::fromUtf8(PQerrorMessage(session.conn)).trimmed()));
        session.reset();
        session.failedConnectAt = now;
        session.failedConnect = *error;
        return false;
    }
    session.failedConnectAt.reset();
    return true;
}

void PgMux::run(Session &session)
{
    QSqlError failed;
    if (!session.conn && !connect(session, &failed)) {
        for (Call *call : session.batch)
            call->finish({nullptr, failed});
        return;
    }
    const qsizetype sent = send(session);
    m_roundTrips.fetch_add(1, std::memory_order_relaxed);
    const qsizetype answered = answer(session, sent, failed);
    if (answered == session.batch.size())
        return;
    failUnanswered(session, answered, std::move(failed));
}

// Every statement, each followed by its Sync; a statement not yet prepared
// on this session is prepared first, in a Sync of its own. Returns how many
// statements were sent: the first that could not be sent stops the batch.
qsizetype PgMux::send(Session &session)
{
    PGconn *conn = session.conn;
    qsizetype sent = 0;
    for (Call *call : session.batch) {
        QByteArray &name = session.names[call->sql];
        call->preparing = name.isEmpty();
        if (call->preparing) {
            name = "idem_mux_" + QByteArray::number(++session.nextName);
            if (!PQsendPrepare(conn, name.constData(), pgPositional(call->sql).constData(), int(call->parameters.size()), nullptr)
                || !PQpipelineSync(conn))
                break;
        }
        call->name = name;
        const PgParameters &p = call->parameters;
        if (!PQsendQueryPrepared(conn, name.constData(), int(p.size()), p.values(), p.lengths(), p.formats(), 1 /* binary results */)
            || !PQpipelineSync(conn))
            break;
        ++sent;
    }
    return sent;
}

// Reads the results of the first `sent` calls in order and finishes each.
// Returns how many were answered; fewer than `sent` when the session broke
// or answered out of turn, with the reason in `failed`.
qsizetype PgMux::answer(Session &session, qsizetype sent, QSqlError &failed)
{
    PGconn *conn = session.conn;
    qsizetype answered = 0;
    for (; answered < sent; ++answered) {
        Call *call = session.batch.at(answered);
        QSqlError prepareError;
        if (call->preparing) {
            const std::optional<PGresult *> prepared = readSegment(conn, failed);
            if (!prepared)
                break;
            if (!pgSucceeded(*prepared))
                prepareError = pgErrorOf(conn, *prepared);
            PQclear(*prepared);
        }
        const std::optional<PGresult *> result = readSegment(conn, failed);
        if (!result)
            break;
        if (!prepareError.isValid() && pgSucceeded(*result)) {
            call->finish({*result, QSqlError()});
            continue;
        }
        QSqlError error = prepareError.isValid() ? prepareError : pgErrorOf(conn, *result);
        PQclear(*result);
        // Prepared again by the next call that needs it. The old one, if
        // the session still has it, stays under its name: deallocating it
        // would cost a segment for a case that needs an ALTER TABLE.
        if (prepareError.isValid() || pgWantsNewPrepare(error)) {
            if (auto it = session.names.find(call->sql); it != session.names.end() && it->second == call->name)
                session.names.erase(it);
        }
        call->finish({nullptr, std::move(error)});
    }
    return answered;
}

// The session broke, or a statement could not be sent (which libpq does
// only on a broken session): every call from `answered` on fails, and the
// next batch connects afresh.
void PgMux::failUnanswered(Session &session, qsizetype answered, QSqlError failed)
{
    if (!failed.isValid())
        failed = pgErrorOf(session.conn, nullptr);
    if (failed.type() != QSqlError::ConnectionError)
        failed = connectionError(failed.databaseText());
    session.reset();
    const QList<Call *> &batch = session.batch;
    for (qsizetype i = answered; i < batch.size(); ++i)
        batch.at(i)->finish({nullptr, failed});
}
