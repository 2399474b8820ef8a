#pragma once

// Requests as the store suites send them through the guard.
#include "app/guard/guard.h"

// A payment request on /api/payments in `scope` under `key`, with `body`.
GuardRequest requestOf(const QString &scope, const QString &key, const QByteArray &body = QByteArrayLiteral("{\"amount\":100}"));
