#pragma once

#include "app/store/record.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

#include <optional>

// What the record tables (in-flight, browser, timeout preview, reconcile
// plan) show of a record the same way: the titles of the columns they share,
// the time cells, and how a record the console cannot read is marked. Each
// model keeps its own Column enum and asks here for its shared columns.
class RecordColumns final {
    Q_DECLARE_TR_FUNCTIONS(RecordColumns)
public:
    enum class Field { State, Scope, Key, BizNo, Owner, Attempts, Age, Started, Updated, Status };
    static QString title(Field field);

    // A time cell: local "yyyy-MM-dd HH:mm:ss", "–" when unset (<= 0); with
    // rawRole, the milliseconds since the epoch.
    static QVariant timeCell(qint64 ms, bool rawRole);
    // A record with a readError is marked on every cell: alarm colour,
    // italics and a tooltip naming what cannot be read. Nullopt for a
    // readable record or another role.
    static std::optional<QVariant> unreadableCell(const Record &record, int role);
};
