#include "models/inflightrecordmodel.h"

#include "models/statuscolors.h"
#include "app/ops/agetext.h"
#include "models/storesession.h"
#include "app/store/visibletext.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QHash>

namespace {

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
    bool partial = false;
};

// A refresh: the count and the window, read in one job.
struct Window {
    Count count;
    QList<Record> rows;
};

} // namespace

InFlightRecordModel::InFlightRecordModel(StoreSession *session, QObject *parent)
    : RecordListModel(parent)
    , m_session(session)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_nowMs(m_clock())
{
    // Posted before any listing, so it answers as soon as the store is open,
    // before the first page's scan has finished.
    m_session->request<std::shared_ptr<ScanProgress>>(
        this, [](Store &store) { return Result<std::shared_ptr<ScanProgress>>(store.scanProgress()); },
        [this](const Result<std::shared_ptr<ScanProgress>> &progress) {
            if (!progress || !progress.value())
                return;
            m_scanProgress = progress.value();
            emit scanProgressAvailable();
        });
}

int InFlightRecordModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int InFlightRecordModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool InFlightRecordModel::isStuckAt(const Record &record, qint64 nowMs) const
{
    if (record.updatedAt <= 0)
        return false; // an unreadable value has no time: its age is unknown, not decades
    return record.ageMs(nowMs) >= m_policies.forScope(record.scope).inFlightTimeoutMs;
}

void InFlightRecordModel::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
    tick();
}

void InFlightRecordModel::tick()
{
    applyClock(m_clock());
}

void InFlightRecordModel::applyClock(qint64 nowMs)
{
    const qint64 before = m_nowMs;
    m_nowMs = nowMs;
    if (m_rows.isEmpty() || before == nowMs)
        return;
    // A record that crossed its scope's timeout turns red on every cell.
    for (int row = 0; row < m_rows.size(); ++row) {
        if (isStuckAt(m_rows.at(row), before) != isStuckAt(m_rows.at(row), nowMs))
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::ForegroundRole, Qt::FontRole, Qt::ToolTipRole});
    }
    emit dataChanged(index(0, AgeColumn), index(rowCount() - 1, AgeColumn), {Qt::DisplayRole, RawValueRole, Qt::ToolTipRole});
}

QVariant InFlightRecordModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Record &r = m_rows.at(index.row());
    if (role == RecordRole)
        return QVariant::fromValue(r);
    if (role == StuckRole)
        return isStuck(r);
    if (role == ReadErrorRole)
        return r.readError;
    if (!r.readError.isEmpty()) {
        // Not a record the console understands: marked on every cell, and no action applies.
        if (role == Qt::ForegroundRole)
            return StatusColors::alarmText(QGuiApplication::palette());
        if (role == Qt::FontRole) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        if (role == Qt::ToolTipRole)
            return tr("This value cannot be read: %1. No operator action applies to it; the details show the raw value.").arg(r.readError);
    }
    if (role == Qt::ForegroundRole && isStuck(r))
        return StatusColors::alarmText(QGuiApplication::palette());
    if (role == Qt::FontRole && isStuck(r) && index.column() == AgeColumn) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && (index.column() == AttemptsColumn || index.column() == AgeColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != RawValueRole && role != Qt::ToolTipRole)
        return {};
    // Shown escaped (a bidi override in a key must not make it read as
    // another key); sorted and copied raw.
    const auto text = [role](const QString &value) { return role == RawValueRole ? value : visibleText(value); };
    switch (Column(index.column())) {
    case ScopeColumn: return text(r.scope);
    case KeyColumn: return text(r.key);
    case BizNoColumn: return text(r.bizNo);
    case OwnerColumn: return text(r.owner);
    case AttemptsColumn: return r.attempts;
    case StartedColumn:
        if (role == RawValueRole)
            return r.updatedAt;
        if (r.updatedAt <= 0)
            return QStringLiteral("–");
        return QDateTime::fromMSecsSinceEpoch(r.updatedAt).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case AgeColumn:
        if (r.updatedAt <= 0)
            return role == RawValueRole ? QVariant() : QVariant(QStringLiteral("–"));
        if (role == RawValueRole)
            return r.ageMs(m_nowMs);
        if (role == Qt::ToolTipRole && isStuck(r))
            return tr("Stuck: in flight longer than the %1 timeout of scope %2").arg(ageText(m_policies.forScope(r.scope).inFlightTimeoutMs), r.scope);
        return ageText(r.ageMs(m_nowMs));
    case ColumnCount: break;
    }
    return {};
}

QVariant InFlightRecordModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case ScopeColumn: return tr("Scope");
    case KeyColumn: return tr("Key");
    case BizNoColumn: return tr("Business no.");
    case OwnerColumn: return tr("Owner");
    case AttemptsColumn: return tr("Attempts");
    case StartedColumn: return tr("Started");
    case AgeColumn: return tr("Age");
    case ColumnCount: break;
    }
    return {};
}

bool InFlightRecordModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_exhausted && !m_loading && !m_refreshing;
}

void InFlightRecordModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        requestPage();
}

