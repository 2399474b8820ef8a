#pragma once

#include "app/guard/scopepolicy.h"
#include "app/store/store.h"

#include "models/recordlistmodel.h"

#include <functional>
#include <memory>
#include <optional>

// In-flight records of a store, paged and refreshed as every record listing
// is (RecordListModel). A record whose stored value could not be read
// (Record::readError, foreign layouts) is listed in red italics with the
// reason as its tooltip.
//
// Ages are computed from each record's updated_at and the model's clock,
// read when rows arrive and on tick(), which repaints the Age column only
// (and the whole row of a record that just became stuck).
class InFlightRecordModel final : public RecordListModel {
    Q_OBJECT
public:
    // Age third: visible at 1280 px beside a wide key.
    enum Column { ScopeColumn, KeyColumn, AgeColumn, BizNoColumn, OwnerColumn, AttemptsColumn, StartedColumn, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        RecordRole, // the whole Record
        StuckRole, // bool: older than its scope's in-flight timeout
        ReadErrorRole, // QString: why a foreign value could not be read; empty when it could
    };

    // Asks the session once for the store's scan progress (see scanProgress()).
    explicit InFlightRecordModel(StoreSession *session, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Only the age (or start time) orders rows: the store's index order.
    void sort(int column, Qt::SortOrder order) override;

    // Replaces the filter (scope, key / biz_no prefix, owner) and reloads.
    // A minimum age, when given, sets the filter's startedBeforeMs from the
    // clock at every reload and refresh, so records that grow old enough
    // join the list; without it the filter's own startedBeforeMs is kept.
    void setFilter(const RecordQuery &filter, std::optional<qint64> minimumAgeMs = std::nullopt);
    RecordQuery filter() const { return m_query; }
    void setPolicies(const ScopePolicies &policies) { m_policies = policies; }

    // The clock ages are computed against (tests drive it). tick() reads it.
    void setClock(std::function<qint64()> clock);
    qint64 now() const { return m_nowMs; }
    // Reads the clock and repaints the ages (dataChanged of the Age column).
    void tick();

    // Stores that list by SCAN (foreign Redis layouts): the live counters of
    // the running scan, shared with the worker thread; null until the store
    // answered, and for stores with an in-flight index.
    std::shared_ptr<ScanProgress> scanProgress() const { return m_scanProgress; }

signals:
    void scanProgressAvailable();

private:
    // Reads the clock; with a minimum age, moves the filter's cutoff with it,
    // so records that grow old enough join the list.
    void aboutToRead() override;
    // New rows show their age now, and the loaded ones keep up with them.
    void rowsArriving() override { applyClock(m_clock()); }
    void applyClock(qint64 nowMs);
    bool isStuck(const Record &record) const { return isStuckAt(record, m_nowMs); }
    bool isStuckAt(const Record &record, qint64 nowMs) const;

    ScopePolicies m_policies;
    std::function<qint64()> m_clock;
    qint64 m_nowMs = 0; // ages are shown relative to this, read from m_clock
    std::optional<qint64> m_minimumAgeMs;
    std::shared_ptr<ScanProgress> m_scanProgress;
};
