#include "models/recordlistmodel.h"

#include "models/storesession.h"

#include <QDateTime>
#include <QHash>

namespace {

bool sameRecord(const Record &a, const Record &b)
{
    return a.scope == b.scope && a.key == b.key && a.updatedAt == b.updatedAt;
}

bool sameShown(const Record &a, const Record &b)
{
    return sameRecord(a, b) && a.lease == b.lease && a.owner == b.owner && a.attempts == b.attempts && a.bizNo == b.bizNo
           && a.state == b.state && a.readError == b.readError && a.statusCode == b.statusCode && a.reconciled == b.reconciled;
}

std::optional<ListingScan> scanOf(Store &store)
{
    const std::shared_ptr<ScanProgress> progress = store.scanProgress();
    if (!progress)
        return std::nullopt;
    return ListingScan{progress->scanned.load(), progress->found.load(), progress->lastCancelled.load()};
}

struct Page {
    QList<Record> rows;
    std::optional<ListingScan> scan;
};

struct Count {
    qint64 count = 0;
    bool partial = false; // from a scan that was cancelled: a lower bound
};

// A refresh: the count and the window, read in one job.
struct Window {
    Count count;
    QList<Record> rows;
};

} // namespace

RecordListModel::RecordListModel(StoreSession *session, Reader reader, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_reader(reader)
{
}

int RecordListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

bool RecordListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_exhausted && !m_loading && !m_refreshing;
}

void RecordListModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        requestPage();
}

void RecordListModel::reload()
{
    beginResetModel();
    m_rows.clear();
    ++m_generation;
    m_loading = false;
    m_refreshing = false;
    m_exhausted = false;
    m_matching = -1;
    m_listingScan.reset();
    m_countPartial = false;
    m_query.after.reset();
    aboutToRead();
    endResetModel();
    // A view may have asked for the first page during the reset already.
    // The page goes first: jobs run one after another on the session, and a
    // COUNT over 100,000 rows must not hold the first rows back.
    if (!m_loading)
        requestPage();

    const quint64 generation = m_generation;
    const RecordQuery countQuery = m_query;
    m_session->request<Count>(
        this,
        [countQuery, count = m_reader.count](Store &store) -> Result<Count> {
            const Result<qint64> counted = count(store, countQuery);
            if (!counted)
                return counted.error();
            const std::optional<ListingScan> scan = scanOf(store);
            return Count{counted.value(), scan && scan->cancelled};
        },
        [this, generation](const Result<Count> &count) {
            if (!isCurrent(generation))
                return;
            if (!count) {
                emit loadFailed(count.error().message);
                return;
            }
            m_matching = count->count;
            m_countPartial = count->partial;
            emit matchingCountChanged(m_matching);
            counted(m_matching, generation);
        });
}

void RecordListModel::requestPage()
{
    m_loading = true;
    RecordQuery page = m_query;
    page.limit = m_pageSize;
    if (!m_rows.isEmpty())
        page.after = RecordQuery::Position::after(m_rows.constLast());
    const quint64 generation = m_generation;
    const bool first = m_rows.isEmpty();
    m_session->request<Page>(
        this,
        [page, rows = m_reader.rows](Store &store) -> Result<Page> {
            Result<QList<Record>> read = rows(store, page);
            if (!read)
                return read.error();
            return Page{std::move(read).value(), scanOf(store)};
        },
        [this, generation, first, pageSize = page.limit](const Result<Page> &result) {
            if (!isCurrent(generation))
                return; // answers a query that is no longer shown
            if (!result) {
                m_loading = false;
                m_exhausted = true; // reload() tries again
                emit loadFailed(result.error().message);
                return;
            }
            if (first)
                m_listingScan = result->scan;
            m_loadedAtMs = QDateTime::currentMSecsSinceEpoch();
            rowsArriving();
            // Still "loading" while the rows go in: a view that asks for
            // more from inside rowsInserted must not fetch this page twice.
            const QList<Record> &rows = result->rows;
            if (!rows.isEmpty()) {
                beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows.size() - 1));
                m_rows += rows;
                endInsertRows();
            }
            m_loading = false;
            m_exhausted = rows.size() < pageSize;
            emit pageLoaded(int(rows.size()));
        });
}

