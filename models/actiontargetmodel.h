#pragma once

#include "app/ops/operatorbatch.h"

#include "models/checkableplanmodel.h"

#include <QSet>

// The records a preview found (the sweep's targets), as the operator checks
// them before applying (CheckablePlanModel: an unchecked row is excluded and
// its record is left as it is).
class ActionTargetModel final : public CheckablePlanModel {
    Q_OBJECT
public:
    enum Column { IncludeColumn, ScopeColumn, KeyColumn, BizNoColumn, OwnerColumn, AgeColumn, AttemptsColumn, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole, ExcludedRole };

    explicit ActionTargetModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Ages are shown relative to nowMs (when the preview ran). Every row starts included.
    void setTargets(const QList<ActionTarget> &targets, qint64 nowMs);
    void clear();
    // The targets to apply: the checked rows, in the table's order.
    QList<ActionTarget> includedTargets() const;
    int excludedCount() const { return int(m_excluded.size()); }

private:
    int planRowCount() const override { return int(m_targets.size()); }
    bool isIncluded(int row) const override { return !isExcluded(m_targets.at(stored(row))); }
    void storeIncluded(int row, bool included) override;
    QVariant sortKey(int storedRow, int column) const override { return raw(m_targets.at(storedRow), column); }

    QVariant raw(const ActionTarget &target, int column) const;
    bool isExcluded(const ActionTarget &target) const { return m_excluded.contains({target.scope, target.key}); }

    QList<ActionTarget> m_targets; // as given; CheckablePlanModel::stored() maps the table's rows to them
    QSet<QPair<QString, QString>> m_excluded; // (scope, key) of unchecked rows
    qint64 m_nowMs = 0;
};
