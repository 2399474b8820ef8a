-- Shared by every record script: RedisStore prepends this file to claim.lua,
-- complete.lua, release.lua, purge.lua, action.lua and audit.lua
-- before loading them, so the record layout and its checks are written once.
--
-- Key layout of the claim/complete/release/action scripts (all of one scope,
-- under the hash tag {scope}, so one Cluster slot):
--   KEYS[1] the record hash        KEYS[4] the timed-out zset (score: expires_at)
--   KEYS[2] the in-flight zset     KEYS[5] the counter hash of this minute
--   KEYS[3] the completed zset     KEYS[6] the scope's index of counter minutes
--   ARGV[1] the idempotency key (zset member)   ARGV[3] the minute (epoch minutes)
--   ARGV[2] now (ms)                            ARGV[4] counter time to live (ms)
-- claim, complete and release get these and their own arguments packed into
-- ARGV[1] instead (RedisPackingSink, app/store/redisargs.h says why), and
-- unpack them into locals, MINUTE and COUNTER_TTL, first thing.

-- Every call runs this file from the top (EVALSHA keeps no state), and what
-- it builds there it builds on every call: the helpers' closures and tables
-- were a tenth of the server's instructions for a first request (about
-- 19,500 of 210,000 for its claim and complete, as counted by
-- tools/bench-redis-instructions.sh). So only count, unless_owned
-- and record() are made on every call; record() makes the rest the first
-- time a call needs them, which a claim of a new key and an owned complete
-- or release never do. Scripts use them as record().name.
local helpers

