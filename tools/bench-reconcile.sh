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
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=${IDEM_BENCH_BUILD:-$IDEM_ROOT/build-bench}
ORDERS=${ORDERS:-1000000}
STUCK=${STUCK:-100000}

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
build_project Release
BENCH=$IDEM_BUILD/tests/idem-bench-reconcile
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_postgres

log "filling $ORDERS orders and $STUCK stuck records, then timing both dry runs"
out=$("$BENCH" --store "$IDEM_TEST_POSTGRESQL_URL" --orders "$IDEM_TEST_POSTGRESQL_URL" \
      --fill-orders "$ORDERS" --fill-stuck "$STUCK")
printf '%s\n' "$out"

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
batched=$(printf '%s' "$out" | json_number batched_ms)
single=$(printf '%s' "$out" | json_number per_record_ms)
echo
printf '%-28s %12s %10s\n' "dry run ($STUCK records)" "time (s)" queries
printf '%-28s %12.2f %10s\n' "batched (500 per query)" "$(awk -v v="$batched" 'BEGIN { print v / 1000 }')" \
    "$(printf '%s' "$out" | json_number batched_queries)"
printf '%-28s %12.2f %10s\n' "one query per record" "$(awk -v v="$single" 'BEGIN { print v / 1000 }')" \
    "$(printf '%s' "$out" | json_number per_record_queries)"
paging=$(printf '%s' "$out" | json_number store_paging_ms)
printf '%-28s %12.2f %10s\n' "store paging alone (both)" "$(awk -v v="$paging" 'BEGIN { print v / 1000 }')" -
printf 'ratio %.1fx whole dry run, %.1fx order lookups alone   (goals: ratio >= 20, batched < 30 s; machine: %s cores)\n' \
    "$(awk -v a="$single" -v b="$batched" 'BEGIN { print a / b }')" \
    "$(printf '%s' "$out" | json_number lookup_ratio)" "$(nproc)"
