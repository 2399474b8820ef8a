#pragma once

#include "app/store/record.h"

#include <QAbstractTableModel>
#include <QList>

// What the store's record listings share: rows of records in the store's
// keyset order, and a refresh that lays a fresh window of the listing over
// them (applyWindow) so that the rows still listed keep their place, their
// selection and the scroll position.
class RecordListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    Record recordAt(int row) const { return m_rows.value(row); }
    // The row of a record by its identity; -1 when it is not loaded.
    int rowOf(const QString &scope, const QString &key) const;

protected:
    // Replaces the rows with `fresh` (the same listing read again, in the
    // store's order) by removing the rows that left, inserting the new ones
    // between those kept and updating those that changed: never a reset
    // unless the kept rows are not in the fresh order (a merged scan).
    // columnCount() gives the changed rows' extent.
    void applyWindow(const QList<Record> &fresh);

    QList<Record> m_rows;
};
