#!/usr/bin/env bash
# Benchmark, not a test: guarded first requests/s and replays/s per backend
# (sqlite, redis, postgresql) at 1 and 32 client threads, in one run on this
# machine. For Redis also: redis-benchmark running the claim script itself
# (EVALSHA, a fresh key per call) at the same concurrency, the ratio
# first-requests/s ÷ (EVALSHA/s ÷ 2) (a first request is 2 scripts; goal ≥ 0.8),
# and round trips per guarded request from INFO commandstats (goal: first 2,
# replay 1). Only ratios from this one run mean anything; nothing is asserted.
#
# Builds Release into build-bench; starts its own redis-server and PostgreSQL
# (tools/lib/servers.sh), stopped on exit. Every figure is the best of
# BENCH_ROUNDS measurements (default 3), which keeps out most of the noise of
# other work on the machine. Environment: BENCH_REQUESTS (guarded requests
# per measurement, default 20000), BENCH_ROUNDS.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=$IDEM_ROOT/build-bench
REQUESTS=${BENCH_REQUESTS:-20000}
ROUNDS=${BENCH_ROUNDS:-3}
THREADS=(1 32)

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" redis-server redis-tools postgresql iproute2 procps util-linux
build_project Release
BENCH=$IDEM_BUILD/tests/idem-bench-guard
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_redis
start_postgres

declare -A STORE=(
    [sqlite]="sqlite://$IDEM_SERVERS_DIR/bench.db"
    [redis]=$IDEM_TEST_REDIS_URL
    [postgresql]=$IDEM_TEST_POSTGRESQL_URL
)
declare -A RATE      # backend,threads,phase → best requests/s (n/a: a measurement failed)
declare -A EVALSHA   # threads,phase → EVALSHA calls per guarded request (the largest seen)

redis_cli() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" "$@"; }

# Calls of one command so far, from INFO commandstats (0 when never called).
command_calls() {
    redis_cli info commandstats | tr -d '\r' | sed -n "s/^cmdstat_$1:calls=\([0-9]*\),.*/\1/p" | grep . || echo 0
}

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
# The larger of two numbers, n/a winning (a failure is never hidden).
best() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a") print "n/a"; else if (a == "") print b; else print (a + 0 > b + 0 ? a : b) }'; }
# A rate for printf: a failed measurement prints as 0 (and is listed below the table).
num() { [ "$1" = n/a ] && echo 0 || echo "$1"; }

# The claim script exactly as RedisStore loads it (record.lua, a newline,
# claim.lua), for redis-benchmark to run with a fresh random key per call,
# its arguments packed into one as RedisStore sends them.
sha=$({ cat "$IDEM_ROOT/resources/lua/record.lua"; printf '\n'; cat "$IDEM_ROOT/resources/lua/claim.lua"; } | redis_cli -x script load)
now=$(date +%s%3N)
minute=$((now / 60000))
declare -A RAW       # threads → best EVALSHA/s of redis-benchmark

for round in $(seq 1 "$ROUNDS"); do
    for backend in sqlite redis postgresql; do
        for threads in "${THREADS[@]}"; do
            scope="bench-$threads-$round-$$"
            for phase in first replay; do
                log "round $round: $backend, $phase requests, $threads thread(s)"
                [ "$backend" = redis ] && before=$(command_calls evalsha)
                rate=n/a
                if out=$("$BENCH" --store "${STORE[$backend]}" --scope "$scope" --phase "$phase" \
                            --threads "$threads" --requests "$REQUESTS" 2>&1); then
                    rate=$(printf '%s' "$out" | json_number per_s)
                else
                    printf 'warning: %s %s at %s threads: %s\n' "$backend" "$phase" "$threads" "$out" >&2
                fi
                RATE[$backend,$threads,$phase]=$(best "${RATE[$backend,$threads,$phase]:-}" "$rate")
                if [ "$backend" = redis ]; then
                    after=$(command_calls evalsha)
                    per=$(awk -v a="$after" -v b="$before" -v n="$REQUESTS" 'BEGIN { printf "%.3f", (a - b) / n }')
                    EVALSHA[$threads,$phase]=$(best "${EVALSHA[$threads,$phase]:-}" "$per")
                fi
            done
        done
    done
    # In the same round, so both sides see the same machine.
    for threads in "${THREADS[@]}"; do
        log "round $round: redis-benchmark, EVALSHA claim, $threads connection(s)"
        tag="{rb$threads}"
        raw=$(redis-benchmark -h 127.0.0.1 -p "$REDIS_PORT" -c "$threads" -n "$REQUESTS" -r 100000000 --csv \
            EVALSHA "$sha" 6 "idem:$tag:r:k__rand_int__" "idem:$tag:inflight" "idem:$tag:completed" "idem:$tag:timedout" \
            "idem:$tag:c:$minute" "idem:$tag:minutes" \
            "$(msgpack_strings k__rand_int__ "$now" "$minute" 691200000 fp 0123456789abcdef0123456789abcdef bench:1 "" 600000 0)" |
            tail -n 1 | cut -d, -f2 | tr -d '"')
        RAW[$threads]=$(best "${RAW[$threads]:-}" "$raw")
    done
done

echo
echo "Guarded requests per second (best of $ROUNDS measurements of $REQUESTS requests; one run, this machine)"
printf '%-12s %8s %14s %14s\n' backend threads first/s replay/s
for backend in sqlite redis postgresql; do
    for threads in "${THREADS[@]}"; do
        printf '%-12s %8s %14.0f %14.0f\n' "$backend" "$threads" \
            "$(num "${RATE[$backend,$threads,first]}")" "$(num "${RATE[$backend,$threads,replay]}")"
    done
done
for backend in sqlite redis postgresql; do
    for threads in "${THREADS[@]}"; do
        for phase in first replay; do
            if [ "${RATE[$backend,$threads,$phase]}" = n/a ]; then
                echo "($backend $phase at $threads threads: a measurement failed, 0 shown; see the warnings)"
            fi
        done
    done
done
echo
echo "Redis: guarded first requests against redis-benchmark running the claim script (EVALSHA)"
printf '%8s %16s %14s %26s\n' threads EVALSHA/s first/s 'first/s ÷ (EVALSHA/s ÷ 2)'
for threads in "${THREADS[@]}"; do
    first=${RATE[redis,$threads,first]}
    ratio=$(awk -v f="$first" -v e="${RAW[$threads]}" 'BEGIN { if (f == "n/a" || e <= 0) print "n/a"; else printf "%.2f", f / (e / 2) }')
    printf '%8s %16.0f %14s %26s\n' "$threads" "${RAW[$threads]}" "${first%.*}" "$ratio (goal >= 0.8)"
done
echo
echo "Redis: round trips per guarded request (EVALSHA calls per request, INFO commandstats)"
for threads in "${THREADS[@]}"; do
    printf '%8s threads: first request %s (goal 2), replay %s (goal 1)\n' "$threads" \
        "${EVALSHA[$threads,first]:-n/a}" "${EVALSHA[$threads,replay]:-n/a}"
done
