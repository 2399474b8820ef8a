#pragma once

#include "app/store/scannedredisstore.h"

// The java-handler layout's Redis cache alone (seeds/004…): `idem:<id>`
// holding PROCESSING (TTL 10 min) or SUCCESS (TTL 24 h), as strings (the
// layout's state values). Listed by SCAN like GoRedisStore (ScannedRedisStore:
// GET and PTTL of each key pipelined with the next SCAN step).
//
// PROCESSING is IN_FLIGHT, started at now - (processing TTL - PTTL), the
// moment the handler set it; SUCCESS is COMPLETED, finished (and counted in
// activity()) at now - (success TTL - PTTL). A key without a TTL has no known
// start (0). Any other value, or a key of another type, is listed in flight
// with readError. There is no request hash, body or biz_no in the cache.
//
// The record itself lives in MySQL: applyAction() is refused (before any
// audit entry) with a message that says to open the MySQL store with
// layout=java-handler&cache=redis://… instead.
class JavaRedisStore final : public ScannedRedisStore {
public:
    JavaRedisStore(const StoreUrl &url, const Layout &layout);
    ~JavaRedisStore() override;

    Result<ActionResult> applyAction(const OperatorAction &action) override;

    static std::optional<Record> toRecord(const Layout &layout, const KeyReplies &key, qint64 nowMs);

protected:
    Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) override;
    Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) override;

private:
    Error refusedHere(OperatorActionKind kind) const;
};
