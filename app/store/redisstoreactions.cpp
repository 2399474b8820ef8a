// RedisStore's operator actions and audit chain (DESIGN.md "Operator
// actions"), kept apart from the claim protocol in redisstore.cpp.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// How far behind another operator's clock an entry's atMs may be while the
// chain is still taken as appended in time order (auditEntries).
constexpr qint64 kAuditSkewMs = 10 * 60 * 1000;

bool isStreamId(const QString &id)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("[0-9]{1,20}(-[0-9]{1,20})?")));
    return pattern.match(id).hasMatch();
}

// Newest first: (atMs, scope, seq) descending, scope ascending.
bool auditBefore(const AuditEntry &a, const AuditEntry &b)
{
    if (a.atMs != b.atMs)
        return a.atMs > b.atMs;
    if (a.scope != b.scope)
        return a.scope.toUtf8() < b.scope.toUtf8();
    return a.seq > b.seq;
}

bool matches(const AuditEntry &e, const AuditQuery &q)
{
    return (q.operatorName.isEmpty() || e.operatorName == q.operatorName) && (q.action.isEmpty() || e.action == q.action)
           && (q.batchId.isEmpty() || e.batchId == q.batchId) && e.key.startsWith(q.keyPrefix) && (q.key.isEmpty() || e.key == q.key)
           && actionOfKind(e.action, q.kind) && (q.fromMs <= 0 || e.atMs >= q.fromMs) && (q.toMs <= 0 || e.atMs <= q.toMs);
}

// An action that cannot apply: a bad scope, a completed record, or
// mark-timed-out of anything but an in-flight record.
std::optional<Error> actionMisfit(const OperatorAction &action)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(action.scope))
        return bad;
    if (action.expectedState == RecordState::Completed
        || (action.kind == OperatorActionKind::MarkTimedOut && action.expectedState != RecordState::InFlight)) {
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The operator action %1 does not apply to a %2 record (%3/%4).")
                             .arg(operatorActionName(action.kind), recordStateName(action.expectedState), action.scope, action.key));
    }
    return std::nullopt;
}

// The action script's arguments after scriptArgs; the last, "1", asks it to
// count the action.
RedisCommand actionArgs(const OperatorAction &action)
{
    const Response &response = action.response;
    RedisCommand args = scriptArgs(action.key, action.nowMs);
    args << operatorActionName(action.kind).toUtf8() << action.lease.toUtf8() << recordStateName(action.expectedState).toUtf8()
         << QByteArray::number(action.nowMs + action.retentionMs) << QByteArray::number(response.status) << encodeHeaders(response.headers)
         << (response.body.isNull() ? QByteArray("") : response.body)
         << (action.startedBeforeMs ? QByteArray::number(*action.startedBeforeMs) : QByteArray()) << QByteArray("1");
    return args;
}

// The warning for an action script reply that refused to count (another
// program wrote the counter key); nullopt for any other reply.
std::optional<QString> countBlockedWarning(const redisReply &blocked, const QString &scope)
{
    if (!isArray(blocked, 4) || bytes(blocked.element[0]) != "count_blocked")
        return std::nullopt;
    const QString key = QString::fromUtf8(bytes(blocked.element[1])), detail = QString::fromUtf8(bytes(blocked.element[3]));
    return bytes(blocked.element[2]) == "number"
               ? Text::tr("not counted: the counter key %1 of scope %2 holds %3, not a number (another program wrote it)")
                     .arg(key, scope, detail)
               : Text::tr("not counted: the counter key %1 of scope %2 holds a %3 (another program wrote it)").arg(key, scope, detail);
}

} // namespace

// --- operator actions and the audit chain ---

Result<ActionResult> RedisStore::applyAction(const OperatorAction &action)
{
    if (const std::optional<Error> bad = actionMisfit(action))
        return *bad;
    if (const std::optional<Error> refused = refuseActionCutoff(action))
        return *refused;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    AuditEntry entry = action.auditEntry();

    // The record's bucket (the scope on a single server): its chain is the
    // bucket's, so the script changes the record and appends in one slot.
    Result<QString> tag = writeTag(*c.value(), action.scope, action.key);
    if (!tag)
        return tag.error();
    RedisCommand keys = scriptKeys(tag.value(), action.key, action.nowMs);
    keys << RedisLayout::auditKey(tag.value()) << RedisLayout::auditHeadKey(tag.value());
    RedisCommand args = actionArgs(action);
    Result<RedisReply> reply =
        m_chain.append(*c.value(), RedisScripts::Action, action.scope, tag.value(), keys, args, entry, access().serverUser);
    if (!reply)
        return reply.error().kind == ErrorKind::Unavailable ? reply.error() : scopeError(reply.error());
    QString warning;
    if (std::optional<QString> blocked = countBlockedWarning(*reply.value(), action.scope)) {
        // Counting is telemetry: the action goes on uncounted, and its entry
        // (hashed with the warning) says why.
        warning = std::move(*blocked);
        entry = action.auditEntry();
        entry.addWarning(warning);
        args.last() = "0";
        reply = m_chain.append(*c.value(), RedisScripts::Action, action.scope, tag.value(), keys, args, entry, access().serverUser);
        if (!reply)
            return reply.error().kind == ErrorKind::Unavailable ? reply.error() : scopeError(reply.error());
    }
    return actionOutcome(*c.value(), action, tag.value(), *reply.value(), entry, warning);
}

