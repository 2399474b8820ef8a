#include "app/ops/recordselection.h"

#include "app/ops/agetext.h"

#include <QCoreApplication>

namespace {

// Messages of this file, in the "RecordSelection" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RecordSelection)
};

QString named(const RecordRef &ref)
{
    return ref.scope + QLatin1Char('/') + ref.key;
}

} // namespace

QStringList scopesOf(const QList<RecordRef> &records)
{
    QStringList scopes;
    for (const RecordRef &r : records) {
        if (!scopes.contains(r.scope))
            scopes << r.scope;
    }
    return scopes;
}

Result<PickedRecords> RecordSelection::reread(Store &store, const QList<RecordRef> &picked, qint64 cutoffMs, bool includeTimedOut,
                                              const ActionControl &control)
{
    PickedRecords out;
    const qint64 total = picked.size();
    control.report(0, total);
    qint64 done = 0;
    for (const RecordRef &ref : picked) {
        if (control.cancelled()) {
            out.cancelled = true;
            break;
        }
        const Result<std::optional<Record>> read = store.get(ref.scope, ref.key);
        if (!read)
            return read.error();
        control.report(++done, total);
        if (!read->has_value()) {
            out.finished.append(named(ref));
            continue;
        }
        const Record &record = read->value();
        if (!record.readError.isEmpty()) {
            out.unreadable.append(named(ref));
            continue;
        }
        if (record.state == RecordState::TimedOut && includeTimedOut) {
            out.eligible.append(record);
        } else if (record.state != RecordState::InFlight) {
            out.finished.append(named(ref));
        } else if (record.updatedAt <= 0 || record.updatedAt >= cutoffMs) {
            out.tooYoung.append(named(ref));
        } else {
            out.eligible.append(record);
        }
    }
    return out;
}

namespace {

// The picked records read again against the cutoff for olderThanMs, the
// preview's first step for the sweep and the reconcile alike; *cutoffMs
// receives the cutoff the targets carry.
Result<PickedRecords> rereadOlderThan(Store &store, const QList<RecordRef> &picked, qint64 nowMs, qint64 olderThanMs, bool includeTimedOut,
                                      const ActionControl &control, qint64 *cutoffMs)
{
    const Result<qint64> cutoff = previewCutoff(store, nowMs, olderThanMs);
    if (!cutoff)
        return cutoff.error();
    *cutoffMs = cutoff.value();
    return RecordSelection::reread(store, picked, cutoff.value(), includeTimedOut, control);
}

} // namespace

Result<RecordSelection::Sweep> RecordSelection::sweepPreview(Store &store, const QList<RecordRef> &picked, const SweepCriteria &criteria,
                                                             qint64 nowMs, const ActionControl &control)
{
    qint64 cutoffMs = 0;
    Result<PickedRecords> read = rereadOlderThan(store, picked, nowMs, criteria.olderThanMs, criteria.includeTimedOut, control, &cutoffMs);
    if (!read)
        return read.error();
    Sweep sweep;
    sweep.picked = std::move(read).value();
    for (const Record &record : std::as_const(sweep.picked.eligible)) {
        sweep.preview.targets.append(
            ActionTarget::of(record, record.state == RecordState::InFlight ? std::optional<qint64>(cutoffMs) : std::nullopt));
        sweep.preview.oldestAgeMs = qMax(sweep.preview.oldestAgeMs, record.ageMs(nowMs));
        ++sweep.preview.owners[record.owner];
    }
    sweep.preview.matched = sweep.preview.targets.size();
    sweep.preview.unreadableKeys = sweep.picked.unreadable;
    sweep.preview.cancelled = sweep.picked.cancelled;
    return sweep;
}

Result<RecordSelection::Plan> RecordSelection::reconcilePlan(Store &store, OrderLookup &orders, const QList<RecordRef> &picked,
                                                             const ReconcileCriteria &criteria, qint64 nowMs, const ActionControl &control)
{
    qint64 cutoffMs = 0;
    Result<PickedRecords> read = rereadOlderThan(store, picked, nowMs, criteria.olderThanMs, criteria.includeTimedOut, control, &cutoffMs);
    if (!read)
        return read.error();
    Plan plan;
    plan.picked = std::move(read).value();
    const bool byKey = orders.mapping().match == OrderMapping::MatchField::Key;
    const QList<Record> &eligible = plan.picked.eligible;
    for (qsizetype from = 0; from < eligible.size(); from += OrderLookup::MaxBatch) {
        if (control.cancelled()) {
            plan.picked.cancelled = true;
            break;
        }
        const QList<Record> batch = eligible.mid(from, OrderLookup::MaxBatch);
        QStringList keys;
        for (const Record &r : batch)
            keys << (byKey ? r.key : r.bizNo);
        const Result<QHash<QString, OrderRow>> found = orders.lookup(keys);
        if (!found)
            return found.error();
        for (const Record &r : batch) {
            // As the dry run does: a timed-out record has no age cutoff to re-check.
            const ActionTarget target =
                ActionTarget::of(r, r.state == RecordState::InFlight ? std::optional<qint64>(cutoffMs) : std::nullopt);
            const QString value = byKey ? target.key : target.bizNo;
            const auto it = found->constFind(value);
            plan.rows.append(ReconcilePlan::propose(target, orders.mapping(),
                                                    value.isEmpty() || it == found->cend() ? std::nullopt : std::optional<OrderRow>(*it)));
        }
    }
    return plan;
}

QString RecordSelection::leftOutText(const PickedRecords &picked, qint64 olderThanMs)
{
    QStringList why;
    if (!picked.finished.isEmpty())
        why << Text::tr("%n finished or left the list since it was selected", nullptr, int(picked.finished.size()));
    if (!picked.tooYoung.isEmpty())
        why << Text::tr("%n started less than %1 ago", nullptr, int(picked.tooYoung.size())).arg(ageText(olderThanMs));
    if (!picked.unreadable.isEmpty())
        why << Text::tr("%n cannot be read", nullptr, int(picked.unreadable.size()));
    if (why.isEmpty())
        return QString();
    const int n = int(picked.finished.size() + picked.tooYoung.size() + picked.unreadable.size());
    return Text::tr("%n selected record(s) left out: %1.", nullptr, n).arg(why.join(QStringLiteral("; ")));
}
