#!/usr/bin/env bash
# Benchmark, not a test: GoRedisStore's in-flight listing on a big
# go-middleware Redis. There is no index, so the listing SCANs the
# whole key space and reads every value. Builds Release (into
# $IDEM_BENCH_BUILD, default build-bench; only the bench target), starts its
# own redis-server (tools/lib/servers.sh), writes KEYS (default 1,000,000)
# idemp: keys as Go's encoding/json, IN_FLIGHT (default 10,000) of them in
# flight (pipelined SETs, 10,000 per round trip), then in one process times
# GoRedisStore::inFlight (a full scan, limit 10000) and a bare SCAN loop over
# the same keys with the same COUNT (no value read, no decoding), and prints
# both, keys/s, their ratio and the peak RSS (VmHWM) before and after the
# listing. Also times SCAN with the values fetched but not decoded, to
# separate the server's and the transfer's share from decoding. Nothing is asserted. SCAN_COUNT (default 1000) sets COUNT.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=${IDEM_BENCH_BUILD:-$IDEM_ROOT/build-bench}
KEYS=${KEYS:-1000000}
IN_FLIGHT=${IN_FLIGHT:-10000}
SCAN_COUNT=${SCAN_COUNT:-1000}

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
if [ ! -f "$IDEM_BUILD/build.ninja" ]; then
    log "configuring (Release) in $IDEM_BUILD"
    cmake -S "$IDEM_ROOT" -B "$IDEM_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null || die "cmake configure failed"
fi
log "building idem-bench-scan"
cmake --build "$IDEM_BUILD" --parallel "$(nproc)" --target idem-bench-scan || die "build failed"
BENCH=$IDEM_BUILD/tests/idem-bench-scan
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_redis

log "writing $KEYS go-middleware keys ($IN_FLIGHT in flight), then timing the listing and a bare SCAN"
result=$("$BENCH" --url "$IDEM_TEST_REDIS_URL" --fill "$KEYS" --in-flight "$IN_FLIGHT" --scan-count "$SCAN_COUNT")
printf '%s\n' "$result"
used=$(redis-cli -p "$REDIS_PORT" info memory | sed -n 's/^used_memory_human:\(.*\)\r$/\1/p')

num() { printf '%s' "$result" | sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
echo
printf '%-34s %s\n' "keys in Redis (used_memory)" "$(num keys) ($used)"
printf '%-34s %s ms\n' "filling them" "$(num fill_ms)"
printf '%-34s %s of %s found, %s listed\n' "in flight" "$(num found)" "$(num scanned)" "$(num listed)"
printf '%-34s %s ms, %s keys/s\n' "GoRedisStore::inFlight (COUNT $SCAN_COUNT)" "$(num list_ms)" "$(num keys_per_s)"
printf '%-34s %s ms, %s keys/s, %s round trips\n' "bare SCAN loop" "$(num bare_scan_ms)" "$(num bare_keys_per_s)" "$(num bare_round_trips)"
printf '%-34s %s ms (%s MiB of values)\n' "SCAN + pipelined GETs, no decoding" "$(num scan_get_ms)" "$(num value_mb)"
printf '%-34s %.2fx\n' "listing / bare SCAN" "$(num ratio)"
printf '%-34s %s kB before, %s kB after\n' "peak RSS (VmHWM)" "$(num vmhwm_before_kb)" "$(num vmhwm_after_kb)"
echo "$(nproc) cores; the listing reads and decodes every value, the bare loop only lists keys."
