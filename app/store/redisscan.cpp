#include "app/store/redisscan.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QScopeGuard>
#include <QSet>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <limits>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisScan)
};

constexpr qint64 kRescanAfterMs = 1000; // inFlight() without a keyset position

// A scan of several masters that failed on one: the operator must know
// which, and that the rest of the listing would be missing.
Error atNode(const Error &error, const ScanProgress::Node &node)
{
    if (node.count <= 1)
        return error;
    return makeError(error.kind, Text::tr("The listing stopped at Redis node %1 (master %2 of %3), so it would be incomplete: %4 "
                                          "Check that node and list again.")
                                     .arg(node.address, QString::number(node.index), QString::number(node.count), error.message));
}

qint64 minuteOf(qint64 ms)
{
    return ms >= 0 ? ms / 60000 : (ms - 59999) / 60000;
}

} // namespace

RedisScan::RedisScan(const StoreUrl &url, const Layout &layout, std::shared_ptr<ScanProgress> progress, Reader reader)
    : m_layout(layout)
    , m_progress(std::move(progress))
    , m_reader(std::move(reader))
    , m_commandsPerKey(m_reader.commands(QByteArray("-")).size())
    , m_connections(url)
{
    const auto option = [&](const char *name, int fallback, int min, int max) {
        const QString text = url.options.value(QLatin1String(name));
        bool ok = true;
        const int value = text.isEmpty() ? fallback : text.toInt(&ok);
        if ((!ok || value < min || value > max) && !m_settingsError) {
            m_settingsError =
                makeError(ErrorKind::InvalidArgument, Text::tr("The Redis URL option %1 must be a number from %2 to %3, not '%4'.")
                                                          .arg(QLatin1String(name))
                                                          .arg(min)
                                                          .arg(max)
                                                          .arg(text));
        }
        return value;
    };
    m_progress->count = option("scan_count", layout.scanCount, 1, 1000000);
    m_cacheMs = option("scan_cache_ms", 5000, 0, 3600000);
}

RedisScan::~RedisScan() = default;

Result<RedisLink *> RedisScan::connection()
{
    if (m_settingsError)
        return *m_settingsError;
    return m_connections.connection();
}

Result<QList<StoreNode>> RedisScan::nodeHealth()
{
    if (m_settingsError)
        return *m_settingsError;
    return m_connections.pingMasters();
}

Result<void> RedisScan::open()
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<RedisReply> pong = c.value()->command({"PING"});
    if (!pong)
        return pong.error();
    if (const QByteArray error = RedisConnection::errorText(*pong.value()); !error.isEmpty())
        return makeError(ErrorKind::Refused, Text::tr("Redis %1 refused PING: %2").arg(displayUrl(), QString::fromUtf8(error)));
    return {};
}

QByteArray RedisScan::matchPattern(const QByteArray &prefix)
{
    QByteArray pattern;
    pattern.reserve(prefix.size() + 2);
    for (char c : prefix) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\')
            pattern.append('\\');
        pattern.append(c);
    }
    return pattern + '*';
}

Result<KeyReplies> RedisScan::fetch(const QByteArray &redisKey)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<RedisReply>> replies = c.value()->pipeline(m_reader.commands(redisKey));
    if (!replies)
        return replies.error();
    KeyReplies key{redisKey, replies.value(), QByteArray()};
    for (const RedisReply &r : std::as_const(key.replies)) {
        const QByteArray error = RedisConnection::errorText(*r);
        if (error.startsWith("WRONGTYPE")) {
            Result<RedisReply> type = c.value()->command({"TYPE", redisKey});
            if (!type)
                return type.error();
            key.type = RedisConnection::bytes(type.value().get());
            break;
        }
        if (!error.isEmpty())
            return makeError(
                ErrorKind::Refused,
                Text::tr("Redis %1 refused to read %2: %3").arg(displayUrl(), QString::fromUtf8(redisKey), QString::fromUtf8(error)));
    }
    return key;
}

