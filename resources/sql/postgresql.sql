-- idem-console native schema, PostgreSQL dialect. The loader runs one statement per ";" at a line end,
-- all in one transaction, and only when the probe in SqlDialect finds an object missing.
-- Scope and key compare byte for byte (COLLATE "C"): no locale decides whether two keys are one,
-- and an operating-system upgrade of the collation library cannot reorder the index.
CREATE TABLE IF NOT EXISTS idem_records (
    scope        TEXT COLLATE "C" NOT NULL,
    idem_key     TEXT COLLATE "C" NOT NULL,
    state        TEXT     NOT NULL CONSTRAINT idem_records_state_known CHECK (state IN ('IN_FLIGHT', 'COMPLETED', 'TIMED_OUT')),
    fingerprint  TEXT     NOT NULL,
    lease        TEXT     NOT NULL,
    owner        TEXT     NOT NULL,
    attempts     INTEGER  NOT NULL DEFAULT 1,
    biz_no       TEXT     NOT NULL DEFAULT '',
    status_code  INTEGER  NOT NULL DEFAULT 0,
    headers      BYTEA,
    body         BYTEA,
    created_at   BIGINT   NOT NULL,
    updated_at   BIGINT   NOT NULL,
    expires_at   BIGINT   NOT NULL DEFAULT 0,
    reconciled   SMALLINT NOT NULL DEFAULT 0,
    -- The request the current attempt's claim kept (app/store/keptrequest.h: one JSON document of at most 4 KiB,
    -- masked before it got here); NULL when none was kept. Added later: SqlDialect::addRequestColumn() adds it to a
    -- store made before it (a nullable column without a default: a catalog change, no table rewrite).
    request      BYTEA,
    PRIMARY KEY (scope, idem_key)
);
-- The stuck list is a range over in-flight rows only: these partial indexes hold no completed record,
-- so they stay small however many responses are cached. One serves the listing over every scope,
-- the other the listing of one scope; both give the (updated_at, scope, idem_key) order.
CREATE INDEX IF NOT EXISTS idem_records_inflight ON idem_records (updated_at, scope, idem_key) WHERE state = 'IN_FLIGHT';
CREATE INDEX IF NOT EXISTS idem_records_inflight_scope ON idem_records (scope, updated_at, idem_key) WHERE state = 'IN_FLIGHT';
CREATE INDEX IF NOT EXISTS idem_records_expiry ON idem_records (expires_at) WHERE state <> 'IN_FLIGHT';
-- Timed-out records wait for reconciliation: the reconcile wizard lists them like the stuck ones.
CREATE INDEX IF NOT EXISTS idem_records_timedout ON idem_records (updated_at, scope, idem_key) WHERE state = 'TIMED_OUT';
CREATE INDEX IF NOT EXISTS idem_records_timedout_scope ON idem_records (scope, updated_at, idem_key) WHERE state = 'TIMED_OUT';
-- The record browser pages completed records in the same order. One index over every scope, not two
-- as for the small in-flight set: each costs the guard's complete an index insertion, and a scope's page
-- walks this one from its keyset position, skipping other scopes' rows (or takes the primary key).
CREATE INDEX IF NOT EXISTS idem_records_completed ON idem_records (updated_at, scope, idem_key) WHERE state = 'COMPLETED';
CREATE TABLE IF NOT EXISTS idem_counters (
    scope        TEXT COLLATE "C" NOT NULL,
    minute       BIGINT NOT NULL,
    executed     BIGINT NOT NULL DEFAULT 0,
    replayed     BIGINT NOT NULL DEFAULT 0,
    in_progress  BIGINT NOT NULL DEFAULT 0,
    mismatch     BIGINT NOT NULL DEFAULT 0,
    released     BIGINT NOT NULL DEFAULT 0,
    timed_out    BIGINT NOT NULL DEFAULT 0,
    reconciled   BIGINT NOT NULL DEFAULT 0,
    store_errors BIGINT NOT NULL DEFAULT 0,
    late_finish  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, minute)
);
-- The audit log (DESIGN.md "Audit log"): one hash chain per scope, append-only. A head row per chain
-- holds the newest (seq, hash), so a deleted newest entry shows; an operator action writes its record
-- change, its entry and the head in one transaction, the head row locked (FOR UPDATE) for the append.
CREATE TABLE IF NOT EXISTS idem_audit (
    scope        TEXT COLLATE "C" NOT NULL,
    seq          BIGINT   NOT NULL,
    at_ms        BIGINT   NOT NULL,
    operator     TEXT     NOT NULL,
    host         TEXT     NOT NULL,
    action       TEXT     NOT NULL,
    batch_id     TEXT     NOT NULL,
    idem_key     TEXT COLLATE "C" NOT NULL,
    state_before TEXT     NOT NULL,
    state_after  TEXT     NOT NULL,
    reason       TEXT     NOT NULL,
    evidence     BYTEA    NOT NULL,
    prev_hash    TEXT     NOT NULL,
    hash         TEXT     NOT NULL,
    -- Who the server said the writer was (current_user; AuditEntry::serverUser), beside the typed operator.
    -- Added later: SqlDialect::addAuditUserColumn() adds it to a store made before it.
    server_user  TEXT,
    PRIMARY KEY (scope, seq)
);
CREATE INDEX IF NOT EXISTS idem_audit_time ON idem_audit (at_ms);
CREATE TABLE IF NOT EXISTS idem_audit_head (
    scope        TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    seq          BIGINT   NOT NULL,
    hash         TEXT     NOT NULL
);
-- Four eyes (DESIGN.md "Roles and four eyes"): an operator action on more records of a scope than its policy's
-- threshold is held here as a proposal, the exact records and states its preview saw (`records`, JSON) bound by
-- `hash` (app/store/proposal.h), until an approver of another identity decides and an operator applies it.
-- Written in three steps by three parties, each in its own columns: the proposer inserts the proposal's own
-- columns; an approver sets the decision's; an operator the outcome's. `idemctl init --roles` grants exactly
-- that, so no role can rewrite what another wrote, and adds the triggers that check who writes (README).
CREATE TABLE IF NOT EXISTS idem_proposals (
    id               TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    scope            TEXT COLLATE "C" NOT NULL,
    action           TEXT NOT NULL,
    reason           TEXT NOT NULL,
    proposer         TEXT NOT NULL,
    proposer_host    TEXT NOT NULL,
    proposer_user    TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    expires_at       BIGINT NOT NULL,
    record_count     INTEGER NOT NULL,
    records          BYTEA NOT NULL,
    hash             TEXT NOT NULL,
    decision         TEXT NOT NULL DEFAULT '',
    decided_by       TEXT NOT NULL DEFAULT '',
    decided_user     TEXT NOT NULL DEFAULT '',
    decided_host     TEXT NOT NULL DEFAULT '',
    decided_at       BIGINT NOT NULL DEFAULT 0,
    decision_reason  TEXT NOT NULL DEFAULT '',
    approved_hash    TEXT NOT NULL DEFAULT '',
    outcome          TEXT NOT NULL DEFAULT '',
    outcome_by       TEXT NOT NULL DEFAULT '',
    outcome_user     TEXT NOT NULL DEFAULT '',
    outcome_at       BIGINT NOT NULL DEFAULT 0,
    outcome_summary  TEXT NOT NULL DEFAULT ''
);
-- The store's own policy for four eyes: rows (scope, 'approval_threshold', n) and ('', 'proposal_ttl_ms', ms);
-- scope '' is the store-wide default. No row: no threshold, every action applies at once. Written by
-- `idemctl init --roles` only: no role is granted to change it.
CREATE TABLE IF NOT EXISTS idem_policy (
    scope            TEXT COLLATE "C" NOT NULL,
    name             TEXT NOT NULL,
    value            BIGINT NOT NULL,
    PRIMARY KEY (scope, name)
);
