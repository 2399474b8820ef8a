#include "models/inflightrecordmodel.h"

#include "models/recordcolumns.h"
#include "models/statuscolors.h"
#include "app/ops/agetext.h"
#include "models/storesession.h"
#include "app/store/visibletext.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QHash>

#include <array>

InFlightRecordModel::InFlightRecordModel(StoreSession *session, QObject *parent)
    : RecordListModel(session,
                      Reader{[](Store &store, const RecordQuery &q) { return store.inFlight(q); },
                             [](Store &store, const RecordQuery &q) { return store.countInFlight(q); }},
                      parent)
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
    // Not a record the console understands: marked on every cell, and no action applies.
    if (const std::optional<QVariant> unreadable = RecordColumns::unreadableCell(r, role))
        return *unreadable;
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
    case StartedColumn:
        return RecordColumns::timeCell(r.updatedAt, role == RawValueRole);
    case AgeColumn:
        if (r.updatedAt <= 0)
            return role == RawValueRole ? QVariant() : QVariant(QStringLiteral("–"));
        if (role == RawValueRole)
            return r.ageMs(m_nowMs);
        if (role == Qt::ToolTipRole && isStuck(r))
            return tr("Stuck: in flight longer than the %1 timeout of scope %2")
                .arg(ageText(m_policies.forScope(r.scope).inFlightTimeoutMs), r.scope);
        return ageText(r.ageMs(m_nowMs));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant InFlightRecordModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // What each column shows, in Column order.
    using Field = RecordColumns::Field;
    static constexpr std::array<Field, ColumnCount> kFields{Field::Scope, Field::Key,      Field::Age,    Field::BizNo,
                                                            Field::Owner, Field::Attempts, Field::Started};
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    return RecordColumns::title(kFields[section]);
}

void InFlightRecordModel::sort(int column, Qt::SortOrder order)
{
    if (column != AgeColumn && column != StartedColumn)
        return;
    // Ascending age is newest first; ascending start time is oldest first.
    const bool newestFirst = column == AgeColumn ? order == Qt::AscendingOrder : order == Qt::DescendingOrder;
    if (newestFirst == m_query.newestFirst)
        return;
    m_query.newestFirst = newestFirst;
    reload();
}

void InFlightRecordModel::setFilter(const RecordQuery &filter, std::optional<qint64> minimumAgeMs)
{
    const bool newestFirst = m_query.newestFirst;
    m_query = filter;
    m_query.newestFirst = newestFirst;
    m_query.after.reset();
    m_minimumAgeMs = minimumAgeMs;
    reload();
}

void InFlightRecordModel::aboutToRead()
{
    m_nowMs = m_clock();
    if (m_minimumAgeMs)
        m_query.startedBeforeMs = m_nowMs - *m_minimumAgeMs;
}
