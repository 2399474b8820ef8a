#include "app/ops/report.h"

#include "app/telemetry/countersource.h"

#include <QCoreApplication>
#include <QHash>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <tuple>

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr int AuditPage = 1000;

struct ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)
};

// Audit entries of the range for one scope (empty: all), oldest first. The
// query lists newest first with an inclusive upper bound, so pages continue
// at the oldest time seen and drop the entries already read.
Result<QList<AuditEntry>> auditInRange(Store &store, const QString &scope, qint64 fromMs, qint64 toMs, const ActionControl &control)
{
    QList<AuditEntry> all;
    // An entry is known by where it is stored and its hash: (scope, seq)
    // is not unique on a Redis Cluster, where each bucket of a scope has a
    // chain of its own, numbered from 1.
    QSet<QPair<QString, QString>> seen;
    qint64 upper = toMs;
    for (;;) {
        if (control.cancelled())
            break;
        AuditQuery q;
        q.scope = scope;
        q.fromMs = fromMs;
        q.toMs = upper;
        q.limit = AuditPage;
        Result<QList<AuditEntry>> page = store.auditEntries(q);
        if (!page)
            return page.error();
        int added = 0;
        for (const AuditEntry &e : page.value()) {
            const QPair<QString, QString> id{e.storeId, e.hash};
            if (seen.contains(id))
                continue;
            seen.insert(id);
            all.append(e);
            ++added;
        }
        if (page->size() < AuditPage)
            break;
        const qint64 oldest = page->constLast().atMs;
        // A whole page within one millisecond: step past it rather than loop.
        upper = added == 0 ? oldest - 1 : oldest;
        if (upper < fromMs)
            break;
    }
    std::sort(all.begin(), all.end(),
              [](const AuditEntry &a, const AuditEntry &b) { return std::tie(a.atMs, a.scope, a.seq) < std::tie(b.atMs, b.scope, b.seq); });
    return all;
}

// The report's store, range, author and stuck threshold, before anything is read.
ReportData reportHeader(Store &store, const ReportRequest &request)
{
    ReportData data;
    data.store = store.displayUrl();
    data.fromMs = request.fromMs;
    data.toMs = request.toMs;
    data.generatedAtMs = request.nowMs;
    data.operatorName = request.operatorName;
    data.stuckAfterMs = request.stuckAfterMs;
    return data;
}

// The range's counters summed per scope and per minute.
struct CounterTotals {
    QMap<QString, CounterSet> perScope;
    QMap<qint64, CounterSet> perMinute;
};

// Counters: one query over every scope, filtered here when scopes are chosen.
// Sets data.countersFrom. With no scopes chosen, every scope that holds
// records gets an entry too: it still has stuck records to show.
Result<CounterTotals> readCounters(Store &store, const ReportRequest &request, ReportData &data)
{
    if (Result<void> flushed = store.flushCounters(); !flushed && store.writable())
        return flushed.error();
    // Through the store's counter source: a Prometheus server that cannot
    // answer fails the report (a report with holes reads as quiet minutes).
    const Result<CounterReading> reading = store.counterSource().read(QString(), request.fromMs / MinuteMs, request.toMs / MinuteMs);
    if (!reading)
        return reading.error();
    if (reading->provenance.failed())
        return makeError(ErrorKind::Unavailable, reading->provenance.message);
    data.countersFrom = reading->provenance.source == CounterProvenance::Source::Prometheus
                            ? QStringLiteral("prometheus %1").arg(reading->provenance.server)
                            : QStringLiteral("store");
    const Result<QList<CounterRow>> rows = reading->rows;
    const QSet<QString> chosen(request.scopes.cbegin(), request.scopes.cend());
    CounterTotals totals;
    for (const QString &s : request.scopes)
        totals.perScope[s];
    for (const CounterRow &row : rows.value()) {
        if (!chosen.isEmpty() && !chosen.contains(row.scope))
            continue;
        totals.perScope[row.scope] += row.counts;
        totals.perMinute[row.minute] += row.counts;
    }
    if (chosen.isEmpty()) {
        const Result<QList<ScopeCount>> byState = store.countByState(QString());
        if (!byState)
            return byState.error();
        for (const ScopeCount &c : byState.value())
            totals.perScope[c.scope];
    }
    return totals;
}

// One ReportScope per scope with its stuck count, a progress step each.
// False when cancelled before a scope: data keeps the scopes already added.
Result<bool> addScopes(Store &store, const ReportRequest &request, const QMap<QString, CounterSet> &perScope, const ActionControl &control,
                       qint64 &done, qint64 steps, ReportData &data)
{
    for (auto it = perScope.cbegin(); it != perScope.cend(); ++it) {
        if (control.cancelled())
            return false;
        RecordQuery q = RecordQuery::ofScope(it.key());
        q.startedBeforeMs = request.nowMs - request.stuckAfterMs;
        const Result<qint64> stuck = store.countInFlight(q);
        if (!stuck)
            return stuck.error();
        data.scopes.append(ReportScope{it.key(), it.value(), stuck.value()});
        control.report(++done, steps);
    }
    return true;
}

