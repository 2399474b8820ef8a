#pragma once

#include "guard/scopepolicy.h"
#include "store/store.h"

#include <QAbstractTableModel>

class StoreSession;

// In-flight records of a store, windowed: rows arrive a page at a time as
// the view scrolls (canFetchMore/fetchMore with keyset pagination on
// (updated_at, scope, key)); filters and the age order run in the store
// query, never in a proxy. Pages are fetched on the session's worker thread;
// a page that answers an older filter (generation) is dropped.
class InFlightRecordModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ScopeColumn, KeyColumn, BizNoColumn, OwnerColumn, AttemptsColumn, StartedColumn, AgeColumn, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        RecordRole,                  // the whole Record
        StuckRole,                   // bool: older than its scope's in-flight timeout
    };

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

signals:
    void matchingCountChanged(qint64 count);
    void loadFailed(const QString &message);
    void pageLoaded(int rows);

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
};