void RecordListModel::refresh()
{
    if (m_refreshing)
        return;
    aboutToRead();
    ++m_generation; // a page on its way continues after a row that may have left
    m_loading = false;
    m_refreshing = true;
    RecordQuery window = m_query;
    window.after.reset();
    window.limit = qMax(m_pageSize, int(m_rows.size()));
    const quint64 generation = m_generation;
    m_session->request<Window>(
        this,
        [window, reader = m_reader](Store &store) -> Result<Window> {
            // Count first, rows second, in one job: a record that arrives
            // between them can make the rows one more than the count, never
            // a window from another query or moment.
            const Result<qint64> count = reader.count(store, window);
            if (!count)
                return count.error();
            const std::optional<ListingScan> countScan = scanOf(store);
            Result<QList<Record>> rows = reader.rows(store, window);
            if (!rows)
                return rows.error();
            return Window{Count{count.value(), countScan && countScan->cancelled}, std::move(rows).value()};
        },
        [this, generation, limit = window.limit](const Result<Window> &result) {
            if (!isCurrent(generation))
                return; // a reload or a new query came first
            m_refreshing = false;
            if (!result) {
                emit loadFailed(result.error().message);
                return;
            }
            m_loadedAtMs = QDateTime::currentMSecsSinceEpoch();
            rowsArriving();
            applyWindow(result->rows);
            m_exhausted = result->rows.size() < limit;
            m_matching = result->count.count;
            m_countPartial = result->count.partial;
            emit refreshed();
            emit matchingCountChanged(m_matching);
        });
}

int RecordListModel::rowOf(const QString &scope, const QString &key) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).scope == scope && m_rows.at(row).key == key)
            return row;
    }
    return -1;
}

void RecordListModel::applyWindow(const QList<Record> &fresh)
{
    // The rows still listed keep their place: remove those that left (or
    // moved: a new attempt has a new updated_at), then insert the new ones
    // between them. Both lists are in the store's order, so what is left
    // of the old list is in the new one's order.
    QHash<QPair<QString, QString>, qint64> freshUpdated;
    for (const Record &r : fresh)
        freshUpdated.insert({r.scope, r.key}, r.updatedAt);
    const auto stays = [&](const Record &r) {
        const auto it = freshUpdated.constFind({r.scope, r.key});
        return it != freshUpdated.cend() && it.value() == r.updatedAt;
    };
    for (int row = int(m_rows.size()) - 1; row >= 0;) {
        if (stays(m_rows.at(row))) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !stays(m_rows.at(first - 1)))
            --first;
        beginRemoveRows({}, first, row);
        m_rows.remove(first, row - first + 1);
        endRemoveRows();
        row = first - 1;
    }
    // The kept rows must be a subsequence of the fresh ones; a store whose
    // order is not stable (a merged scan) gets a reset instead.
    qsizetype kept = 0;
    for (const Record &r : fresh) {
        if (kept < m_rows.size() && sameRecord(m_rows.at(kept), r))
            ++kept;
    }
    if (kept != m_rows.size()) {
        beginResetModel();
        m_rows = fresh;
        endResetModel();
        return;
    }
    int row = 0;
    for (qsizetype i = 0; i < fresh.size();) {
        if (row < m_rows.size() && sameRecord(m_rows.at(row), fresh.at(i))) {
            if (!sameShown(m_rows.at(row), fresh.at(i))) {
                m_rows[row] = fresh.at(i);
                emit dataChanged(index(row, 0), index(row, columnCount() - 1));
            }
            ++row;
            ++i;
            continue;
        }
        qsizetype end = i;
        while (end < fresh.size() && !(row < m_rows.size() && sameRecord(m_rows.at(row), fresh.at(end))))
            ++end;
        beginInsertRows({}, row, row + int(end - i) - 1);
        for (qsizetype k = i; k < end; ++k)
            m_rows.insert(row + int(k - i), fresh.at(k));
        endInsertRows();
        row += int(end - i);
        i = end;
    }
}
