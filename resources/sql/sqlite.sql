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
    -- AuditEntry::serverUser: SQLite has no users, so its entries say so. Added later:
    -- SqlDialect::addAuditUserColumn() adds it to a store made before it.
    server_user  TEXT,
    PRIMARY KEY (scope, seq)
);
CREATE INDEX IF NOT EXISTS idem_audit_time ON idem_audit (at_ms);
CREATE TABLE IF NOT EXISTS idem_audit_head (
    scope        TEXT    NOT NULL PRIMARY KEY,
    seq          INTEGER NOT NULL,
    hash         TEXT    NOT NULL
);
-- Four eyes (DESIGN.md "Roles and four eyes"): an operator action on more records of a scope than its policy's
-- threshold is held here as a proposal, the exact records and states its preview saw (`records`, JSON) bound by
-- `hash` (app/store/proposal.h), until an approver of another identity decides and an operator applies it.
-- Written in three steps by three parties, each in its own columns: the proposer inserts the proposal's own
-- columns; an approver sets the decision's; an operator the outcome's. `idemctl init --roles` grants exactly
-- that, so no role can rewrite what another wrote, and adds the triggers that check who writes (README).
CREATE TABLE IF NOT EXISTS idem_proposals (
    id               TEXT NOT NULL PRIMARY KEY,
    scope            TEXT NOT NULL,
    action           TEXT NOT NULL,
    reason           TEXT NOT NULL,
    proposer         TEXT NOT NULL,
    proposer_host    TEXT NOT NULL,
    proposer_user    TEXT NOT NULL,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    record_count     INTEGER NOT NULL,
    records          BLOB NOT NULL,
    hash             TEXT NOT NULL,
    decision         TEXT NOT NULL DEFAULT '',
    decided_by       TEXT NOT NULL DEFAULT '',
    decided_user     TEXT NOT NULL DEFAULT '',
    decided_host     TEXT NOT NULL DEFAULT '',
    decided_at       INTEGER NOT NULL DEFAULT 0,
    decision_reason  TEXT NOT NULL DEFAULT '',
    approved_hash    TEXT NOT NULL DEFAULT '',
    outcome          TEXT NOT NULL DEFAULT '',
    outcome_by       TEXT NOT NULL DEFAULT '',
    outcome_user     TEXT NOT NULL DEFAULT '',
    outcome_at       INTEGER NOT NULL DEFAULT 0,
    outcome_summary  TEXT NOT NULL DEFAULT ''
);
-- The store's own policy for four eyes: rows (scope, 'approval_threshold', n) and ('', 'proposal_ttl_ms', ms);
-- scope '' is the store-wide default. No row: no threshold, every action applies at once. Written by
-- `idemctl init --roles` only: no role is granted to change it.
CREATE TABLE IF NOT EXISTS idem_policy (
    scope            TEXT NOT NULL,
    name             TEXT NOT NULL,
    value            INTEGER NOT NULL,
    PRIMARY KEY (scope, name)
);
