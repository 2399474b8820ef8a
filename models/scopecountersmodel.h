#pragma once

#include "storesnapshot.h"

#include <QAbstractTableModel>

// One row per scope: the counters summed over the snapshot's minutes.
class ScopeCountersModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ScopeColumn, ExecutedColumn, ReplayedColumn, InProgressColumn, MismatchColumn, ReleasedColumn,
                  TimedOutColumn, LateFinishColumn, HitRateColumn, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces the rows; a snapshot older than the current one is ignored.
    void setSnapshot(const StoreSnapshot &snapshot);

private:
    struct Row {
        QString scope;
        CounterSet counts;
    };
    QList<Row> m_rows;
    quint64 m_generation = 0;
};