// The range's audit entries: one walk over every scope, or one per chosen
// scope merged by time, scope and sequence.
Result<QList<AuditEntry>> actionsInRange(Store &store, const ReportRequest &request, const ActionControl &control)
{
    if (request.scopes.isEmpty())
        return auditInRange(store, QString(), request.fromMs, request.toMs, control);
    QList<AuditEntry> actions;
    for (const QString &scope : request.scopes) {
        Result<QList<AuditEntry>> entries = auditInRange(store, scope, request.fromMs, request.toMs, control);
        if (!entries)
            return entries.error();
        actions += entries.value();
    }
    std::sort(actions.begin(), actions.end(),
              [](const AuditEntry &a, const AuditEntry &b) { return std::tie(a.atMs, a.scope, a.seq) < std::tie(b.atMs, b.scope, b.seq); });
    return actions;
}

} // namespace

QList<AuditEntry> ReportData::operatorActions() const
{
    QList<AuditEntry> list;
    for (const AuditEntry &e : actions) {
        if (!isAlertAction(e.action))
            list.append(e);
    }
    return list;
}

QList<AuditEntry> ReportData::alertEntries() const
{
    QList<AuditEntry> list;
    for (const AuditEntry &e : actions) {
        if (isAlertAction(e.action))
            list.append(e);
    }
    return list;
}

QList<ReportBatch> ReportData::batches() const
{
    QList<ReportBatch> list;
    QHash<QString, qsizetype> batchIndex;
    QHash<QStringList, qsizetype> lineIndex; // (batch id, action, operator, host) → line in its batch
    for (const AuditEntry &e : actions) {
        if (isAlertAction(e.action))
            continue;
        auto batch = batchIndex.constFind(e.batchId);
        if (batch == batchIndex.cend()) {
            batch = batchIndex.insert(e.batchId, list.size());
            list.append(ReportBatch{e.batchId, {}, {}});
        }
        ReportBatch &b = list[batch.value()];
        b.entries.append(e);
        const QStringList lineKey{e.batchId, e.action, e.operatorName, e.host};
        auto line = lineIndex.constFind(lineKey);
        if (line == lineIndex.cend()) {
            line = lineIndex.insert(lineKey, b.lines.size());
            b.lines.append(ReportBatch::Line{e.action, e.operatorName, e.host, e.reason, true, 0, e.atMs, e.atMs});
        }
        ReportBatch::Line &l = b.lines[line.value()];
        l.sameReason = l.sameReason && l.reason == e.reason;
        ++l.count;
        l.firstMs = std::min(l.firstMs, e.atMs);
        l.lastMs = std::max(l.lastMs, e.atMs);
    }
    return list;
}

CounterSet ReportData::total() const
{
    CounterSet sum;
    for (const ReportScope &s : scopes)
        sum += s.totals;
    return sum;
}

qint64 ReportData::stuckTotal() const
{
    qint64 n = 0;
    for (const ReportScope &s : scopes)
        n += s.stuck;
    return n;
}

QList<Counter> ReportData::anomalyCounters()
{
    QList<Counter> list;
    for (int i = 0; i < CounterCount; ++i) {
        const auto c = static_cast<Counter>(i);
        if (c != Counter::Executed && c != Counter::Replayed)
            list.append(c);
    }
    return list;
}

Result<ReportData> ReportBuilder::gather(Store &store, const ReportRequest &request, const ActionControl &control)
{
    if (request.toMs < request.fromMs)
        return makeError(ErrorKind::InvalidArgument, ReportText::tr("The report's end is before its start."));

    ReportData data = reportHeader(store, request);
    Result<CounterTotals> totals = readCounters(store, request, data);
    if (!totals)
        return totals.error();

    const qint64 steps = 2 + totals->perScope.size();
    qint64 done = 1;
    control.report(done, steps);

    const Result<bool> counted = addScopes(store, request, totals->perScope, control, done, steps, data);
    if (!counted)
        return counted.error();
    if (!counted.value()) {
        data.cancelled = true;
        return data;
    }
    for (auto it = totals->perMinute.cbegin(); it != totals->perMinute.cend(); ++it)
        data.series.append(ReportMinute{it.key(), it.value()});

    Result<QList<AuditEntry>> actions = actionsInRange(store, request, control);
    if (!actions)
        return actions.error();
    data.actions = std::move(actions.value());
    if (control.cancelled()) {
        data.cancelled = true;
        return data;
    }
    control.report(++done, steps);

    ActionControl verifyControl;
    verifyControl.cancel = control.cancel;
    const Result<AuditVerdict> verdict = AuditVerifier::verify(store, verifyControl, request.scopes);
    if (!verdict)
        return verdict.error();
    data.audit = verdict.value();
    data.cancelled = data.audit.cancelled;
    control.report(steps, steps);
    return data;
}
