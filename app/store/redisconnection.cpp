#include "app/store/redisconnection.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <hiredis/hiredis.h>

#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <pthread.h>
#include <sys/time.h>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

timeval toTimeval(int ms)
{
    return timeval{ms / 1000, (ms % 1000) * 1000};
}

// hiredis's reply functions, compact: a string, status or error reply is
// one heap block holding its bytes, an array one block holding its element
// pointers, where hiredis's own make two of each (calloc, then malloc).
// A read-first replay's HGETALL has 26 strings, and making and freeing
// their replies is a large part of that replay's client time, so one
// block each matters (docs/benchmarks.md). The reader frees
// a reply it could not finish with freeCompact, so elements not yet made
// must be null.
void attach(const redisReadTask *task, redisReply *reply)
{
    if (task->parent) {
        auto *parent = static_cast<redisReply *>(task->parent->obj);
        Q_ASSERT(parent->type == REDIS_REPLY_ARRAY && task->idx >= 0 && size_t(task->idx) < parent->elements);
        parent->element[task->idx] = reply;
    }
}

redisReply *newReply(int type, size_t extra)
{
    auto *reply = static_cast<redisReply *>(std::malloc(sizeof(redisReply) + extra));
    if (reply) {
        std::memset(reply, 0, sizeof(redisReply));
        reply->type = type;
    }
    return reply;
}

void *createCompactString(const redisReadTask *task, char *str, size_t len)
{
    redisReply *reply = newReply(task->type, len + 1);
    if (!reply)
        return nullptr;
    reply->str = reinterpret_cast<char *>(reply + 1);
    std::memcpy(reply->str, str, len);
    reply->str[len] = '\0';
    reply->len = len;
    attach(task, reply);
    return reply;
}

void *createCompactArray(const redisReadTask *task, int elements)
{
    const size_t count = elements > 0 ? size_t(elements) : 0;
    redisReply *reply = newReply(REDIS_REPLY_ARRAY, count * sizeof(redisReply *));
    if (!reply)
        return nullptr;
    if (count > 0) {
        reply->element = reinterpret_cast<redisReply **>(reply + 1);
        std::memset(reply->element, 0, count * sizeof(redisReply *));
    }
    reply->elements = count;
    attach(task, reply);
    return reply;
}

void *createCompactInteger(const redisReadTask *task, long long value)
{
    redisReply *reply = newReply(REDIS_REPLY_INTEGER, 0);
    if (!reply)
        return nullptr;
    reply->integer = value;
    attach(task, reply);
    return reply;
}

void *createCompactNil(const redisReadTask *task)
{
    redisReply *reply = newReply(REDIS_REPLY_NIL, 0);
    if (!reply)
        return nullptr;
    attach(task, reply);
    return reply;
}

void freeCompact(void *object)
{
    auto *reply = static_cast<redisReply *>(object);
    if (!reply)
        return;
    if (reply->type == REDIS_REPLY_ARRAY) {
        for (size_t i = 0; i < reply->elements; ++i)
            freeCompact(reply->element[i]);
    }
    std::free(reply);
}

// Not const: hiredis takes a non-const pointer, and never writes through it.
redisReplyObjectFunctions g_compactReplies{createCompactString, createCompactArray, createCompactInteger, createCompactNil, freeCompact};

QString contextError(const redisContext *context)
{
    if (!context)
        return Text::tr("out of memory");
    return QString::fromLocal8Bit(context->errstr).trimmed();
}

// hiredis 0.14 writes with write(), which raises SIGPIPE when the server has
// closed the connection: the process would die instead of seeing EPIPE.
// Blocking and unblocking SIGPIPE around each round trip costs four system
// calls (about 4 µs, an eighth of a guarded request's client time), so a
// thread that talks to Redis blocks it once and keeps it blocked.
void blockSigpipeOnThisThread()
{
    thread_local bool blocked = false;
    if (blocked)
        return;
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    blocked = true;
}

// A failed write left a SIGPIPE pending on this thread: discard it, so that
// unblocking SIGPIPE later does not deliver it.
void discardPendingSigpipe()
{
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) != 1)
        return;
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    const timespec now{0, 0};
    sigtimedwait(&pipe, nullptr, &now);
}

} // namespace

RedisConnection::RedisConnection(RedisSettings settings)
    : m_settings(std::move(settings))
{
}

