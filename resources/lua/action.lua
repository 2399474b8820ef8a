-- action: an operator's compare-and-set on one record (state and lease as the
-- preview saw them) and its audit entry, atomically. A stale lease or state,
-- or a missing record, changes nothing, writes no entry and counts nothing
-- (an operator's lost race is not a late finish).
-- KEYS[1..6] as record.lua, KEYS[7] the audit stream, KEYS[8] its head.
-- ARGV[5] 'timeout' | 'reconcile-complete' | 'reconcile-release', ARGV[6] lease,
-- ARGV[7] expected state, ARGV[8] expires_at, ARGV[9] status, ARGV[10] headers,
-- ARGV[11] body (reconcile-complete), ARGV[12] the cutoff: an IN_FLIGHT
-- record's own updated_at must be before it ('' for TIMED_OUT),
-- ARGV[13] '1' to count the action, '0' when the entry says it is not counted,
-- ARGV[14] head seq, ARGV[15] head hash (as read), ARGV[16] the entry's seq,
-- ARGV[17] its hash, ARGV[18..] its field/value pairs.
-- Every key the script writes is checked before the first write (a script
-- that fails halfway keeps what it wrote: a changed record without its
-- entry). Returns {'applied', stream id, record fields or false (released)},
-- {'stale', 0, record fields} (another lease or state, or an attempt that
-- started at or after the cutoff), {'not_found'}, {'chain_moved', head seq,
-- head hash}, {'corrupt', reason, detail}, {'corrupt_audit', key, type},
-- {'corrupt_index', key, type} (an index of the scope holds another type), or
-- {'count_blocked', key, 'type' | 'number', detail} when counting is asked
-- for and the counter keys
-- cannot take it: nothing is changed, and the caller runs the action again
-- without counting, its entry saying so (counting is telemetry; it never
-- blocks a fix).
local kind = ARGV[5]
if kind ~= 'timeout' and kind ~= 'reconcile-complete' and kind ~= 'reconcile-release' then
    return redis.error_reply('ERR unknown operator action ' .. kind)
end
local bad_key, bad_type = bad_audit_key(KEYS[7], KEYS[8])
if bad_key then
    return {'corrupt_audit', bad_key, bad_type}
end
for i = 2, 4 do
    local t = redis.call('TYPE', KEYS[i]).ok
    if t ~= 'none' and t ~= 'zset' then
        return {'corrupt_index', KEYS[i], t}
    end
end
local counted = kind == 'timeout' and 'timed_out' or 'reconciled'
local counting = ARGV[13] == '1'
local R = record()
local r, bad, detail = R.read_record(KEYS[1])
if bad then
    return {'corrupt', bad, detail}
end
if not r then
    return {'not_found'}
end
if r.lease ~= ARGV[6] or r.state ~= ARGV[7] then
    return {'stale', 0, r.values}
end
if r.state == 'IN_FLIGHT' then
    -- The age is the record's own, not the index's: an index entry that says
    -- the attempt is older than the record does is not believed.
    local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
    if not score or tonumber(score) ~= tonumber(r.updated_at) then
        return {'corrupt', 'index', (score or 'none') .. ' ' .. r.updated_at}
    end
    local cutoff = tonumber(ARGV[12])
    if not cutoff or cutoff <= 0 then
        return redis.error_reply('ERR an action on an in-flight record needs a positive cutoff')
    end
    if tonumber(r.updated_at) >= cutoff then
        return {'stale', 0, r.values}
    end
end
local moved = moved_head(KEYS[8], ARGV[14], ARGV[15])
if moved then
    return {'chain_moved', moved[1], moved[2]}
end
if counting then
    local bad_counter, why, detail = counter_problem(counted)
    if bad_counter then
        return {'count_blocked', bad_counter, why, detail}
    end
end

-- The indexes change as complete.lua and release.lua change them; TIMED_OUT
-- records move to the timed-out zset (KEYS[4]), kept until expires_at.
if kind == 'timeout' then
    redis.call('HSET', KEYS[1], 'state', 'TIMED_OUT', 'updated_at', ARGV[2], 'expires_at', ARGV[8])
    redis.call('PEXPIREAT', KEYS[1], ARGV[8])
    redis.call('ZREM', KEYS[2], ARGV[1])
    redis.call('ZADD', KEYS[4], ARGV[8], ARGV[1])
    redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. R.server_ms())
elseif kind == 'reconcile-complete' then
    redis.call('HSET', KEYS[1], 'state', 'COMPLETED', 'status_code', ARGV[9], 'headers', ARGV[10], 'body', ARGV[11],
               'updated_at', ARGV[2], 'expires_at', ARGV[8], 'reconciled', '1')
    redis.call('PEXPIREAT', KEYS[1], ARGV[8])
    redis.call('ZREM', KEYS[2], ARGV[1])
    redis.call('ZREM', KEYS[4], ARGV[1])
    redis.call('ZADD', KEYS[3], ARGV[8], ARGV[1])
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. R.server_ms())
else
    redis.call('DEL', KEYS[1])
    redis.call('ZREM', KEYS[2], ARGV[1])
    redis.call('ZREM', KEYS[4], ARGV[1])
end
if counting then
    count(counted)
end
local id = append_entry(KEYS[7], KEYS[8], ARGV[16], ARGV[17], 18)
local values = false
if kind ~= 'reconcile-release' then
    values = redis.call('HMGET', KEYS[1], unpack(R.FIELDS))
end
return {'applied', id, values}
