#include "tests/reconcileoptions.h"

QStringList ordersMapping(const QString &ordersUrl)
{
    return {QStringLiteral("--orders"),        ordersUrl,
            QStringLiteral("--table"),         QStringLiteral("orders"),
            QStringLiteral("--key-column"),    QStringLiteral("order_no"),
            QStringLiteral("--status-column"), QStringLiteral("status"),
            QStringLiteral("--done-values"),   QStringLiteral("PAID")};
}
