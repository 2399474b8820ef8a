#include "models/auditmodel.h"
#include "models/auditwording.h"

#include "models/storesession.h"
#include "app/store/visibletext.h"

#include <QDateTime>

AuditModel::AuditModel(StoreSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
}

int AuditModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int AuditModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditEntry &e = m_entries.at(index.row());
    if (role == EntryRole)
        return QVariant::fromValue(e);
    if (role == Qt::ToolTipRole) {
        if (index.column() == HashColumn)
            return e.hash;
        if (index.column() == ReasonColumn)
            return visibleBlock(e.reason);
    }
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    // Shown escaped: any writer of the store wrote these.
    const auto text = [role](const QString &value) { return role == RawValueRole ? value : visibleText(value); };
    switch (Column(index.column())) {
    case TimeColumn:
        if (role == RawValueRole)
            return e.atMs;
        return QDateTime::fromMSecsSinceEpoch(e.atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case OperatorColumn:
        return text(e.operatorName);
    case HostColumn:
        return text(e.host);
    case ActionColumn:
        return role == RawValueRole ? e.action : visibleText(AuditWording::action(e.action));
    case ScopeColumn:
        return text(e.scope);
    case KeyColumn:
        return text(e.key);
    case ChangeColumn:
        if (e.stateBefore.isEmpty() && e.stateAfter.isEmpty())
            return QString();
        if (role == RawValueRole)
            return QString(e.stateBefore + QLatin1Char('>') + e.stateAfter);
        return tr("%1 → %2").arg(e.stateBefore.isEmpty() ? tr("(none)") : visibleText(AuditWording::state(e.stateBefore)),
                                 e.stateAfter.isEmpty() ? tr("(none)") : visibleText(AuditWording::state(e.stateAfter)));
    case ReasonColumn:
        // One line in the table; the detail pane shows all of it.
        return role == RawValueRole ? e.reason : visibleBlock(e.reason).replace(QLatin1Char('\n'), QLatin1Char(' '));
    case BatchColumn:
        return text(e.batchId);
    case HashColumn:
        return role == RawValueRole ? e.hash : e.hash.left(HashPrefixLength);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant AuditModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case TimeColumn:
        return tr("Time");
    case OperatorColumn:
        return tr("Operator");
    case HostColumn:
        return tr("Host");
    case ActionColumn:
        return tr("Action");
    case ScopeColumn:
        return tr("Scope");
    case KeyColumn:
        return tr("Key");
    case ChangeColumn:
        return tr("Before → after");
    case ReasonColumn:
        return tr("Reason");
    case BatchColumn:
        return tr("Batch");
    case HashColumn:
        return tr("Hash");
    case ColumnCount:
        break;
    }
    return {};
}

void AuditModel::setQuery(const AuditQuery &query)
{
    m_query = query;
    reload();
}

void AuditModel::reload()
{
    const quint64 generation = ++m_generation;
    m_loading = true;
    const AuditQuery query = m_query;
    m_session->request<QList<AuditEntry>>(
        this, [query](Store &store) { return store.auditEntries(query); },
        [this, generation](const Result<QList<AuditEntry>> &result) {
            if (generation != m_generation)
                return; // an answer to a query that was replaced since
            m_loading = false;
            if (!result) {
                emit loadFailed(result.error().message);
                return;
            }
            beginResetModel();
            m_entries = result.value();
            endResetModel();
            emit loaded(int(m_entries.size()));
        });
}
