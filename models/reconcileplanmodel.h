#pragma once

#include "app/ops/reconcileplan.h"

#include "models/checkableplanmodel.h"

// A reconcile dry run's plan as the operator reviews it: one row per stuck
// record with its proposal, the reason and the order's status; the first
// column is checkable (unchecked: the row is excluded and not applied);
// rows are coloured by proposal (CheckablePlanModel; a manual-review row has
// no box and is never applied).
class ReconcilePlanModel final : public CheckablePlanModel {
    Q_OBJECT
public:
    enum Column {
        IncludeColumn,
        ScopeColumn,
        KeyColumn,
        BizNoColumn,
        AgeColumn,
        StateColumn,
        ProposalColumn,
        WhyColumn,
        OrderStatusColumn,
        ColumnCount
    };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        ProposalRole, // int(ReconcileProposal)
        ExcludedRole, // bool
    };

    explicit ReconcilePlanModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Ages are shown relative to nowMs (when the dry run ran).
    void setRows(const QList<ReconcileRow> &rows, qint64 nowMs);
    void clear();
    // The plan with the operator's exclusions, in the table's order, to apply.
    QList<ReconcileRow> rows() const;
    // One row of the table, with the operator's exclusion.
    ReconcileRow rowAt(int row) const;
    // Included rows only (as ReconcilePlan::summarise counts them).
    ReconcileSummary summary() const;

private:
    int planRowCount() const override { return int(m_rows.size()); }
    bool isIncluded(int row) const override { return !m_excluded.at(stored(row)); }
    bool isCheckable(int row) const override { return m_rows.at(stored(row)).proposal != ReconcileProposal::Review; }
    void storeIncluded(int row, bool included) override { m_excluded[stored(row)] = !included; }
    QVariant sortKey(int storedRow, int column) const override { return raw(storedRow, column); }

    QVariant raw(int storedRow, int column) const;

    // As given, shared with the dry run that made them: the operator's
    // exclusions live beside them in m_excluded, so the first click on a
    // check box does not deep-copy a plan of 100,000 rows on the GUI thread
    // (81 ms, tools/bench-fix.sh). CheckablePlanModel::stored() maps the
    // table's rows to both.
    QList<ReconcileRow> m_rows;
    QList<bool> m_excluded; // per stored row
    qint64 m_nowMs = 0;
};
