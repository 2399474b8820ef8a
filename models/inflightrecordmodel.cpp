#include "inflightrecordmodel.h"

#include "statuscolors.h"
#include "storesession.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>

namespace {

QString formatAge(qint64 ms)
{
    const qint64 s = qMax<qint64>(0, ms / 1000);
    if (s < 60)
        return InFlightRecordModel::tr("%1 s").arg(s);
    if (s < 3600)
        return InFlightRecordModel::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return InFlightRecordModel::tr("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60);
}

} // namespace

InFlightRecordModel::InFlightRecordModel(StoreSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
}

int InFlightRecordModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int InFlightRecordModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool InFlightRecordModel::isStuck(const Record &record) const
{
    return record.ageMs(m_loadedAtMs) >= m_policies.forScope(record.scope).inFlightTimeoutMs;
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
    switch (Column(index.column())) {
    case ScopeColumn: return r.scope;
    case KeyColumn: return r.key;
    case BizNoColumn: return r.bizNo;
    case OwnerColumn: return r.owner;
    case AttemptsColumn: return r.attempts;
    case StartedColumn:
        if (role == RawValueRole)
            return r.updatedAt;
        return QDateTime::fromMSecsSinceEpoch(r.updatedAt).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case AgeColumn:
        if (role == RawValueRole)
            return r.ageMs(m_loadedAtMs);
        if (role == Qt::ToolTipRole && isStuck(r))
            return tr("Stuck: in flight longer than the %1 timeout of scope %2").arg(formatAge(m_policies.forScope(r.scope).inFlightTimeoutMs), r.scope);
        return formatAge(r.ageMs(m_loadedAtMs));
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
    return !parent.isValid() && !m_exhausted && !m_loading;
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

void InFlightRecordModel::setFilter(const InFlightQuery &filter)
{
    const bool newestFirst = m_filter.newestFirst;
    m_filter = filter;
    m_filter.newestFirst = newestFirst;
    m_filter.after.reset();
    reload();
}

void InFlightRecordModel::reload()
{
    beginResetModel();
    m_rows.clear();
    ++m_generation;
    m_loading = false;
    m_exhausted = false;
    m_matching = -1;
    m_loadedAtMs = QDateTime::currentMSecsSinceEpoch();
    endResetModel();
    // A view may have asked for the first page during the reset already.
    // The page goes first: jobs run one after another on the session, and a
    // COUNT over 100,000 in-flight rows must not hold the first rows back.
    if (!m_loading)
        requestPage();

    const quint64 generation = m_generation;
    InFlightQuery countQuery = m_filter;
    countQuery.after.reset();
    m_session->request<qint64>(this, [countQuery](Store &store) { return store.countInFlight(countQuery); },
        [this, generation](const Result<qint64> &count) {
            if (generation != m_generation)
                return;
            if (!count) {
                emit loadFailed(count.error().message);
                return;
            }
            m_matching = count.value();
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
    m_session->request<QList<Record>>(this, [page](Store &store) { return store.inFlight(page); },
        [this, generation, pageSize = page.limit](const Result<QList<Record>> &rows) {
            if (generation != m_generation)
                return; // answers a filter that is no longer shown
            if (!rows) {
                m_loading = false;
                m_exhausted = true; // reload() tries again
                emit loadFailed(rows.error().message);
                return;
            }
            // Still "loading" while the rows go in: a view that asks for
            // more from inside rowsInserted must not fetch this page twice.
            if (!rows->isEmpty()) {
                beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows->size() - 1));
                m_rows += rows.value();
                endInsertRows();
            }
            m_loading = false;
            m_exhausted = rows->size() < pageSize;
            emit pageLoaded(int(rows->size()));
        });
}
