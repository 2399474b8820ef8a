#pragma once

#include "app/store/record.h"

#include <QStringList>

// SHA-256 (hex) of the canonical request: method (upper case), path, the
// listed headers (names lower-cased, sorted, values as sent) and the body.
// Every part is length-prefixed, so no two different requests share a
// canonical form.
QString requestFingerprint(const QByteArray &method, const QByteArray &path, const HeaderList &headers, const QByteArray &body,
                           const QStringList &countedHeaders);
