#pragma once

#include <QList>
#include <QPartialOrdering>
#include <QVariant>

#include <algorithm>
#include <numeric>

// Sorts the rows of a small in-memory table model by a raw (sortable) value
// and returns where each old row went (newRow[old]), so the model can move
// its persistent indexes (selection, current row) with their rows.
template<typename Row, typename RawValue>
QList<int> sortRowsInPlace(QList<Row> &rows, Qt::SortOrder order, RawValue rawValue)
{
    QList<int> permutation(rows.size());
    std::iota(permutation.begin(), permutation.end(), 0);
    std::stable_sort(permutation.begin(), permutation.end(), [&](int a, int b) {
        const auto cmp = QVariant::compare(rawValue(rows.at(a)), rawValue(rows.at(b)));
        return order == Qt::AscendingOrder ? cmp == QPartialOrdering::Less : cmp == QPartialOrdering::Greater;
    });
    QList<Row> sorted;
    sorted.reserve(rows.size());
    QList<int> newRow(rows.size());
    for (int i = 0; i < permutation.size(); ++i) {
        sorted.append(rows.at(permutation.at(i)));
        newRow[permutation.at(i)] = i;
    }
    rows = std::move(sorted);
    return newRow;
}
