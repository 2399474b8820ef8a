#pragma once

// What the record listings and counts ask a store (RecordQuery, keyset
// paging) and answer besides records (counts per scope and state, the
// activity of a store that keeps no counters).

#include "app/store/record.h"
#include "app/store/result.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

// Filters and keyset position for the record listing (the in-flight list,
// the reconcile wizard's sources and the record browser). Rows come ordered
// by (updatedAt, scope, key) ascending (oldest attempt first) or descending.
struct RecordQuery {
    // Which records: IN_FLIGHT (the default), TIMED_OUT (the reconcile
    // wizard's second source), COMPLETED (the record browser), or unset for
    // every state the layout keeps (each state's listing merged in keyset
    // order: listEveryState()). A layout that cannot tell a state lists none
    // of it or refuses with a message saying why.
    std::optional<RecordState> state = RecordState::InFlight;
    QString scope; // empty: every scope
    // Only attempts whose updated_at is before this. Unset: no age filter. A
    // set cutoff is always a filter, whatever its value: one at or before the
    // epoch matches nothing, never everything (a huge --older-than must not
    // list, nor time out, attempts that have just started).
    std::optional<qint64> startedBeforeMs;
    QString keyPrefix;
    QString bizNoPrefix;
    QString owner;
    bool newestFirst = false;
    int limit = 500;
    // Keyset: continue after this row; unset for the first page.
    struct Position {
        qint64 updatedAt = 0;
        QString scope;
        QString key;

        // The position of a listed record: the next page starts after it.
        static Position after(const Record &r) { return {r.updatedAt, r.scope, r.key}; }
    };
    std::optional<Position> after;

    static RecordQuery ofScope(const QString &scope)
    {
        RecordQuery q;
        q.scope = scope;
        return q;
    }
    // The query for one state (a copy with `state` set).
    RecordQuery inState(RecordState s) const
    {
        RecordQuery q = *this;
        q.state = s;
        return q;
    }
};

// The listing's keyset order: (updatedAt, scope, key) ascending, strings
// compared as UTF-8 bytes (as Redis zsets and SQL's binary collations sort).
bool keysetBefore(const Record &a, const Record &b);
// Whether a row comes after the query's keyset position, in the query's order.
bool isAfterPosition(const Record &r, const RecordQuery &query);
// Whether a row passes the query's filters other than scope and keyset: state
// (unset: any), age cutoff, key and biz_no prefix, owner.
bool matchesFilters(const Record &r, const RecordQuery &query);
// Sorts rows into the query's keyset order and keeps the first query.limit.
void keepFirstPage(QList<Record> &rows, const RecordQuery &query);

// A listing of every state (RecordQuery::state unset) as the merge of one
// listing per state in `states`, each from the same keyset position and
// limit: at most one page per state, then the first `limit` in keyset order.
// Each state's page is served as that state's listing is (an index range
// where the store has one).
Result<QList<Record>> listEveryState(const RecordQuery &query, const QList<RecordState> &states,
                                     const std::function<Result<QList<Record>>(const RecordQuery &)> &list);
// The sum of one count per state in `states`.
Result<qint64> countEveryState(const RecordQuery &query, const QList<RecordState> &states,
                               const std::function<Result<qint64>(const RecordQuery &)> &count);
// IN_FLIGHT, COMPLETED, TIMED_OUT: what a native store keeps.
QList<RecordState> allRecordStates();

struct ScopeCount {
    QString scope;
    RecordState state;
    qint64 count = 0;
};

// Records created in one minute and the state each is in now: what a store
// that keeps no counters (a foreign layout) can tell the dashboard.
struct ActivityRow {
    QString scope;
    qint64 minute = 0; // epoch minutes of created_at
    qint64 inFlight = 0;
    qint64 completed = 0;
    qint64 timedOut = 0;
    qint64 unreadable = 0; // values that could not be read (Record::readError)
    qint64 created() const { return inFlight + completed + timedOut + unreadable; }
};
