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
// Sorting never moves the subclass's rows: the model keeps the order in
// which they are shown (view row -> stored row, stored()), so applying a
// sort replaces a list of ints. Moving 100,000 preview rows into a sorted
// order took 40-160 ms of the GUI thread, their memory read at random
// (tools/bench-fix.sh). A sort of kWorkerSortRows rows or more works out the
// order on a worker thread: the GUI thread reads each row's key, in stored
// order, and applies the order when it arrives. Until then the rows show as
// they were and every action on them (check boxes, apply) sees that order;
// a newer sort or new rows make a pending order moot.
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
    // What stored row `storedRow` sorts by in `column`: its raw value, not its
    // display text.
    virtual QVariant sortKey(int storedRow, int column) const = 0;
    // The stored row shown at view row `row`. Every virtual above and every
    // QModelIndex speak of view rows; the subclass keeps its rows in the
    // order they were given.
    int stored(int row) const { return m_order.at(row); }

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
        resetOrder();
        endResetModel();
        emit inclusionChanged();
    }

private:
    void resetOrder(); // the rows as given
    void applyOrder(const QList<int> &order);

    int m_columnCount;
    quint64 m_sortGeneration = 0; // counts sorts and replacements: a worker's order applies only to its own
    bool m_sortPending = false;
    int m_pendingColumn = -1; // what the pending sort sorts by
    Qt::SortOrder m_pendingOrder = Qt::AscendingOrder;
    QList<int> m_order; // per view row, the stored row shown there
};
