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
