-- claim: SqlStore::claim's decision, atomically, in one round trip.
-- ARGV[1], packed: the key, now, the minute and the counters' time to live
-- (record.lua), the fingerprint, the new lease, owner, biz_no, the in-flight
-- timeout (ms), '1' to reclaim a stuck record, and the request to keep
-- (app/store/keptrequest.h; '' or left out: none).
-- Returns {outcome, stuck 0/1, record fields} or {'corrupt', reason, detail};
-- the record fields as one MessagePack array (cmsgpack.pack: a string per
-- field, false where one is missing; app/store/redispacked.h says why).
-- A fresh claim of an absent key returns {'claimed', 0} alone: the record
-- is exactly what RedisStore sent, and packing it back cost a first request
-- a tenth of its script time.
local member, now_ms, fingerprint_sent, lease, owner, biz_sent, timeout_ms, reclaim, request
member, now_ms, MINUTE, COUNTER_TTL, fingerprint_sent, lease, owner, biz_sent, timeout_ms, reclaim, request = cmsgpack.unpack(ARGV[1])
local now = tonumber(now_ms)
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
    local stuck = state == 'IN_FLIGHT' and now - updated >= tonumber(timeout_ms)
    if not expired then
        if values[2] ~= fingerprint_sent then
            count('mismatch')
            return {'mismatch', 0, cmsgpack.pack(values)}
        end
        if state == 'COMPLETED' then
            count('replayed')
            return {'replay', 0, cmsgpack.pack(values)}
        end
        if state == 'IN_FLIGHT' and not (stuck and reclaim == '1') then
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
local fingerprint, attempts, created, biz = fingerprint_sent, '1', now_ms, biz_sent
if r and not expired then
    fingerprint = r.fingerprint
    attempts = tostring(tonumber(r.attempts) + 1)
    created = r.created_at
end
if r and biz == '' then
    biz = r.biz_no
end
-- The kept request goes in the same HSET (one call, not two: each
-- redis.call is a measurable share of a first request's server time). The
-- scripts' decisions never read it (record.lua's FIELDS leave it out), so a
-- record without one, written before requests were kept, reads the same.
local has_request = request ~= nil and request ~= ''
if has_request then
    redis.call('HSET', KEYS[1], 'state', 'IN_FLIGHT', 'fingerprint', fingerprint, 'lease', lease, 'owner', owner,
               'attempts', attempts, 'biz_no', biz, 'status_code', '0', 'created_at', created, 'updated_at', now_ms,
               'expires_at', '0', 'reconciled', '0', 'request', request)
else
    redis.call('HSET', KEYS[1], 'state', 'IN_FLIGHT', 'fingerprint', fingerprint, 'lease', lease, 'owner', owner,
               'attempts', attempts, 'biz_no', biz, 'status_code', '0', 'created_at', created, 'updated_at', now_ms,
               'expires_at', '0', 'reconciled', '0')
end
if r then
    -- A new attempt: the last one's response goes, and so does its request
    -- when this one keeps none (it would not be this attempt's).
    if has_request then
        redis.call('HDEL', KEYS[1], 'headers', 'body')
    else
        redis.call('HDEL', KEYS[1], 'headers', 'body', 'request')
    end
    redis.call('PERSIST', KEYS[1])
    redis.call('ZREM', KEYS[3], member)
    redis.call('ZREM', KEYS[4], member)
end
redis.call('ZADD', KEYS[2], now_ms, member)
count('executed')
if fresh then
    return {'claimed', 0}
end
return {'claimed', 0, cmsgpack.pack({'IN_FLIGHT', fingerprint, lease, owner, attempts, biz, '0', false, false,
                                     created, now_ms, '0', '0'})}
