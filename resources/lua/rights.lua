-- rights: what the calling user's ACL lets it write, asked of the server
-- without writing anything (RedisStore::open, StoreAccess).
-- KEYS[1] a record key, KEYS[2] an audit stream, KEYS[3] its head, KEYS[4]
-- a proposal's decision key (one hash tag).
-- Returns {may change a record, may append to the audit chain, may decide a
-- proposal}, 1 or 0 each.
local function may(...)
    if redis.acl_check_cmd(...) then
        return 1
    end
    return 0
end
return {may('HSET', KEYS[1], 'state', 'TIMED_OUT'),
        may('XADD', KEYS[2], '*', 'seq', '1') * may('HSET', KEYS[3], 'seq', '1'),
        may('HSET', KEYS[4], 'decision', 'approved')}
