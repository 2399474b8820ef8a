-- claim: SqlStore::claim's decision, atomically, in one round trip.
-- ARGV[5] fingerprint, ARGV[6] the new lease, ARGV[7] owner, ARGV[8] biz_no,
-- ARGV[9] in-flight timeout (ms), ARGV[10] '1' to reclaim a stuck record.
-- Returns {outcome, stuck 0/1, record fields} or {'corrupt', reason, detail};
-- the record fields as one MessagePack array (cmsgpack.pack: a string per
-- field, false where one is missing; app/store/redispacked.h says why).
-- A fresh claim of an absent key returns {'claimed', 0} alone: the record
-- is exactly what RedisStore sent, and packing it back cost a first request
-- a tenth of its script time (issue 15).
local now = tonumber(ARGV[2])
-- Most claims are of a new key: EXISTS answers those in one cheap call,
-- where the 13-field read of an absent key cost a few microseconds more.
local fresh = redis.call('EXISTS', KEYS[1]) == 0
local values, bad, detail = {}, nil, nil
local R -- record()'s helpers, made only for a key that exists
if not fresh then
    R = record()
    values, bad, detail = R.read_values(KEYS[1], R.FIELDS)
    if bad then
        return {'corrupt', bad, detail}
    end
end

-- The answers that change nothing (replay, in progress, mismatch) read only
-- the fields they decide on: RedisStore checks the whole record it gets back
-- (RedisLayout::decode) and refuses a corrupt one. Every field is checked
-- before a record is written from (a take-over), and a key that exists
-- without a state is never taken for an absent one.
local r, expired = nil, false
local state = values[1]
if state then
    local updated, expires = R.whole(values[11]), R.whole(values[12])
    if not (R.is_state(state) and values[2] and updated and expires) then
        local _, why, what = R.check_record(values)
        return {'corrupt', why, what}
    end
    expired = state ~= 'IN_FLIGHT' and expires > 0 and expires <= now
    local stuck = state == 'IN_FLIGHT' and now - updated >= tonumber(ARGV[9])
    if not expired then
        if values[2] ~= ARGV[5] then
            count('mismatch')
            return {'mismatch', 0, cmsgpack.pack(values)}
        end
        if state == 'COMPLETED' then
            count('replayed')
            return {'replay', 0, cmsgpack.pack(values)}
        end
        if state == 'IN_FLIGHT' and not (stuck and ARGV[10] == '1') then
            count('in_progress')
            return {'in_progress', stuck and 1 or 0, cmsgpack.pack(values)}
        end
    end
    r, bad, detail = R.check_record(values)
    if bad then
        return {'corrupt', bad, detail}
    end
elseif not fresh then
    -- The key exists without a state: never taken for an absent one.
    local _, why, what = R.check_record(values)
    return {'corrupt', why, what}
end

-- New, or a take-over: an expired record starts afresh; a timed-out or stuck
-- one is a new attempt of the same request.
local fingerprint, attempts, created, biz = ARGV[5], '1', ARGV[2], ARGV[8]
if r and not expired then
    fingerprint = r.fingerprint
    attempts = tostring(tonumber(r.attempts) + 1)
    created = r.created_at
end
if r and biz == '' then
    biz = r.biz_no
end
redis.call('HSET', KEYS[1], 'state', 'IN_FLIGHT', 'fingerprint', fingerprint, 'lease', ARGV[6], 'owner', ARGV[7],
           'attempts', attempts, 'biz_no', biz, 'status_code', '0', 'created_at', created, 'updated_at', ARGV[2],
           'expires_at', '0', 'reconciled', '0')
if r then
    redis.call('HDEL', KEYS[1], 'headers', 'body')
    redis.call('PERSIST', KEYS[1])
    redis.call('ZREM', KEYS[3], ARGV[1])
    redis.call('ZREM', KEYS[4], ARGV[1])
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
count('executed')
if fresh then
    return {'claimed', 0}
end
return {'claimed', 0, cmsgpack.pack({'IN_FLIGHT', fingerprint, ARGV[6], ARGV[7], attempts, biz, '0', false, false,
                                     created, ARGV[2], '0', '0'})}
