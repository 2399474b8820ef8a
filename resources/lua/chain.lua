-- Shared by the audit scripts: RedisStore prepends record.lua and this file
-- to action.lua and audit.lua. One hash chain per scope (AuditEntry):
--   the stream  idem:{scope}:audit       one entry per action, fields as AuditEntry
--   the head    idem:{scope}:audit:head  hash: seq, hash of the newest entry
-- Redis Lua has no SHA-256: RedisStore reads the head, computes the entry's
-- hash after it and sends both; the script appends only if the head is still
-- the one the hash was computed after (optimistic concurrency), else answers
-- 'chain_moved' with the head as it is now and changes nothing.

-- The audit key that holds another type than it should, and that type; nil
-- when both are fine. Checked before anything is written: a script that
-- fails halfway keeps what it wrote.
local function bad_audit_key(stream, head)
    local kind = redis.call('TYPE', stream).ok
    if kind ~= 'none' and kind ~= 'stream' then
        return stream, kind
    end
    local stream_kind = kind
    kind = redis.call('TYPE', head).ok
    if kind ~= 'none' and kind ~= 'hash' then
        return head, kind
    end
    -- Entries without a head: the head was deleted. Appending would start
    -- the chain again at seq 1 and hide the break; the scope is blocked
    -- until an operator looks (idemctl audit verify), other scopes are not.
    if kind == 'none' and stream_kind == 'stream' then
        return head, 'none'
    end
    return nil
end

-- The head as RedisStore reads it: '0', '' when the chain is empty. nil when
-- it is not the head (seq, hash) the entry was chained after.
local function moved_head(head, seq, hash)
    local h = redis.call('HMGET', head, 'seq', 'hash')
    local now_seq, now_hash = h[1] or '0', h[2] or ''
    if tonumber(now_seq) == tonumber(seq) and now_hash == hash then
        return nil
    end
    return {now_seq, now_hash}
end

-- Appends the entry (field/value pairs in ARGV[first..]) and moves the head
-- to (seq, hash). Returns the stream entry id.
local function append_entry(stream, head, seq, hash, first)
    local fields = {}
    for i = first, #ARGV do
        fields[#fields + 1] = ARGV[i]
    end
    local id = redis.call('XADD', stream, '*', unpack(fields))
    redis.call('HSET', head, 'seq', seq, 'hash', hash)
    return id
end
