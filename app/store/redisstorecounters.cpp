// RedisStore's counters on their way out: the counts kept in memory (store
// errors; replays answered by a read, claim()) written to the minute hashes
// about once a second and when asked. The scripts count everything else
// themselves; the reading side is counters() in redisstorelistings.cpp.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>
#include <QDateTime>

#include <chrono>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

Result<void> RedisStore::writeCounters(RedisLink &c, const QList<CounterRow> &rows)
{
    QList<RedisCommand> writes;
    QStringList registering;
    const QByteArray ttl = QByteArray::number(kCounterTtlMs);
    for (const CounterRow &row : rows) {
        if (RedisLayout::checkScope(row.scope))
            continue; // cannot be keyed; the caller's own request failed on it already
        // On a cluster the store errors of a scope go to its first bucket
        // (writeTag registers the scope with its count); on one server the
        // scope is registered here, pipelined with the counts.
        const bool cluster = c.isCluster();
        Result<QString> tag = cluster ? writeTag(c, row.scope, QString()) : Result<QString>(row.scope);
        if (!tag) {
            if (tag.error().kind == ErrorKind::InvalidArgument)
                continue; // a scope a cluster cannot key: its request failed on it already
            return tag.error();
        }
        if (!cluster && !m_registry.isRegistered(row.scope) && !registering.contains(row.scope)) {
            registering << row.scope;
            writes.append(RedisCommand{"SADD", RedisLayout::scopesKey(), row.scope.toUtf8()});
        }
        const QByteArray hash = RedisLayout::counterKey(tag.value(), row.minute), minute = QByteArray::number(row.minute);
        for (int i = 0; i < CounterCount; ++i) {
            if (row.counts.values[i] != 0)
                writes.append(RedisCommand{"HINCRBY", hash, counterName(Counter(i)).toUtf8(), QByteArray::number(row.counts.values[i])});
        }
        writes.append(RedisCommand{"PEXPIRE", hash, ttl});
        writes.append(RedisCommand{"ZADD", RedisLayout::minutesKey(tag.value()), minute, minute});
        writes.append(RedisCommand{"PEXPIRE", RedisLayout::minutesKey(tag.value()), ttl});
    }
    if (writes.isEmpty())
        return {};
    Result<QList<RedisReply>> replies = c.pipeline(writes);
    if (!replies)
        return replies.error();
    for (const RedisReply &reply : replies.value()) {
        if (const QByteArray error = RedisConnection::errorText(*reply); !error.isEmpty())
            return m_layout.replyError(error, Text::tr("Writing counters"));
    }
    for (const QString &scope : std::as_const(registering))
        m_registry.markRegistered(scope);
    return {};
}

void RedisStore::maybeFlush(RedisLink &c, qint64 nowMs)
{
    // The buffer holds store errors and read-first replays (claim()), and
    // its mutex is shared by every thread: look at most once a second (by
    // the steady clock, since callers may pass any clock), the first thread
    // past the mark looks.
    const qint64 steadyMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
    qint64 mark = m_nextFlushLookMs.load(std::memory_order_relaxed);
    if (steadyMs < mark || !m_nextFlushLookMs.compare_exchange_strong(mark, steadyMs + 1000))
        return;
    const QList<CounterRow> rows = m_counters.takeDue(nowMs, true);
    if (rows.isEmpty())
        return;
    if (Result<void> written = writeCounters(c, rows); !written && written.error().kind == ErrorKind::Unavailable)
        m_counters.putBack(rows); // written with a later call; nothing counted is lost
}

Result<void> RedisStore::flushCounters()
{
    const QList<CounterRow> rows = m_counters.takeDue(QDateTime::currentMSecsSinceEpoch(), true);
    if (rows.isEmpty())
        return {};
    Result<RedisLink *> c = connection();
    Result<void> written = c ? writeCounters(*c.value(), rows) : Result<void>(c.error());
    if (!written && written.error().kind == ErrorKind::Unavailable)
        m_counters.putBack(rows);
    return written;
}
