-- complete: IN_FLIGHT under this lease -> COMPLETED with the response; Redis
-- drops the record itself at expires_at. A stale lease changes nothing.
-- ARGV[1], packed: the key, now, the minute and the counters' time to live
-- (record.lua), the lease, status, headers (JSON), body, expires_at, '1' to
-- also drop the expired entries of the completed index.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local member, now_ms, lease, status, headers, body, expires_at, trim
member, now_ms, MINUTE, COUNTER_TTL, lease, status, headers, body, expires_at, trim = cmsgpack.unpack(ARGV[1])
local refused = unless_owned(KEYS[1], lease)
if refused then
    return refused
end
redis.call('HSET', KEYS[1], 'state', 'COMPLETED', 'status_code', status, 'headers', headers, 'body', body,
           'updated_at', now_ms, 'expires_at', expires_at)
redis.call('PEXPIREAT', KEYS[1], expires_at)
redis.call('ZREM', KEYS[2], member)
redis.call('ZADD', KEYS[3], expires_at, member)
-- Keys Redis has already expired leave the index here, not by a scan.
-- RedisStore asks for it on about one complete in 16, not on every one: the
-- two calls were a fifth of this script's time, and readers of the index
-- count and list only live members either way.
if trim == '1' then
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. record().server_ms())
end
return {'applied'}