Result<void> RedisScan::readBatch(RedisLink &c, const QList<QByteArray> &keys, const QList<RedisReply> &replies, qsizetype first,
                                  Snapshot &into, qint64 nowMs)
{
    QList<KeyReplies> read;
    read.reserve(keys.size());
    QList<qsizetype> wrongType;
    qsizetype at = first;
    for (const QByteArray &key : keys) {
        const qsizetype n = m_commandsPerKey;
        if (at + n > replies.size())
            return makeError(ErrorKind::Internal, Text::tr("Redis %1 answered fewer replies than commands.").arg(displayUrl()));
        KeyReplies k{key, replies.mid(at, n), QByteArray()};
        at += n;
        for (const RedisReply &r : std::as_const(k.replies)) {
            const QByteArray error = RedisConnection::errorText(*r);
            if (error.startsWith("WRONGTYPE")) {
                wrongType.append(read.size());
                break;
            }
            if (!error.isEmpty())
                return makeError(
                    ErrorKind::Refused,
                    Text::tr("Redis %1 refused to read %2: %3").arg(displayUrl(), QString::fromUtf8(key), QString::fromUtf8(error)));
        }
        read.append(std::move(k));
    }
    if (!wrongType.isEmpty()) { // rare: one more round trip for the keys of another type
        QList<RedisCommand> types;
        for (qsizetype i : std::as_const(wrongType))
            types.append(RedisCommand{"TYPE", read[i].redisKey});
        Result<QList<RedisReply>> answered = c.pipeline(types);
        if (!answered)
            return answered.error();
        for (qsizetype j = 0; j < wrongType.size(); ++j)
            read[wrongType[j]].type = RedisConnection::bytes(answered->at(j).get());
    }
    qint64 found = 0;
    for (const KeyReplies &k : std::as_const(read)) {
        std::optional<Record> r = m_reader.decode(k, nowMs);
        if (!r)
            continue;
        const qint64 minute = minuteOf(r->createdAt);
        auto row = into.minutes.find(minute);
        if (row == into.minutes.end()) {
            row = into.minutes.insert(minute, ActivityRow{m_layout.scope, minute, 0, 0, 0, 0});
        }
        if (!r->readError.isEmpty()) {
            ++row->unreadable;
        } else if (r->state == RecordState::Completed) {
            ++row->completed;
            ++into.completed;
            if (into.withCompleted) {
                // A summary may carry only the state and times.
                r->scope = m_layout.scope;
                r->key = QString::fromUtf8(k.redisKey.sliced(m_layout.keyPrefix.size()));
                if (m_layout.family == LayoutFamily::GoMiddleware)
                    r->bizNo = r->key; // the middleware's key is the business number
                into.completedRecords.append(std::move(*r));
            }
            continue;
        } else if (r->state == RecordState::TimedOut) {
            ++row->timedOut;
            continue;
        } else {
            ++row->inFlight;
        }
        into.inFlight.append(std::move(*r));
        ++found;
    }
    m_progress->found += found;
    return {};
}

Result<RedisScan::SnapshotPtr> RedisScan::scan(RedisLink &c, bool withCompleted)
{
    ScanProgress &progress = *m_progress;
    progress.scanned = 0;
    progress.found = 0;
    progress.cancelRequested = false;
    progress.lastCancelled = false;
    progress.running = true;
    const auto finished = qScopeGuard([&progress] {
        progress.running = false;
        progress.finishedAtMs = QDateTime::currentMSecsSinceEpoch();
    });

    Result<QList<RedisNodeInfo>> masters = c.masters();
    if (!masters)
        return masters.error();
    if (masters->isEmpty())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Redis %1 names no master to scan. Check the cluster's state (CLUSTER INFO).").arg(displayUrl()));
    const QString first = masters->constFirst().address;
    QByteArray mapBefore;
    if (c.isCluster()) {
        Result<QByteArray> owners = slotOwners(c, first);
        if (!owners)
            return owners.error();
        mapBefore = owners.value();
    }

    auto snapshot = std::make_shared<Snapshot>();
    snapshot->withCompleted = withCompleted;
    snapshot->scanCount = std::max(1, progress.count.load());
    bool cancelled = false;
    const int count = int(masters->size());
    for (int i = 0; i < count && !cancelled; ++i) {
        const ScanProgress::Node node{i + 1, count, masters->at(i).address};
        progress.setNode(node);
        Result<bool> done = scanNode(c, node, *snapshot);
        if (!done)
            return atNode(done.error(), node);
        cancelled = !done.value() || (progress.cancelRequested.load() && i + 1 < count);
    }
    if (c.isCluster() && !cancelled) {
        if (Result<void> same = checkMapUnchanged(c, first, mapBefore); !same)
            return same.error();
    }
    finish(*snapshot);
    progress.found = snapshot->inFlight.size();
    progress.lastCancelled = cancelled;
    snapshot->takenAt = std::chrono::steady_clock::now();
    return SnapshotPtr(std::move(snapshot));
}

