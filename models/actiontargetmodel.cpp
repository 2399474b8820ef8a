#include "models/actiontargetmodel.h"

#include "models/recordcolumns.h"
#include "app/ops/agetext.h"
#include "app/store/visibletext.h"

ActionTargetModel::ActionTargetModel(QObject *parent)
    : CheckablePlanModel(ColumnCount, parent)
{
}

QVariant ActionTargetModel::raw(const ActionTarget &t, int column) const
{
    switch (Column(column)) {
    case IncludeColumn:
        return !isExcluded(t);
    case ScopeColumn:
        return t.scope;
    case KeyColumn:
        return t.key;
    case BizNoColumn:
        return t.bizNo;
    case OwnerColumn:
        return t.owner;
    case AgeColumn:
        return m_nowMs - t.updatedAt;
    case AttemptsColumn:
        return t.attempts;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ActionTargetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ActionTarget &t = m_targets.at(stored(index.row()));
    if (role == Qt::TextAlignmentRole && (index.column() == AgeColumn || index.column() == AttemptsColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == RawValueRole)
        return raw(t, index.column());
    if (role == ExcludedRole)
        return isExcluded(t);
    if (role == Qt::CheckStateRole || role == Qt::ForegroundRole)
        return inclusionData(index.row(), index.column(), role);
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
    case IncludeColumn:
        return tr("Apply");
    case ScopeColumn:
        return RecordColumns::title(RecordColumns::Field::Scope);
    case KeyColumn:
        return RecordColumns::title(RecordColumns::Field::Key);
    case BizNoColumn:
        return RecordColumns::title(RecordColumns::Field::BizNo);
    case OwnerColumn:
        return RecordColumns::title(RecordColumns::Field::Owner);
    case AgeColumn:
        return RecordColumns::title(RecordColumns::Field::Age);
    case AttemptsColumn:
        return RecordColumns::title(RecordColumns::Field::Attempts);
    case ColumnCount:
        break;
    }
    return {};
}

void ActionTargetModel::storeIncluded(int row, bool included)
{
    const ActionTarget &t = m_targets.at(stored(row));
    if (included)
        m_excluded.remove({t.scope, t.key});
    else
        m_excluded.insert({t.scope, t.key});
}

QList<ActionTarget> ActionTargetModel::includedTargets() const
{
    QList<ActionTarget> included;
    for (int row = 0; row < m_targets.size(); ++row) {
        const ActionTarget &t = m_targets.at(stored(row));
        if (!isExcluded(t))
            included.append(t);
    }
    return included;
}

void ActionTargetModel::setTargets(const QList<ActionTarget> &targets, qint64 nowMs)
{
    replaceRows([&] {
        m_targets = targets;
        m_excluded.clear();
        m_nowMs = nowMs;
    });
}

void ActionTargetModel::clear()
{
    setTargets({}, 0);
}
