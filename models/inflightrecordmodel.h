#pragma once

#include "app/guard/scopepolicy.h"
#include "app/store/store.h"

#include <QAbstractTableModel>

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
class InFlightRecordModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ScopeColumn, KeyColumn, BizNoColumn, OwnerColumn, AttemptsColumn, StartedColumn, AgeColumn, ColumnCount };
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

    // Replaces the filter (scope, minimum age, key / biz_no prefix, owner) and reloads.
    void setFilter(const InFlightQuery &filter);
    InFlightQuery filter() const { return m_filter; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    void setPolicies(const ScopePolicies &policies) { m_policies = policies; }
    // Reloads from the first page with the current filter.
    void reload();

    qint64 matchingCount() const { return m_matching; } // -1 until counted
    bool isLoading() const { return m_loading; }
    Record recordAt(int row) const { return m_rows.value(row); }

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
    void scanProgressAvailable();

private:
    void requestPage();
    bool isStuck(const Record &record) const;

    StoreSession *m_session;
    ScopePolicies m_policies;
    InFlightQuery m_filter;
    QList<Record> m_rows;
    int m_pageSize = 200;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_exhausted = false;
    qint64 m_matching = -1;
    qint64 m_loadedAtMs = 0; // ages are shown relative to the time of the reload
    std::shared_ptr<ScanProgress> m_scanProgress;
    std::optional<ListingScan> m_listingScan;
    bool m_countPartial = false;
};
