-- timeout: IN_FLIGHT under this lease -> TIMED_OUT (operator or sweeper),
-- kept until expires_at so the client's resubmission is a new attempt. An
-- operator who loses the race changes nothing and is not a late finish.
-- ARGV[5] lease, ARGV[6] expires_at.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local r, bad, detail = read_record(KEYS[1])
if bad then
    return {'corrupt', bad, detail}
end
if not r then
    return {'not_found'}
end
if r.lease ~= ARGV[5] or r.state ~= 'IN_FLIGHT' then
    return {'stale', 0, r.values}
end
redis.call('HSET', KEYS[1], 'state', 'TIMED_OUT', 'updated_at', ARGV[2], 'expires_at', ARGV[6])
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[6], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. server_ms())
count('timed_out')
return {'applied'}
