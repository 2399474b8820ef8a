#!/usr/bin/env bash
# Diagnostic, not a test: where a replay's time goes at 32 clients on Redis,
# the engine beside the seed's Go program (tools/bench-peers.sh says what
# each is). Per replay, for each side: the client's CPU (user + system, from
# time(1), start-up included), its context switches (voluntary +
# involuntary), and the redis-server's CPU (from /proc/PID/stat), over
# BENCH_ROUNDS rounds (default 3) of BENCH_REQUESTS replays (default 40000)
# on the keys one first-request run of each side made. Then the engine's
# allocations per replay (heaptrack, one thread, the same keys): a count,
# not a time, so it does not move with the machine's load.
#
# Run tools/bench-peers.sh once first: it builds build-bench/app/idemctl
# (Release) and build-bench/peers, which this uses. Starts its own
# redis-server (tools/lib/servers.sh), stopped on exit.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
REQUESTS=${BENCH_REQUESTS:-40000}
ROUNDS=${BENCH_ROUNDS:-3}
IDEMCTL=$IDEM_ROOT/build-bench/app/idemctl
PEERS=$IDEM_ROOT/build-bench/peers
[[ $REQUESTS =~ ^[0-9]+$ ]] && [ "$REQUESTS" -ge 32 ] || die "BENCH_REQUESTS must be a whole number of at least 32"
[[ $ROUNDS =~ ^[0-9]+$ ]] && [ "$ROUNDS" -ge 1 ] || die "BENCH_ROUNDS must be a whole number of at least 1"
[ -x "$IDEMCTL" ] && [ -x "$PEERS" ] || die "run tools/bench-peers.sh first: it builds $IDEMCTL and $PEERS"
ensure_packages redis-server redis-tools iproute2 procps util-linux time heaptrack

servers_init
start_redis
server_pid=$(cat "$IDEM_SERVERS_DIR/redis/redis.pid")
server_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }
TICKS=$(getconf CLK_TCK)
URL=$IDEM_TEST_REDIS_URL
SCOPE=cost$$

ENGINE=("$IDEMCTL" press --store "$URL" --scope "$SCOPE" --concurrency 32 --requests "$REQUESTS" --keys "$REQUESTS" --work-ms 0 --json)
SEED=("$PEERS" --backend redis --url "$URL" --concurrency 32 --requests "$REQUESTS" --prefix "$SCOPE" --phase)

log "first requests (not measured): $REQUESTS keys for each side"
"${ENGINE[@]}" > /dev/null || die "the engine's first requests failed"
"${SEED[@]}" first > /dev/null || die "the seed's first requests failed"

# measure COMMAND…: one replay run; sets wall, cpu (seconds), switches and
# server (seconds of the redis-server's CPU).
measure() {
    local before after out=$IDEM_SERVERS_DIR/time.out
    before=$(server_ticks)
    /usr/bin/time -o "$out" -f '%e %U %S %w %c' "$@" > /dev/null || die "a replay run failed: $*"
    after=$(server_ticks)
    read -r wall cpu switches server < <(awk -v t="$TICKS" -v s=$((after - before)) \
        '{ printf "%s %.4f %d %.4f\n", $1, $2 + $3, $4 + $5, s / t }' "$out")
}

printf '%-7s %5s %10s %14s %13s %13s\n' side round replays/s "switches/replay" "client µs" "server µs"
for round in $(seq 1 "$ROUNDS"); do
    for side in engine seed; do
        if [ "$side" = engine ]; then measure "${ENGINE[@]}"; else measure "${SEED[@]}" replay; fi
        awk -v side="$side" -v r="$round" -v n="$REQUESTS" -v w="$wall" -v c="$cpu" -v k="$switches" -v s="$server" \
            'BEGIN { printf "%-7s %5d %10.0f %14.2f %13.1f %13.1f\n", side, r, n / w, k / n, c * 1e6 / n, s * 1e6 / n }'
    done
done
printf '\nLoad average (1, 5, 15 min): %s. Only what one run shows side by side means anything.\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

# allocations N: heaptrack's count of allocation calls for an idemctl press
# of N replays on one thread.
allocations() {
    local data=$IDEM_SERVERS_DIR/heaptrack.$1
    heaptrack -o "$data" "$IDEMCTL" press --store "$URL" --scope "$SCOPE" --concurrency 1 --requests "$1" --keys "$REQUESTS" \
        --work-ms 0 --json > /dev/null 2>&1 || die "heaptrack of $1 replays failed"
    heaptrack_print "$data".* 2>/dev/null | awk '/^calls to allocation functions:/ { print $5 }'
}
one=$(allocations 1)
many=$(allocations "$REQUESTS")
[ -n "$one" ] && [ -n "$many" ] || die "heaptrack printed no allocation count"
awk -v a="$many" -v b="$one" -v n="$REQUESTS" \
    'BEGIN { printf "Engine allocations per replay (heaptrack, one thread, %d replays less one): %.1f\n", n, (a - b) / (n - 1) }'
