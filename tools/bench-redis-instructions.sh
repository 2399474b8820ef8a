#!/usr/bin/env bash
# Benchmark, not a test: what a guarded request costs redis-server, counted
# in instructions by valgrind's callgrind. Unlike a time, the count does not
# move with other work on a shared virtual machine (whose hypervisor took
# 10-30% of the CPU in some tools/bench-peers.sh runs), and such machines
# give perf no hardware counters. It is the figure to compare two versions
# of the Lua scripts or of how RedisStore batches them by.
#
# One redis-server runs under callgrind (no persistence). For each client
# count (1 and 32) and phase, the counters are zeroed, idemctl press
# (Release, --work-ms 0) runs BENCH_REQUESTS guarded requests (default 2000:
# callgrind runs the server some 50 times slower), and the server's
# instructions are dumped: thousands per request (kIr). First requests use a
# new key each; replays are the same keys again (RedisStore answers most of
# them with a plain HMGET once replays dominate).
#
# BENCH_BASE=<git revision>: that revision's idemctl too, built Release in a
# git worktree, measured interleaved on the same server, and this checkout ÷
# base printed per cell (below 1.00: fewer instructions than the base).
#
# The seed-000 Go program (tools/peers) is measured too, for reference only:
# callgrind counts the server's own code, not the kernel's, and the seed's
# three round trips per first request (no pipelining) cost the server mostly
# system calls. The side-by-side comparison is tools/bench-peers.sh.
#
# BENCH_LAYOUT=1: then also what parts of the record layout cost the server
# (tools/lib/redis_layout_costs.py: the shipped claim and complete scripts
# beside variants the engine does not run: batched 8 to an EVALSHA, without
# the completed index, without counting inside the script, and the seed's
# one-string layout made atomic by two minimal scripts).
#
# Only figures from this one run mean anything; nothing is asserted. The exit
# code is 0 unless a measurement failed.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=$IDEM_ROOT/build-bench
REQUESTS=${BENCH_REQUESTS:-2000}
BASE=${BENCH_BASE:-}
CONCURRENCY=(1 32)
PHASES=(first replay)

[[ $REQUESTS =~ ^[0-9]+$ ]] && [ "$REQUESTS" -ge 32 ] || die "BENCH_REQUESTS must be a whole number of at least 32"

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" redis-server redis-tools valgrind iproute2 procps python3 \
    golang-go golang-github-gomodule-redigo-dev golang-github-lib-pq-dev
configure_project Release
log "building idemctl"
cmake --build "$IDEM_BUILD" --target idemctl --parallel "$(nproc)" >&2 || die "build failed" # stdout is the table
declare -A IDEMCTL=([this]=$IDEM_BUILD/app/idemctl)
SIDES=(this)
log "building the seed's Go program (offline, Debian's packages)"
PEERS=$IDEM_BUILD/peers
(cd "$IDEM_ROOT" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$IDEM_BUILD/go-cache GOPROXY=off \
    go build -o "$PEERS" ./tools/peers) >&2 || die "building tools/peers failed"

servers_init
if [ -n "$BASE" ]; then
    revision=$(git -C "$IDEM_ROOT" rev-parse --verify "$BASE^{commit}") || die "BENCH_BASE=$BASE is not a revision of this repository"
    log "building idemctl of $BASE ($revision) in a worktree"
    git -C "$IDEM_ROOT" worktree add --detach "$IDEM_SERVERS_DIR/base" "$revision" >&2 || die "git worktree add failed"
    cleanup_base() { git -C "$IDEM_ROOT" worktree remove --force "$IDEM_SERVERS_DIR/base" 2>/dev/null || true; }
    trap 'cleanup_base; servers_stop' EXIT
    trap 'cleanup_base; servers_stop; trap - EXIT; exit 130' INT
    trap 'cleanup_base; servers_stop; trap - EXIT; exit 143' TERM
    cmake -S "$IDEM_SERVERS_DIR/base" -B "$IDEM_SERVERS_DIR/base-build" -G Ninja -DCMAKE_BUILD_TYPE=Release >&2 \
        && cmake --build "$IDEM_SERVERS_DIR/base-build" --target idemctl --parallel "$(nproc)" >&2 \
        || die "building $BASE failed"
    IDEMCTL[base]=$IDEM_SERVERS_DIR/base-build/app/idemctl
    SIDES=(this base)
fi

# The server, under callgrind from its start; its counters are zeroed and
# dumped around each measurement (callgrind_control), each dump a new file.
DUMPS=$IDEM_SERVERS_DIR/callgrind
mkdir -p "$DUMPS"
port=$(_servers_free_port)
log "starting redis-server under callgrind on 127.0.0.1:$port"
valgrind --tool=callgrind --callgrind-out-file="$DUMPS/out" \
    redis-server --bind 127.0.0.1 --port "$port" --dir "$DUMPS" --save '' --appendonly no --daemonize no \
    > "$DUMPS/server.log" 2>&1 &
