#include "models/recordbrowsermodel.h"

#include "models/recordcolumns.h"
#include "app/store/visibletext.h"
#include "models/statuscolors.h"
#include "models/storesession.h"

#include <QDateTime>
#include <QFont>
#include <QGuiApplication>

#include <array>

RecordBrowserModel::RecordBrowserModel(StoreSession *session, QObject *parent)
    : RecordListModel(session,
                      Reader{[](Store &store, const RecordQuery &q) { return store.records(q); },
                             [](Store &store, const RecordQuery &q) { return store.countRecords(q); }},
                      parent)
{
    m_query.state.reset(); // every state until told otherwise
    m_query.newestFirst = true;
    m_exhausted = true; // nothing is read before the first setQuery()
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
    // Not a record the console understands: marked on every cell, and no action applies.
    if (const std::optional<QVariant> unreadable = RecordColumns::unreadableCell(r, role))
        return *unreadable;
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
        case RecordState::InFlight:
            return tr("In flight");
        case RecordState::Completed:
            return r.reconciled ? tr("Completed (reconciled)") : tr("Completed");
        case RecordState::TimedOut:
            return tr("Timed out");
        }
        return {};
    case ScopeColumn:
        return text(r.scope);
    case KeyColumn:
        return text(r.key);
    case BizNoColumn:
        return text(r.bizNo);
    case OwnerColumn:
        return text(r.owner);
    case AttemptsColumn:
        return r.attempts;
    case StatusColumn:
        if (r.state != RecordState::Completed || r.statusCode == 0)
            return role == RawValueRole ? QVariant() : QVariant(QStringLiteral("–"));
        return r.statusCode;
    case UpdatedColumn:
        return RecordColumns::timeCell(r.updatedAt, role == RawValueRole);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RecordBrowserModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // What each column shows, in Column order.
    using Field = RecordColumns::Field;
    static constexpr std::array<Field, ColumnCount> kFields{Field::State,  Field::Scope,   Field::Key,      Field::BizNo,
                                                            Field::Status, Field::Updated, Field::Attempts, Field::Owner};
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    return RecordColumns::title(kFields[section]);
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

void RecordBrowserModel::counted(qint64 count, quint64 generation)
{
    // A business number typed in the key field (or a key in the other):
    // nothing matches, so say how many the other field would find.
    if (count != 0 || m_query.keyPrefix.isEmpty() == m_query.bizNoPrefix.isEmpty())
        return;
    RecordQuery other = m_query;
    other.after.reset();
    std::swap(other.keyPrefix, other.bizNoPrefix);
    m_session->request<qint64>(
        this, [other](Store &store) { return store.countRecords(other); },
        [this, generation](const Result<qint64> &found) {
            if (isCurrent(generation) && found)
                emit otherFieldMatches(found.value());
        });
}
