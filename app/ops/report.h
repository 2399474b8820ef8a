#pragma once

#include "app/ops/auditverifier.h"
#include "app/ops/operatorbatch.h"
#include "app/telemetry/counterset.h"

#include <QList>
#include <QString>
#include <QStringList>

// What a report covers (DESIGN.md "Reports").
struct ReportRequest {
    qint64 fromMs = 0; // inclusive
    qint64 toMs = 0; // inclusive
    QStringList scopes; // empty: every scope seen in the store
    QString operatorName; // who asked for it: printed on every page
    qint64 nowMs = 0; // report time: stuck records are counted then
    qint64 stuckAfterMs = 10 * 60 * 1000LL; // in flight longer than this is stuck (Java article: 10 min)
};

struct ReportScope {
    QString scope;
    CounterSet totals; // summed over the range
    qint64 stuck = 0; // in flight longer than stuckAfterMs at report time
};

// One minute of the range, summed over the report's scopes (minutes without counts are absent).
struct ReportMinute {
    qint64 minute = 0; // epoch minutes
    CounterSet counts;
};

// The operator actions of one batch (one applied sweep or plan), for the
// report's batch summary and its entries grouped by batch.
struct ReportBatch {
    // One line of the summary: the batch's entries with one action, operator
    // and host, as each entry recorded them.
    struct Line {
        QString action;
        QString operatorName;
        QString host;
        QString reason; // the first entry's
        bool sameReason = true; // false: some entries give another (a "-not-applied" entry says why, per record)
        qint64 count = 0;
        qint64 firstMs = 0;
        qint64 lastMs = 0;
    };
    QString batchId; // empty: the entries written without a batch id
    QList<Line> lines; // in the order of each line's first entry
    QList<AuditEntry> entries; // oldest first
};

// Everything a report shows, gathered once and written as PDF, CSV or JSON.
struct ReportData {
    QString store; // the display URL: never a password
    QString countersFrom; // "store", or "prometheus <server>" (Store::counterSource)
    qint64 fromMs = 0;
    qint64 toMs = 0;
    qint64 generatedAtMs = 0;
    QString operatorName;
    qint64 stuckAfterMs = 0;
    QList<ReportScope> scopes; // by scope name
    QList<ReportMinute> series; // by minute
    QList<AuditEntry> actions; // audit entries in the range, oldest first: operator actions and alert handling
    AuditVerdict audit; // the verdict over the report's chains (every chain if no scope was chosen)
    bool cancelled = false; // stopped early: the data is incomplete and must not be written

    // The entries of `actions` that change records (timeout, reconcile-…,
    // their companions) and those about alerts (isAlertAction), oldest first.
    QList<AuditEntry> operatorActions() const;
    QList<AuditEntry> alertEntries() const;
    // The operator actions by batch id, batches in the order of their first entry.
    QList<ReportBatch> batches() const;

    CounterSet total() const;
    qint64 stuckTotal() const;
    // The anomaly counters, in enum order: everything but executed and replayed.
    static QList<Counter> anomalyCounters();
};

// Gathers a report: the counters of the range (one query), the stuck count
// per scope (one count query each), the audit entries of the range (pages of
// 1000) and the audit chain verdict (one query per 1000 entries). Progress
// is (steps done, steps); cancel is checked between steps and inside the
// verification, and returns the data with `cancelled` set.
class ReportBuilder final {
public:
    static Result<ReportData> gather(Store &store, const ReportRequest &request, const ActionControl &control = {});
};
