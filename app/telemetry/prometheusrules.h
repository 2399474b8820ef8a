#pragma once

#include "app/telemetry/alertrules.h"
#include "app/telemetry/metricsmapping.h"

#include <QByteArray>
#include <QList>

// The console's alert rules as a Prometheus rules file (YAML), so the same
// thresholds page through Alertmanager when no console is open. Each rule
// becomes one alerting rule over the mapping's expressions (the exporter's
// metrics by default):
//   hit rate above X% for N min  replayed ÷ (replayed + executed) over each
//                                minute, per scope, above X, for N minutes;
//   mismatches above X per min   the mismatch counter's increase over a
//                                minute above X, for N minutes;
//   stuck records above X        idem_stuck_records summed over every scope
//                                (the exporter's gauge), above X;
//   store round trip above X ms  the exporter's reading of the store took
//                                longer than X ms.
// Prometheus judges sliding minutes where the console judges calendar
// minutes: an alert may start up to a minute apart. The rule's identity
// (AlertRule::key) and severity are labels, its description the summary.
// Rules a mapping cannot express (mismatches without a mismatch counter;
// stuck and round trip, which need the exporter's gauges) are left out and
// listed in *skipped.
QByteArray prometheusRulesYaml(const QList<AlertRule> &rules, const MetricsMapping &mapping, QStringList *skipped = nullptr);