Result<ActionResult> RedisStore::actionOutcome(RedisLink &c, const OperatorAction &action, const QString &tag, const redisReply &r,
                                               AuditEntry &entry, const QString &warning)
{
    const QByteArray outcome = isArray(r, 1) ? bytes(r.element[0]) : QByteArray();
    if (outcome == "corrupt" && r.elements >= 3)
        return m_layout.corrupt(action.scope, action.key, bytes(r.element[1]), bytes(r.element[2]), tag);
    if (outcome == "corrupt_index" && r.elements >= 3)
        return scopeError(
            makeError(ErrorKind::Corrupt, Text::tr("The index key %1 in %2 holds a %3 instead of a sorted set: another program "
                                                   "wrote that key. Nothing was changed; actions in scope %4 stay blocked "
                                                   "until it is looked at, other scopes go on.")
                                              .arg(QString::fromUtf8(bytes(r.element[1])), displayUrl(),
                                                   QString::fromUtf8(bytes(r.element[2])), action.scope)));
    maybeFlush(c, action.nowMs);
    if (outcome == "not_found")
        return ActionResult{TransitionOutcome::NotFound, std::nullopt, std::nullopt, {}, {}};
    if (outcome == "stale" && r.elements >= 3) {
        Result<std::optional<Record>> current = m_layout.decode(action.scope, action.key, *r.element[2], tag);
        if (!current)
            return current.error();
        return ActionResult{TransitionOutcome::StaleLease, current.value(), std::nullopt, {}, {}};
    }
    if (outcome == "applied" && r.elements >= 2) {
        entry.storeId = QString::fromLatin1(bytes(r.element[1]));
        std::optional<Record> now;
        if (r.elements >= 3 && r.element[2]->type == REDIS_REPLY_ARRAY) {
            // Applied and written together: a record this script just wrote reads back.
            Result<std::optional<Record>> current = m_layout.decode(action.scope, action.key, *r.element[2], tag);
            if (!current)
                return current.error();
            now = current.value();
        }
        return ActionResult{TransitionOutcome::Applied, std::move(now), std::move(entry), {}, warning};
    }
    return makeError(ErrorKind::Internal,
                     Text::tr("The operator action script on %1 answered '%2'.").arg(displayUrl(), QString::fromUtf8(outcome)));
}

Result<AuditEntry> RedisStore::appendAudit(const AuditEntry &entry)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(entry.scope))
        return *bad;
    if (entry.atMs <= 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("An audit entry needs the time it records (atMs)."));
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    AuditEntry stored = entry;
    stored.storeId.clear();
    // An entry about a record goes to that record's bucket's chain; one
    // about no record (an alert) to the first bucket's.
    Result<QString> tag = writeTag(*c.value(), entry.scope, entry.key);
    if (!tag)
        return tag.error();
    Result<RedisReply> reply =
        m_chain.append(*c.value(), RedisScripts::Audit, entry.scope, tag.value(),
                       {RedisLayout::auditKey(tag.value()), RedisLayout::auditHeadKey(tag.value())}, {}, stored, access().serverUser);
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    if (!isArray(r, 2) || bytes(r.element[0]) != "appended")
        return makeError(ErrorKind::Internal, Text::tr("The audit script on %1 answered unexpectedly.").arg(displayUrl()));
    stored.storeId = QString::fromLatin1(bytes(r.element[1]));
    return stored;
}

