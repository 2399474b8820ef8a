#!/usr/bin/env bash
# Benchmark, not a test: two builds of idemctl side by side, for a change
# that must not change speed (a refactor). Runs `idemctl press --work-ms 0`
# of each build against the same servers, interleaved (before, after; after,
# before; …) so both see the same machine, and prints per backend and cell the
# best rate of each build and after ÷ before. Only the ratios from this one
# run mean anything; nothing is asserted.
#
#   tools/compare-builds.sh BEFORE_IDEMCTL AFTER_IDEMCTL
#
# Build the two revisions first, e.g. `git worktree add /tmp/before REV`
# and build it (tools/run.sh builds into build/). Starts its own
# redis-server and PostgreSQL (tools/lib/servers.sh), stopped on exit.
# Environment: BENCH_REQUESTS (guarded requests per measurement, default
# 20000), BENCH_ROUNDS (default 3, best kept), BENCH_THREADS (default "1 32"),
# BENCH_BACKENDS (default "sqlite redis postgresql"; "redis_cluster" adds a
# 3-master cluster with replicas).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"

[ $# -eq 2 ] || die "usage: tools/compare-builds.sh BEFORE_IDEMCTL AFTER_IDEMCTL"
declare -A BIN=([before]=$1 [after]=$2)
for side in before after; do
    [ -x "${BIN[$side]}" ] || die "${BIN[$side]} is not an executable idemctl"
done
REQUESTS=${BENCH_REQUESTS:-20000}
ROUNDS=${BENCH_ROUNDS:-3}
read -r -a THREADS <<< "${BENCH_THREADS:-1 32}"

read -r -a BACKENDS <<< "${BENCH_BACKENDS:-sqlite redis postgresql}"

ensure_packages redis-server redis-tools postgresql iproute2 procps util-linux
servers_init
start_redis
start_postgres
# Six more redis-servers: only when asked for.
if [[ " ${BACKENDS[*]} " == *" redis_cluster "* ]]; then
    start_redis_cluster
fi

# Each side has a SQLite file of its own: one shared file grows with every
# measurement, and the side measured second always met the bigger file
# (an A/A run of one binary against itself read 0.95 for SQLite first
# requests). The servers are shared; the order alternates by round.
declare -A STORE=(
    [before,sqlite]="sqlite://$IDEM_SERVERS_DIR/compare-before.db"
    [after,sqlite]="sqlite://$IDEM_SERVERS_DIR/compare-after.db"
    [before,redis]=$IDEM_TEST_REDIS_URL
    [after,redis]=$IDEM_TEST_REDIS_URL
    [before,postgresql]=$IDEM_TEST_POSTGRESQL_URL
    [after,postgresql]=$IDEM_TEST_POSTGRESQL_URL
    [before,redis_cluster]=${IDEM_TEST_REDIS_CLUSTER_URL:-}
    [after,redis_cluster]=${IDEM_TEST_REDIS_CLUSTER_URL:-}
)
declare -A RATE # side,backend,threads,phase → best requests/s (n/a: a measurement failed)

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
# The larger of two numbers, n/a winning (a failure is never hidden).
best() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a") print "n/a"; else if (a == "") print b; else print (a + 0 > b + 0 ? a : b) }'; }

# One measurement: every request a new key (first) or every key done already (replay).
press() { # side backend threads phase scope
    local out seconds
    if ! out=$("${BIN[$1]}" press --store "${STORE[$1,$2]}" --scope "$5" --concurrency "$3" --requests "$REQUESTS" \
                --keys "$REQUESTS" --work-ms 0 --json 2>&1) ||
        [ "$(printf '%s' "$out" | json_number errors)" != 0 ]; then
        printf 'warning: %s %s %s at %s threads: %s\n' "$1" "$2" "$4" "$3" "$(printf '%s' "$out" | tail -n 2)" >&2
        echo n/a
        return
    fi
    seconds=$(printf '%s' "$out" | json_number seconds)
    awk -v n="$REQUESTS" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }'
}

for side in before after; do
    "${BIN[$side]}" init --store "${STORE[$side,sqlite]}" > /dev/null
done
for round in $(seq 1 "$ROUNDS"); do
    sides=(before after)
    [ $((round % 2)) = 1 ] || sides=(after before)
    for backend in "${BACKENDS[@]}"; do
        for threads in "${THREADS[@]}"; do
            for side in "${sides[@]}"; do
                scope="cmp-$side-$threads-$round-$$"
                for phase in first replay; do
                    log "round $round: $backend, $side, $phase requests, $threads thread(s)"
                    rate=$(press "$side" "$backend" "$threads" "$phase" "$scope")
                    RATE[$side,$backend,$threads,$phase]=$(best "${RATE[$side,$backend,$threads,$phase]:-}" "$rate")
                done
            done
        done
    done
done

echo
echo "Guarded requests per second, best of $ROUNDS interleaved measurements of $REQUESTS (one run, this machine)"
echo "before: ${BIN[before]}"
echo "after:  ${BIN[after]}"
printf '%-12s %8s %-7s %12s %12s %14s\n' backend threads phase before/s after/s after÷before
failed=0
for backend in "${BACKENDS[@]}"; do
    for threads in "${THREADS[@]}"; do
        for phase in first replay; do
            b=${RATE[before,$backend,$threads,$phase]} a=${RATE[after,$backend,$threads,$phase]}
            if [ "$b" = n/a ] || [ "$a" = n/a ]; then
                failed=1
                printf '%-12s %8s %-7s %12s %12s %14s\n' "$backend" "$threads" "$phase" "$b" "$a" n/a
                continue
            fi
            printf '%-12s %8s %-7s %12s %12s %14s\n' "$backend" "$threads" "$phase" "$b" "$a" \
                "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')"
        done
    done
done
exit "$failed"
