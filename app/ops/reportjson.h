#pragma once

#include "report.h"

#include <QJsonObject>

// A report as JSON, schema "idem-report/1" (stable: fields are only ever
// added; a change of meaning gets a new schema name). Times are ISO 8601 UTC
// strings with their millisecond twins (*_ms); hit rates are 0..1 or null
// when nothing was executed or replayed.
// {
//   "schema": "idem-report/1", "store": display URL (no password),
//   "from", "to", "generated_at" (+ "from_ms", "to_ms", "generated_at_ms"),
//   "operator", "stuck_after_ms",
//   "scopes": [{"scope", "executed", "replayed", "in_progress", "mismatch",
//               "released", "timed_out", "reconciled", "store_errors",
//               "late_finish", "hit_rate", "stuck"}],
//   "series": [{"minute" (epoch minutes), "at", <the same counters>, "hit_rate"}],
//   "actions": [{"at", "at_ms", "scope", "seq", "operator", "host", "action",
//                "batch_id", "key", "state_before", "state_after", "reason", "hash"}],
//   "audit": {"entries", "chains", "ok", "first_bad": null | {"scope", "seq", "store_id", "reason"}}
// }
class ReportJson final {
public:
    static QJsonObject write(const ReportData &data);
};
