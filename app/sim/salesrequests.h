#pragma once

#include "app/guard/guard.h"

// The HTTP requests the simulated clients send (SalesSimulator): what a
// mall's app, its order service and a payment gateway's callback look like
// on the wire, so that the console's kept requests look like a sale's.
//   payment   POST /api/payments: order, amount and currency, the card
//             (number, holder, expiry, CVV: what masking must hide)
//   order     POST /api/orders: customer, items, total, shipping address
//   callback  POST /callbacks/payment: the gateway's notification, with
//             the payer's card as gateways send it (masked-looking, still
//             masked before it is kept)
// Headers: JSON content type, a user agent per client, a fresh
// X-Request-Id per attempt, X-Forwarded-For, and the app's bearer token
// (which the guard never keeps).
struct SalesOrder {
    QString scope; // payment, order or callback
    QString key;
    QString orderNo;
    qint64 amountCents = 0;
    quint32 seed = 0; // picks card, items, customer and address: the same order, the same body
};

// The body of the order's request with this amount (a client bug sends
// another amount under the same key: the 422 the simulator provokes).
QByteArray salesRequestBody(const SalesOrder &order, qint64 amountCents);
// One attempt's request: the body above, the order's path and headers, a new X-Request-Id.
GuardRequest salesRequest(const SalesOrder &order, const QByteArray &body);