RedisConnection::~RedisConnection()
{
    freeContext();
}

void RedisConnection::close()
{
    freeContext();
    m_closed = true;
}

void RedisConnection::freeContext()
{
    if (m_context)
        redisFree(m_context);
    m_context = nullptr;
}

QByteArray RedisConnection::errorText(const redisReply &reply)
{
    if (reply.type != REDIS_REPLY_ERROR)
        return QByteArray();
    return QByteArray(reply.str, qsizetype(reply.len));
}

QByteArray RedisConnection::encode(const QList<RedisCommand> &commands)
{
    // Sized first, then written in place: small QByteArray appends cost more
    // than the bytes they copy.
    char digits[24];
    const auto digitCount = [&](qsizetype n) { return std::to_chars(digits, digits + sizeof digits, n).ptr - digits; };
    qsizetype size = 0;
    for (const RedisCommand &command : commands) {
        size += 3 + digitCount(command.size());
        for (const QByteArray &arg : command)
            size += 5 + digitCount(arg.size()) + arg.size();
    }
    QByteArray out(size, Qt::Uninitialized);
    char *p = out.data();
    const auto put = [&p](char kind, qsizetype n) {
        *p++ = kind;
        p = std::to_chars(p, p + 20, n).ptr;
        *p++ = '\r';
        *p++ = '\n';
    };
    for (const RedisCommand &command : commands) {
        put('*', command.size());
        for (const QByteArray &arg : command) {
            put('$', arg.size());
            if (!arg.isEmpty())
                std::memcpy(p, arg.constData(), size_t(arg.size()));
            p += arg.size();
            *p++ = '\r';
            *p++ = '\n';
        }
    }
    Q_ASSERT(p == out.constData() + size);
    return out;
}

QByteArray RedisConnection::bytes(const redisReply *reply)
{
    if (reply && reply->type == REDIS_REPLY_INTEGER)
        return QByteArray::number(reply->integer);
    if (!reply || (reply->type != REDIS_REPLY_STRING && reply->type != REDIS_REPLY_STATUS))
        return QByteArray();
    return QByteArray(reply->str, qsizetype(reply->len));
}

Error RedisConnection::dropConnection(const QString &what)
{
    m_lastError = what;
    freeContext();
    discardPendingSigpipe();
    // The next call reconnects at once: a restarted server is often back
    // within that time. Failed reconnects back off (ensureConnected).
    m_retryAt = Clock::now();
    return makeError(
        ErrorKind::Unavailable,
        Text::tr("Redis at %1 did not answer: %2. The connection is re-established on the next request.").arg(m_settings.display, what));
}

Result<void> RedisConnection::ensureConnected()
{
    if (m_context)
        return {};
    if (m_closed)
        return makeError(ErrorKind::Internal, Text::tr("The Redis store %1 was closed while still in use.").arg(m_settings.display));
    const Clock::time_point now = Clock::now();
    if (now < m_retryAt) {
        const auto waitMs = std::chrono::duration_cast<std::chrono::milliseconds>(m_retryAt - now).count();
        return makeError(
            ErrorKind::Unavailable,
            Text::tr("Redis at %1 is unreachable (%2); the next attempt is in %3 ms.").arg(m_settings.display, m_lastError).arg(waitMs));
    }

    auto fail = [this](const QString &why, ErrorKind kind) -> Error {
        freeContext();
        ++m_failedConnects;
        // 100 ms doubling to 5 s, with jitter so a hundred threads do not
        // knock on a recovering server in the same millisecond.
        const qint64 base = qMin<qint64>(5000, 100LL << qMin(m_failedConnects - 1, 6));
        const qint64 jitter = QRandomGenerator::global()->bounded(qint64(base / 4 + 1));
        m_retryAt = Clock::now() + std::chrono::milliseconds(base + jitter);
        m_lastError = why;
        return makeError(kind, Text::tr("Cannot connect to Redis at %1: %2").arg(m_settings.display, why));
    };

    m_context = redisConnectWithTimeout(m_settings.host.constData(), m_settings.port, toTimeval(m_settings.connectTimeoutMs));
    if (!m_context || m_context->err)
        return fail(contextError(m_context), ErrorKind::Unavailable);
    useCompactReplies(m_context->reader);
    if (redisSetTimeout(m_context, toTimeval(m_settings.commandTimeoutMs)) != REDIS_OK)
        return fail(contextError(m_context), ErrorKind::Unavailable);

    // One round trip: AUTH, SELECT and CLIENT SETNAME pipelined.
    QList<RedisCommand> setup;
    if (!m_settings.password.isEmpty()) {
        setup.append(m_settings.user.isEmpty() ? RedisCommand{"AUTH", m_settings.password}
                                               : RedisCommand{"AUTH", m_settings.user, m_settings.password});
    }
    if (m_settings.database != 0)
        setup.append(RedisCommand{"SELECT", QByteArray::number(m_settings.database)});
    if (!m_settings.clientName.isEmpty())
        setup.append(RedisCommand{"CLIENT", "SETNAME", m_settings.clientName});
    Result<QList<RedisReply>> replies = pipeline(setup);
    if (!replies)
        return fail(m_lastError, ErrorKind::Unavailable);
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const QByteArray error = errorText(*replies->at(i));
        // A user without the right to name its connection still works.
        if (!error.isEmpty() && setup.at(i).constFirst() != "CLIENT") {
            // Wrong password or database number: retrying will not help
            // until an operator fixes the URL or IDEM_REDIS_PASSWORD.
            return fail(QString::fromUtf8(error) + Text::tr(" (check the user, IDEM_REDIS_PASSWORD and the database number)"),
                        ErrorKind::Refused);
        }
    }
    m_failedConnects = 0;
    m_lastError.clear();
    return {};
}

