#include "models/countertimelinemodel.h"

#include <QDateTime>

#include <algorithm>

namespace {

constexpr Counter kColumnCounter[] = {Counter::Count_,   Counter::Executed, Counter::Replayed,   Counter::InProgress, Counter::Mismatch,
                                      Counter::Released, Counter::TimedOut, Counter::LateFinish, Counter::StoreErrors};

} // namespace

CounterTimelineModel::CounterTimelineModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int CounterTimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_minutes.size());
}

int CounterTimelineModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CounterTimelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const CounterSet &c = m_minutes.at(index.row());
    const Column column = Column(index.column());
    const bool created = column >= CreatedCompletedColumn && column <= CreatedUnreadableColumn;
    if (column != MinuteColumn && column != ThresholdColumn && created == m_reading.keepsCounters)
        return {}; // not what this store records: empty, not zero
    if (!created && column != MinuteColumn && column != ThresholdColumn) {
        if (!hasData(index.row()))
            return {}; // Prometheus has no data for this minute: no point, not zero
        const bool hitRate = column == HitRateColumn;
        if ((hitRate && !(provenance().maps(Counter::Replayed) && provenance().maps(Counter::Executed)))
            || (!hitRate && !provenance().maps(kColumnCounter[index.column()])))
            return {}; // not mapped
    }
    switch (column) {
    case MinuteColumn:
        if (role == RawValueRole)
            return minuteStartMs(index.row());
        return QDateTime::fromMSecsSinceEpoch(minuteStartMs(index.row())).toString(QStringLiteral("HH:mm"));
    case HitRateColumn:
        if (!c.hitRate())
            return {};
        return role == RawValueRole ? QVariant(*c.hitRate() * 100) : QVariant(QString::number(*c.hitRate() * 100, 'f', 1));
    case ThresholdColumn:
        return m_threshold * 100;
    case CreatedCompletedColumn:
        return m_created.at(index.row()).completed;
    case CreatedInFlightColumn:
        return m_created.at(index.row()).inFlight;
    case CreatedTimedOutColumn:
        return m_created.at(index.row()).timedOut;
    case CreatedUnreadableColumn:
        return m_created.at(index.row()).unreadable;
    case ColumnCount:
        return {};
    default:
        return c[kColumnCounter[index.column()]];
    }
}

QVariant CounterTimelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case MinuteColumn:
        return tr("Minute");
    case ExecutedColumn:
        return tr("Executed");
    case ReplayedColumn:
        return tr("Replayed");
    case InProgressColumn:
        return tr("In progress (409)");
    case MismatchColumn:
        return tr("Mismatch (422)");
    case ReleasedColumn:
        return tr("Released (5xx)");
    case TimedOutColumn:
        return tr("Timed out");
    case LateFinishColumn:
        return tr("Late finish");
    case StoreErrorsColumn:
        return tr("Store errors");
    case HitRateColumn:
        return tr("Hit rate %");
    case ThresholdColumn:
        return tr("Alert threshold %");
    case CreatedCompletedColumn:
        return tr("Created, completed now");
    case CreatedInFlightColumn:
        return tr("Created, in flight now");
    case CreatedTimedOutColumn:
        return tr("Created, timed out now");
    case CreatedUnreadableColumn:
        return tr("Created, unreadable");
    case ColumnCount:
        break;
    }
    return {};
}

void CounterTimelineModel::setReading(const DashboardReading &reading)
{
    m_reading = reading;
    if (reading.readAtMs > 0) {
        if (m_samples.size() >= MaxSamples)
            m_samples.remove(0, m_samples.size() - MaxSamples + 1);
        m_samples.append({reading.readAtMs, reading.inFlight, reading.stuck, reading.byScope});
    }
    rebuild();
}

void CounterTimelineModel::setScope(const QString &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    rebuild();
}

void CounterTimelineModel::setThreshold(double fraction)
{
    m_threshold = fraction;
    if (!m_minutes.isEmpty())
        emit dataChanged(index(0, ThresholdColumn), index(int(m_minutes.size()) - 1, ThresholdColumn));
}

