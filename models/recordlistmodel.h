#pragma once

#include "app/store/record.h"
#include "app/store/result.h"
#include "app/store/store.h"

#include <QAbstractTableModel>
#include <QList>

#include <optional>

class StoreSession;

// What the scan behind a listing did (stores that list by SCAN, see
// Store::scanProgress), read on the worker thread right after the listing
// returned, so it describes that listing's scan and no other.
struct ListingScan {
    qint64 scanned = 0; // keys looked at
    qint64 found = 0; // in-flight records among them
    bool cancelled = false; // stopped early: the rows are a part of the matches
};

// The console's record listings (InFlightRecordModel, RecordBrowserModel):
// rows of records in the store's keyset order on (updated_at, scope, key),
// arriving a page at a time as the view scrolls (canFetchMore / fetchMore),
// filters and order in the store query (m_query), never in a proxy. Pages,
// counts and refreshes are read on the session's worker thread; an answer to
// an older query (generation) is dropped. refresh() reads the loaded window
// again, count and rows in one job, and lays it over the rows so that those
// still listed keep their place, their selection and the scroll position.
class RecordListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    Record recordAt(int row) const { return m_rows.value(row); }
    // The row of a record by its identity; -1 when it is not loaded.
    int rowOf(const QString &scope, const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    // Reloads from the first page with the current query, and counts it.
    void reload();
    // Reads the loaded window again (at least a page) with its count, in one
    // job; then removes the rows that left, inserts new ones and updates
    // changed ones in place (no reset). Drops a page being fetched; ignored
    // while a refresh is on its way.
    void refresh();
    bool isRefreshing() const { return m_refreshing; }
    // When the rows shown were read (ms since the epoch); 0 before the first page.
    qint64 loadedAtMs() const { return m_loadedAtMs; }

    qint64 matchingCount() const { return m_matching; } // -1 until counted
    // Every matching record is loaded (the last page was short).
    bool isExhausted() const { return m_exhausted && !m_loading; }
    bool isLoading() const { return m_loading; }
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

protected:
    // How the listing reads the store, on the worker thread: plain functions,
    // so a job never reaches into a model that may be gone by then.
    struct Reader {
        Result<QList<Record>> (*rows)(Store &store, const RecordQuery &query);
        Result<qint64> (*count)(Store &store, const RecordQuery &query);
    };
    RecordListModel(StoreSession *session, Reader reader, QObject *parent);

    // Before reload() and refresh() send their query (the in-flight list
    // moves its age cutoff with the clock here).
    virtual void aboutToRead() { }
    // On the GUI thread, right before read rows go into the list.
    virtual void rowsArriving() { }
    // The listing's count arrived (reload(), not refresh()); `generation`
    // is current.
    virtual void counted(qint64 count, quint64 generation)
    {
        Q_UNUSED(count)
        Q_UNUSED(generation)
    }
    bool isCurrent(quint64 generation) const { return generation == m_generation; }

    // Replaces the rows with `fresh` (the same listing read again, in the
    // store's order) by removing the rows that left, inserting the new ones
    // between those kept and updating those that changed: never a reset
    // unless the kept rows are not in the fresh order (a merged scan).
    // columnCount() gives the changed rows' extent.
    void applyWindow(const QList<Record> &fresh);

    StoreSession *m_session;
    RecordQuery m_query;
    QList<Record> m_rows;
    quint64 m_generation = 0;
    bool m_exhausted = false;

private:
    void requestPage();

    Reader m_reader;
    int m_pageSize = 200;
    bool m_loading = false;
    bool m_refreshing = false;
    qint64 m_matching = -1;
    qint64 m_loadedAtMs = 0;
    std::optional<ListingScan> m_listingScan;
    bool m_countPartial = false;
};
