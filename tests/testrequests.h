#pragma once

// Requests as the store suites send them through the guard.
#include "app/guard/guard.h"

// A payment request on /api/payments in `scope` under `key`, with `body`.
GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body = QByteArrayLiteral("{\"amount\":100}"));

// A JSON payment on /api/pay in `scope` under `key`, its body naming the
// key: what the cluster suites press a failover and shared links with.
GuardRequest requestFor(const QString &scope, const QString &key);
