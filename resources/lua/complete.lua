-- complete: IN_FLIGHT under this lease -> COMPLETED with the response; Redis
-- drops the record itself at expires_at. A stale lease changes nothing.
-- ARGV[5] lease, ARGV[6] status, ARGV[7] headers (JSON), ARGV[8] body, ARGV[9] expires_at.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
-- The decision reads the state and the lease only; a record this call does
-- not complete comes back whole (and checked) for the caller.
local v, bad, detail = read_values(KEYS[1], {'state', 'lease'})
if bad then
    return {'corrupt', bad, detail}
end
if v[1] ~= 'IN_FLIGHT' or v[2] ~= ARGV[5] then
    local r
    r, bad, detail = read_record(KEYS[1])
    if bad then
        return {'corrupt', bad, detail}
    end
    count('late_finish')
    if not r then
        return {'not_found'}
    end
    return {'stale', 0, r.values}
end
redis.call('HSET', KEYS[1], 'state', 'COMPLETED', 'status_code', ARGV[6], 'headers', ARGV[7], 'body', ARGV[8],
           'updated_at', ARGV[2], 'expires_at', ARGV[9])
redis.call('PEXPIREAT', KEYS[1], ARGV[9])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[9], ARGV[1])
-- Keys Redis has already expired leave the index here, not by a scan.
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. server_ms())
return {'applied'}
