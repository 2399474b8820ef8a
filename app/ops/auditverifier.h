#pragma once

#include "app/ops/operatorbatch.h"

#include <QStringList>

struct AuditBreak {
    QString scope; // the chain: its scope, or on a Redis Cluster one of the scope's bucket chains ("payment#07")
    qint64 seq = 0; // the seq the entry claims (or the one expected, for a gap)
    QString storeId; // where it is stored
    QString reason; // "hash mismatch (entry edited)", "gap: seq 7 expected, 9 found", …
};

// One chain as verified: its head as the store gave it (read once, before
// the chain's entries) and what walking the chain up to that head found.
struct AuditChainVerdict {
    AuditChainHead head;
    qint64 entries = 0; // entries of this chain read
    std::optional<AuditBreak> firstBad; // none: every entry checks and the last one is this head
    bool ok() const { return !firstBad; }
};

struct AuditVerdict {
    qint64 entries = 0;
    qint64 chains = 0;
    bool ok = true;
    std::optional<AuditBreak> firstBad;
    // Cancelled before every chain was read: ok is then false (nothing is
    // vouched for), firstBad is set only if a break was already found.
    bool cancelled = false;
    // Every chain walked to its end, in the order checked: the heads a report
    // witnesses. A cancelled verification lists only the chains it finished.
    QList<AuditChainVerdict> verified;
};

// Walks every chain in the store's own order (pages of 1000) and checks each
// entry's hash, its link to the previous one, the seq sequence and the
// chain head: an edited, deleted, inserted or reordered entry breaks it.
// Chains are checked in scope order; progress is (entries read, entries the
// heads announce). Reads every entry once: one query per 1000 entries.
class AuditVerifier final {
public:
    // `scopes`: only these chains (a scope without a chain is skipped); empty: every chain.
    static Result<AuditVerdict> verify(Store &store, const ActionControl &control = {}, const QStringList &scopes = {});
};
