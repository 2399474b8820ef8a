#include "app/store/recordlisting.h"

#include <algorithm>

bool keysetBefore(const Record &a, const Record &b)
{
    if (a.updatedAt != b.updatedAt)
        return a.updatedAt < b.updatedAt;
    if (a.scope != b.scope)
        return a.scope.toUtf8() < b.scope.toUtf8();
    return a.key.toUtf8() < b.key.toUtf8();
}

bool isAfterPosition(const Record &r, const RecordQuery &query)
{
    if (!query.after)
        return true;
    Record position;
    position.updatedAt = query.after->updatedAt;
    position.scope = query.after->scope;
    position.key = query.after->key;
    return query.newestFirst ? keysetBefore(r, position) : keysetBefore(position, r);
}

bool matchesFilters(const Record &r, const RecordQuery &q)
{
    return (!q.state || r.state == *q.state) && (!q.startedBeforeMs || r.updatedAt < *q.startedBeforeMs)
           && (q.keyPrefix.isEmpty() || r.key.startsWith(q.keyPrefix)) && (q.bizNoPrefix.isEmpty() || r.bizNo.startsWith(q.bizNoPrefix))
           && (q.owner.isEmpty() || r.owner == q.owner);
}

void keepFirstPage(QList<Record> &rows, const RecordQuery &query)
{
    std::sort(rows.begin(), rows.end(),
              [&](const Record &a, const Record &b) { return query.newestFirst ? keysetBefore(b, a) : keysetBefore(a, b); });
    if (rows.size() > qMax(1, query.limit))
        rows.resize(qMax(1, query.limit));
}

QList<RecordState> allRecordStates()
{
    return {RecordState::InFlight, RecordState::Completed, RecordState::TimedOut};
}

Result<QList<Record>> listEveryState(const RecordQuery &query, const QList<RecordState> &states,
                                     const std::function<Result<QList<Record>>(const RecordQuery &)> &list)
{
    QList<Record> rows;
    for (RecordState state : states) {
        Result<QList<Record>> page = list(query.inState(state));
        if (!page)
            return page.error();
        rows += page.value();
    }
    keepFirstPage(rows, query);
    return rows;
}

Result<qint64> countEveryState(const RecordQuery &query, const QList<RecordState> &states,
                               const std::function<Result<qint64>(const RecordQuery &)> &count)
{
    qint64 total = 0;
    for (RecordState state : states) {
        Result<qint64> n = count(query.inState(state));
        if (!n)
            return n.error();
        total += n.value();
    }
    return total;
}
