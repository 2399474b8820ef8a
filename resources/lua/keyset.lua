-- One page of a sorted set in (score, member) order, strictly after a
-- position, whether or not the member at that position is still in the set.
-- Paging ties by LIMIT offset skipped members when another client removed
-- earlier ones between two pages (two sweeps at once); a rank is
-- taken here, atomically, from the position itself.
-- KEYS[1]: the sorted set. ARGV: score, member, count, "1" for descending.
-- Returns ZRANGE/ZREVRANGE ... WITHSCORES of the next `count` members.
local key, score, member = KEYS[1], ARGV[1], ARGV[2]
local count, desc = tonumber(ARGV[3]), ARGV[4] == '1'

-- The ranks (in walking order) of the members tied at `score`: [lo, hi].
local lo, hi
if desc then
  lo = redis.call('ZCOUNT', key, '(' .. score, '+inf')
  hi = redis.call('ZCOUNT', key, score, '+inf') - 1
else
  lo = redis.call('ZCOUNT', key, '-inf', '(' .. score)
  hi = redis.call('ZCOUNT', key, '-inf', score) - 1
end
local function memberAt(rank)
  local r
  if desc then r = redis.call('ZREVRANGE', key, rank, rank) else r = redis.call('ZRANGE', key, rank, rank) end
  return r[1]
end
local function after(m) -- true when m comes after the position in walking order
  if desc then return m < member end
  return m > member
end
-- The first tie that comes after the position: a binary search over the ties.
local first, last = lo, hi
while first <= last do
  local mid = math.floor((first + last) / 2)
  if after(memberAt(mid)) then last = mid - 1 else first = mid + 1 end
end
local start = first
if desc then
  return redis.call('ZREVRANGE', key, start, start + count - 1, 'WITHSCORES')
end
return redis.call('ZRANGE', key, start, start + count - 1, 'WITHSCORES')
