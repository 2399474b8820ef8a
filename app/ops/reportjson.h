#pragma once

#include "app/ops/report.h"

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
//   "actions": [entry(), …],
//   "audit": verdict()
// }
class ReportJson final {
public:
    static QJsonObject write(const ReportData &data);

    // The one JSON form of an audit entry, every field: the report's
    // "actions" and `idemctl audit list --json`.
    // {"scope", "seq", "at_ms", "at", "operator", "host", "action", "batch_id",
    //  "key", "state_before", "state_after", "reason", "evidence" (text as
    //  stored), "prev_hash", "hash", "store_id"}
    static QJsonObject entry(const AuditEntry &entry);
    // The one JSON form of a chain verdict: the report's "audit" and
    // `idemctl audit verify --json`.
    // {"entries", "chains", "ok", "empty", "first_bad": null | {"scope", "seq", "store_id", "reason"},
    //  "heads": [{"chain", "scope", "seq", "hash", "entries", "ok"}]}
    // "heads" lists each chain verified to its end with the head it was
    // checked against ("chain" is the scope, or on a Redis Cluster the
    // bucket's chain, "payment#07"): the witness to compare a later
    // verification with.
    static QJsonObject verdict(const AuditVerdict &verdict);
};
