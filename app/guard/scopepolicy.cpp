#include "app/guard/scopepolicy.h"

ScopePolicy ScopePolicies::defaultFor(const QString &scope)
{
    constexpr qint64 hour = 3600 * 1000LL;
    ScopePolicy policy;
    if (scope == QLatin1String("order"))
        policy.retentionMs = 7 * 24 * hour;
    else if (scope == QLatin1String("form"))
        policy.retentionMs = hour;
    else
        policy.retentionMs = 24 * hour; // payment, callback and anything else
    if (scope == QLatin1String("payment") || scope == QLatin1String("callback"))
        policy.replicaAcks = 1;
    return policy;
}

ScopePolicy ScopePolicies::forScope(const QString &scope) const
{
    const auto it = m_policies.constFind(scope);
    return it != m_policies.cend() ? it.value() : defaultFor(scope);
}
