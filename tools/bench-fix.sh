#!/usr/bin/env bash
# Benchmark, not a test: fixing a payment channel's backlog at event scale.
# Builds Release (into $IDEM_BENCH_BUILD, default build-bench), starts its own
# servers (tools/lib/servers.sh) and, per backend (SQLite, Redis, Redis
# Cluster, PostgreSQL, MySQL), on a fresh store:
#   1. seeds N stuck in-flight records over 3 scopes, claimed through the
#      engine 30 minutes in the past (idem-seed-stuck);
#   2. times the sweep preview (idemctl sweep --dry-run);
#   3. opens the console's Mark timed out wizard offscreen on the same
#      records (idem-bench-fix-console): time to the ready preview of N
#      rows, peak RSS, and the longest gap of a 10 ms GUI-thread timer while
#      it loads, sorts by every column and scrolls;
#   4. times `idemctl sweep` of all of them (N audit entries);
#   5. times `idemctl reconcile` of all of them against a 1,000,000-row order
#      table in PostgreSQL (the service's business database; 80 % PAID:
#      complete, the rest FAILED: release), N more entries;
#   6. times `idemctl audit verify` of the 2 N entries.
# Each step is one process on the same data; every figure is a rate or a
# size of this run. The step fails the script if it does not apply all N
# records or the chain does not verify. Nothing else is asserted.
#   IDEM_FIX_N          records (default 100000, rounded up to a multiple of 3; 10000 for a quick run)
#   IDEM_FIX_ORDERS     order table rows (default 1000000)
#   IDEM_FIX_BACKENDS   default "sqlite redis redis-cluster postgresql mysql"
# The machine's other work shares its cores with the servers and the tools:
# rates on a busy machine are lower, and the load average is printed.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=${IDEM_BENCH_BUILD:-$IDEM_ROOT/build-bench}
N=${IDEM_FIX_N:-100000}
ORDERS=${IDEM_FIX_ORDERS:-1000000}
BACKENDS=${IDEM_FIX_BACKENDS:-sqlite redis redis-cluster postgresql mysql}
SCOPES=fix-a,fix-b,fix-c

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
configure_project Release
log "building idemctl, idem-seed-stuck and idem-bench-fix-console"
cmake --build "$IDEM_BUILD" --parallel "$(nproc)" --target idemctl idem-seed-stuck idem-bench-fix-console >&2 || die "build failed" # stdout is the table
IDEMCTL=$IDEM_BUILD/app/idemctl
SEED=$IDEM_BUILD/tests/idem-seed-stuck
CONSOLE=$IDEM_BUILD/tests/idem-bench-fix-console

servers_init
start_postgres
for backend in $BACKENDS; do
    case $backend in
        redis) start_redis ;;
        redis-cluster) start_redis_cluster ;;
        mysql) start_mysql ;;
        sqlite | postgresql) ;;
        *) die "unknown backend $backend (sqlite redis redis-cluster postgresql mysql)" ;;
    esac
done
PSQL="$(_servers_pg_bindir)/psql"

log "filling the order table: $ORDERS rows"
"$PSQL" -X -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U idem -d idem -v ON_ERROR_STOP=1 -c "
    CREATE TABLE fix_orders (order_no VARCHAR(64) PRIMARY KEY, status VARCHAR(16) NOT NULL, amount_cents BIGINT NOT NULL);
    INSERT INTO fix_orders SELECT 'BIZ-' || i, CASE WHEN i % 10 < 8 THEN 'PAID' ELSE 'FAILED' END, 100 + i % 100000
        FROM generate_series(0, $ORDERS - 1) AS g(i);
    ANALYZE fix_orders;" || die "filling the order table failed"

now_ns() { date +%s%N; }
rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf "%.0f", n / (ns / 1e9) }'; }
json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p" | head -n 1; }
WHO=(--operator bench-fix --reason "payment channel outage: stuck callbacks")

