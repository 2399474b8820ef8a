#pragma once

#include "app/ops/operatorbatch.h"

#include <QAbstractTableModel>

#include <QSet>

// The records a preview found (the sweep's targets), as the operator checks
// them before applying: a small in-memory snapshot, replaced as a whole. The
// first column is checkable, as in the reconcile plan: an unchecked row is
// excluded and its record is left as it is.
class ActionTargetModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IncludeColumn, ScopeColumn, KeyColumn, BizNoColumn, OwnerColumn, AgeColumn, AttemptsColumn, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole, ExcludedRole };

    explicit ActionTargetModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    void sort(int column, Qt::SortOrder order) override;

    // Ages are shown relative to nowMs (when the preview ran). Every row starts included.
    void setTargets(const QList<ActionTarget> &targets, qint64 nowMs);
    void clear();
    const QList<ActionTarget> &targets() const { return m_targets; }
    // The targets to apply: the checked rows, in the table's order.
    QList<ActionTarget> includedTargets() const;
    int excludedCount() const { return int(m_excluded.size()); }
    void setIncluded(int row, bool included);
    void setAllIncluded(bool included);

signals:
    // Rows were included or excluded (or replaced): the totals are worth showing again.
    void inclusionChanged();

private:
    QVariant raw(const ActionTarget &target, int column) const;
    bool isExcluded(const ActionTarget &target) const { return m_excluded.contains({target.scope, target.key}); }

    QList<ActionTarget> m_targets;
    QSet<QPair<QString, QString>> m_excluded; // (scope, key) of unchecked rows
    qint64 m_nowMs = 0;
};