SERVER_PID=$!
_servers_track redis-callgrind "$SERVER_PID"
_servers_wait redis-callgrind "$SERVER_PID" "$DUMPS/server.log" _servers_redis_ping "$port" \
    || die "redis-server under callgrind did not start"
URL="redis://127.0.0.1:$port/0"

# Instructions the server ran since the last zeroing, from a new dump.
dump_instructions() {
    local before after newest
    before=$(ls "$DUMPS" | grep -c '^out\.' || true)
    callgrind_control -d "$SERVER_PID" > /dev/null || return 1
    for _ in $(seq 1 100); do
        after=$(ls "$DUMPS" | grep -c '^out\.' || true)
        [ "$after" -gt "$before" ] && break
        sleep 0.1
    done
    newest=$(ls "$DUMPS" | grep '^out\.' | sort -t. -k2 -n | tail -n 1)
    sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$DUMPS/$newest" | head -n 1
}

declare -A KIR # side,c,phase → thousands of server instructions per request (n/a: the run failed)

# measure SIDE C PHASE SCOPE: one run, its kIr per request.
measure() {
    local side=$1 c=$2 phase=$3 scope=$4 out ok=0 total want=executed
    [ "$phase" = replay ] && want=replayed
    callgrind_control -z "$SERVER_PID" > /dev/null || die "callgrind_control could not reach the server"
    if [ "$side" = seed ]; then
        out=$("$PEERS" --backend redis --url "$URL" --concurrency "$c" --requests "$REQUESTS" --phase "$phase" \
                --prefix "$scope" 2>&1) && ok=1
    else
        out=$("${IDEMCTL[$side]}" press --store "$URL" --scope "$scope" --concurrency "$c" --requests "$REQUESTS" \
                --keys "$REQUESTS" --work-ms 0 --json 2>&1) \
            && [ "$(printf '%s' "$out" | sed -n "s/.*\"$want\": *\([0-9]*\).*/\1/p")" = "$REQUESTS" ] && ok=1
    fi
    total=$(dump_instructions || true)
    if [ "$ok" = 1 ] && [ -n "$total" ]; then
        KIR[$side,$c,$phase]=$(awk -v t="$total" -v n="$REQUESTS" 'BEGIN { printf "%.1f", t / n / 1000 }')
    else
        KIR[$side,$c,$phase]=n/a
        printf 'warning: %s %s at c=%s failed: %s\n' "$side" "$phase" "$c" "$out" >&2
    fi
    log "$side c=$c $phase: ${KIR[$side,$c,$phase]} kIr per request"
}

for c in "${CONCURRENCY[@]}"; do
    for side in "${SIDES[@]}" seed; do
        scope="instr-$side-$c-$$"
        for phase in "${PHASES[@]}"; do
            measure "$side" "$c" "$phase" "$scope"
        done
    done
done

echo
echo "Instructions redis-server ran per guarded request, in thousands (callgrind Ir; $REQUESTS requests"
echo "per cell, one run). this: this checkout's idemctl press${BASE:+; base: $BASE}; seed: the seed-000 Go"
echo "program, its server's user-space work only (its extra round trips cost system calls, not counted)."
if [ -n "$BASE" ]; then
    printf '%3s %-7s %10s %10s %12s %10s\n' c phase this base 'this÷base' seed
else
    printf '%3s %-7s %10s %10s\n' c phase this seed
fi
failed=0
for c in "${CONCURRENCY[@]}"; do
    for phase in "${PHASES[@]}"; do
        for side in "${SIDES[@]}" seed; do
            [ "${KIR[$side,$c,$phase]}" = n/a ] && failed=1
        done
        if [ -n "$BASE" ]; then
            printf '%3s %-7s %10s %10s %12s %10s\n' "$c" "$phase" "${KIR[this,$c,$phase]}" "${KIR[base,$c,$phase]}" \
                "$(awk -v a="${KIR[this,$c,$phase]}" -v b="${KIR[base,$c,$phase]}" \
                    'BEGIN { if (a == "n/a" || b == "n/a" || b <= 0) print "n/a"; else printf "%.3f", a / b }')" \
                "${KIR[seed,$c,$phase]}"
        else
            printf '%3s %-7s %10s %10s\n' "$c" "$phase" "${KIR[this,$c,$phase]}" "${KIR[seed,$c,$phase]}"
        fi
    done
done
[ $failed -eq 0 ] || die "a measurement failed (n/a above; see the warnings)"
if [ "${BENCH_LAYOUT:-0}" = 1 ]; then
    log "measuring the record layout's parts"
    python3 "$IDEM_ROOT/tools/lib/redis_layout_costs.py" --port "$port" --pid "$SERVER_PID" --dumps "$DUMPS" \
        --requests "$REQUESTS" --lua "$IDEM_ROOT/resources/lua" || die "measuring the layout's parts failed"
fi
