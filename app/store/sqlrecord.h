#pragma once

#include "app/store/record.h"

#include <QVariant>

#include <array>

class QSqlQuery;

// The columns of idem_records a claim reads and writes, comma-separated,
// in the order below. The kept request (column request) is not among them:
// a claim's decision never needs it, and reading it back would make every
// replay carry up to 4 KiB more; reads for an operator add it after these.
inline constexpr int kSqlRecordColumns = 15;
const QString &sqlRecordColumns();

// A row of idem_records, selected in SqlStore's column order (scope,
// idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code,
// headers, body, created_at, updated_at, expires_at, reconciled), as a
// record. A value the engine never writes (an unknown state, a field that is
// not a whole number or is out of range, an in-flight record without a
// lease) sets readError, naming the row (`where`: the store's display URL)
// and what is wrong: the listing shows it in red and no action applies to
// it; SqlStore::fetch() turns it into ErrorKind::Corrupt, so a claim never
// runs over it.
// withRequest: the row has a 16th column, the kept request (NULL: none).
Record sqlRecordFromRow(const QSqlQuery &q, const QString &where, bool withRequest = false);
// The same from the row's values (PostgreSQL's hot path reads them through
// libpq, not a QSqlQuery).
Record sqlRecordFromValues(const std::array<QVariant, kSqlRecordColumns> &values, const QString &where);
