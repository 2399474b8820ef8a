-- idem-console native schema, SQLite dialect. The loader runs one statement per ";" at a line end.
CREATE TABLE IF NOT EXISTS idem_records (
    scope        TEXT    NOT NULL,
    idem_key     TEXT    NOT NULL,
    state        TEXT    NOT NULL CHECK (state IN ('IN_FLIGHT', 'COMPLETED', 'TIMED_OUT')),
    fingerprint  TEXT    NOT NULL,
    lease        TEXT    NOT NULL,
    owner        TEXT    NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 1,
    biz_no       TEXT    NOT NULL DEFAULT '',
    status_code  INTEGER NOT NULL DEFAULT 0,
    headers      BLOB,
    body         BLOB,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL DEFAULT 0,
    reconciled   INTEGER NOT NULL DEFAULT 0,
    -- The request the current attempt's claim kept (app/store/keptrequest.h: one JSON document of at most 4 KiB,
    -- masked before it got here); NULL when none was kept. Added later: SqlDialect::addRequestColumn() adds it to a
    -- store made before it, which CREATE TABLE IF NOT EXISTS leaves as it is.
    request      BLOB,
    PRIMARY KEY (scope, idem_key)
);
-- The stuck list is a range over in-flight rows only, never a scan of all records.
CREATE INDEX IF NOT EXISTS idem_records_inflight ON idem_records (updated_at, scope, idem_key) WHERE state = 'IN_FLIGHT';
CREATE INDEX IF NOT EXISTS idem_records_expiry ON idem_records (expires_at) WHERE state <> 'IN_FLIGHT';
-- Timed-out records wait for reconciliation: the reconcile wizard lists them like the stuck ones.
CREATE INDEX IF NOT EXISTS idem_records_timedout ON idem_records (updated_at, scope, idem_key) WHERE state = 'TIMED_OUT';
-- The record browser pages completed records in the same order (added later: a ReadWrite open adds it).
CREATE INDEX IF NOT EXISTS idem_records_completed ON idem_records (updated_at, scope, idem_key) WHERE state = 'COMPLETED';
CREATE TABLE IF NOT EXISTS idem_counters (
    scope        TEXT    NOT NULL,
    minute       INTEGER NOT NULL,
    executed     INTEGER NOT NULL DEFAULT 0,
    replayed     INTEGER NOT NULL DEFAULT 0,
    in_progress  INTEGER NOT NULL DEFAULT 0,
    mismatch     INTEGER NOT NULL DEFAULT 0,
    released     INTEGER NOT NULL DEFAULT 0,
    timed_out    INTEGER NOT NULL DEFAULT 0,
    reconciled   INTEGER NOT NULL DEFAULT 0,
    store_errors INTEGER NOT NULL DEFAULT 0,
    late_finish  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, minute)
);
-- The audit log (DESIGN.md "Audit log"): one hash chain per scope, append-only. A head row per chain
-- holds the newest (seq, hash), so a deleted newest entry shows; an operator action writes its record
-- change, its entry and the head in one transaction.
CREATE TABLE IF NOT EXISTS idem_audit (
    scope        TEXT    NOT NULL,
    seq          INTEGER NOT NULL,
    at_ms        INTEGER NOT NULL,
    operator     TEXT    NOT NULL,
    host         TEXT    NOT NULL,
    action       TEXT    NOT NULL,
    batch_id     TEXT    NOT NULL,
    idem_key     TEXT    NOT NULL,
    state_before TEXT    NOT NULL,
    state_after  TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    evidence     BLOB    NOT NULL,
    prev_hash    TEXT    NOT NULL,
    hash         TEXT    NOT NULL,
    PRIMARY KEY (scope, seq)
);
CREATE INDEX IF NOT EXISTS idem_audit_time ON idem_audit (at_ms);
CREATE TABLE IF NOT EXISTS idem_audit_head (
    scope        TEXT    NOT NULL PRIMARY KEY,
    seq          INTEGER NOT NULL,
    hash         TEXT    NOT NULL
);
