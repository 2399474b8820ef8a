#include "models/rowsort.h"

#include <QPartialOrdering>

#include <algorithm>

QList<int> sortedOrder(const QList<QVariant> &keys, QList<int> shown, Qt::SortOrder order)
{
    const auto allOf = [&keys](std::initializer_list<int> types) {
        return std::all_of(keys.cbegin(), keys.cend(),
                           [&types](const QVariant &v) { return std::find(types.begin(), types.end(), v.typeId()) != types.end(); });
    };
    const auto sortBy = [&](auto less) {
        std::stable_sort(shown.begin(), shown.end(), [&](int a, int b) { return order == Qt::AscendingOrder ? less(a, b) : less(b, a); });
    };
    if (allOf({QMetaType::LongLong, QMetaType::Int, QMetaType::UInt, QMetaType::Bool})) {
        QList<qint64> numbers;
        numbers.reserve(keys.size());
        for (const QVariant &v : keys)
            numbers.append(v.toLongLong());
        sortBy([&numbers](int a, int b) { return numbers.at(a) < numbers.at(b); });
    } else if (allOf({QMetaType::QString})) {
        QList<QString> texts;
        texts.reserve(keys.size());
        for (const QVariant &v : keys)
            texts.append(v.toString());
        sortBy([&texts](int a, int b) { return texts.at(a) < texts.at(b); });
    } else {
        sortBy([&keys](int a, int b) { return QVariant::compare(keys.at(a), keys.at(b)) == QPartialOrdering::Less; });
    }
    return shown;
}
