-- go-middleware layout (GoRedisStore::writeAction): compare-and-set of one
-- record on the SHA1 of its stored value, in one round trip.
-- KEYS[1] the record's key: the only key it touches, so on a Redis Cluster it
--         runs on that key's master (the audit entry goes to the separate
--         audit store afterwards, never from here)
-- ARGV[1] the lease: lowercase SHA1 hex of the value the operator's preview read
-- ARGV[2] "del" (timeout, release: the middleware lets the client resubmit)
--         or "set" (reconcile-complete: ARGV[3] the finished record's JSON,
--         ARGV[4] its time to live in milliseconds)
-- Returns "applied", "stale" (another value, or a key of another type now) or "gone".
local value = redis.pcall('GET', KEYS[1])
if type(value) == 'table' and value.err then
    return 'stale'
end
if not value then
    return 'gone'
end
if redis.sha1hex(value) ~= ARGV[1] then
    return 'stale'
end
if ARGV[2] == 'del' then
    redis.call('DEL', KEYS[1])
else
    redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
end
return 'applied'
