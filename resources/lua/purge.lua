-- purge: deletes completed / timed-out records whose expires_at <= now by the
-- caller's clock (Redis expires them by its own clock anyway).
-- KEYS[1] the completed zset, KEYS[2] the timed-out zset, KEYS[3..] records;
-- ARGV[1] now, ARGV[2..] the records' keys (members), aligned with KEYS[3..].
-- Returns {deleted, kept}: kept records stay (not expired, or unreadable).
local now = tonumber(ARGV[1])
local read_record = record().read_record
local deleted, kept = 0, 0
for i = 3, #KEYS do
    local member = ARGV[i - 1]
    local r, bad = read_record(KEYS[i])
    if bad then
        kept = kept + 1
    elseif not r or r.state == 'IN_FLIGHT' then
        -- Gone already, or claimed again: only the index entry is left over.
        redis.call('ZREM', KEYS[1], member)
        redis.call('ZREM', KEYS[2], member)
    elseif tonumber(r.expires_at) > 0 and tonumber(r.expires_at) <= now then
        redis.call('DEL', KEYS[i])
        redis.call('ZREM', KEYS[1], member)
        redis.call('ZREM', KEYS[2], member)
        deleted = deleted + 1
    else
        kept = kept + 1
    end
end
return {deleted, kept}
