#pragma once

#include "app/store/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// How to read a business order table for reconciliation: a named profile the
// operator saves (DESIGN.md "Reconcile"). Table and column names are checked
// against a strict identifier pattern here and against the database's own
// catalogue when opened (OrderLookup), and always quoted as identifiers; no
// name is ever pasted into SQL.
struct OrderMapping {
    enum class MatchField { BizNo, Key }; // which record field is the order key

    QString name; // profile name
    QString ordersUrl; // sqlite:///…, postgresql://…, mysql://… (no password: env or keychain)
    QString table; // "orders" or "schema.orders"
    QString keyColumn;
    QString statusColumn;
    MatchField match = MatchField::BizNo;
    QStringList doneValues; // the order is paid/created: complete the record
    QStringList pendingValues; // still running: manual review
    QStringList failedValues; // failed/cancelled: release, the client may resubmit
    // The response a completed record replays. The body template may use
    // {{key}}, {{biz_no}}, {{scope}}, {{status}} and {{order.<column>}};
    // values are JSON-escaped when contentType is JSON.
    int responseStatus = 200;
    QString contentType = QStringLiteral("application/json");
    QString bodyTemplate = QStringLiteral(R"({"order_no":"{{biz_no}}","status":"{{status}}","reconciled":true})");

    // Checks every name and value list without touching a database: what an
    // operator can fix in the form. Names: [A-Za-z_][A-Za-z0-9_]{0,62}, the
    // table optionally "schema.table"; done values non-empty; no value in two lists.
    Result<void> validate() const;
    static bool isIdentifier(const QString &name);

    QJsonObject toJson() const;
    static Result<OrderMapping> fromJson(const QJsonObject &json);
};
