-- audit: appends an entry about no record (an alert, a refused action) to
-- its scope's chain, if the head is still the one the entry was chained after.
-- KEYS[1] the stream, KEYS[2] the head (chain.lua).
-- ARGV[1] head seq, ARGV[2] head hash (as read), ARGV[3] the entry's seq,
-- ARGV[4] its hash, ARGV[5..] its field/value pairs.
-- Returns {'appended', stream id}, {'chain_moved', head seq, head hash}
-- or {'corrupt_audit', key, type}.
local bad_key, bad_type = bad_audit_key(KEYS[1], KEYS[2])
if bad_key then
    return {'corrupt_audit', bad_key, bad_type}
end
local moved = moved_head(KEYS[2], ARGV[1], ARGV[2])
if moved then
    return {'chain_moved', moved[1], moved[2]}
end
return {'appended', append_entry(KEYS[1], KEYS[2], ARGV[3], ARGV[4], 5)}
