-- proposal: one step of a proposal (four eyes) and its audit entry, at once.
-- KEYS[1] the proposal hash   idem:{tag}:p:<id>   (the proposer writes it)
-- KEYS[2] its decision hash   idem:{tag}:pd:<id>  (an approver writes it)
-- KEYS[3] its outcome hash    idem:{tag}:po:<id>  (an operator writes it)
-- KEYS[4] the scope's index   idem:{tag}:proposals (zset: created_at, id)
-- KEYS[5] the audit stream, KEYS[6] its head (chain.lua).
-- ARGV[1] step: 'propose', 'decide' or 'close'; ARGV[2] now (ms);
-- ARGV[3] the caller's server identity; ARGV[4] propose: the id; decide:
-- the hash the approver was shown; close: the outcome ('applied', 'expired');
-- ARGV[5] n, ARGV[6 .. 5+2n] the step's field/value pairs; then the head
-- seq and hash as read, the entry's seq and hash, its field/value pairs.
-- Returns {'appended', stream id}, {'refused', why}, {'chain_moved', seq,
-- hash} or {'corrupt_audit', key, type}; a refusal or a moved chain
-- changes nothing.
local step, now, user, arg = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local last = 5 + 2 * tonumber(ARGV[5])
local bad_key, bad_type = bad_audit_key(KEYS[5], KEYS[6])
if bad_key then
    return {'corrupt_audit', bad_key, bad_type}
end
local moved = moved_head(KEYS[6], ARGV[last + 1], ARGV[last + 2])
if moved then
    return {'chain_moved', moved[1], moved[2]}
end
local target = KEYS[1]
if step == 'propose' then
    if redis.call('EXISTS', KEYS[1]) == 1 then
        return {'refused', 'exists'}
    end
else
    if redis.call('EXISTS', KEYS[1]) == 0 then
        return {'refused', 'missing'}
    end
    if redis.call('EXISTS', KEYS[3]) == 1 then
        return {'refused', 'closed'}
    end
    local p = redis.call('HMGET', KEYS[1], 'expires_at', 'proposer_user', 'hash')
    local decision = redis.call('HGET', KEYS[2], 'decision')
    if step == 'decide' then
        target = KEYS[2]
        if decision then
            return {'refused', 'decided'}
        end
        if tonumber(p[1]) <= now then
            return {'refused', 'expired'}
        end
        if p[2] ~= '' and p[2] == user then
            return {'refused', 'own'}
        end
        if p[3] ~= arg then
            return {'refused', 'hash'}
        end
    else
        target = KEYS[3]
        if arg == 'applied' then
            if decision ~= 'approved' then
                return {'refused', 'not_approved'}
            end
        elseif decision == 'rejected' or tonumber(p[1]) > now then
            return {'refused', 'not_due'}
        end
    end
end
local fields = {}
for i = 6, last do
    fields[#fields + 1] = ARGV[i]
end
redis.call('HSET', target, unpack(fields))
if step == 'propose' then
    redis.call('ZADD', KEYS[4], now, arg)
end
return {'appended', append_entry(KEYS[5], KEYS[6], ARGV[last + 3], ARGV[last + 4], last + 5)}
