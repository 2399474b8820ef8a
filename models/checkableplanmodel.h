#pragma once

#include <QAbstractTableModel>
#include <QList>

// What the timeout preview and the reconcile plan share: an in-memory
// snapshot of rows, replaced as a whole, whose first column (IncludeColumn,
// "Apply") is a check box. An unchecked row is excluded: its record is left
// as it is. Sorting keeps persistent indexes (selection, current row) on
// their rows. A subclass keeps the rows and says how each is included,
// whether it can be, and how its rows sort; this class does the check
// boxes, the totals signal and the sort's index bookkeeping.
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

    // One row, or every row that can be included, in or out at once.
    void setIncluded(int row, bool included);
    void setAllIncluded(bool included);

signals:
    // Rows were included or excluded (or replaced): the totals are worth showing again.
    void inclusionChanged();

protected:
    virtual int planRowCount() const = 0;
    virtual bool isIncluded(int row) const = 0;
    // A row without a check box (a reconcile row for manual review) is never applied.
    virtual bool isCheckable(int row) const;
    virtual void storeIncluded(int row, bool included) = 0;
    // Sorts the rows by the column and returns where each old row went
    // (newRow[old], as sortRowsInPlace does).
    virtual QList<int> sortRows(int column, Qt::SortOrder order) = 0;

    // IncludeColumn's check state, and the greyed text of an excluded row
    // in every column; an invalid QVariant for other roles.
    QVariant inclusionData(int row, int column, int role) const;
    // Replaces the rows (replace() swaps the subclass's data) as one reset.
    template <typename Replace>
    void replaceRows(Replace replace)
    {
        beginResetModel();
        replace();
        endResetModel();
        emit inclusionChanged();
    }

private:
    int m_columnCount;
};
