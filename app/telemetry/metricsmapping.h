#pragma once

#include "app/store/result.h"
#include "app/telemetry/counterset.h"

#include <QJsonValue>
#include <QMap>
#include <QString>

// What to ask a Prometheus server for a store's counters (DESIGN.md
// "Telemetry in the operators' own stack"): one PromQL expression per
// counter and the label that names the scope in its answer. Each expression
// holds the placeholder {scope}, which becomes a regular expression matching
// the scope asked for (every scope: ".+"), so it is written as a label
// matcher: LABEL=~"{scope}".
//
// An expression gives counter series (cumulative values: a metric with label
// matchers, or a sum of such), not rates: the console takes each series'
// increase per minute itself, from its values at the minute boundaries, and
// treats a drop as a counter reset (a restart), as Prometheus's increase()
// does. Executed and replayed are required (the hit rate needs both); a
// counter the mapping leaves out is shown as not mapped, never as zero.
struct MetricsMapping {
    QString name; // "idem-exporter", or the layout file's name
    QString scopeLabel = QStringLiteral("scope");
    QMap<Counter, QString> expressions; // counter → PromQL with {scope}

    // The metrics `idemctl exporter` and registerStoreMetrics() serve.
    static MetricsMapping exporter();
    static QString exporterName() { return QStringLiteral("idem-exporter"); }
    // A layout file's "metrics" member: the name of a built-in mapping, or
    // {"scope_label": "route", "counters": {"executed": "…", …}}. `origin`
    // names the file in errors.
    static Result<MetricsMapping> fromJson(const QJsonValue &value, const QString &origin);

    bool maps(Counter counter) const { return expressions.contains(counter); }
    // The counter's expression for one scope (empty: every scope).
    QString query(Counter counter, const QString &scope) const;
    // The regular expression {scope} becomes, as the text inside a PromQL
    // double-quoted string: regex metacharacters escaped, then backslashes
    // and quotes for the string itself.
    static QString scopeMatcher(const QString &scope);
};
