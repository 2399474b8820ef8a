#include "app/store/result.h"

QString errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::None:
        return QStringLiteral("none");
    case ErrorKind::InvalidArgument:
        return QStringLiteral("invalid_argument");
    case ErrorKind::Unavailable:
        return QStringLiteral("store_unavailable");
    case ErrorKind::Corrupt:
        return QStringLiteral("corrupt_record");
    case ErrorKind::NotBuilt:
        return QStringLiteral("not_built");
    case ErrorKind::Refused:
        return QStringLiteral("refused");
    case ErrorKind::Internal:
        return QStringLiteral("internal");
    }
    return QStringLiteral("unknown");
}
