#pragma once

#include "operatorbatch.h"

struct AuditBreak {
    QString scope;
    qint64 seq = 0;        // the seq the entry claims (or the one expected, for a gap)
    QString storeId;       // where it is stored
    QString reason;        // "hash mismatch (entry edited)", "gap: seq 7 expected, 9 found", …
};

struct AuditVerdict {
    qint64 entries = 0;
    qint64 chains = 0;
    bool ok = true;
    std::optional<AuditBreak> firstBad;
};

// Walks every chain in the store's own order (pages of 1000) and checks each
// entry's hash, its link to the previous one, the seq sequence and the
// chain head: an edited, deleted, inserted or reordered entry breaks it.
class AuditVerifier final {
public:
    static Result<AuditVerdict> verify(Store &store, const ActionControl &control = {});
};