Result<bool> RedisScan::scanNode(RedisLink &c, const ScanProgress::Node &node, Snapshot &into)
{
    ScanProgress &progress = *m_progress;
    const QByteArray pattern = matchPattern(m_layout.keyPrefix);
    QByteArray cursor = "0";
    bool scanned = false;
    QList<QByteArray> pending; // keys the last SCAN step returned, read with the next one
    while (true) {
        QList<RedisCommand> commands;
        const bool sentScan = !scanned;
        if (sentScan)
            commands.append(RedisCommand{"SCAN", cursor, "MATCH", pattern, "COUNT", QByteArray::number(into.scanCount)});
        for (const QByteArray &key : std::as_const(pending))
            commands += m_reader.commands(key);
        if (commands.isEmpty())
            return true;
        // The keys live on this node: their reads go with its SCAN.
        Result<QList<RedisReply>> replies = c.pipelineOn(node.address, commands);
        if (!replies)
            return replies.error();
        QList<QByteArray> next;
        if (sentScan) {
            const redisReply &r = *replies->at(0);
            if (const QByteArray error = RedisConnection::errorText(r); !error.isEmpty())
                return makeError(ErrorKind::Refused, Text::tr("Redis %1 refused SCAN: %2").arg(displayUrl(), QString::fromUtf8(error)));
            if (r.type != REDIS_REPLY_ARRAY || r.elements != 2 || r.element[1]->type != REDIS_REPLY_ARRAY)
                return makeError(ErrorKind::Internal,
                                 Text::tr("Redis %1 answered SCAN with something else than a cursor and keys.").arg(displayUrl()));
            cursor = RedisConnection::bytes(r.element[0]);
            next.reserve(qsizetype(r.element[1]->elements));
            for (size_t i = 0; i < r.element[1]->elements; ++i)
                next.append(RedisConnection::bytes(r.element[1]->element[i]));
            scanned = cursor == "0";
            progress.scanned += next.size();
        }
        if (Result<void> read = readBatch(c, pending, replies.value(), sentScan ? 1 : 0, into, QDateTime::currentMSecsSinceEpoch()); !read)
            return read.error();
        pending = std::move(next);
        if (progress.cancelRequested.load())
            return scanned && pending.isEmpty();
    }
}

Result<QByteArray> RedisScan::slotOwners(RedisLink &c, const QString &address)
{
    Result<QList<RedisReply>> replies = c.pipelineOn(address, {RedisCommand{"CLUSTER", "SLOTS"}});
    if (!replies)
        return replies.error();
    const redisReply &r = *replies->constFirst();
    if (r.type != REDIS_REPLY_ARRAY) {
        return makeError(ErrorKind::Refused, Text::tr("Redis %1 did not answer CLUSTER SLOTS with a slot map: %2")
                                                 .arg(address, QString::fromUtf8(RedisConnection::errorText(r))));
    }
    QList<QByteArray> lines;
    for (size_t i = 0; i < r.elements; ++i) {
        const redisReply &range = *r.element[i];
        if (range.type != REDIS_REPLY_ARRAY || range.elements < 3 || range.element[2]->type != REDIS_REPLY_ARRAY)
            continue;
        QByteArray line = QByteArray::number(range.element[0]->integer) + '-' + QByteArray::number(range.element[1]->integer);
        const redisReply &owner = *range.element[2];
        for (size_t j = 0; j < owner.elements && j < 3; ++j) // host, port, node ID
            line += ' '
                    + (owner.element[j]->type == REDIS_REPLY_INTEGER ? QByteArray::number(owner.element[j]->integer)
                                                                     : RedisConnection::bytes(owner.element[j]));
        lines.append(line);
    }
    std::sort(lines.begin(), lines.end());
    return lines.join('\n');
}

Result<void> RedisScan::checkMapUnchanged(RedisLink &c, const QString &firstMaster, const QByteArray &before)
{
    const auto changed = [this](const QString &how) {
        return makeError(ErrorKind::Unavailable,
                         Text::tr("The Redis Cluster %1 changed while the listing scanned it (%2): keys may have moved "
                                  "between masters, so the list could be incomplete. List again once the cluster is stable.")
                             .arg(displayUrl(), how));
    };
    Result<QByteArray> after = slotOwners(c, firstMaster);
    if (!after)
        return changed(after.error().message);
    if (after.value() != before)
        return changed(Text::tr("slots moved between masters, or a master was replaced"));
    return {};
}

void RedisScan::finish(Snapshot &snapshot)
{
    // SCAN may return a key twice (the table grew meanwhile, or its slot
    // moved to a master scanned later): keep one.
    const auto dedupe = [](QList<Record> &rows) {
        QSet<QString> seen;
        seen.reserve(rows.size());
        rows.removeIf([&seen](const Record &r) {
            if (seen.contains(r.key))
                return true;
            seen.insert(r.key);
            return false;
        });
        std::sort(rows.begin(), rows.end(), keysetBefore);
    };
    dedupe(snapshot.inFlight);
    dedupe(snapshot.completedRecords);
}

