-- buckets: fixes a scope's number of hash-tag buckets on a Redis Cluster
-- the first time a process writes to the scope (RedisBuckets).
-- KEYS[1] idem:scopes (the scope registry), KEYS[2] {idem:scopes}:buckets
-- (scope -> bucket count): one slot, so the check and both writes are atomic.
-- ARGV[1] the scope, ARGV[2] the count a new scope gets.
-- Returns the scope's count: the one already kept; 1 for a scope registered
-- before buckets existed (its keys are under {scope}); else ARGV[2], kept.
local kept = redis.call('HGET', KEYS[2], ARGV[1])
if kept then
    return tonumber(kept)
end
local count = tonumber(ARGV[2])
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
    count = 1
end
redis.call('HSET', KEYS[2], ARGV[1], count)
redis.call('SADD', KEYS[1], ARGV[1])
return count
