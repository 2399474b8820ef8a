#include "app/guard/guard.h"

#include "app/guard/fingerprint.h"
#include "app/guard/requestkeeping.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

namespace {

// Messages of this file, in the "Guard" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Guard)
};

constexpr int kMaxKeyBytes = 255;

} // namespace

QString guardOutcomeName(GuardOutcome outcome)
{
    switch (outcome) {
    case GuardOutcome::Executed:
        return QStringLiteral("executed");
    case GuardOutcome::Replayed:
        return QStringLiteral("replayed");
    case GuardOutcome::InProgress:
        return QStringLiteral("in_progress");
    case GuardOutcome::Mismatch:
        return QStringLiteral("mismatch");
    case GuardOutcome::InvalidKey:
        return QStringLiteral("invalid_key");
    case GuardOutcome::StoreUnavailable:
        return QStringLiteral("store_unavailable");
    case GuardOutcome::CorruptRecord:
        return QStringLiteral("corrupt_record");
    case GuardOutcome::ExecutedUnguarded:
        return QStringLiteral("executed_unguarded");
    }
    return QString();
}

Guard::Guard(Store &store, ScopePolicies policies, Clock clock)
    : m_store(store)
    , m_policies(std::move(policies))
    , m_clock(clock ? std::move(clock) : Clock([] { return QDateTime::currentMSecsSinceEpoch(); }))
    , m_owner(defaultOwner())
{
}

QString Guard::defaultOwner()
{
    return QSysInfo::machineHostName() + QLatin1Char(':') + QString::number(QCoreApplication::applicationPid());
}

std::optional<QString> Guard::validateKey(const QString &key)
{
    if (key.isEmpty())
        return Text::tr("The Idempotency-Key is missing or empty.");
    // A UTF-16 unit is at most 3 UTF-8 bytes: most keys need no conversion.
    if (key.size() > kMaxKeyBytes / 3 && key.toUtf8().size() > kMaxKeyBytes)
        return Text::tr("The Idempotency-Key is %1 bytes long; at most %2 are allowed.").arg(key.toUtf8().size()).arg(kMaxKeyBytes);
    for (qsizetype i = 0; i < key.size(); ++i) {
        const QChar c = key.at(i);
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Control)
            return Text::tr("The Idempotency-Key contains a control character (code %1) at position %2.").arg(c.unicode()).arg(i);
    }
    return std::nullopt;
}

std::optional<QString> Guard::validateScope(const QString &scope)
{
    if (scope.isEmpty() || scope.size() > 64)
        return Text::tr("A scope is 1 to 64 characters (letters, digits, '_', '-', '.'), not '%1'.").arg(scope.left(80));
    for (QChar c : scope) {
        if (!(c.isLetterOrNumber() && c.unicode() < 0x80) && c != QLatin1Char('_') && c != QLatin1Char('-') && c != QLatin1Char('.'))
            return Text::tr("A scope is 1 to 64 characters (letters, digits, '_', '-', '.'), not '%1'.").arg(scope.left(80));
    }
    return std::nullopt;
}

GuardResult Guard::refuse(GuardOutcome outcome, int status, const QString &message, int retryAfterMs) const
{
    GuardResult result;
    result.outcome = outcome;
    result.message = message;
    result.retryAfterMs = retryAfterMs;
    result.response.status = status;
    result.response.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    if (retryAfterMs > 0)
        result.response.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray::number((retryAfterMs + 999) / 1000)));
    result.response.body =
        QJsonDocument(QJsonObject{{QStringLiteral("error"), guardOutcomeName(outcome)}, {QStringLiteral("message"), message}})
            .toJson(QJsonDocument::Compact);
    return result;
}

ClaimRequest Guard::claimFor(const GuardRequest &request) const
{
    const ScopePolicy policy = m_policies.forScope(request.scope);
    ClaimRequest claim = claimWithoutRequest(request, policy);
    // Built (and masked) before the claim: a store never sees what the
    // policy keeps out.
    claim.request = keptRequestOf(request, policy);
    return claim;
}

