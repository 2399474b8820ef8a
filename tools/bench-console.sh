#!/usr/bin/env bash
# Benchmark, not a test: the console on big stores. Builds Release into
# build-bench, starts its own redis-server and PostgreSQL (tools/lib/servers.sh),
# and for each of them:
#   1. fills 1,000,000 records of which 100,000 are in flight, and measures,
#      headless, connect → first page of the in-flight model and the peak RSS
#      of the process after the model holds 10,000 rows
#      (goals: first page < 300 ms, RSS < 400 MB);
#   2. measures the stuck list (count + first page) with 10,000 and with
#      1,000,000 records in all, 5,000 of them in flight both times, and
#      prints the ratio (goal < 1.5: the list is an index range, not a scan).
# Each measurement runs in a fresh process. Nothing is asserted.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=$IDEM_ROOT/build-bench

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
build_project Release
BENCH=$IDEM_BUILD/tests/idem-bench-console
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_redis
start_postgres

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }

declare -A R
for backend in redis postgresql; do
    case $backend in
        redis) url=$IDEM_TEST_REDIS_URL ;;
        postgresql) url=$IDEM_TEST_POSTGRESQL_URL ;;
    esac
    for shape in "big 1000000 100000" "small 10000 5000" "wide 1000000 5000"; do
        read -r name total inflight <<< "$shape"
        log "$backend: filling $total records, $inflight in flight"
        start=$SECONDS
        "$BENCH" --store "$url" --fill "$total" --in-flight "$inflight"
        log "$backend: filled in $((SECONDS - start)) s; measuring"
        out=$("$BENCH" --store "$url" --measure)
        printf '%s %s: %s\n' "$backend" "$name" "$out"
        R[$backend,$name,first]=$(printf '%s' "$out" | json_number first_page_ms)
        R[$backend,$name,rss]=$(printf '%s' "$out" | json_number peak_rss_mb)
        R[$backend,$name,stuck]=$(printf '%s' "$out" | json_number stuck_list_ms_median)
    done
done

echo
printf '%-11s %22s %24s %20s %20s %10s\n' backend "first page (1M/100k)" "peak RSS @10k rows (MB)" "stuck list 10k (ms)" "stuck list 1M (ms)" ratio
for backend in redis postgresql; do
    printf '%-11s %19.1f ms %24.1f %20.2f %20.2f %10.2f\n' "$backend" "${R[$backend,big,first]}" "${R[$backend,big,rss]}" \
        "${R[$backend,small,stuck]}" "${R[$backend,wide,stuck]}" \
        "$(awk -v a="${R[$backend,wide,stuck]}" -v b="${R[$backend,small,stuck]}" 'BEGIN { printf "%.2f", a / b }')"
done
echo "goals: first page < 300 ms, RSS < 400 MB, ratio < 1.5 (machine: $(nproc) cores)"
