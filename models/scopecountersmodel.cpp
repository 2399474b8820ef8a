#include "scopecountersmodel.h"

#include <QMap>

int ScopeCountersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ScopeCountersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScopeCountersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const auto counter = [&](Counter c) { return QVariant::fromValue(row.counts[c]); };
    QVariant raw;
    switch (Column(index.column())) {
    case ScopeColumn: raw = row.scope; break;
    case ExecutedColumn: raw = counter(Counter::Executed); break;
    case ReplayedColumn: raw = counter(Counter::Replayed); break;
    case InProgressColumn: raw = counter(Counter::InProgress); break;
    case MismatchColumn: raw = counter(Counter::Mismatch); break;
    case ReleasedColumn: raw = counter(Counter::Released); break;
    case TimedOutColumn: raw = counter(Counter::TimedOut); break;
    case LateFinishColumn: raw = counter(Counter::LateFinish); break;
    case HitRateColumn: raw = row.counts.hitRate() ? QVariant(*row.counts.hitRate()) : QVariant(); break;
    case ColumnCount: break;
    }
    if (role == RawValueRole)
        return raw;
    if (role == Qt::DisplayRole) {
        if (index.column() == HitRateColumn)
            return raw.isValid() ? QString::number(raw.toDouble() * 100, 'f', 1) + QLatin1Char('%') : QStringLiteral("–");
        return raw;
    }
    if (role == Qt::TextAlignmentRole && index.column() != ScopeColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant ScopeCountersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case ScopeColumn: return tr("Scope");
    case ExecutedColumn: return tr("Executed");
    case ReplayedColumn: return tr("Replayed");
    case InProgressColumn: return tr("In progress (409)");
    case MismatchColumn: return tr("Mismatch (422)");
    case ReleasedColumn: return tr("Released (5xx)");
    case TimedOutColumn: return tr("Timed out");
    case LateFinishColumn: return tr("Late finish");
    case HitRateColumn: return tr("Hit rate");
    case ColumnCount: break;
    }
    return {};
}

void ScopeCountersModel::setSnapshot(const StoreSnapshot &snapshot)
{
    if (snapshot.generation <= m_generation || !snapshot.connected)
        return;
    m_generation = snapshot.generation;
    QMap<QString, CounterSet> perScope;
    for (const CounterRow &row : snapshot.counters)
        perScope[row.scope] += row.counts;
    beginResetModel();
    m_rows.clear();
    for (auto it = perScope.cbegin(); it != perScope.cend(); ++it)
        m_rows.append(Row{it.key(), it.value()});
    endResetModel();
}
