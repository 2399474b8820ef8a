#include "models/recordlistmodel.h"

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

} // namespace

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
