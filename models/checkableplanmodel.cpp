#include "models/checkableplanmodel.h"

#include "models/rowsort.h"

#include <QFutureWatcher>
#include <QGuiApplication>
#include <QPalette>
#include <QPromise>
#include <QThreadPool>

#include <memory>
#include <numeric>

CheckablePlanModel::CheckablePlanModel(int columnCount, QObject *parent)
    : QAbstractTableModel(parent)
    , m_columnCount(columnCount)
{
}

int CheckablePlanModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : planRowCount();
}

int CheckablePlanModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columnCount;
}

bool CheckablePlanModel::isCheckable(int) const
{
    return true;
}

QVariant CheckablePlanModel::inclusionData(int row, int column, int role) const
{
    if (role == Qt::CheckStateRole)
        return column == IncludeColumn && isCheckable(row) ? QVariant(isIncluded(row) ? Qt::Checked : Qt::Unchecked) : QVariant();
    if (role == Qt::ForegroundRole && !isIncluded(row))
        return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
    return {};
}

bool CheckablePlanModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || index.column() != IncludeColumn
        || role != Qt::CheckStateRole || !isCheckable(index.row()))
        return false;
    setIncluded(index.row(), Qt::CheckState(value.toInt()) == Qt::Checked);
    return true;
}

Qt::ItemFlags CheckablePlanModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == IncludeColumn && isCheckable(index.row()))
        f |= Qt::ItemIsUserCheckable;
    return f;
}

void CheckablePlanModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= m_columnCount)
        return;
    // QTableView::sortByColumn asks twice for the same sort (Qt 6.4: once
    // through the header's sortIndicatorChanged, once more itself); the
    // second would read every key again for the order already on its way.
    if (m_sortPending && column == m_pendingColumn && order == m_pendingOrder)
        return;
    const quint64 generation = ++m_sortGeneration;
    const int rows = planRowCount();
    QList<QVariant> keys;
    keys.reserve(rows);
    for (int row = 0; row < rows; ++row)
        keys.append(sortKey(row, column));
    if (rows < kWorkerSortRows) {
        m_sortPending = false;
        applyOrder(sortedOrder(keys, m_order, order));
        return;
    }
    m_sortPending = true;
    m_pendingColumn = column;
    m_pendingOrder = order;
    auto promise = std::make_shared<QPromise<QList<int>>>();
    auto *watcher = new QFutureWatcher<QList<int>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, rows] {
        watcher->deleteLater();
        if (generation != m_sortGeneration)
            return; // a newer sort or new rows
        m_sortPending = false;
        if (watcher->future().resultCount() == 1 && planRowCount() == rows)
            applyOrder(watcher->future().result());
    });
    watcher->setFuture(promise->future());
    promise->start();
    // The keys and the order are the worker's own copies: it reads nothing of the model.
    QThreadPool::globalInstance()->start([promise, keys = std::move(keys), shown = m_order, order] {
        promise->addResult(sortedOrder(keys, shown, order));
        promise->finish();
    });
}

void CheckablePlanModel::resetOrder()
{
    m_order.resize(planRowCount());
    std::iota(m_order.begin(), m_order.end(), 0);
}

void CheckablePlanModel::applyOrder(const QList<int> &order)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    if (!from.isEmpty()) {
        QList<int> shownAt(order.size()); // per stored row, its new view row
        for (int row = 0; row < order.size(); ++row)
            shownAt[order.at(row)] = row;
        to.reserve(from.size());
        for (const QModelIndex &index : from)
            to.append(this->index(shownAt.at(m_order.at(index.row())), index.column()));
    }
    m_order = order;
    changePersistentIndexList(from, to);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    emit sorted();
}

void CheckablePlanModel::setIncluded(int row, bool included)
{
    if (row < 0 || row >= planRowCount() || !isCheckable(row) || isIncluded(row) == included)
        return;
    storeIncluded(row, included);
    if (m_pendingColumn == IncludeColumn)
        m_pendingColumn = -1; // the pending order was worked out from the old check boxes: a new sort by them is new
    emit dataChanged(index(row, 0), index(row, m_columnCount - 1));
    emit inclusionChanged();
}

void CheckablePlanModel::setAllIncluded(bool included)
{
    const int rows = planRowCount();
    if (rows == 0)
        return;
    for (int row = 0; row < rows; ++row) {
        if (isCheckable(row))
            storeIncluded(row, included);
    }
    if (m_pendingColumn == IncludeColumn)
        m_pendingColumn = -1;
    emit dataChanged(index(0, 0), index(rows - 1, m_columnCount - 1));
    emit inclusionChanged();
}