Result<RedisScan::SnapshotPtr> RedisScan::snapshot(qint64 maxAgeMs, bool paging, bool withCompleted)
{
    const auto fresh = [&]() -> SnapshotPtr {
        QMutexLocker lock(&m_snapshotMutex);
        if (m_snapshot && (!withCompleted || m_snapshot->withCompleted) && (paging || m_snapshot->scanCount == m_progress->count.load())
            && std::chrono::steady_clock::now() - m_snapshot->takenAt <= std::chrono::milliseconds(maxAgeMs))
            return m_snapshot;
        return nullptr;
    };
    if (SnapshotPtr s = fresh())
        return s;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    QMutexLocker scanning(&m_scanMutex);
    if (SnapshotPtr s = fresh()) // another thread scanned while this one waited
        return s;
    Result<SnapshotPtr> made = scan(*c.value(), withCompleted);
    if (!made)
        return made.error();
    QMutexLocker lock(&m_snapshotMutex);
    m_snapshot = made.value();
    return made;
}

bool RedisScan::matches(const Record &r, const RecordQuery &q) const
{
    return (!q.startedBeforeMs || r.updatedAt < *q.startedBeforeMs) && (q.keyPrefix.isEmpty() || r.key.startsWith(q.keyPrefix))
           && (q.bizNoPrefix.isEmpty() || r.bizNo.startsWith(q.bizNoPrefix));
}

namespace {

// Whether the query can match anything in a layout that has one scope, no
// owners and no TIMED_OUT state in Redis.
bool inReach(const RecordQuery &q, const Layout &layout)
{
    return q.state != RecordState::TimedOut && (q.scope.isEmpty() || q.scope == layout.scope) && q.owner.isEmpty();
}

bool wantsCompleted(const RecordQuery &q)
{
    return !q.state || *q.state == RecordState::Completed;
}

} // namespace

Result<QList<Record>> RedisScan::inFlight(const RecordQuery &q)
{
    if (!inReach(q, m_layout))
        return QList<Record>();
    // A next page continues in the snapshot the first page came from.
    Result<SnapshotPtr> s = q.after ? snapshot(std::numeric_limits<qint64>::max() / 2, true, wantsCompleted(q))
                                    : snapshot(kRescanAfterMs, false, wantsCompleted(q));
    if (!s)
        return s.error();
    const qsizetype limit = q.limit > 0 ? q.limit : std::numeric_limits<qsizetype>::max();
    QList<Record> page;
    // Each list is in keyset order: take the first `limit` of each that
    // match and come after the position, then merge.
    const auto takeFrom = [&](const QList<Record> &rows) {
        qsizetype taken = 0;
        auto take = [&](const Record &r) {
            if (matches(r, q) && isAfterPosition(r, q)) {
                page.append(r);
                ++taken;
            }
            return taken >= limit;
        };
        if (q.newestFirst) {
            for (auto it = rows.crbegin(); it != rows.crend() && !take(*it); ++it) { }
        } else {
            for (auto it = rows.cbegin(); it != rows.cend() && !take(*it); ++it) { }
        }
    };
    if (!q.state || *q.state == RecordState::InFlight)
        takeFrom(s.value()->inFlight);
    if (wantsCompleted(q))
        takeFrom(s.value()->completedRecords);
    if (!q.state)
        keepFirstPage(page, q);
    return page;
}

Result<qint64> RedisScan::countInFlight(const RecordQuery &q)
{
    if (!inReach(q, m_layout))
        return qint64(0);
    Result<SnapshotPtr> s = snapshot(m_cacheMs, false, wantsCompleted(q));
    if (!s)
        return s.error();
    const auto matching = [&](const QList<Record> &rows) {
        return qint64(std::count_if(rows.cbegin(), rows.cend(), [&](const Record &r) { return matches(r, q); }));
    };
    qint64 n = 0;
    if (!q.state || *q.state == RecordState::InFlight)
        n += matching(s.value()->inFlight);
    if (wantsCompleted(q))
        n += matching(s.value()->completedRecords);
    return n;
}

Result<QList<ScopeCount>> RedisScan::countByState(const QString &scope)
{
    if (!scope.isEmpty() && scope != m_layout.scope)
        return QList<ScopeCount>();
    Result<SnapshotPtr> s = snapshot(m_cacheMs);
    if (!s)
        return s.error();
    return QList<ScopeCount>{{m_layout.scope, RecordState::InFlight, s.value()->inFlight.size()},
                             {m_layout.scope, RecordState::Completed, s.value()->completed}};
}

Result<QList<ActivityRow>> RedisScan::activity(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    if (!scope.isEmpty() && scope != m_layout.scope)
        return QList<ActivityRow>();
    Result<SnapshotPtr> s = snapshot(m_cacheMs);
    if (!s)
        return s.error();
    QList<ActivityRow> rows;
    const QMap<qint64, ActivityRow> &minutes = s.value()->minutes;
    for (auto it = minutes.lowerBound(fromMinute); it != minutes.cend() && it.key() <= toMinute; ++it)
        rows.append(it.value());
    return rows;
}
