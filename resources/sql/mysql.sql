-- idem-console native schema, MySQL 8 / MariaDB 10.5+ dialect (InnoDB, utf8mb4). The loader runs one
-- statement per ";" at a line end, only when the probe in SqlDialect finds an object missing.
--
-- Scope and key are VARBINARY: the record's identity compares byte for byte. A _bin collation such as
-- utf8mb4_bin is case-sensitive but PAD SPACE, so 'abc' and 'abc ' would be one primary key (one
-- client's cached response replayed to another request); the NO PAD binary collations are named
-- differently in MySQL (utf8mb4_0900_bin) and MariaDB (utf8mb4_nopad_bin). Keys are at most 255
-- bytes of UTF-8 (Guard), which VARBINARY(255) holds exactly. Text columns are utf8mb4_bin.
-- MySQL has no partial index: the listing index leads with state, so the in-flight rows are one
-- contiguous range in (updated_at, scope, idem_key) order.
CREATE TABLE IF NOT EXISTS idem_records (
    scope        VARBINARY(64)  NOT NULL,
    idem_key     VARBINARY(255) NOT NULL,
    state        VARCHAR(16)    NOT NULL,
    fingerprint  VARCHAR(128)   NOT NULL,
    lease        VARCHAR(64)    NOT NULL,
    owner        VARCHAR(255)   NOT NULL,
    attempts     INT            NOT NULL DEFAULT 1,
    biz_no       VARCHAR(255)   NOT NULL DEFAULT '',
    status_code  INT            NOT NULL DEFAULT 0,
    headers      LONGBLOB       NULL,
    body         LONGBLOB       NULL,
    created_at   BIGINT         NOT NULL,
    updated_at   BIGINT         NOT NULL,
    expires_at   BIGINT         NOT NULL DEFAULT 0,
    reconciled   SMALLINT       NOT NULL DEFAULT 0,
    -- The request the current attempt's claim kept (app/store/keptrequest.h: one JSON document of at most 4 KiB,
    -- masked before it got here); NULL when none was kept. A BLOB holds 64 KiB: room enough. Added later:
    -- SqlDialect::addRequestColumn() adds it to a store made before it (InnoDB adds a last nullable column in place).
    request      BLOB           NULL,
    PRIMARY KEY (scope, idem_key),
    KEY idem_records_listing (state, updated_at, scope, idem_key),
    KEY idem_records_expiry (expires_at),
    CONSTRAINT idem_records_state_known CHECK (state IN ('IN_FLIGHT', 'COMPLETED', 'TIMED_OUT'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS idem_counters (
    scope        VARBINARY(64) NOT NULL,
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
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- The audit log (DESIGN.md "Audit log"): one hash chain per scope, append-only. A head row per chain
-- holds the newest (seq, hash), so a deleted newest entry shows; an operator action writes its record
-- change, its entry and the head in one transaction, the head row locked (FOR UPDATE) for the append.
CREATE TABLE IF NOT EXISTS idem_audit (
    scope        VARBINARY(64)  NOT NULL,
    seq          BIGINT         NOT NULL,
    at_ms        BIGINT         NOT NULL,
    operator     VARCHAR(255)   NOT NULL,
    host         VARCHAR(255)   NOT NULL,
    action       VARCHAR(64)    NOT NULL,
    batch_id     VARCHAR(64)    NOT NULL,
    idem_key     VARBINARY(255) NOT NULL,
    state_before VARCHAR(16)    NOT NULL,
    state_after  VARCHAR(16)    NOT NULL,
    reason       TEXT           NOT NULL,
    evidence     LONGBLOB       NOT NULL,
    prev_hash    CHAR(64)       NOT NULL,
    hash         CHAR(64)       NOT NULL,
    -- Who the server said the writer was (CURRENT_USER(); AuditEntry::serverUser), beside the typed operator.
    -- Added later: SqlDialect::addAuditUserColumn() adds it to a store made before it.
    server_user  VARCHAR(255)   NULL,
    PRIMARY KEY (scope, seq),
    KEY idem_audit_time (at_ms)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
CREATE TABLE IF NOT EXISTS idem_audit_head (
    scope        VARBINARY(64)  NOT NULL PRIMARY KEY,
    seq          BIGINT         NOT NULL,
    hash         CHAR(64)       NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
-- Four eyes (DESIGN.md "Roles and four eyes"): an operator action on more records of a scope than its policy's
-- threshold is held here as a proposal, the exact records and states its preview saw (`records`, JSON) bound by
-- `hash` (app/store/proposal.h), until an approver of another identity decides and an operator applies it.
-- Written in three steps by three parties, each in its own columns: the proposer inserts the proposal's own
-- columns; an approver sets the decision's; an operator the outcome's. `idemctl init --roles` grants exactly
-- that, so no role can rewrite what another wrote, and adds the triggers that check who writes (README).
CREATE TABLE IF NOT EXISTS idem_proposals (
    id               VARBINARY(64) NOT NULL PRIMARY KEY,
    scope            VARBINARY(64) NOT NULL,
    action           VARCHAR(255) NOT NULL,
    reason           TEXT NOT NULL,
    proposer         VARCHAR(255) NOT NULL,
    proposer_host    VARCHAR(255) NOT NULL,
    proposer_user    VARCHAR(255) NOT NULL,
    created_at       BIGINT NOT NULL,
    expires_at       BIGINT NOT NULL,
    record_count     INT NOT NULL,
    records          LONGBLOB NOT NULL,
    hash             CHAR(64) NOT NULL,
    decision         VARCHAR(255) NOT NULL DEFAULT '',
    decided_by       VARCHAR(255) NOT NULL DEFAULT '',
    decided_user     VARCHAR(255) NOT NULL DEFAULT '',
    decided_host     VARCHAR(255) NOT NULL DEFAULT '',
    decided_at       BIGINT NOT NULL DEFAULT 0,
    decision_reason  TEXT NULL,
    approved_hash    VARCHAR(255) NOT NULL DEFAULT '',
    outcome          VARCHAR(255) NOT NULL DEFAULT '',
    outcome_by       VARCHAR(255) NOT NULL DEFAULT '',
    outcome_user     VARCHAR(255) NOT NULL DEFAULT '',
    outcome_at       BIGINT NOT NULL DEFAULT 0,
    outcome_summary  TEXT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
-- The store's own policy for four eyes: rows (scope, 'approval_threshold', n) and ('', 'proposal_ttl_ms', ms);
-- scope '' is the store-wide default. No row: no threshold, every action applies at once. Written by
-- `idemctl init --roles` only: no role is granted to change it.
CREATE TABLE IF NOT EXISTS idem_policy (
    scope            VARBINARY(64) NOT NULL,
    name             VARCHAR(64) NOT NULL,
    value            BIGINT NOT NULL,
    PRIMARY KEY (scope, name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
