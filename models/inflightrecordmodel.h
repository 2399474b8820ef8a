#pragma once

#include "app/guard/scopepolicy.h"
#include "app/store/store.h"

#include "models/recordlistmodel.h"

#include <functional>
#include <memory>
#include <optional>

class StoreSession;

// What the scan behind a listing did (stores that list by SCAN, see
// Store::scanProgress), read on the worker thread right after the listing
// returned, so it describes that listing's scan and no other.
struct ListingScan {
    qint64 scanned = 0;    // keys looked at
    qint64 found = 0;      // in-flight records among them
    bool cancelled = false; // stopped early: the rows are a part of the matches
};

// In-flight records of a store, windowed: rows arrive a page at a time as
// the view scrolls (canFetchMore/fetchMore with keyset pagination on
// (updated_at, scope, key)); filters and the age order run in the store
// query, never in a proxy. Pages are fetched on the session's worker thread;
// a page that answers an older filter (generation) is dropped. A record whose
// stored value could not be read (Record::readError, foreign layouts) is
// listed in red italics with the reason as its tooltip.
//
// Ages are computed from each record's updated_at and the model's clock,
// read when rows arrive and on tick(), which repaints the Age column only
// (and the whole row of a record that just became stuck). refresh() reads
// the loaded window again (count and rows in one job) and updates it in
// place: rows that left are removed, new ones inserted, so a view keeps its
// selection and scroll position.
class InFlightRecordModel final : public RecordListModel {
    Q_OBJECT
public:
    // Age third: visible at 1280 px beside a wide key.
    enum Column { ScopeColumn, KeyColumn, AgeColumn, BizNoColumn, OwnerColumn, AttemptsColumn, StartedColumn, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        RecordRole,                  // the whole Record
        StuckRole,                   // bool: older than its scope's in-flight timeout
        ReadErrorRole,               // QString: why a foreign value could not be read; empty when it could
    };

    // Asks the session once for the store's scan progress (see scanProgress()).
    explicit InFlightRecordModel(StoreSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Only the age (or start time) orders rows: the store's index order.
    void sort(int column, Qt::SortOrder order) override;

    // Replaces the filter (scope, key / biz_no prefix, owner) and reloads.
    // A minimum age, when given, sets the filter's startedBeforeMs from the
    // clock at every reload and refresh, so records that grow old enough
    // join the list; without it the filter's own startedBeforeMs is kept.
    void setFilter(const InFlightQuery &filter, std::optional<qint64> minimumAgeMs = std::nullopt);
    InFlightQuery filter() const { return m_filter; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    void setPolicies(const ScopePolicies &policies) { m_policies = policies; }
    // Reloads from the first page with the current filter.
    void reload();
    // Reads the loaded window again (at least a page) in the store's keyset
    // order, with its count, in one job on the session; then removes the
    // rows that left, inserts new ones and updates changed ones in place
    // (no reset: selections and persistent indexes stay on their records).
    // Drops a page being fetched; ignored while a refresh is on its way.
    void refresh();
    bool isRefreshing() const { return m_refreshing; }

    // The clock ages are computed against (tests drive it). tick() reads it.
    void setClock(std::function<qint64()> clock);
    qint64 now() const { return m_nowMs; }
    // Reads the clock and repaints the ages (dataChanged of the Age column).
    void tick();

    qint64 matchingCount() const { return m_matching; } // -1 until counted
    // Every matching record is loaded (the last page was short).
    bool isExhausted() const { return m_exhausted && !m_loading; }
    bool isLoading() const { return m_loading; }

    // Stores that list by SCAN (foreign Redis layouts): the live counters of
    // the running scan, shared with the worker thread; null until the store
    // answered, and for stores with an in-flight index.
    std::shared_ptr<ScanProgress> scanProgress() const { return m_scanProgress; }
    // The scan of the current listing's first page; nullopt until it is
    // loaded or when the store does not scan.
    std::optional<ListingScan> listingScan() const { return m_listingScan; }
    // The matching count came from a scan that was cancelled: it is a lower bound.
    bool isCountPartial() const { return m_countPartial; }

signals:
    void matchingCountChanged(qint64 count);
    void loadFailed(const QString &message);
    void pageLoaded(int rows);
    // A refresh() was applied to the rows (the count changed with it).
    void refreshed();
    void scanProgressAvailable();

private:
    void requestPage();
    void applyClock(qint64 nowMs);
    void refreshFilterCutoff();
    bool isStuck(const Record &record) const { return isStuckAt(record, m_nowMs); }
    bool isStuckAt(const Record &record, qint64 nowMs) const;

    StoreSession *m_session;
    ScopePolicies m_policies;
    InFlightQuery m_filter;
    int m_pageSize = 200;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_refreshing = false;
    bool m_exhausted = false;
    qint64 m_matching = -1;
    std::function<qint64()> m_clock;
    qint64 m_nowMs = 0; // ages are shown relative to this, read from m_clock
    std::optional<qint64> m_minimumAgeMs;
    std::shared_ptr<ScanProgress> m_scanProgress;
    std::optional<ListingScan> m_listingScan;
    bool m_countPartial = false;
};