ClaimRequest Guard::claimWithoutRequest(const GuardRequest &request, const ScopePolicy &policy) const
{
    ClaimRequest claim;
    claim.scope = request.scope;
    claim.key = request.key;
    claim.fingerprint = requestFingerprint(request.method, request.path, request.headers, request.body, policy.fingerprintHeaders);
    claim.owner = m_owner;
    claim.bizNo = request.bizNo;
    claim.nowMs = m_clock();
    claim.inFlightTimeoutMs = policy.inFlightTimeoutMs;
    claim.reclaimStuck = policy.stuck == StuckPolicy::Reclaim;
    claim.replicaAcks = policy.replicaAcks;
    claim.replicaWaitMs = policy.replicaWaitMs;
    return claim;
}

GuardResult Guard::handle(const GuardRequest &request, const Business &business)
{
    if (const std::optional<QString> bad = validateScope(request.scope))
        return refuse(GuardOutcome::InvalidKey, 400, *bad);
    if (const std::optional<QString> bad = validateKey(request.key))
        return refuse(GuardOutcome::InvalidKey, 400, *bad);

    const ScopePolicy policy = m_policies.forScope(request.scope);
    ClaimRequest claim = claimWithoutRequest(request, policy);
    // Built (and masked) by the store only when it sends a write: a replay
    // answered by a read never pays for it (about a third of such a
    // replay's client instructions, docs/benchmarks.md). The builder refers
    // to request and policy, which outlive the claim below.
    claim.buildRequest = [&request, &policy] { return keptRequestOf(request, policy); };
    Result<ClaimResult> claimed = m_store.claim(claim);
    claim.buildRequest = nullptr;
    if (!claimed) {
        m_store.countStoreError(request.scope, claim.nowMs);
        if (claimed.error().kind == ErrorKind::Corrupt)
            return refuse(GuardOutcome::CorruptRecord, 500, claimed.error().message);
        if (policy.failOpen) {
            GuardResult result{GuardOutcome::ExecutedUnguarded, business(), 0, claimed.error().message, false};
            return result;
        }
        return refuse(GuardOutcome::StoreUnavailable, 503, claimed.error().message, 1000);
    }

    const ClaimResult &c = claimed.value();
    switch (c.outcome) {
    case ClaimOutcome::Replay: {
        std::optional<HeaderList> headers = decodeHeaders(c.record.headers);
        if (!headers) {
            return refuse(GuardOutcome::CorruptRecord, 500,
                          Text::tr("The cached response of %1/%2 has headers that are not a JSON list of pairs; nothing was run.")
                              .arg(request.scope, request.key));
        }
        GuardResult result;
        result.outcome = GuardOutcome::Replayed;
        result.response =
            Response{c.record.statusCode, std::move(*headers), c.record.body}; // moved: the append below must not copy the list
        result.response.headers.append(qMakePair(QByteArray("Idempotent-Replayed"), QByteArray("true")));
        return result;
    }
    case ClaimOutcome::InProgress: {
        // A young attempt is likely to finish within a second; a stuck one
        // waits for an operator, so clients should back off further.
        const int retryAfter = c.stuck ? int(qBound<qint64>(1000LL, policy.inFlightTimeoutMs / 10, 60000LL)) : 1000;
        return refuse(
            GuardOutcome::InProgress, 409,
            c.stuck ? Text::tr("A previous attempt of this request is stuck in flight (attempt %1 by %2); an operator must time it out.")
                          .arg(c.record.attempts)
                          .arg(c.record.owner)
                    : Text::tr("A previous attempt of this request is still being processed."),
            retryAfter);
    }
    case ClaimOutcome::Mismatch:
        return refuse(GuardOutcome::Mismatch, 422,
                      Text::tr("The Idempotency-Key %1 was already used with a different request.").arg(request.key));
    case ClaimOutcome::Claimed:
        break;
    }

    GuardResult result;
    result.outcome = GuardOutcome::Executed;
    result.response = business();
    const qint64 finishedAt = m_clock();
    Result<Transition> finished = result.response.status >= 500 ? m_store.release(request.scope, request.key, c.record.lease, finishedAt)
                                                                : m_store.complete(request.scope, request.key, c.record.lease,
                                                                                   result.response, finishedAt, policy.retentionMs);
    if (!finished) {
        m_store.countStoreError(request.scope, finishedAt);
        result.finalised = false;
        result.message = Text::tr("The response was sent but the record could not be finalised: %1").arg(finished.error().message);
    } else if (finished->outcome != TransitionOutcome::Applied) {
        result.finalised = false;
        result.message = Text::tr("The record changed while the request ran (%1): a late finish; the record was left as it is.")
                             .arg(transitionOutcomeName(finished->outcome));
    }
    return result;
}
