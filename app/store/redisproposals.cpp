// RedisStore's part of four eyes (DESIGN.md "Roles and four eyes"): the
// policy (idem:policy) and the proposals, three hashes each under the hash
// tag of their scope's audit chain, so that proposal.lua writes a step and
// its audit entry at once, on a single server and on a cluster alike.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"
#include "app/store/sqlproposals.h"

#include <QCoreApplication>
#include <QDateTime>

#include <hiredis/hiredis.h>

#include <algorithm>

using namespace RedisStoreDetail;

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

const QByteArray kPolicyKey = "idem:policy";

QByteArray prefixOf(const QString &tag)
{
    return "idem:{" + tag.toUtf8() + "}:";
}

QHash<QByteArray, QByteArray> fieldsOf(const redisReply *r)
{
    QHash<QByteArray, QByteArray> out;
    if (!r || r->type != REDIS_REPLY_ARRAY)
        return out;
    for (size_t i = 0; i + 1 < r->elements; i += 2)
        out.insert(RedisConnection::bytes(r->element[i]), RedisConnection::bytes(r->element[i + 1]));
    return out;
}

} // namespace

Result<ApprovalPolicy> RedisStore::approvalPolicy()
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<RedisReply> reply = c.value()->command({"HGETALL", kPolicyKey});
    if (!reply)
        return reply.error();
    if (const QByteArray error = RedisConnection::errorText(*reply.value()); !error.isEmpty())
        return m_layout.replyError(error, Text::tr("Reading the four-eyes policy"));
    ApprovalPolicy policy;
    const QHash<QByteArray, QByteArray> fields = fieldsOf(reply.value().get());
    for (auto it = fields.cbegin(); it != fields.cend(); ++it) {
        bool ok = false;
        const qint64 value = it.value().toLongLong(&ok);
        if (!ok || value < 0)
            continue;
        if (it.key() == "threshold")
            policy.storeWide = int(qMin<qint64>(value, INT_MAX));
        else if (it.key().startsWith("threshold:"))
            policy.perScope.insert(QString::fromUtf8(it.key().mid(10)), int(qMin<qint64>(value, INT_MAX)));
        else if (it.key() == "proposal_ttl_ms" && value > 0)
            policy.proposalTtlMs = value;
    }
    return policy;
}

Result<void> RedisStore::setApprovalThreshold(const QString &scope, std::optional<int> threshold)
{
    if (threshold && *threshold < 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("A threshold is a number of records, 0 or more."));
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    const QByteArray field = scope.isEmpty() ? QByteArray("threshold") : "threshold:" + scope.toUtf8();
    Result<RedisReply> reply = c.value()->command(threshold ? RedisCommand{"HSET", kPolicyKey, field, QByteArray::number(*threshold)}
                                                            : RedisCommand{"HDEL", kPolicyKey, field});
    if (!reply)
        return reply.error();
    if (const QByteArray error = RedisConnection::errorText(*reply.value()); !error.isEmpty())
        return m_layout.replyError(error, Text::tr("Writing the four-eyes policy"));
    return {};
}

Result<void> RedisStore::setProposalTtl(qint64 ttlMs)
{
    if (ttlMs <= 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("A proposal must stay open for some time."));
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<RedisReply> reply = c.value()->command({"HSET", kPolicyKey, "proposal_ttl_ms", QByteArray::number(ttlMs)});
    if (!reply)
        return reply.error();
    if (const QByteArray error = RedisConnection::errorText(*reply.value()); !error.isEmpty())
        return m_layout.replyError(error, Text::tr("Writing the four-eyes policy"));
    return {};
}

Result<QByteArray> RedisStore::proposalStep(const QString &scope, const QByteArray &step, const QByteArray &arg, const RedisCommand &fields,
                                            const QString &id, AuditEntry entry, qint64 nowMs)
{
    if (const std::optional<Error> bad = RedisLayout::checkScope(scope))
        return *bad;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    // A decision or an outcome is about a scope that is there already:
    // registering it again is a write an approver may not make.
    if (step != "propose")
        m_registry.markRegistered(scope);
    Result<QString> tag = writeTag(*c.value(), scope, QString());
    if (!tag)
        return tag.error();
    const QByteArray p = prefixOf(tag.value());
    const QByteArray idBytes = id.toLatin1();
    const RedisCommand keys{p + "p:" + idBytes,
                            p + "pd:" + idBytes,
                            p + "po:" + idBytes,
                            p + "proposals",
                            RedisLayout::auditKey(tag.value()),
                            RedisLayout::auditHeadKey(tag.value())};
    RedisCommand args{step, QByteArray::number(nowMs), access().serverUser.toUtf8(), arg, QByteArray::number(fields.size() / 2)};
    args << fields;
    entry.storeId.clear();
    Result<RedisReply> reply =
        m_chain.append(*c.value(), RedisScripts::ProposalStep, scope, tag.value(), keys, args, entry, access().serverUser);
    if (!reply)
        return reply.error();
    const redisReply &r = *reply.value();
    if (isArray(r, 2) && bytes(r.element[0]) == "refused")
        return bytes(r.element[1]);
    if (!isArray(r, 2) || bytes(r.element[0]) != "appended")
        return makeError(ErrorKind::Internal, Text::tr("The proposal script on %1 answered unexpectedly.").arg(displayUrl()));
    return QByteArray();
}

