#include "tests/testrequests.h"

GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body)
{
    GuardRequest r;
    r.scope = scope;
    r.key = key;
    r.path = "/api/payments";
    r.body = body;
    return r;
}

GuardRequest requestFor(const QString &scope, const QString &key)
{
    GuardRequest request;
    request.scope = scope;
    request.key = key;
    request.path = "/api/pay";
    request.headers = {{"Content-Type", "application/json"}};
    request.body = "{\"key\":\"" + key.toUtf8() + "\",\"amount_cents\":100}";
    return request;
}
