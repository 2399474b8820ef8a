#pragma once

#include <QList>
#include <QPartialOrdering>
#include <QVariant>

#include <algorithm>
#include <numeric>
#include <utility>

// Sorts the rows of a small in-memory table model by a raw (sortable) value
// and returns where each old row went (newRow[old]), so the model can move
// its persistent indexes (selection, current row) with their rows.
template <typename Row, typename RawValue>
QList<int> sortRowsInPlace(QList<Row> &rows, Qt::SortOrder order, RawValue rawValue)
{
    // Each row's value is made once, not at every comparison (a preview
    // of 100,000 rows sorts with about 1.7 million of them), and a column
    // of one type compares as that type, not through QVariant: sorting
    // such a preview stays well under the GUI's 100 ms.
    QList<QVariant> keys;
    keys.reserve(rows.size());
    for (const Row &row : std::as_const(rows))
        keys.append(rawValue(row));
    const auto allOf = [&keys](std::initializer_list<int> types) {
        return std::all_of(keys.cbegin(), keys.cend(),
                           [&types](const QVariant &v) { return std::find(types.begin(), types.end(), v.typeId()) != types.end(); });
    };
    QList<int> permutation(rows.size());
    std::iota(permutation.begin(), permutation.end(), 0);
    const auto sortBy = [&](auto less) {
        std::stable_sort(permutation.begin(), permutation.end(),
                         [&](int a, int b) { return order == Qt::AscendingOrder ? less(a, b) : less(b, a); });
    };
    if (allOf({QMetaType::LongLong, QMetaType::Int, QMetaType::UInt})) {
        QList<qint64> numbers;
        numbers.reserve(keys.size());
        for (const QVariant &v : std::as_const(keys))
            numbers.append(v.toLongLong());
        sortBy([&numbers](int a, int b) { return numbers.at(a) < numbers.at(b); });
    } else if (allOf({QMetaType::QString})) {
        QList<QString> texts;
        texts.reserve(keys.size());
        for (const QVariant &v : std::as_const(keys))
            texts.append(v.toString());
        sortBy([&texts](int a, int b) { return texts.at(a) < texts.at(b); });
    } else {
        sortBy([&keys](int a, int b) { return QVariant::compare(keys.at(a), keys.at(b)) == QPartialOrdering::Less; });
    }
    QList<Row> sorted;
    sorted.reserve(rows.size());
    QList<int> newRow(rows.size());
    for (int i = 0; i < permutation.size(); ++i) {
        sorted.append(std::move(rows[permutation.at(i)])); // no reference counting per field
        newRow[permutation.at(i)] = i;
    }
    rows = std::move(sorted);
    return newRow;
}