Result<Proposal> RedisStore::createProposal(const Proposal &proposal)
{
    if (!Proposal::isValidId(proposal.id) || proposal.items.isEmpty() || proposal.scope.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("A proposal needs a valid id, a scope and records."));
    Proposal stored = proposal;
    stored.proposerUser = access().serverUser;
    stored.hash = stored.computeHash();
    const RedisCommand fields{"id",
                              stored.id.toLatin1(),
                              "scope",
                              stored.scope.toUtf8(),
                              "action",
                              stored.action.toUtf8(),
                              "reason",
                              stored.reason.toUtf8(),
                              "proposer",
                              stored.proposer.toUtf8(),
                              "proposer_host",
                              stored.proposerHost.toUtf8(),
                              "proposer_user",
                              stored.proposerUser.toUtf8(),
                              "created_at",
                              QByteArray::number(stored.createdAtMs),
                              "expires_at",
                              QByteArray::number(stored.expiresAtMs),
                              "record_count",
                              QByteArray::number(stored.items.size()),
                              "records",
                              stored.itemsJson(),
                              "hash",
                              stored.hash.toLatin1()};
    Result<QByteArray> done = proposalStep(
        stored.scope, "propose", stored.id.toLatin1(), fields, stored.id,
        proposalAuditEntry(stored, QStringLiteral("proposed"), stored.proposer, stored.proposerHost, stored.reason, stored.createdAtMs),
        stored.createdAtMs);
    if (!done)
        return done.error();
    if (!done->isEmpty())
        return makeError(ErrorKind::Refused, Text::tr("A proposal %1 exists already in %2.").arg(stored.id, displayUrl()));
    return stored;
}

Result<QList<Proposal>> RedisStore::readProposals(RedisLink &c, const QString &tag, const QStringList &ids)
{
    const QByteArray p = prefixOf(tag);
    QList<RedisCommand> reads;
    for (const QString &id : ids) {
        const QByteArray b = id.toLatin1();
        reads << RedisCommand{"HGETALL", p + "p:" + b} << RedisCommand{"HGETALL", p + "pd:" + b} << RedisCommand{"HGETALL", p + "po:" + b};
    }
    if (reads.isEmpty())
        return QList<Proposal>();
    Result<QList<RedisReply>> replies = c.pipelineAt(p + "proposals", reads);
    if (!replies)
        return replies.error();
    QList<Proposal> out;
    for (qsizetype i = 0; i + 2 < replies->size(); i += 3) {
        for (qsizetype j = i; j < i + 3; ++j) {
            if (const QByteArray error = RedisConnection::errorText(*replies->at(j)); !error.isEmpty())
                return m_layout.replyError(error, Text::tr("Reading proposal %1").arg(ids.at(i / 3)));
        }
        const QHash<QByteArray, QByteArray> f = fieldsOf(replies->at(i).get());
        if (f.isEmpty())
            continue;
        const QHash<QByteArray, QByteArray> d = fieldsOf(replies->at(i + 1).get());
        const QHash<QByteArray, QByteArray> o = fieldsOf(replies->at(i + 2).get());
        const auto text = [](const QHash<QByteArray, QByteArray> &h, const char *name) { return QString::fromUtf8(h.value(name)); };
        Proposal pr;
        pr.id = text(f, "id");
        pr.scope = text(f, "scope");
        pr.action = text(f, "action");
        pr.reason = text(f, "reason");
        pr.proposer = text(f, "proposer");
        pr.proposerHost = text(f, "proposer_host");
        pr.proposerUser = text(f, "proposer_user");
        pr.createdAtMs = f.value("created_at").toLongLong();
        pr.expiresAtMs = f.value("expires_at").toLongLong();
        pr.hash = text(f, "hash");
        Result<QList<ProposalItem>> items = Proposal::itemsFromJson(f.value("records"));
        if (!items)
            return items.error();
        pr.items = items.value();
        pr.decision = text(d, "decision");
        pr.decidedBy = text(d, "decided_by");
        pr.decidedUser = text(d, "decided_user");
        pr.decidedHost = text(d, "decided_host");
        pr.decidedAtMs = d.value("decided_at").toLongLong();
        pr.decisionReason = text(d, "decision_reason");
        pr.approvedHash = text(d, "approved_hash");
        pr.outcome = text(o, "outcome");
        pr.outcomeBy = text(o, "outcome_by");
        pr.outcomeUser = text(o, "outcome_user");
        pr.outcomeAtMs = o.value("outcome_at").toLongLong();
        pr.outcomeSummary = o.value("outcome_summary");
        out.append(pr);
    }
    return out;
}

