#pragma once

#include <QStringList>

// idemctl records [--state in_flight|completed|timed_out|any] [--scope S]
//                 [--key-prefix P] [--biz-no B] [--limit N] [--oldest-first]
// Records in any state the store's layout keeps, newest first, paged in the
// store (Store::records); a timed-out record waiting for review is found
// here, not in `inflight`.
int runRecordsCommand(const QStringList &arguments);
