#include "app/store/proposal.h"
#include "app/store/canonicalfields.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Proposal)
};

QString statusWord(const QString &decision, const QString &outcome)
{
    if (!outcome.isEmpty())
        return outcome.toUpper();
    return decision.isEmpty() ? QStringLiteral("PROPOSED") : decision.toUpper();
}
} // namespace

QString proposalStatusName(ProposalStatus status)
{
    switch (status) {
    case ProposalStatus::Proposed:
        return QStringLiteral("proposed");
    case ProposalStatus::Approved:
        return QStringLiteral("approved");
    case ProposalStatus::Rejected:
        return QStringLiteral("rejected");
    case ProposalStatus::Expired:
        return QStringLiteral("expired");
    case ProposalStatus::Applied:
        return QStringLiteral("applied");
    }
    return QString();
}

ProposalStatus Proposal::status(qint64 nowMs) const
{
    if (outcome == QLatin1String("applied"))
        return ProposalStatus::Applied;
    if (outcome == QLatin1String("expired"))
        return ProposalStatus::Expired;
    if (decision == QLatin1String("rejected"))
        return ProposalStatus::Rejected;
    // Neither applied nor rejected by its expiry: expired, whether or not
    // an operator has recorded it yet.
    if (expired(nowMs))
        return ProposalStatus::Expired;
    return decision == QLatin1String("approved") ? ProposalStatus::Approved : ProposalStatus::Proposed;
}

QByteArray Proposal::canonical() const
{
    CanonicalFields fields;
    fields.put("v", "1");
    fields.put("id", id.toUtf8());
    fields.put("scope", scope.toUtf8());
    fields.put("action", action.toUtf8());
    fields.put("reason", reason.toUtf8());
    fields.put("proposer", proposer.toUtf8());
    fields.put("host", proposerHost.toUtf8());
    fields.put("user", proposerUser.toUtf8());
    fields.put("created", QByteArray::number(createdAtMs));
    fields.put("expires", QByteArray::number(expiresAtMs));
    fields.put("items", QByteArray::number(items.size()));
    for (const ProposalItem &item : items) {
        fields.put("scope", item.scope.toUtf8());
        fields.put("key", item.key.toUtf8());
        fields.put("lease", item.lease.toUtf8());
        fields.put("state", recordStateName(item.state).toUtf8());
        fields.put("updated", QByteArray::number(item.updatedAt));
        fields.put("action", item.action.toUtf8());
        fields.put("status", QByteArray::number(item.response.status));
        fields.put("headers", encodeHeaders(item.response.headers));
        fields.put("body", item.response.body);
        fields.put("evidence", item.evidence);
    }
    return std::move(fields).bytes();
}

QString Proposal::computeHash() const
{
    return QString::fromLatin1(QCryptographicHash::hash(canonical(), QCryptographicHash::Sha256).toHex());
}

