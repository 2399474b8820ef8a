#!/usr/bin/env bash
# Benchmark, not a test: the reconcile dry run against a big order table.
# Builds Release (into $IDEM_BENCH_BUILD, default build-bench), starts its own
# PostgreSQL (tools/lib/servers.sh), fills a 1,000,000-row order table and
# 100,000 stuck records (setup writes both tables directly in bulk with
# generate_series; the records are not claimed through the store), then, in
# one process on the same data, times the dry run with batched lookups
# (one order query per 500 records) and with one order query per record, and
# prints both and their ratio (goals: ratio >= 20, batched < 30 s). Nothing
# is asserted. ORDERS / STUCK override the sizes.
#
# It runs twice on the same data: on loopback, and with the orders
# connection behind the bench's own relay adding RTT_US (default 200) of
# round trip, as a business database in another host or zone would. The
# per-query time each run measured is printed, so the relay's real cost
# (more than its nominal delay on a busy machine) is visible.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=${IDEM_BENCH_BUILD:-$IDEM_ROOT/build-bench}
ORDERS=${ORDERS:-1000000}
STUCK=${STUCK:-100000}
RTT_US=${RTT_US:-200}

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
build_project Release
BENCH=$IDEM_BUILD/tests/idem-bench-reconcile
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_postgres

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
seconds() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 1000 }'; }

log "filling $ORDERS orders and $STUCK stuck records, then timing both dry runs on loopback"
direct=$("$BENCH" --store "$IDEM_TEST_POSTGRESQL_URL" --orders "$IDEM_TEST_POSTGRESQL_URL" \
      --fill-orders "$ORDERS" --fill-stuck "$STUCK")
printf '%s\n' "$direct"
log "the same data, the orders connection behind a ${RTT_US} us round trip"
relayed=$("$BENCH" --store "$IDEM_TEST_POSTGRESQL_URL" --orders "$IDEM_TEST_POSTGRESQL_URL" --rtt-us "$RTT_US")
printf '%s\n' "$relayed"

echo
printf '%-22s %12s %14s %12s %10s %8s %10s\n' "orders connection" "batched (s)" "per record (s)" "paging (s)" \
    "us/query" ratio "lookups"
for run in "$direct" "$relayed"; do
    b=$(printf '%s' "$run" | json_number batched_ms)
    p=$(printf '%s' "$run" | json_number per_record_ms)
    g=$(printf '%s' "$run" | json_number store_paging_ms)
    q=$(printf '%s' "$run" | json_number per_record_queries)
    rtt=$(printf '%s' "$run" | json_number rtt_us)
    label=$([ "$rtt" = 0 ] && echo "loopback" || echo "+${rtt} us relay")
    printf '%-22s %12s %14s %12s %10.0f %7.1fx %9.1fx\n' "$label" "$(seconds "$b")" "$(seconds "$p")" "$(seconds "$g")" \
        "$(awk -v p="$p" -v g="$g" -v q="$q" 'BEGIN { print (p - g) * 1000 / q }')" \
        "$(awk -v a="$p" -v b="$b" 'BEGIN { print a / b }')" "$(printf '%s' "$run" | json_number lookup_ratio)"
done
echo "ratio: whole dry run, one query per record / batched; lookups: the same without the shared store paging."
echo "us/query: what one single-key order query cost in the per-record run. Goals: ratio >= 20, batched < 30 s. $(nproc) cores."