declare -A R
for backend in $BACKENDS; do
    case $backend in
        sqlite) url="sqlite://$IDEM_SERVERS_DIR/fix.db" ;;
        redis) url=$IDEM_TEST_REDIS_URL ;;
        redis-cluster) url=$IDEM_TEST_REDIS_CLUSTER_URL ;;
        postgresql) url=$IDEM_TEST_POSTGRESQL_URL ;;
        mysql) url=$IDEM_TEST_MYSQL_URL ;;
    esac
    log "$backend: seeding $N stuck records over $SCOPES"
    t=$(now_ns)
    "$SEED" --store "$url" --scopes "$SCOPES" --per-scope $(((N + 2) / 3)) --age-minutes 30 --prefix cb- --threads 4 >&2
    total=$(((N + 2) / 3 * 3))
    R[$backend,seed]=$(rate "$total" $(($(now_ns) - t)))

    log "$backend: preview (dry run)"
    t=$(now_ns)
    out=$("$IDEMCTL" sweep --store "$url" --older-than 10m --dry-run --json)
    R[$backend,preview]=$(rate "$total" $(($(now_ns) - t)))
    [ "$(printf '%s' "$out" | json_number matched)" = "$total" ] || die "$backend: the preview matched $(printf '%s' "$out" | json_number matched) of $total"

    log "$backend: the console's preview"
    out=$("$CONSOLE" --store "$url")
    printf '%s\n' "$out" >&2
    [ "$(printf '%s' "$out" | json_number rows)" = "$total" ] || die "$backend: the console's preview has $(printf '%s' "$out" | json_number rows) rows"
    R[$backend,console_s]=$(awk -v ms="$(printf '%s' "$out" | json_number preview_ms)" 'BEGIN { printf "%.1f", ms / 1000 }')
    R[$backend,gap]="$(printf '%s' "$out" | json_number load_gap_ms)/$(printf '%s' "$out" | json_number browse_gap_ms)"
    R[$backend,cpugap]="$(printf '%s' "$out" | json_number load_cpu_gap_ms)/$(printf '%s' "$out" | json_number browse_cpu_gap_ms)"
    R[$backend,rss]=$(printf '%s' "$out" | json_number peak_rss_mb)

    log "$backend: sweep"
    t=$(now_ns)
    out=$("$IDEMCTL" sweep --store "$url" --older-than 10m "${WHO[@]}" --json)
    R[$backend,sweep]=$(rate "$total" $(($(now_ns) - t)))
    [ "$(printf '%s' "$out" | json_number applied)" = "$total" ] || die "$backend: the sweep applied $(printf '%s' "$out" | json_number applied) of $total"

    log "$backend: reconcile against $ORDERS orders"
    t=$(now_ns)
    out=$("$IDEMCTL" reconcile --store "$url" --orders "$IDEM_TEST_POSTGRESQL_URL" --table fix_orders --key-column order_no \
        --status-column status --done-values PAID --failed-values FAILED --older-than 10m "${WHO[@]}" --rows 0 --json)
    R[$backend,reconcile]=$(rate "$total" $(($(now_ns) - t)))
    [ "$(printf '%s' "$out" | json_number applied)" = "$total" ] || die "$backend: reconcile applied $(printf '%s' "$out" | json_number applied) of $total"

    log "$backend: audit verify"
    t=$(now_ns)
    out=$("$IDEMCTL" audit verify --store "$url") || die "$backend: audit verify failed: $out"
    R[$backend,verify]=$(rate $((2 * total)) $(($(now_ns) - t)))
    printf '%s\n' "$out" >&2
    printf '%s' "$out" | grep -q "intact: $((2 * total)) entries" || die "$backend: expected $((2 * total)) entries: $out"
done

echo
printf '%-14s %9s %11s %11s %13s %10s | %10s %13s %13s %9s\n' backend "seed/s" "preview/s" "sweep/s" "reconcile/s" "verify/s" \
    "console s" "GUI wall gap" "GUI CPU gap" "RSS MB"
for backend in $BACKENDS; do
    printf '%-14s %9s %11s %11s %13s %10s | %10s %13s %13s %9s\n' "$backend" "${R[$backend,seed]}" "${R[$backend,preview]}" \
        "${R[$backend,sweep]}" "${R[$backend,reconcile]}" "${R[$backend,verify]}" "${R[$backend,console_s]}" "${R[$backend,gap]}" \
        "${R[$backend,cpugap]}" "${R[$backend,rss]}"
done
echo "records: $total over 3 scopes, order table: $ORDERS rows (PostgreSQL). Every sweep and reconcile record has its audit entry;"
echo "verify/s: entries checked per second by idemctl audit verify ($((2 * total)) entries, chain intact)."
echo "console: the timeout wizard's preview of $total rows, offscreen. GUI gaps in ms, while the preview loads / while the"
echo "table is sorted by each column and scrolled to the end: wall, the longest between ticks of a 10 ms timer on the GUI"
echo "thread; CPU, the most CPU time the GUI thread itself used between two ticks (wall minus CPU: waiting for a core)."
echo "targets: sweep >= 2000/s and reconcile >= 1000/s on Redis and PostgreSQL, RSS < 500 MB, GUI gap <= 100 ms."
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end (other work shares the cores)."
