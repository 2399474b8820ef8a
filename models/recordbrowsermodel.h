#pragma once

#include "app/store/store.h"

#include "models/recordlistmodel.h"

#include <functional>

class StoreSession;

// Records of a store in any state it keeps (Store::records, RecordQuery):
// the record browser's list. Windowed like InFlightRecordModel (which lists
// in-flight attempts and colours the stuck ones, something that means
// nothing for a completed record, hence a model of its own): canFetchMore /
// fetchMore with keyset pagination on (updated_at, scope, key), filters and
// order in the store query, pages read on the session's worker thread, a
// page or count answering an older filter (generation) dropped. A record
// whose value could not be read is listed in red italics with the reason as
// its tooltip.
class RecordBrowserModel final : public RecordListModel {
    Q_OBJECT
public:
    enum Column { StateColumn, ScopeColumn, KeyColumn, BizNoColumn, StatusColumn, UpdatedColumn, AttemptsColumn, OwnerColumn, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        RecordRole,                  // the whole Record
        ReadErrorRole,               // QString: why the value could not be read; empty when it could
    };

    explicit RecordBrowserModel(StoreSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Only the update time orders rows: the store's index order.
    void sort(int column, Qt::SortOrder order) override;

    // Replaces the query (state, scope, key / biz_no prefix; its order and
    // keyset position are the model's) and reloads from the first page.
    void setQuery(const RecordQuery &query);
    RecordQuery query() const { return m_query; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    void reload();

    // Reads the loaded rows again, count and rows in one job, and lays them
    // over the list (RecordListModel::applyWindow): records that changed
    // state show it, those gone leave, the rest keep their place. Ignored
    // while a refresh is on its way.
    void refresh();
    bool isRefreshing() const { return m_refreshing; }
    // When the rows shown were read (ms since the epoch); 0 before the first page.
    qint64 loadedAtMs() const { return m_loadedAtMs; }

    qint64 matchingCount() const { return m_matching; } // -1 until counted
    bool isExhausted() const { return m_exhausted && !m_loading; }
    bool isLoading() const { return m_loading; }

signals:
    void matchingCountChanged(qint64 count);
    void loadFailed(const QString &message);
    void pageLoaded(int rows);
    void refreshed();
    // A lookup by key that matches nothing, counted by business number
    // instead (or the other way round): how many match there.
    void otherFieldMatches(qint64 count);

private:
    void requestPage();
    void countOtherField(quint64 generation);

    StoreSession *m_session;
    RecordQuery m_query;
    bool m_refreshing = false;
    qint64 m_loadedAtMs = 0;
    int m_pageSize = 200;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_exhausted = false;
    qint64 m_matching = -1;
};
