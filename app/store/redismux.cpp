#include "app/store/redismux.h"

#include <QCoreApplication>

#include <optional>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// How many batches a leading thread writes before it hands the connection to
// a waiting thread. Its own request was answered in the first; the next
// batches spare a wake-up per batch while they pile up, and the bound keeps
// its own caller from waiting long under a steady load.
constexpr int kBatchesPerLeader = 4;

// A call's state word. A waiting thread marks it Sleeping before it sleeps
// in the kernel, so the thread that answers makes the wake-up system call
// only for a thread that sleeps (never for its own call).
enum CallState : int { Queued, Sleeping, Answered, Lead };

// Sleeps in the kernel at once while the call is queued. std::atomic::wait
// spins first, calling sched_yield: with 32 threads on 2 cores that spinning
// was a fifth of the client's time (perf) and took the core from the thread
// that was leading. Returns Answered or Lead.
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

// Sets the call's state; wakes its thread if it sleeps. Nothing of the call
// may be read afterwards: its thread may have returned and freed it. The
// futex wake-up reads nothing of the object (a spurious wake-up of whatever
// lives there later is allowed by every futex user; an unmapped address
// gets EFAULT).
void setState(std::atomic<int> &word, int state)
{
    if (word.exchange(state, std::memory_order_acq_rel) == Sleeping)
        syscall(SYS_futex, reinterpret_cast<int *>(&word), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

} // namespace

// One thread's request, on that thread's stack until it has its result.
struct RedisMux::Call {
    QByteArray request; // the commands, encoded
    qsizetype replyCount = 0;
    std::optional<Result<QList<RedisReply>>> result;
    std::atomic<int> state{Queued};

    // By the leading thread; the last it touches of this call.
    void finish(Result<QList<RedisReply>> answer)
    {
        result = std::move(answer);
        setState(state, Answered);
    }
};

RedisMux::RedisMux(RedisSettings settings)
    : m_display(settings.display)
    , m_address(QString::fromUtf8(settings.host) + QLatin1Char(':') + QString::number(settings.port))
    , m_connection(std::move(settings))
{
    m_node.address = m_address;
}

RedisMux::~RedisMux() = default;

void RedisMux::close()
{
    std::lock_guard lock(m_mutex);
    m_closed = true;
    // A thread still leading closes it when its batch is done.
    if (!m_leading)
        m_connection.close();
}

Result<QList<RedisReply>> RedisMux::pipeline(const QList<RedisCommand> &commands)
{
    return pipelineWire(RedisConnection::encode(commands), commands.size());
}

Result<QList<RedisReply>> RedisMux::pipelineWire(const QByteArray &wire, qsizetype replyCount)
{
    Call call;
    call.request = wire;
    call.replyCount = replyCount;
    std::unique_lock lock(m_mutex);
    if (m_closed)
        return makeError(ErrorKind::Internal, Text::tr("The Redis store %1 was closed while still in use.").arg(m_display));
    m_queue.append(&call);
    const bool leading = !m_leading;
    m_leading = true;
    lock.unlock();
    if (leading || awaitTurn(call.state) == Lead)
        lead();
    Q_ASSERT(call.result);
    return std::move(*call.result);
}

void RedisMux::lead()
{
    for (int batches = 0;; ++batches) {
        {
            std::lock_guard lock(m_mutex);
            if (m_closed)
                m_connection.close();
            if (m_queue.isEmpty()) {
                m_leading = false;
                return;
            }
            if (batches == kBatchesPerLeader) {
                // Still leading (m_leading stays set) until the woken thread
                // takes over; its own request is in the next batch.
                setState(m_queue.constFirst()->state, Lead);
                return;
            }
            // The two lists trade buffers, so neither allocates again.
            m_batch.swap(m_queue);
        }
        run(m_batch);
        m_batch.clear();
    }
}

void RedisMux::run(const QList<Call *> &batch)
{
    qsizetype replyCount = 0;
    for (const Call *call : batch) {
        m_requests.append(call->request);
        replyCount += call->replyCount;
    }
    RedisConnection::Exchange done = m_connection.exchange(m_requests, replyCount);
    m_requests.clear(); // keeps its buffer; the requests' bytes are their threads' again
    m_roundTrips.fetch_add(1, std::memory_order_relaxed);
    // The status line's view, touched only when it changes or while the
    // server is down (a string copy per batch was a tenth of a replay's
    // allocations).
    if (const bool up = m_connection.isUp(); up != m_nodeUp || !up) {
        m_nodeUp = up;
        std::lock_guard lock(m_mutex);
        m_node.up = up;
        m_node.lastError = up ? QString() : m_connection.lastError();
    }
    // Nothing of a call is read after finish(): its thread may have freed it.
    if (batch.size() == 1 && !done.error) {
        batch.constFirst()->finish(std::move(done.replies)); // a lone request: its replies are all of them
        return;
    }
    qsizetype next = 0;
    for (Call *call : batch) {
        const qsizetype count = call->replyCount;
        if (next + count <= done.replies.size())
            call->finish(done.replies.mid(next, count));
        else
            call->finish(*done.error);
        next += count;
    }
}

Result<QList<RedisReply>> RedisMux::pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands)
{
    Q_UNUSED(key)
    return pipeline(commands);
}

Result<QList<RedisNodeInfo>> RedisMux::masters()
{
    std::lock_guard lock(m_mutex);
    return QList<RedisNodeInfo>{m_node};
}

Result<QList<RedisReply>> RedisMux::pipelineOn(const QString &address, const QList<RedisCommand> &commands)
{
    if (address != m_address)
        return makeError(ErrorKind::Unavailable, Text::tr("Redis at %1 is not the node %2.").arg(m_display, address));
    return pipeline(commands);
}
