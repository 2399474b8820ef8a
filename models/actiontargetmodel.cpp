#include "models/actiontargetmodel.h"

#include "app/ops/agetext.h"
#include "app/store/visibletext.h"
#include "models/rowsort.h"

#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <numeric>

ActionTargetModel::ActionTargetModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int ActionTargetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_targets.size());
}

int ActionTargetModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ActionTargetModel::raw(const ActionTarget &t, int column) const
{
    switch (Column(column)) {
    case IncludeColumn: return !isExcluded(t);
    case ScopeColumn: return t.scope;
    case KeyColumn: return t.key;
    case BizNoColumn: return t.bizNo;
    case OwnerColumn: return t.owner;
    case AgeColumn: return m_nowMs - t.updatedAt;
    case AttemptsColumn: return t.attempts;
    case ColumnCount: break;
    }
    return {};
}

QVariant ActionTargetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ActionTarget &t = m_targets.at(index.row());
    if (role == Qt::TextAlignmentRole && (index.column() == AgeColumn || index.column() == AttemptsColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == RawValueRole)
        return raw(t, index.column());
    if (role == ExcludedRole)
        return isExcluded(t);
    if (role == Qt::CheckStateRole)
        return index.column() == IncludeColumn ? QVariant(isExcluded(t) ? Qt::Unchecked : Qt::Checked) : QVariant();
    if (role == Qt::ForegroundRole && isExcluded(t))
        return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
    if (index.column() == IncludeColumn) {
        if (role == Qt::ToolTipRole)
            return isExcluded(t) ? tr("Excluded: this record is left as it is") : tr("Included: applied with the others");
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (index.column() == AgeColumn)
        return ageText(m_nowMs - t.updatedAt);
    const QVariant value = raw(t, index.column());
    // Text a service stored is shown escaped, sorted raw.
    return value.typeId() == QMetaType::QString ? QVariant(visibleText(value.toString())) : value;
}

QVariant ActionTargetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == IncludeColumn)
        return tr("Uncheck a row to leave its record out");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case IncludeColumn: return tr("Apply");
    case ScopeColumn: return tr("Scope");
    case KeyColumn: return tr("Key");
    case BizNoColumn: return tr("Business no.");
    case OwnerColumn: return tr("Owner");
    case AgeColumn: return tr("Age");
    case AttemptsColumn: return tr("Attempts");
    case ColumnCount: break;
    }
    return {};
}

void ActionTargetModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QList<int> newRow = sortRowsInPlace(m_targets, order, [&](const ActionTarget &row) { return raw(row, column); });
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    for (const QModelIndex &index : from)
        to.append(this->index(newRow.at(index.row()), index.column()));
    changePersistentIndexList(from, to);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

bool ActionTargetModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || index.column() != IncludeColumn
        || role != Qt::CheckStateRole)
        return false;
    setIncluded(index.row(), Qt::CheckState(value.toInt()) == Qt::Checked);
    return true;
}

Qt::ItemFlags ActionTargetModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == IncludeColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

void ActionTargetModel::setIncluded(int row, bool included)
{
    if (row < 0 || row >= m_targets.size())
        return;
    const ActionTarget &t = m_targets.at(row);
    if (isExcluded(t) == !included)
        return;
    if (included)
        m_excluded.remove({t.scope, t.key});
    else
        m_excluded.insert({t.scope, t.key});
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit inclusionChanged();
}

void ActionTargetModel::setAllIncluded(bool included)
{
    if (m_targets.isEmpty())
        return;
    m_excluded.clear();
    if (!included) {
        for (const ActionTarget &t : std::as_const(m_targets))
            m_excluded.insert({t.scope, t.key});
    }
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit inclusionChanged();
}

QList<ActionTarget> ActionTargetModel::includedTargets() const
{
    QList<ActionTarget> included;
    for (const ActionTarget &t : m_targets) {
        if (!isExcluded(t))
            included.append(t);
    }
    return included;
}

void ActionTargetModel::setTargets(const QList<ActionTarget> &targets, qint64 nowMs)
{
    beginResetModel();
    m_targets = targets;
    m_excluded.clear();
    m_nowMs = nowMs;
    endResetModel();
    emit inclusionChanged();
}

void ActionTargetModel::clear()
{
    setTargets({}, 0);
}
