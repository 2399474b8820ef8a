#pragma once

// idemctl reconcile's options as the suites that run it pass them.
#include <QString>
#include <QStringList>

// The options that read the order table `orders` at `ordersUrl`: key
// column order_no, status column status, PAID done.
QStringList ordersMapping(const QString &ordersUrl);
