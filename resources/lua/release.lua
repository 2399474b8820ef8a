-- release: deletes the record if it is IN_FLIGHT under this lease (a 5xx:
-- the client may retry). A stale lease changes nothing.
-- ARGV[1], packed: the key, now, the minute and the counters' time to live
-- (record.lua), the lease, and '1' when RedisStore takes back a claim no
-- replica confirmed (awaitReplicas): the business never ran, so the claim's
-- count of executed (this minute's, the claim's own nowMs) is taken back
-- and nothing counts as released; the guard counts a store error instead.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local member, now_ms, lease, unconfirmed
member, now_ms, MINUTE, COUNTER_TTL, lease, unconfirmed = cmsgpack.unpack(ARGV[1])
local refused = unless_owned(KEYS[1], lease)
if refused then
    return refused
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], member)
if unconfirmed == '1' then
    if tonumber(redis.call('HGET', KEYS[5], 'executed') or '0') > 0 then
        redis.call('HINCRBY', KEYS[5], 'executed', -1)
    end
else
    count('released')
end
return {'applied'}
