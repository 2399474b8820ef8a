#pragma once

#include <QAbstractTableModel>
#include <QList>

// What the timeout preview and the reconcile plan share: an in-memory
// snapshot of rows, replaced as a whole, whose first column (IncludeColumn,
// "Apply") is a check box. An unchecked row is excluded: its record is left
// as it is. Sorting keeps persistent indexes (selection, current row) on
// their rows. A subclass keeps the rows and says how each is included,
// whether it can be, and what each row sorts by; this class does the check
// boxes, the totals signal and the sort.
//
// A sort of kWorkerSortRows rows or more runs on a worker thread: the GUI
// thread reads each row's key and, when the order arrives, moves the rows
// once. Sorting 100,000 rows took 45-78 ms of the GUI thread's CPU and,
// on a loaded 2-core machine, up to 161 ms of wall time in which it
// answered nothing (tools/bench-fix.sh). Until the order is applied the
// rows stay as they were and every action on them (check boxes, apply)
// sees that order; a newer sort or new rows make the pending order moot.
class CheckablePlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int IncludeColumn = 0;

    // columnCount: the subclass's columns, IncludeColumn first.
    explicit CheckablePlanModel(int columnCount, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    void sort(int column, Qt::SortOrder order) override;
    // A sort on the worker thread has not been applied yet.
    bool isSorting() const { return m_sortPending; }

    static constexpr int kWorkerSortRows = 10000;

    // One row, or every row that can be included, in or out at once.
    void setIncluded(int row, bool included);
    void setAllIncluded(bool included);

signals:
    // Rows were included or excluded (or replaced): the totals are worth showing again.
    void inclusionChanged();
    // The rows are in the order the last sort() asked for.
    void sorted();

protected:
    virtual int planRowCount() const = 0;
    virtual bool isIncluded(int row) const = 0;
    // A row without a check box (a reconcile row for manual review) is never applied.
    virtual bool isCheckable(int row) const;
    virtual void storeIncluded(int row, bool included) = 0;
    // What `row` sorts by in `column`: its raw value, not its display text.
    virtual QVariant sortKey(int row, int column) const = 0;
    // Puts the rows in `permutation`'s order (permutation[new] = old row),
    // as applyPermutation (models/rowsort.h) does.
    virtual void reorderRows(const QList<int> &permutation) = 0;

    // IncludeColumn's check state, and the greyed text of an excluded row
    // in every column; an invalid QVariant for other roles.
    QVariant inclusionData(int row, int column, int role) const;
    // Replaces the rows (replace() swaps the subclass's data) as one reset.
    template <typename Replace>
    void replaceRows(Replace replace)
    {
        beginResetModel();
        ++m_sortGeneration; // an order still being worked out was for the old rows
        m_sortPending = false;
        replace();
        endResetModel();
        emit inclusionChanged();
    }

private:
    void applyOrder(const QList<int> &permutation);

    int m_columnCount;
    quint64 m_sortGeneration = 0; // counts sorts and replacements: a worker's order applies only to its own
    bool m_sortPending = false;
};
