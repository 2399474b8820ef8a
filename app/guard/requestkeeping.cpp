#include "app/guard/requestkeeping.h"

#include "app/guard/fieldmasking.h"
#include "app/store/keptrequest.h"

bool keepsHeader(const ScopePolicy &policy, QByteArrayView name)
{
    static constexpr QByteArrayView kCredentials[] = {"authorization", "proxy-authorization", "cookie", "set-cookie"};
    for (const QByteArrayView credential : kCredentials) {
        if (name.compare(credential, Qt::CaseInsensitive) == 0)
            return false;
    }
    for (const QString &kept : policy.keptHeaders) {
        // Header names are ASCII: compared without converting the name.
        if (kept.size() == name.size() && QLatin1String(name.data(), name.size()).compare(kept, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QByteArray keptRequestOf(const GuardRequest &request, const ScopePolicy &policy)
{
    if (!policy.keepRequest)
        return QByteArray();
    const FieldMasking &masking = FieldMasking::forNames(policy.redactedFields);
    KeptRequest kept;
    kept.method = requestText(request.method);
    kept.path = requestText(masking.maskQuery(request.path, &kept.redacted));
    for (const auto &[name, value] : request.headers) {
        if (keepsHeader(policy, name))
            kept.headers.append({requestText(name), requestText(value)});
    }
    kept.originalBytes = request.body.size();
    if (!request.body.isEmpty()) {
        FieldMasking::Masked body = masking.maskBody(request.body);
        for (const QString &path : std::as_const(body.paths)) {
            if (!kept.redacted.contains(path) && kept.redacted.size() < kMaxRedactedPaths)
                kept.redacted << path;
        }
        kept.bodyWithheld = body.withheld;
        kept.hasBody = !body.withheld;
        kept.body = std::move(body.body);
    }
    return kept.encode();
}
