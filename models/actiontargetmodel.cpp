#include "models/actiontargetmodel.h"

#include "app/ops/agetext.h"
#include "app/store/visibletext.h"
#include "models/rowsort.h"

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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
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

void ActionTargetModel::setTargets(const QList<ActionTarget> &targets, qint64 nowMs)
{
    beginResetModel();
    m_targets = targets;
    m_nowMs = nowMs;
    endResetModel();
}

void ActionTargetModel::clear()
{
    setTargets({}, 0);
}
