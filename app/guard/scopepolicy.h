#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

// What a request that finds a stuck record (in flight longer than the scope's
// in-flight timeout) gets.
enum class StuckPolicy {
    Reject, // 409 until an operator acts: safe for money (the default)
    Reclaim, // the request takes the record over and runs again (attempts+1)
};

struct ScopePolicy {
    qint64 retentionMs = 24 * 3600 * 1000LL; // how long a completed response is replayed
    qint64 inFlightTimeoutMs = 10 * 60 * 1000LL; // older in-flight records are stuck (Java article: 10 min)
    StuckPolicy stuck = StuckPolicy::Reject;
    QStringList fingerprintHeaders; // header names (case-insensitive) that count in the fingerprint
    bool failOpen = false; // run unguarded when the store is down (never for money)
    bool keyRequired = true; // a missing key is 400 rather than an unguarded run
    // Durability of a claim on a Redis Cluster (ClaimRequest::replicaAcks):
    // how many replicas must have the claim before the business runs (0:
    // none, no extra round trip), and how long to wait for them.
    int replicaAcks = 0;
    qint64 replicaWaitMs = 1000;

    // The request kept with the record (KeptRequest; docs/design.md "The request
    // kept with a record"): what an operator reads to tell what a stuck or
    // replayed record was about. At most 4 KiB per record, cut with a
    // marker; off keeps nothing (no column value, no hash field).
    bool keepRequest = true;
    // Request headers kept, names compared ignoring case, in the request's
    // order. Authorization, Proxy-Authorization, Cookie and Set-Cookie are
    // never kept, even when listed here: a credential in a record would
    // reach every operator and every backup of the store.
    QStringList keptHeaders{QStringLiteral("Content-Type"), QStringLiteral("User-Agent"), QStringLiteral("X-Request-Id"),
                            QStringLiteral("X-Forwarded-For")};
    // Fields whose values are masked (kRedactionMask) before the request is
    // stored: JSON members at any depth, form fields and query parameters
    // (FieldMasking says how names match: card_number also masks cardNumber
    // and payer_card_number). Empty: nothing is masked.
    QStringList redactedFields{QStringLiteral("card_number"), QStringLiteral("pan"),      QStringLiteral("cvv"),
                               QStringLiteral("cvc"),         QStringLiteral("password"), QStringLiteral("id_card")};
};

// Per-scope policies with the articles' defaults: payment 24 h, order 7 d,
// form 1 h (Go article); in-flight timeout 10 min (Java article). Payment
// and callback (money moves) wait for one replica after a claim on a Redis
// Cluster; the others do not (README "Redis Cluster": the trade-off).
class ScopePolicies final {
public:
    static ScopePolicy defaultFor(const QString &scope);

    ScopePolicy forScope(const QString &scope) const;
    void set(const QString &scope, const ScopePolicy &policy) { m_policies.insert(scope, policy); }

private:
    QHash<QString, ScopePolicy> m_policies;
};
