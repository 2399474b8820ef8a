#pragma once

#include "app/ops/operatorbatch.h"

#include <QAbstractTableModel>

// The records a preview found (the sweep's targets), as the operator checks
// them before applying: a small in-memory snapshot, replaced as a whole.
class ActionTargetModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ScopeColumn, KeyColumn, BizNoColumn, OwnerColumn, AgeColumn, AttemptsColumn, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole };

    explicit ActionTargetModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order) override;

    // Ages are shown relative to nowMs (when the preview ran).
    void setTargets(const QList<ActionTarget> &targets, qint64 nowMs);
    void clear();
    const QList<ActionTarget> &targets() const { return m_targets; }

private:
    QVariant raw(const ActionTarget &target, int column) const;

    QList<ActionTarget> m_targets;
    qint64 m_nowMs = 0;
};