Result<QList<AuditEntry>> RedisStore::auditEntries(const AuditQuery &query)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), query.scope);
    if (!scopes)
        return scopes.error();
    QStringList chains; // every chain of every scope: one per bucket
    for (const ScopeBucketsPtr &buckets : scopes.value())
        chains += buckets->tags;
    const qsizetype limit = qMax(1, query.limit);
    QList<AuditEntry> result;
    for (const QString &chain : std::as_const(chains)) {
        const QByteArray stream = RedisLayout::auditKey(chain);
        QList<AuditEntry> found;
        QByteArray from = "+";
        for (bool more = true; more;) {
            Result<RedisReply> page = c.value()->command({"XREVRANGE", stream, from, "-", "COUNT", QByteArray::number(kBatch)});
            if (!page)
                return page.error();
            const redisReply &items = *page.value();
            if (const QByteArray error = RedisConnection::errorText(items); !error.isEmpty()) {
                if (error.startsWith("WRONGTYPE"))
                    return m_layout.corruptAuditKey(stream, Text::tr("holds another type than a stream: another program wrote that key"));
                return m_layout.replyError(error, Text::tr("Reading the audit log"));
            }
            // Older entries cannot match once one is older than this, skew allowed.
            qint64 floor = query.fromMs > 0 ? query.fromMs : std::numeric_limits<qint64>::min() + kAuditSkewMs;
            if (found.size() >= limit) {
                std::sort(found.begin(), found.end(), auditBefore);
                found.resize(limit);
                floor = qMax(floor, found.constLast().atMs);
            }
            for (size_t i = 0; i < items.elements && more; ++i) {
                AuditEntry e = RedisLayout::decodeAuditEntry(*items.element[i]);
                if (e.atMs < floor - kAuditSkewMs)
                    more = false;
                else if (matches(e, query))
                    found.append(std::move(e));
            }
            if (items.elements < size_t(kBatch))
                more = false;
            else if (items.element[items.elements - 1]->type == REDIS_REPLY_ARRAY && items.element[items.elements - 1]->elements >= 1)
                from = '(' + bytes(items.element[items.elements - 1]->element[0]);
        }
        result.append(found);
    }
    std::sort(result.begin(), result.end(), auditBefore);
    if (result.size() > limit)
        result.resize(limit);
    return result;
}

Result<QList<AuditEntry>> RedisStore::auditChain(const QString &scope, const QString &afterStoreId, int limit)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(scope))
        return *bad;
    if (!afterStoreId.isEmpty() && !isStreamId(afterStoreId))
        return makeError(
            ErrorKind::InvalidArgument,
            Text::tr("'%1' is not a position in a Redis audit chain (a stream entry id such as 1700000000000-0).").arg(afterStoreId));
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    const QByteArray stream = RedisLayout::auditKey(scope);
    const QByteArray from = afterStoreId.isEmpty() ? QByteArray("-") : '(' + afterStoreId.toLatin1();
    Result<RedisReply> reply = c.value()->command({"XRANGE", stream, from, "+", "COUNT", QByteArray::number(qMax(1, limit))});
    if (!reply)
        return reply.error();
    const redisReply &items = *reply.value();
    if (const QByteArray error = RedisConnection::errorText(items); !error.isEmpty()) {
        if (error.startsWith("WRONGTYPE"))
            return m_layout.corruptAuditKey(stream, Text::tr("holds another type than a stream: another program wrote that key"));
        return m_layout.replyError(error, Text::tr("Reading the audit chain"));
    }
    QList<AuditEntry> entries;
    entries.reserve(qsizetype(items.elements));
    for (size_t i = 0; i < items.elements; ++i)
        entries.append(RedisLayout::decodeAuditEntry(*items.element[i]));
    return entries;
}

Result<QList<AuditChainHead>> RedisStore::auditHeads()
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QList<ScopeBucketsPtr>> scopes = bucketsOf(*c.value(), QString());
    if (!scopes || scopes->isEmpty())
        return scopes ? QList<AuditChainHead>() : Result<QList<AuditChainHead>>(scopes.error());
    QList<std::pair<QString, QString>> chains; // (scope, chain): one chain per bucket
    QList<RedisCommand> reads;
    for (const ScopeBucketsPtr &buckets : scopes.value()) {
        for (const QString &tag : buckets->tags) {
            chains.append({buckets->scope, tag});
            reads.append(RedisCommand{"HMGET", RedisLayout::auditHeadKey(tag), "seq", "hash"});
            reads.append(RedisCommand{"TYPE", RedisLayout::auditKey(tag)});
        }
    }
    Result<QList<RedisReply>> replies = c.value()->pipeline(reads);
    if (!replies)
        return replies.error();
    QList<AuditChainHead> heads;
    for (qsizetype i = 0; i < chains.size(); ++i) {
        const auto &[scope, chain] = chains.at(i);
        const redisReply &head = *replies->at(2 * i), &type = *replies->at(2 * i + 1);
        if (const QByteArray error = RedisConnection::errorText(type); !error.isEmpty())
            return m_layout.replyError(error, Text::tr("Reading the audit chains"));
        const QByteArray streamType = bytes(&type);
        if (streamType != "none" && streamType != "stream")
            return m_layout.corruptAuditKey(
                RedisLayout::auditKey(chain),
                Text::tr("holds a %1 instead of a stream: another program wrote that key").arg(QString::fromUtf8(streamType)));
        Result<AuditChainHead> decoded =
            isArray(head, 2) ? m_layout.decodeHead(chain, *head.element[0], *head.element[1]) : m_layout.decodeHead(chain, head, head);
        if (!decoded)
            return decoded.error();
        if (chain != scope) {
            decoded->scope = scope;
            decoded->chain = chain;
        }
        // A stream without a head lost its head: reported as seq 0, so
        // verification finds the chain longer than its head.
        if (decoded->seq > 0 || streamType == "stream")
            heads.append(decoded.value());
    }
    return heads;
}