local function record()
    if helpers then
        return helpers
    end
    -- The record's fields, in the order RedisStore reads them. The kept
    -- request ('request', written by claim.lua) is not among them: no
    -- decision needs it, the answers stay small, and a record written
    -- before requests were kept passes every check here as it is.
    local FIELDS = {'state', 'fingerprint', 'lease', 'owner', 'attempts', 'biz_no', 'status_code',
                    'headers', 'body', 'created_at', 'updated_at', 'expires_at', 'reconciled'}

    local function is_state(text)
        return text == 'IN_FLIGHT' or text == 'COMPLETED' or text == 'TIMED_OUT'
    end
    -- kEarliestRecordMs and kLatestRecordMs of app/store/record.h.
    local EARLIEST_MS = 946684800000
    local LATEST_MS = 253402300799999

    -- The values of the named fields of the hash at key, in one HMGET (no TYPE
    -- first: the error reply says it): the values (false where a field is
    -- missing, all false for an absent key); or nil, 'type', kind when the key
    -- holds another type.
    local function read_values(key, names)
        local values = redis.pcall('HMGET', key, unpack(names))
        if values.err then
            return nil, 'type', redis.call('TYPE', key).ok
        end
        return values
    end

    -- A whole number as the engine writes it (at most 16 digits), or nil.
    local function whole(text)
        if text and #text <= 16 and string.match(text, '^%-?%d+$') then
            return tonumber(text)
        end
        return nil
    end

    -- The record in values (FIELDS order, from read_values), every field
    -- checked: the record; or nil, reason, detail when it is not one the engine
    -- can read (reasons: missing, state, number, range, response; RedisStore
    -- words them).
    local function check_record(values)
        local r = {values = values}
        local missing = {}
        for i, name in ipairs(FIELDS) do
            r[name] = values[i]
            if not values[i] and name ~= 'headers' and name ~= 'body' then
                missing[#missing + 1] = name
            end
        end
        if #missing > 0 then
            return nil, 'missing', table.concat(missing, ', ')
        end
        if not is_state(r.state) then
            return nil, 'state', r.state
        end
        for _, name in ipairs({'attempts', 'status_code', 'created_at', 'updated_at', 'expires_at', 'reconciled'}) do
            if not whole(r[name]) then
                return nil, 'number', name .. '=' .. r[name]
            end
        end
        -- The ranges of Record's nativeRangeProblem (app/store/record.cpp): a
        -- value outside them was not written by the engine and says nothing true
        -- about the attempt, so the record is unreadable, never taken as old.
        local function bad_time(name, zero_ok)
            local v = tonumber(r[name])
            if zero_ok and v == 0 then
                return false
            end
            return v < EARLIEST_MS or v > LATEST_MS
        end
        for _, name in ipairs({'created_at', 'updated_at'}) do
            if bad_time(name, false) then
                return nil, 'range', name .. '=' .. r[name]
            end
        end
        if bad_time('expires_at', true) then
            return nil, 'range', 'expires_at=' .. r.expires_at
        end
        local attempts, status, reconciled = tonumber(r.attempts), tonumber(r.status_code), tonumber(r.reconciled)
        if attempts < 1 or attempts > 2147483647 then
            return nil, 'range', 'attempts=' .. r.attempts
        end
        if status < 0 or status > 999 then
            return nil, 'range', 'status_code=' .. r.status_code
        end
        if reconciled ~= 0 and reconciled ~= 1 then
            return nil, 'range', 'reconciled=' .. r.reconciled
        end
        if r.state == 'IN_FLIGHT' and r.lease == '' then
            return nil, 'range', 'lease='
        end
        if r.state == 'COMPLETED' and not (r.headers and r.body) then
            return nil, 'response', ''
        end
        return r
    end

    -- The record at key, every field checked: nil when absent; nil, reason,
    -- detail when the key holds something the engine cannot read (check_record's
    -- reasons and 'type'). A bad value is never taken for an absent record:
    -- that would run the business twice.
    local function read_record(key)
        local values, bad, detail = read_values(key, FIELDS)
        if bad then
            return nil, bad, detail
        end
        if not values[1] and redis.call('EXISTS', key) == 0 then
            return nil
        end
        return check_record(values)
    end

    -- The server's clock in ms (scripts are replicated by effect, so TIME is allowed).
    local function server_ms()
        local t = redis.call('TIME')
        return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
    end

    helpers = {FIELDS = FIELDS, is_state = is_state, whole = whole, read_values = read_values,
               check_record = check_record, read_record = read_record, server_ms = server_ms}
    return helpers
end

-- The minute and the counters' time to live, for count(): ARGV[3] and
-- ARGV[4], or set by a script that unpacks its arguments.
local MINUTE, COUNTER_TTL = ARGV[3], ARGV[4]

-- Counts one outcome in this minute's hash. The first count of a field also
-- sets the expiry and indexes the minute, so counters() never scans.
-- Counting is telemetry: a counter key another program broke (another type,
-- a field that is no number) is skipped, never an error, since a script that
-- fails after its first write keeps what it wrote (a claimed record nobody
-- was told about). counters() then reports that key broken.
local function count(field)
    local n = redis.pcall('HINCRBY', KEYS[5], field, 1)
    if n == 1 then
        local ttl = tonumber(COUNTER_TTL)
        redis.pcall('PEXPIRE', KEYS[5], ttl)
        local indexed = redis.pcall('ZADD', KEYS[6], MINUTE, MINUTE)
        if type(indexed) == 'number' then
            redis.call('PEXPIRE', KEYS[6], ttl)
            redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', '(' .. math.floor((record().server_ms() - ttl) / 60000))
        end
    end
end

-- Why count(field) would be skipped: the counter key, 'type' and the type
-- it holds, or 'number' and the field's value; nil when counting works.
-- Read only (TYPE, HGET).
local function counter_problem(field)
    local t = redis.call('TYPE', KEYS[5]).ok
    if t ~= 'none' and t ~= 'hash' then
        return KEYS[5], 'type', t
    end
    if t == 'hash' then
        local v = redis.call('HGET', KEYS[5], field)
        if v and not string.match(v, '^%-?%d+$') then
            return KEYS[5], 'number', field .. '=' .. string.sub(v, 1, 40)
        end
    end
    t = redis.call('TYPE', KEYS[6]).ok
    if t ~= 'none' and t ~= 'zset' then
        return KEYS[6], 'type', t
    end
    return nil
end

-- complete's and release's compare-and-set, decided on the state and the
-- lease only: nil when the record is IN_FLIGHT under lease (the caller goes
-- on); otherwise the answer to return, with a record that is not the
-- caller's whole (and checked), counted as a late finish.
local function unless_owned(key, lease)
    local v = redis.pcall('HMGET', key, 'state', 'lease')
    if not v.err and v[1] == 'IN_FLIGHT' and v[2] == lease then
        return nil
    end
    local r, bad, detail = record().read_record(key)
    if bad then
        return {'corrupt', bad, detail}
    end
    count('late_finish')
    if not r then
        return {'not_found'}
    end
    return {'stale', 0, r.values}
end