QByteArray Proposal::itemsJson() const
{
    QJsonArray array;
    for (const ProposalItem &item : items) {
        QJsonObject o{{QStringLiteral("scope"), item.scope},          {QStringLiteral("key"), item.key},
                      {QStringLiteral("lease"), item.lease},          {QStringLiteral("state"), recordStateName(item.state)},
                      {QStringLiteral("updated_at"), item.updatedAt}, {QStringLiteral("action"), item.action},
                      {QStringLiteral("owner"), item.owner},          {QStringLiteral("biz_no"), item.bizNo}};
        if (item.response.status != 0 || !item.response.body.isEmpty() || !item.response.headers.isEmpty()) {
            o.insert(QStringLiteral("status"), item.response.status);
            o.insert(QStringLiteral("headers"), QString::fromUtf8(encodeHeaders(item.response.headers)));
            o.insert(QStringLiteral("body_base64"), QString::fromLatin1(item.response.body.toBase64()));
        }
        if (!item.evidence.isEmpty())
            o.insert(QStringLiteral("evidence_base64"), QString::fromLatin1(item.evidence.toBase64()));
        array.append(o);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

Result<QList<ProposalItem>> Proposal::itemsFromJson(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return makeError(ErrorKind::Corrupt, Text::tr("The proposal's record list cannot be read (%1).").arg(error.errorString()));
    QList<ProposalItem> items;
    for (const QJsonValue &value : doc.array()) {
        const QJsonObject o = value.toObject();
        ProposalItem item;
        item.scope = o.value(QStringLiteral("scope")).toString();
        item.key = o.value(QStringLiteral("key")).toString();
        item.lease = o.value(QStringLiteral("lease")).toString();
        const std::optional<RecordState> state = recordStateFromName(o.value(QStringLiteral("state")).toString());
        if (!state || item.scope.isEmpty() || item.key.isEmpty())
            return makeError(ErrorKind::Corrupt,
                             Text::tr("The proposal's record list holds an entry without a scope, key or known state."));
        item.state = *state;
        item.updatedAt = o.value(QStringLiteral("updated_at")).toInteger();
        item.action = o.value(QStringLiteral("action")).toString();
        item.owner = o.value(QStringLiteral("owner")).toString();
        item.bizNo = o.value(QStringLiteral("biz_no")).toString();
        item.response.status = o.value(QStringLiteral("status")).toInt();
        if (o.contains(QStringLiteral("headers"))) {
            const std::optional<HeaderList> headers = decodeHeaders(o.value(QStringLiteral("headers")).toString().toUtf8());
            if (!headers)
                return makeError(ErrorKind::Corrupt,
                                 Text::tr("The proposal's record %1 holds response headers that cannot be read.").arg(item.key));
            item.response.headers = *headers;
        }
        item.response.body = QByteArray::fromBase64(o.value(QStringLiteral("body_base64")).toString().toLatin1());
        item.evidence = QByteArray::fromBase64(o.value(QStringLiteral("evidence_base64")).toString().toLatin1());
        items.append(item);
    }
    return items;
}

QString Proposal::newId(qint64 nowMs)
{
    const QString stamp = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(QStringLiteral("yyyyMMdd'T'HHmmss"));
    return QStringLiteral("p-") + stamp + QLatin1Char('-')
           + QString::number(QRandomGenerator::system()->generate(), 16).rightJustified(8, QLatin1Char('0'));
}

bool Proposal::isValidId(const QString &text)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("p-[0-9]{8}T[0-9]{6}-[0-9a-f]{8}")));
    return pattern.match(text).hasMatch();
}

AuditEntry proposalAuditEntry(const Proposal &proposal, const QString &step, const QString &operatorName, const QString &host,
                              const QString &reason, qint64 atMs)
{
    AuditEntry e;
    e.scope = proposal.scope;
    e.atMs = atMs;
    e.operatorName = operatorName;
    e.host = host;
    e.action = QStringLiteral("proposal-") + step;
    e.batchId = proposal.id;
    const QString before = step == QLatin1String("proposed") ? QString() : statusWord(proposal.decision, proposal.outcome);
    e.stateBefore = before;
    e.stateAfter = step.toUpper();
    e.reason = reason;
    QJsonObject evidence{{QStringLiteral("proposal"), proposal.id},           {QStringLiteral("hash"), proposal.hash},
                         {QStringLiteral("records"), proposal.items.size()},  {QStringLiteral("action"), proposal.action},
                         {QStringLiteral("proposer"), proposal.proposer},     {QStringLiteral("proposer_user"), proposal.proposerUser},
                         {QStringLiteral("expires_at"), proposal.expiresAtMs}};
    e.evidence = QJsonDocument(evidence).toJson(QJsonDocument::Compact);
    return e;
}

std::optional<int> ApprovalPolicy::thresholdFor(const QString &scope) const
{
    const auto it = perScope.constFind(scope);
    if (it != perScope.cend())
        return it.value();
    return storeWide;
}

bool ApprovalPolicy::needsApproval(const QString &scope, qint64 records) const
{
    const std::optional<int> threshold = thresholdFor(scope);
    return threshold && records > *threshold;
}
