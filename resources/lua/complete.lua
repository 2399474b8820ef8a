-- complete: IN_FLIGHT under this lease -> COMPLETED with the response; Redis
-- drops the record itself at expires_at. A stale lease changes nothing.
-- ARGV[5] lease, ARGV[6] status, ARGV[7] headers (JSON), ARGV[8] body, ARGV[9] expires_at,
-- ARGV[10] '1' to also drop the expired entries of the completed index.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local refused = unless_owned(KEYS[1], ARGV[5])
if refused then
    return refused
end
redis.call('HSET', KEYS[1], 'state', 'COMPLETED', 'status_code', ARGV[6], 'headers', ARGV[7], 'body', ARGV[8],
           'updated_at', ARGV[2], 'expires_at', ARGV[9])
redis.call('PEXPIREAT', KEYS[1], ARGV[9])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[9], ARGV[1])
-- Keys Redis has already expired leave the index here, not by a scan.
-- RedisStore asks for it on about one complete in 16, not on every one: the
-- two calls were a fifth of this script's time, and readers of the index
-- count and list only live members either way.
if ARGV[10] == '1' then
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. record().server_ms())
end
return {'applied'}
