-- release: deletes the record if it is IN_FLIGHT under this lease (a 5xx:
-- the client may retry). A stale lease changes nothing.
-- ARGV[5] lease.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local r, bad, detail = read_record(KEYS[1])
if bad then
    return {'corrupt', bad, detail}
end
if not r then
    count('late_finish')
    return {'not_found'}
end
if r.lease ~= ARGV[5] or r.state ~= 'IN_FLIGHT' then
    count('late_finish')
    return {'stale', 0, r.values}
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
count('released')
return {'applied'}
