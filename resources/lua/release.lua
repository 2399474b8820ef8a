-- release: deletes the record if it is IN_FLIGHT under this lease (a 5xx:
-- the client may retry). A stale lease changes nothing.
-- ARGV[5] lease.
-- Returns {'applied'}, {'stale', 0, record fields}, {'not_found'} or {'corrupt', reason, detail}.
local refused = unless_owned(KEYS[1], ARGV[5])
if refused then
    return refused
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
count('released')
return {'applied'}