Result<QList<Proposal>> RedisStore::proposals(const ProposalQuery &query)
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QStringList> scopeList = scopes(*c.value(), query.scope);
    if (!scopeList)
        return scopeList.error();
    QList<Proposal> all;
    for (const QString &scope : scopeList.value()) {
        Result<QString> tag = readTag(*c.value(), scope, QString());
        if (!tag)
            return tag.error();
        Result<RedisReply> ids =
            c.value()->command({"ZREVRANGE", prefixOf(tag.value()) + "proposals", "0", QByteArray::number(qMax(1, query.limit) - 1)});
        if (!ids)
            return ids.error();
        if (const QByteArray error = RedisConnection::errorText(*ids.value()); !error.isEmpty())
            return m_layout.replyError(error, Text::tr("Listing proposals"));
        QStringList list;
        for (size_t i = 0; ids.value()->type == REDIS_REPLY_ARRAY && i < ids.value()->elements; ++i)
            list << QString::fromLatin1(bytes(ids.value()->element[i]));
        Result<QList<Proposal>> read = readProposals(*c.value(), tag.value(), list);
        if (!read)
            return read.error();
        all << read.value();
    }
    std::sort(all.begin(), all.end(), [](const Proposal &a, const Proposal &b) { return a.createdAtMs > b.createdAtMs; });
    return all.mid(0, qMax(1, query.limit));
}

Result<std::optional<Proposal>> RedisStore::proposal(const QString &id)
{
    if (!Proposal::isValidId(id))
        return std::optional<Proposal>();
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    Result<QStringList> scopeList = scopes(*c.value(), QString());
    if (!scopeList)
        return scopeList.error();
    for (const QString &scope : scopeList.value()) {
        Result<QString> tag = readTag(*c.value(), scope, QString());
        if (!tag)
            return tag.error();
        Result<QList<Proposal>> read = readProposals(*c.value(), tag.value(), {id});
        if (!read)
            return read.error();
        if (!read->isEmpty())
            return std::optional<Proposal>(read->constFirst());
    }
    return std::optional<Proposal>();
}

Result<Proposal> RedisStore::decideProposal(const ProposalDecision &decision)
{
    Result<std::optional<Proposal>> before = proposal(decision.id);
    if (!before)
        return before.error();
    if (!before.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(decision.id, displayUrl()));
    const Proposal &p = *before.value();
    const QString user = access().serverUser;
    const QByteArray word = decision.approve ? QByteArray("approved") : QByteArray("rejected");
    const RedisCommand fields{"decision",        word,
                              "decided_by",      decision.operatorName.toUtf8(),
                              "decided_user",    user.toUtf8(),
                              "decided_host",    decision.host.toUtf8(),
                              "decided_at",      QByteArray::number(decision.nowMs),
                              "decision_reason", decision.reason.toUtf8(),
                              "approved_hash",   decision.seenHash.toLatin1()};
    Result<QByteArray> done = proposalStep(
        p.scope, "decide", decision.seenHash.toLatin1(), fields, p.id,
        proposalAuditEntry(p, QString::fromLatin1(word), decision.operatorName, decision.host, decision.reason, decision.nowMs),
        decision.nowMs);
    if (!done)
        return done.error();
    Result<std::optional<Proposal>> now = proposal(decision.id);
    if (!now)
        return now.error();
    if (!now.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(decision.id, displayUrl()));
    if (!done->isEmpty())
        return proposalRefusal(*now.value(), QStringLiteral("decide"), user, decision.seenHash, decision.nowMs, decision.operatorName);
    return *now.value();
}

Result<Proposal> RedisStore::closeProposal(const ProposalClosing &closing)
{
    Result<std::optional<Proposal>> before = proposal(closing.id);
    if (!before)
        return before.error();
    if (!before.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(closing.id, displayUrl()));
    const Proposal &p = *before.value();
    const QString user = access().serverUser;
    const RedisCommand fields{"outcome",         closing.outcome.toUtf8(),
                              "outcome_by",      closing.operatorName.toUtf8(),
                              "outcome_user",    user.toUtf8(),
                              "outcome_at",      QByteArray::number(closing.nowMs),
                              "outcome_summary", closing.summary};
    AuditEntry entry = proposalAuditEntry(p, closing.outcome, closing.operatorName, closing.host, p.reason, closing.nowMs);
    Result<QByteArray> done = proposalStep(p.scope, "close", closing.outcome.toUtf8(), fields, p.id, entry, closing.nowMs);
    if (!done)
        return done.error();
    Result<std::optional<Proposal>> now = proposal(closing.id);
    if (!now)
        return now.error();
    if (!now.value())
        return makeError(ErrorKind::InvalidArgument, Text::tr("There is no proposal %1 in %2.").arg(closing.id, displayUrl()));
    if (!done->isEmpty())
        return proposalRefusal(*now.value(), closing.outcome, user, QString(), closing.nowMs);
    return *now.value();
}
