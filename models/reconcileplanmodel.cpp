#include "models/reconcileplanmodel.h"
#include "models/auditwording.h"
#include "models/recordcolumns.h"

#include "app/ops/agetext.h"
#include "app/store/visibletext.h"

#include "models/statuscolors.h"

#include <QColor>
#include <QDateTime>
#include <QGuiApplication>

namespace {

QString proposalText(ReconcileProposal proposal)
{
    switch (proposal) {
    case ReconcileProposal::Complete:
        return ReconcilePlanModel::tr("complete");
    case ReconcileProposal::Release:
        return ReconcilePlanModel::tr("release");
    case ReconcileProposal::Review:
        return ReconcilePlanModel::tr("manual review");
    }
    return {};
}

// Review rows take the warning shade; the text stays the palette's.
QColor proposalColor(ReconcileProposal proposal)
{
    const QPalette palette = QGuiApplication::palette();
    switch (proposal) {
    case ReconcileProposal::Complete:
        return StatusColors::okBackground(palette);
    case ReconcileProposal::Release:
        return StatusColors::infoBackground(palette);
    case ReconcileProposal::Review:
        return StatusColors::warningBackground(palette);
    }
    return {};
}

} // namespace

ReconcilePlanModel::ReconcilePlanModel(QObject *parent)
    : CheckablePlanModel(ColumnCount, parent)
{
}

QVariant ReconcilePlanModel::raw(int storedRow, int column) const
{
    const ReconcileRow &row = m_rows.at(storedRow);
    const ActionTarget &t = row.target;
    switch (Column(column)) {
    case IncludeColumn:
        return !m_excluded.at(storedRow);
    case ScopeColumn:
        return t.scope;
    case KeyColumn:
        return t.key;
    case BizNoColumn:
        return t.bizNo;
    case AgeColumn:
        return m_nowMs - t.attemptStartedAt();
    case StateColumn:
        return recordStateName(t.state);
    case ProposalColumn:
        return int(row.proposal);
    case WhyColumn:
        return row.why;
    case OrderStatusColumn:
        return row.order ? row.order->status : QString();
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ReconcilePlanModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int at = stored(index.row());
    const ReconcileRow &row = m_rows.at(at);
    const bool excluded = m_excluded.at(at);
    switch (role) {
    case RawValueRole:
        return raw(at, index.column());
    case ProposalRole:
        return int(row.proposal);
    case ExcludedRole:
        return excluded;
    case Qt::CheckStateRole: // a manual-review row is never applied: it has no box to tick
    case Qt::ForegroundRole:
        return inclusionData(index.row(), index.column(), role);
    case Qt::BackgroundRole:
        return excluded ? QVariant() : QVariant(proposalColor(row.proposal));
    case Qt::TextAlignmentRole:
        if (index.column() == AgeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == IncludeColumn && row.proposal == ReconcileProposal::Review)
            return tr("Manual review: never applied by the plan; the record is left as it is");
        if (index.column() == IncludeColumn)
            return excluded ? tr("Excluded: this record is left as it is") : tr("Included: applied with the plan");
        if (index.column() == AgeColumn && row.target.state != RecordState::InFlight)
            return tr("Since the attempt's first claim at %1; timed out %2 ago")
                .arg(QDateTime::fromMSecsSinceEpoch(row.target.attemptStartedAt()).toString(Qt::ISODate),
                     ageText(m_nowMs - row.target.updatedAt));
        if (row.proposal == ReconcileProposal::Review)
            return tr("%1 — manual review rows are never applied by the plan").arg(visibleText(row.why));
        return visibleText(row.why);
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case IncludeColumn:
            return QString();
        case AgeColumn:
            return ageText(m_nowMs - row.target.attemptStartedAt());
        case ProposalColumn:
            return proposalText(row.proposal);
        case StateColumn:
            return AuditWording::state(recordStateName(row.target.state));
        case OrderStatusColumn:
            return row.order ? visibleText(row.order->status) : tr("(no order)");
        default: {
            // Text from the store or the order table is shown escaped, sorted raw.
            const QVariant value = raw(at, index.column());
            return value.typeId() == QMetaType::QString ? QVariant(visibleText(value.toString())) : value;
        }
        }
    default:
        return {};
    }
}

QVariant ReconcilePlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return section == IncludeColumn ? tr("Uncheck a row to leave its record out of the plan") : QVariant();
    switch (Column(section)) {
    case IncludeColumn:
        return tr("Apply");
    case ScopeColumn:
        return RecordColumns::title(RecordColumns::Field::Scope);
    case KeyColumn:
        return RecordColumns::title(RecordColumns::Field::Key);
    case BizNoColumn:
        return RecordColumns::title(RecordColumns::Field::BizNo);
    case AgeColumn:
        return RecordColumns::title(RecordColumns::Field::Age);
    case StateColumn:
        return RecordColumns::title(RecordColumns::Field::State);
    case ProposalColumn:
        return tr("Proposal");
    case WhyColumn:
        return tr("Why");
    case OrderStatusColumn:
        return tr("Order status");
    case ColumnCount:
        break;
    }
    return {};
}

ReconcileRow ReconcilePlanModel::rowAt(int row) const
{
    ReconcileRow shown = m_rows.at(stored(row));
    shown.excluded = m_excluded.at(stored(row));
    return shown;
}

QList<ReconcileRow> ReconcilePlanModel::rows() const
{
    QList<ReconcileRow> shown;
    shown.reserve(m_rows.size());
    for (int row = 0; row < m_rows.size(); ++row)
        shown.append(rowAt(row));
    return shown;
}

void ReconcilePlanModel::setRows(const QList<ReconcileRow> &rows, qint64 nowMs)
{
    replaceRows([&] {
        m_rows = rows;
        m_excluded.resize(rows.size());
        for (qsizetype i = 0; i < rows.size(); ++i)
            m_excluded[i] = rows.at(i).excluded;
        m_nowMs = nowMs;
    });
}

void ReconcilePlanModel::clear()
{
    setRows({}, 0);
}

ReconcileSummary ReconcilePlanModel::summary() const
{
    return ReconcilePlan::summarise(m_rows, m_excluded);
}
