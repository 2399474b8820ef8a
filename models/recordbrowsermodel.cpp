#include "models/recordbrowsermodel.h"

#include "app/store/visibletext.h"
#include "models/statuscolors.h"
#include "models/storesession.h"

#include <QDateTime>
#include <QFont>
#include <QGuiApplication>

RecordBrowserModel::RecordBrowserModel(StoreSession *session, QObject *parent)
    : RecordListModel(parent)
    , m_session(session)
{
    m_query.state.reset(); // every state until told otherwise
    m_query.newestFirst = true;
    m_exhausted = true;    // nothing is read before the first setQuery()
}

int RecordBrowserModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RecordBrowserModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecordBrowserModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Record &r = m_rows.at(index.row());
    if (role == RecordRole)
        return QVariant::fromValue(r);
    if (role == ReadErrorRole)
        return r.readError;
    if (!r.readError.isEmpty()) {
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
    if (role == Qt::TextAlignmentRole && (index.column() == AttemptsColumn || index.column() == StatusColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != RawValueRole && role != Qt::ToolTipRole)
        return {};
    const auto text = [role](const QString &value) { return role == RawValueRole ? value : visibleText(value); };
    switch (Column(index.column())) {
    case StateColumn:
        if (role == RawValueRole)
            return recordStateName(r.state);
        switch (r.state) {
        case RecordState::InFlight: return tr("In flight");
        case RecordState::Completed: return r.reconciled ? tr("Completed (reconciled)") : tr("Completed");
        case RecordState::TimedOut: return tr("Timed out");
        }
        return {};
    case ScopeColumn: return text(r.scope);
    case KeyColumn: return text(r.key);
    case BizNoColumn: return text(r.bizNo);
    case OwnerColumn: return text(r.owner);
    case AttemptsColumn: return r.attempts;
    case StatusColumn:
        if (r.state != RecordState::Completed || r.statusCode == 0)
            return role == RawValueRole ? QVariant() : QVariant(QStringLiteral("–"));
        return r.statusCode;
    case UpdatedColumn:
        if (role == RawValueRole)
            return r.updatedAt;
        if (r.updatedAt <= 0)
            return QStringLiteral("–");
        return QDateTime::fromMSecsSinceEpoch(r.updatedAt).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case ColumnCount: break;
    }
    return {};
}

QVariant RecordBrowserModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case StateColumn: return tr("State");
    case ScopeColumn: return tr("Scope");
    case KeyColumn: return tr("Key");
    case BizNoColumn: return tr("Business no.");
    case StatusColumn: return tr("Status");
    case UpdatedColumn: return tr("Updated");
    case AttemptsColumn: return tr("Attempts");
    case OwnerColumn: return tr("Owner");
    case ColumnCount: break;
    }
    return {};
}

bool RecordBrowserModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_exhausted && !m_loading;
}

void RecordBrowserModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        requestPage();
}

void RecordBrowserModel::sort(int column, Qt::SortOrder order)
{
    if (column != UpdatedColumn)
        return;
    const bool newestFirst = order == Qt::DescendingOrder;
    if (newestFirst == m_query.newestFirst)
        return;
    m_query.newestFirst = newestFirst;
    reload();
}

void RecordBrowserModel::setQuery(const RecordQuery &query)
{
    const bool newestFirst = m_query.newestFirst;
    m_query = query;
    m_query.newestFirst = newestFirst;
    m_query.after.reset();
    reload();
}

void RecordBrowserModel::reload()
{
    beginResetModel();
    m_rows.clear();
    ++m_generation;
    m_loading = false;
    m_refreshing = false;
    m_exhausted = false;
    m_matching = -1;
    endResetModel();
    if (!m_loading)
        requestPage(); // before the count: jobs run in order, and the rows matter first

    const quint64 generation = m_generation;
    RecordQuery countQuery = m_query;
    countQuery.after.reset();
    m_session->request<qint64>(this, [countQuery](Store &store) { return store.countRecords(countQuery); },
                               [this, generation](const Result<qint64> &count) {
                                   if (generation != m_generation)
                                       return;
                                   if (!count) {
                                       emit loadFailed(count.error().message);
                                       return;
                                   }
                                   m_matching = count.value();
                                   emit matchingCountChanged(m_matching);
                                   if (m_matching == 0)
                                       countOtherField(generation);
                               });
}

void RecordBrowserModel::countOtherField(quint64 generation)
{
    // A business number typed in the key field (or a key in the other):
    // nothing matches, so say how many the other field would find.
    if (m_query.keyPrefix.isEmpty() == m_query.bizNoPrefix.isEmpty())
        return;
    RecordQuery other = m_query;
    other.after.reset();
    std::swap(other.keyPrefix, other.bizNoPrefix);
    m_session->request<qint64>(this, [other](Store &store) { return store.countRecords(other); },
                               [this, generation](const Result<qint64> &count) {
                                   if (generation == m_generation && count)
                                       emit otherFieldMatches(count.value());
                               });
}

void RecordBrowserModel::refresh()
{
    if (m_refreshing)
        return;
    ++m_generation; // a page on its way continues after a row that may have left
    m_loading = false;
    m_refreshing = true;
    RecordQuery window = m_query;
    window.after.reset();
    window.limit = qMax(m_pageSize, int(m_rows.size()));
    const quint64 generation = m_generation;
    struct Window {
        qint64 count = 0;
        QList<Record> rows;
    };
    m_session->request<Window>(this, [window](Store &store) -> Result<Window> {
            const Result<qint64> count = store.countRecords(window);
            if (!count)
                return count.error();
            Result<QList<Record>> rows = store.records(window);
            if (!rows)
                return rows.error();
            return Window{count.value(), std::move(rows).value()};
        },
        [this, generation, limit = window.limit](const Result<Window> &result) {
            if (generation != m_generation)
                return; // a reload or a new query came first
            m_refreshing = false;
            if (!result) {
                emit loadFailed(result.error().message);
                return;
            }
            m_loadedAtMs = QDateTime::currentMSecsSinceEpoch();
            applyWindow(result->rows);
            m_exhausted = result->rows.size() < limit;
            m_matching = result->count;
            emit refreshed();
            emit matchingCountChanged(m_matching);
        });
}

void RecordBrowserModel::requestPage()
{
    m_loading = true;
    RecordQuery page = m_query;
    page.limit = m_pageSize;
    if (!m_rows.isEmpty()) {
        const Record &last = m_rows.constLast();
        page.after = RecordQuery::Position{last.updatedAt, last.scope, last.key};
    }
    const quint64 generation = m_generation;
    m_session->request<QList<Record>>(this, [page](Store &store) { return store.records(page); },
                                      [this, generation, pageSize = page.limit](const Result<QList<Record>> &rows) {
                                          if (generation != m_generation)
                                              return; // answers a query that is no longer shown
                                          m_loading = false;
                                          if (!rows) {
                                              m_exhausted = true; // reload() tries again
                                              emit loadFailed(rows.error().message);
                                              return;
                                          }
                                          m_loadedAtMs = QDateTime::currentMSecsSinceEpoch();
                                          if (!rows->isEmpty()) {
                                              m_loading = true; // a view asking for more inside rowsInserted waits
                                              beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows->size() - 1));
                                              m_rows += rows.value();
                                              endInsertRows();
                                              m_loading = false;
                                          }
                                          m_exhausted = rows->size() < pageSize;
                                          emit pageLoaded(int(rows->size()));
                                      });
}
