#pragma once

#include "app/guard/scopepolicy.h"
#include "app/store/store.h"

#include <functional>

struct GuardRequest {
    QString scope;
    QString key; // Idempotency-Key, or the business number for callbacks
    QByteArray method = "POST";
    QByteArray path;
    HeaderList headers;
    QByteArray body;
    QString bizNo; // the order / payment number the request is about
};

enum class GuardOutcome {
    Executed, // first time: the business action ran
    Replayed, // cached response, with Idempotent-Replayed: true
    InProgress, // 409 + Retry-After
    Mismatch, // 422: the key was used with another request
    InvalidKey, // 400: missing, too long or control characters
    StoreUnavailable, // 503: fail closed, the business action did not run
    CorruptRecord, // 500: the stored record cannot be read; nothing ran
    ExecutedUnguarded, // store down on a fail-open scope: ran without a record
};

QString guardOutcomeName(GuardOutcome outcome);

struct GuardResult {
    GuardOutcome outcome = GuardOutcome::Executed;
    Response response; // what the client gets
    int retryAfterMs = 0; // InProgress / StoreUnavailable: when to try again
    QString message; // why, for logs and operators
    bool finalised = true; // Executed: false when the record could not be completed (left in flight)
};

// The idempotency protocol a service calls (DESIGN.md): claim → run →
// complete (2xx/4xx, cached byte for byte) or release (5xx, never cached).
// Costs: a replay, in-progress or mismatch is one store read; a first request
// is a read, an insert and a completing update. Thread-safe: many request
// threads share one Guard and one Store.
class Guard final {
    Q_DISABLE_COPY_MOVE(Guard)
public:
    using Clock = std::function<qint64()>;
    using Business = std::function<Response()>;

    explicit Guard(Store &store, ScopePolicies policies = {}, Clock clock = {});

    GuardResult handle(const GuardRequest &request, const Business &business);

    // The claim handle() sends for a request under its scope's policy: the
    // fingerprint, the kept request (masked and cut: requestkeeping.h),
    // owner, clock and the policy's timeouts. For tools that claim as a
    // service would without running business logic (the simulator's lost
    // finalisations). Does no I/O.
    ClaimRequest claimFor(const GuardRequest &request) const;

    // nullopt when the key is acceptable, else why not (for a 400 body).
    static std::optional<QString> validateKey(const QString &key);
    static std::optional<QString> validateScope(const QString &scope);
    static QString defaultOwner(); // host:pid

    const ScopePolicies &policies() const { return m_policies; }
    qint64 now() const { return m_clock(); }

private:
    // Everything but the kept request, which the caller adds (claimFor
    // builds it; handle() has the store build it only if it writes).
    ClaimRequest claimWithoutRequest(const GuardRequest &request, const ScopePolicy &policy) const;
    GuardResult refuse(GuardOutcome outcome, int status, const QString &message, int retryAfterMs = 0) const;

    Store &m_store;
    const ScopePolicies m_policies;
    const Clock m_clock;
    const QString m_owner;
};
