#pragma once

#include "app/ops/reconcileplan.h"

#include <QAbstractTableModel>

// A reconcile dry run's plan as the operator reviews it: one row per stuck
// record with its proposal, the reason and the order's status; the first
// column is checkable (unchecked: the row is excluded and not applied);
// rows are coloured by proposal. An in-memory snapshot, replaced as a whole.
class ReconcilePlanModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IncludeColumn, ScopeColumn, KeyColumn, BizNoColumn, AgeColumn, StateColumn,
        ProposalColumn, WhyColumn, OrderStatusColumn, ColumnCount
    };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        ProposalRole,                // int(ReconcileProposal)
        ExcludedRole,                // bool
    };

    explicit ReconcilePlanModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order) override;

    // Ages are shown relative to nowMs (when the dry run ran).
    void setRows(const QList<ReconcileRow> &rows, qint64 nowMs);
    void clear();
    // The plan with the operator's exclusions, to apply.
    const QList<ReconcileRow> &rows() const { return m_rows; }
    const ReconcileRow &rowAt(int row) const { return m_rows.at(row); }
    // Included rows only (ReconcilePlan::summarise).
    ReconcileSummary summary() const;
    // Includes or excludes every row at once.
    void setAllIncluded(bool included);

signals:
    // Exclusions changed (or new rows): the totals are worth showing again.
    void summaryChanged();

private:
    QVariant raw(const ReconcileRow &row, int column) const;

    QList<ReconcileRow> m_rows;
    qint64 m_nowMs = 0;
};