void InFlightRecordModel::sort(int column, Qt::SortOrder order)
{
    if (column != AgeColumn && column != StartedColumn)
        return;
    // Ascending age is newest first; ascending start time is oldest first.
    const bool newestFirst = column == AgeColumn ? order == Qt::AscendingOrder : order == Qt::DescendingOrder;
    if (newestFirst == m_filter.newestFirst)
        return;
    m_filter.newestFirst = newestFirst;
    reload();
}

void InFlightRecordModel::setFilter(const InFlightQuery &filter, std::optional<qint64> minimumAgeMs)
{
    const bool newestFirst = m_filter.newestFirst;
    m_filter = filter;
    m_filter.newestFirst = newestFirst;
    m_filter.after.reset();
    m_minimumAgeMs = minimumAgeMs;
    reload();
}

void InFlightRecordModel::refreshFilterCutoff()
{
    if (m_minimumAgeMs)
        m_filter.startedBeforeMs = m_nowMs - *m_minimumAgeMs;
}

void InFlightRecordModel::reload()
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
    m_nowMs = m_clock();
    refreshFilterCutoff();
    endResetModel();
    // A view may have asked for the first page during the reset already.
    // The page goes first: jobs run one after another on the session, and a
    // COUNT over 100,000 in-flight rows must not hold the first rows back.
    if (!m_loading)
        requestPage();

    const quint64 generation = m_generation;
    InFlightQuery countQuery = m_filter;
    countQuery.after.reset();
    m_session->request<Count>(this, [countQuery](Store &store) -> Result<Count> {
            const Result<qint64> count = store.countInFlight(countQuery);
            if (!count)
                return count.error();
            const std::optional<ListingScan> scan = scanOf(store);
            return Count{count.value(), scan && scan->cancelled};
        },
        [this, generation](const Result<Count> &count) {
            if (generation != m_generation)
                return;
            if (!count) {
                emit loadFailed(count.error().message);
                return;
            }
            m_matching = count->count;
            m_countPartial = count->partial;
            emit matchingCountChanged(m_matching);
        });
}

void InFlightRecordModel::requestPage()
{
    m_loading = true;
    InFlightQuery page = m_filter;
    page.limit = m_pageSize;
    if (!m_rows.isEmpty()) {
        const Record &last = m_rows.constLast();
        page.after = InFlightQuery::Position{last.updatedAt, last.scope, last.key};
    }
    const quint64 generation = m_generation;
    const bool first = m_rows.isEmpty();
    m_session->request<Page>(this, [page](Store &store) -> Result<Page> {
            Result<QList<Record>> rows = store.inFlight(page);
            if (!rows)
                return rows.error();
            return Page{std::move(rows).value(), scanOf(store)};
        },
        [this, generation, first, pageSize = page.limit](const Result<Page> &result) {
            if (generation != m_generation)
                return; // answers a filter that is no longer shown
            if (!result) {
                m_loading = false;
                m_exhausted = true; // reload() tries again
                emit loadFailed(result.error().message);
                return;
            }
            const QList<Record> *rows = &result->rows;
            if (first)
                m_listingScan = result->scan;
            // New rows show their age now, and the loaded ones keep up with them.
            applyClock(m_clock());
            // Still "loading" while the rows go in: a view that asks for
            // more from inside rowsInserted must not fetch this page twice.
            if (!rows->isEmpty()) {
                beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows->size() - 1));
                m_rows += *rows;
                endInsertRows();
            }
            m_loading = false;
            m_exhausted = rows->size() < pageSize;
            emit pageLoaded(int(rows->size()));
        });
}

void InFlightRecordModel::refresh()
{
    if (m_refreshing)
        return;
    // Records that grew old enough for the filter join the window.
    m_nowMs = m_clock();
    refreshFilterCutoff();
    ++m_generation; // a page on its way continues after a row that may have left
    m_loading = false;
    m_refreshing = true;
    InFlightQuery window = m_filter;
    window.after.reset();
    window.limit = qMax(m_pageSize, int(m_rows.size()));
    const quint64 generation = m_generation;
    m_session->request<Window>(this, [window](Store &store) -> Result<Window> {
            // Count first, rows second, in one job: a record that arrives
            // between them can make the rows one more than the count, never
            // a window from another filter or moment.
            const Result<qint64> count = store.countInFlight(window);
            if (!count)
                return count.error();
            const std::optional<ListingScan> countScan = scanOf(store);
            Result<QList<Record>> rows = store.inFlight(window);
            if (!rows)
                return rows.error();
            return Window{Count{count.value(), countScan && countScan->cancelled}, std::move(rows).value()};
        },
        [this, generation, limit = window.limit](const Result<Window> &result) {
            if (generation != m_generation)
                return; // a reload or a new filter came first
            m_refreshing = false;
            if (!result) {
                emit loadFailed(result.error().message);
                return;
            }
            applyClock(m_clock());
            applyWindow(result->rows);
            m_exhausted = result->rows.size() < limit;
            m_matching = result->count.count;
            m_countPartial = result->count.partial;
            emit refreshed();
            emit matchingCountChanged(m_matching);
        });
}

