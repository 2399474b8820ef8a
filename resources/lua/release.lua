-- release: deletes the record if it is IN_FLIGHT under this lease (a 5xx:
-- the client may retry). A stale lease changes nothing.
-- ARGV[5] lease.
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
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
count('released')
return {'applied'}
