#!/usr/bin/env bash
# Demonstration, not a test (tests/tst_operatorraces has the same race as
# a regression test): two operators run `idemctl sweep` at the same moment
# over N (default 10,000) stuck native records on Redis that all started in
# the same millisecond, the case that paging by LIMIT offset got wrong.
# Builds idemctl (tools/test.sh's build), starts its own redis-server,
# writes the records with one Lua script, runs the two sweeps in parallel
# and prints what each did, then checks with idemctl itself:
# every record changed exactly once (applied sums to N, none failed), none
# is left in flight, N are TIMED_OUT, and the audit chain verifies.
# Exits 1 when any of that does not hold. N=… sets the count.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
N=${N:-10000}

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
configure_project
build_project
IDEMCTL=$IDEM_BUILD/app/idemctl
[ -x "$IDEMCTL" ] || die "$IDEMCTL was not built"

servers_init
start_redis
url=$IDEM_TEST_REDIS_URL
scope=race

log "writing $N in-flight records in scope $scope, all started one hour ago in the same millisecond"
started=$(( $(date +%s) * 1000 - 3600 * 1000 ))
redis-cli -p "$REDIS_PORT" EVAL "
local n, t = tonumber(ARGV[1]), ARGV[2]
redis.call('SADD', 'idem:scopes', 'race')
for i = 1, n do
    local key = 'k' .. i
    redis.call('HSET', 'idem:{race}:r:' .. key, 'state', 'IN_FLIGHT', 'fingerprint', 'fp', 'lease', 'lease-' .. i,
               'owner', 'svc-a:1', 'attempts', '1', 'biz_no', 'SO-' .. i, 'status_code', '0',
               'created_at', t, 'updated_at', t, 'expires_at', '0', 'reconciled', '0')
    redis.call('ZADD', 'idem:{race}:inflight', t, key)
end
return n" 0 "$N" "$started" >/dev/null

log "two sweeps at once"
out=$(mktemp -d)
pids=()
for who in alice bob; do
    "$IDEMCTL" sweep --store "$url" --scope "$scope" --older-than 10m --operator "$who" --reason "race demo" --json \
        > "$out/$who.json" 2> "$out/$who.err" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done # not `wait`: the redis-server is a child too

field() { sed -n "s/.*\"$2\": *\([0-9]*\).*/\1/p" "$out/$1.json" | head -1; }
applied=0 skipped=0 failed=0
for who in alice bob; do
    a=$(field "$who" applied) s=$(field "$who" skipped) f=$(field "$who" failed) m=$(field "$who" matched)
    printf '%-5s matched %6s  applied %6s  skipped %6s  failed %6s\n' "$who" "$m" "$a" "$s" "$f"
    applied=$(( applied + ${a:-0} )) skipped=$(( skipped + ${s:-0} )) failed=$(( failed + ${f:-0} ))
done
inflight=$("$IDEMCTL" inflight --store "$url" --scope "$scope" --json | sed -n 's/.*"matched": *\([0-9]*\).*/\1/p')
timedout=$(redis-cli -p "$REDIS_PORT" ZCARD "idem:{$scope}:timedout")
verify=$("$IDEMCTL" audit verify --store "$url" --json)
entries=$(printf '%s' "$verify" | sed -n 's/.*"entries": *\([0-9]*\).*/\1/p')
ok=$(printf '%s' "$verify" | sed -n 's/.*"ok": *\([a-z]*\).*/\1/p')
printf 'together: applied %d (of %d), skipped %d, failed %d; in flight now %s; TIMED_OUT %s; audit verify ok=%s, %s entries\n' \
    "$applied" "$N" "$skipped" "$failed" "$inflight" "$timedout" "$ok" "$entries"
rm -rf "$out"
[ "$applied" -eq "$N" ] && [ "$failed" -eq 0 ] && [ "$inflight" = 0 ] && [ "$timedout" = "$N" ] && [ "$ok" = true ] \
    && [ "$entries" = "$N" ] || die "the two sweeps did not change every record exactly once"
log "every record changed exactly once"