Result<QList<RedisReply>> RedisConnection::pipeline(const QList<RedisCommand> &commands)
{
    // The whole batch in the protocol's own encoding, appended at once: about
    // a fifth of a guarded request's client time went to hiredis's per-argument
    // formatting (redisAppendCommandArgv) before.
    return pipelineWire(encode(commands), commands.size());
}

Result<QList<RedisReply>> RedisConnection::pipelineWire(const QByteArray &wire, qsizetype replyCount)
{
    Exchange done = exchange({wire}, replyCount);
    if (done.error)
        return *done.error;
    return std::move(done.replies);
}

void RedisConnection::useCompactReplies(redisReader *reader)
{
    reader->fn = &g_compactReplies;
}

void RedisConnection::freeReply(const redisReply *reply)
{
    freeCompact(const_cast<redisReply *>(reply));
}

RedisConnection::Exchange RedisConnection::exchange(const QList<QByteArray> &requests, qsizetype replyCount)
{
    blockSigpipeOnThisThread();
    Exchange done;
    if (Result<void> connected = ensureConnected(); !connected) {
        done.error = connected.error();
        return done;
    }
    for (const QByteArray &request : requests) {
        if (redisAppendFormattedCommand(m_context, request.constData(), size_t(request.size())) != REDIS_OK) {
            done.error = dropConnection(contextError(m_context));
            return done;
        }
    }
    done.replies.reserve(replyCount);
    for (qsizetype i = 0; i < replyCount; ++i) {
        void *raw = nullptr;
        // A failed read leaves the context out of step with the server (a
        // late reply would answer the next command): it is never reused.
        if (redisGetReply(m_context, &raw) != REDIS_OK || !raw) {
            done.error = dropConnection(contextError(m_context));
            return done;
        }
        done.replies.append(RedisReply(static_cast<const redisReply *>(raw), &RedisConnection::freeReply));
    }
    return done;
}

Result<QList<RedisReply>> RedisConnection::pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands)
{
    Q_UNUSED(key)
    return pipeline(commands);
}

QString RedisConnection::address() const
{
    return QString::fromUtf8(m_settings.host) + QLatin1Char(':') + QString::number(m_settings.port);
}

Result<QList<RedisNodeInfo>> RedisConnection::masters()
{
    const bool up = isUp();
    return QList<RedisNodeInfo>{RedisNodeInfo{address(), true, up, up ? QString() : m_lastError}};
}

Result<QList<RedisReply>> RedisConnection::pipelineOn(const QString &address, const QList<RedisCommand> &commands)
{
    if (address != this->address())
        return makeError(ErrorKind::Unavailable, Text::tr("Redis at %1 is not the node %2.").arg(m_settings.display, address));
    return pipeline(commands);
}