void CounterTimelineModel::rebuild()
{
    beginResetModel();
    m_minutes.clear();
    m_created.clear();
    m_scopes.clear();
    const qint64 span = m_reading.toMinute - m_reading.fromMinute + 1;
    if (span > 0 && span <= 60 * 24 * 31) {
        m_minutes.resize(span);
        if (!m_reading.keepsCounters)
            m_created.resize(span);
        for (const ActivityRow &row : std::as_const(m_reading.activity)) {
            if (!m_scopes.contains(row.scope))
                m_scopes.append(row.scope);
            if (m_created.isEmpty() || (!m_scope.isEmpty() && row.scope != m_scope) || row.minute < m_reading.fromMinute
                || row.minute > m_reading.toMinute)
                continue;
            Created &minute = m_created[row.minute - m_reading.fromMinute];
            minute.completed += row.completed;
            minute.inFlight += row.inFlight;
            minute.timedOut += row.timedOut;
            minute.unreadable += row.unreadable;
        }
        for (const CounterRow &row : std::as_const(m_reading.counters)) {
            if (!m_scopes.contains(row.scope))
                m_scopes.append(row.scope);
            if ((m_scope.isEmpty() || row.scope == m_scope) && row.minute >= m_reading.fromMinute && row.minute <= m_reading.toMinute)
                m_minutes[row.minute - m_reading.fromMinute] += row.counts;
        }
    }
    m_scopes.sort();
    endResetModel();
}

bool CounterTimelineModel::hasData(int row) const
{
    return m_reading.provenance.hasData(m_scope, m_reading.fromMinute + row);
}

QList<CounterTimelineModel::CountSample> CounterTimelineModel::samples() const
{
    QList<CountSample> out;
    out.reserve(m_samples.size());
    for (const Sample &s : m_samples) {
        CountSample c{s.atMs, s.inFlight, s.stuck};
        if (!m_scope.isEmpty()) {
            const auto it = std::find_if(s.byScope.cbegin(), s.byScope.cend(),
                                         [this](const DashboardReading::ScopeCounts &sc) { return sc.scope == m_scope; });
            c.inFlight = it == s.byScope.cend() ? 0 : it->inFlight;
            c.stuck = it == s.byScope.cend() ? 0 : it->stuck;
        }
        out << c;
    }
    return out;
}

std::optional<int> CounterTimelineModel::runningRow() const
{
    if (m_minutes.isEmpty() || m_reading.readAtMs <= 0 || m_reading.readAtMs / 60000 != m_reading.toMinute)
        return std::nullopt;
    return int(m_minutes.size()) - 1;
}

double CounterTimelineModel::runningFraction() const
{
    if (!runningRow())
        return 1.0;
    return qBound(0.0, double(m_reading.readAtMs - m_reading.toMinute * 60000) / 60000.0, 1.0);
}

CounterTimelineModel::Kpis CounterTimelineModel::kpis(int minutes) const
{
    Kpis k;
    k.stuck = m_reading.stuckOf(m_scope);
    k.inFlight = m_reading.inFlightOf(m_scope);
    k.roundTripMs = m_reading.roundTripMs;
    k.keepsCounters = m_reading.keepsCounters;
    CounterSet total;
    const int first = qMax(0, int(m_minutes.size()) - minutes);
    int known = 0;
    for (int i = first; i < m_minutes.size(); ++i) {
        if (!hasData(i))
            continue; // a gap is left out of the window, not counted as a quiet minute
        total += m_minutes.at(i);
        ++known;
    }
    k.noData = known == 0 && m_reading.keepsCounters && !m_minutes.isEmpty();
    // Minutes measured: those with data, the running one only for the part
    // that had passed.
    const bool runningCounted = runningRow() && *runningRow() >= first && (!m_reading.keepsCounters || hasData(*runningRow()));
    const double measured =
        (m_reading.keepsCounters ? known : int(m_minutes.size()) - first) - (runningCounted ? 1.0 - runningFraction() : 0.0);
    const double n = qMax(1.0 / 60, measured);
    k.hitRate = total.hitRate();
    k.executionsPerMinute = double(total[Counter::Executed]) / n;
    k.anomaliesPerMinute = double(total[Counter::InProgress] + total[Counter::Mismatch] + total[Counter::Released]
                                  + total[Counter::LateFinish] + total[Counter::StoreErrors])
                           / n;
    qint64 created = 0;
    for (int i = qMax(0, int(m_created.size()) - minutes); i < m_created.size(); ++i) {
        const Created &c = m_created.at(i);
        created += c.completed + c.inFlight + c.timedOut + c.unreadable;
    }
    k.createdPerMinute = double(created) / n;
    return k;
}
