#!/usr/bin/env bash
# Benchmark, not a test: the engine beside what its users would
# otherwise write, the seed article's Go middleware store code (tools/peers,
# copied from the article; docs/design.md), on the same Redis and
# PostgreSQL, at 1 and 32 concurrent clients, first requests and replays.
#
#   engine  build-bench/app/idemctl press --work-ms 0 (Release): Guard →
#           RedisStore / SqlStore, the client threads sharing one store with
#           its default connections (the table's first line says which).
#   seed    build-bench/peers, from tools/peers/main.go: the article's store
#           functions driven by N goroutines in the article's middleware
#           order (Get → SetInFlight → Finalize; a replay is one Get), built
#           offline with Debian's Go, redigo and lib/pq. The article's Redis
#           store uses go-redis, which Debian 12 does not package: the Go
#           program sends the same commands through redigo (its header says
#           what else is ours: PostgresStore.Get's row scan, connection pools
#           as large as the concurrency).
#   limit   what the server gives the engine's own commands with almost no
#           client in the way: Redis, redis-benchmark running the claim
#           script (EVALSHA; a first request is two scripts, so the first
#           request limit is EVALSHA/s ÷ 2, as tools/bench-guard.sh counts
#           it; replays run it on a completed record); PostgreSQL, pgbench
#           -M prepared of the engine's statements (the claim of
#           SqlStore::insertOrRead and the completing UPDATE; a replay is
#           the claim on a completed record).
#
# Each round measures every cell once, engine and seed back to back (their
# order alternates from round to round), then the limits; a cell's figure is
# the median of BENCH_ROUNDS rounds (default 3) of BENCH_REQUESTS requests
# (default 20000; first requests use a new key each, replays the keys of
# that round's first requests). Round trips per request are counted on the
# server: Redis, INFO stats total_reads_processed (reads of client sockets,
# a pipeline is one; the engine's threads share a few connections, RedisMux,
# so with many threads one read carries several requests and the engine's
# figure drops below its 2 / 1 per request) after CONFIG RESETSTAT, less what redis-cli itself
# costs; PostgreSQL, pg_stat_statements calls of the role that ran
# (engine: idem, seed: seed) after pg_stat_statements_reset(): statements,
# each one network round trip for the engine, two for lib/pq (it parses an
# unnamed statement, then binds and executes it).
#
# What the server spends per request is printed too, to show where a gap
# lies: its CPU (redis-server; the PostgreSQL backends that served the run)
# and how much of it went into the scripts (Redis) or into executing
# statements (PostgreSQL); the comment at server_cost says how. So is what
# each client spends (CPU and context switches per request), how busy the
# server was, and how much CPU time the machine's hypervisor took away
# (steal): on a 2-core virtual machine a cell whose server is not busy is
# decided by the clients' scheduling, not by the store's commands.
#
# Goals: engine ÷ seed ≥ 1.0 in every cell; engine ÷ limit ≥ 0.8 on Redis,
# ≥ 0.9 on PostgreSQL.
# A cell that misses says MISS. Only ratios from one run mean anything: the
# machine is shared. Nothing is asserted; the exit code is 0 unless a
# measurement failed.
#
# Builds idemctl Release into build-bench and the Go program into
# build-bench/peers; starts its own redis-server and PostgreSQL
# (tools/lib/servers.sh: no persistence, fsync off), stopped on exit.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=$IDEM_ROOT/build-bench
REQUESTS=${BENCH_REQUESTS:-20000}
ROUNDS=${BENCH_ROUNDS:-3}
CONCURRENCY=(1 32)
read -r -a BACKENDS <<< "${BENCH_BACKENDS:-redis postgresql}" # e.g. BENCH_BACKENDS=redis
PHASES=(first replay)

[[ $REQUESTS =~ ^[0-9]+$ ]] && [ "$REQUESTS" -ge 32 ] || die "BENCH_REQUESTS must be a whole number of at least 32"
[[ $ROUNDS =~ ^[0-9]+$ ]] && [ "$ROUNDS" -ge 1 ] || die "BENCH_ROUNDS must be a whole number of at least 1"

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" redis-server redis-tools postgresql iproute2 procps util-linux time \
    golang-go golang-github-gomodule-redigo-dev golang-github-lib-pq-dev
configure_project Release
log "building idemctl"
cmake --build "$IDEM_BUILD" --target idemctl --parallel "$(nproc)" >&2 || die "build failed" # stdout is the table
IDEMCTL=$IDEM_BUILD/app/idemctl
[ -x "$IDEMCTL" ] || die "$IDEMCTL was not built"
log "building the seed's Go program (offline, Debian's packages)"
PEERS=$IDEM_BUILD/peers
(cd "$IDEM_ROOT" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$IDEM_BUILD/go-cache GOPROXY=off \
    go build -o "$PEERS" ./tools/peers) || die "building tools/peers failed"

servers_init
start_redis
start_postgres

# How the engine runs, printed with the table: what a service that links the
# guard gets with default settings (one store and one Guard shared by every
# request thread; the store URL without options).
# BENCH_ENGINE_OPTIONS (e.g. connections=0: a session per thread) is added
# to the engine's store URLs as their query, to measure a mode other than
# the default beside the same seed and limits.
ENGINE_OPTIONS=${BENCH_ENGINE_OPTIONS:-}
ENGINE_MODE="idemctl press --work-ms 0, $(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$IDEM_BUILD/CMakeCache.txt") build;\
 one store and one Guard shared by the c client threads, store URLs ${ENGINE_OPTIONS:+with ?$ENGINE_OPTIONS}${ENGINE_OPTIONS:-without options (the defaults)}:\
 Redis: the threads share connections=4 (RedisMux), PostgreSQL: the threads share connections=4 pipelined libpq sessions (PgMux)\
 unless the options say otherwise"

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
SEED_POSTGRESQL_URL="postgresql://seed@127.0.0.1:$POSTGRES_PORT/idem"
declare -A ENGINE_URL=([redis]=$IDEM_TEST_REDIS_URL [postgresql]=$IDEM_TEST_POSTGRESQL_URL)
if [ -n "$ENGINE_OPTIONS" ]; then
    for backend in "${!ENGINE_URL[@]}"; do ENGINE_URL[$backend]+="?$ENGINE_OPTIONS"; done
fi
declare -A SEED_URL=([redis]=$IDEM_TEST_REDIS_URL [postgresql]=$SEED_POSTGRESQL_URL)

redis_cli() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" "$@"; }
pg_admin() { "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d idem "$@"; }

# The seed's table, as its DDL says, owned by a role of its own so its
# statements are told apart from the engine's (role idem).
pg_admin -c "CREATE ROLE seed LOGIN" -c "
    CREATE TABLE idempotency_records (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        status_code INTEGER,
        headers JSONB,
        body BYTEA,
        in_flight BOOLEAN NOT NULL DEFAULT TRUE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),
        expires_at TIMESTAMPTZ NOT NULL
    )" -c "CREATE INDEX idx_idempotency_expires ON idempotency_records(expires_at)" \
    -c "ALTER TABLE idempotency_records OWNER TO seed" > /dev/null || die "creating the seed's table failed"
# The engine's schema, created as a service's first write would.
"$IDEMCTL" init --store "$IDEM_TEST_POSTGRESQL_URL" > /dev/null || die "idemctl init on PostgreSQL failed"

# ---- Counting round trips on the server ----

reads_processed() { redis_cli info stats | tr -d '\r' | sed -n 's/^total_reads_processed://p'; }
redis_cli config resetstat > /dev/null
REDIS_CLI_READS=$(reads_processed) # what a RESETSTAT and an INFO of redis-cli cost by themselves

# counting_start BACKEND / counting_end BACKEND ROLE REQUESTS: round trips per request in between.
counting_start() {
    if [ "$1" = redis ]; then redis_cli config resetstat > /dev/null
    else pg_admin -c "SELECT pg_stat_statements_reset()" > /dev/null; fi
}
counting_end() {
    local total
    if [ "$1" = redis ]; then
        total=$(( $(reads_processed) - REDIS_CLI_READS ))
    else
        total=$(pg_admin -c "SELECT coalesce(sum(s.calls), 0) FROM pg_stat_statements s
                             JOIN pg_roles r ON r.oid = s.userid WHERE r.rolname = '$2'")
    fi
    awk -v t="$total" -v n="$3" 'BEGIN { printf "%.2f", t / n }'
}

# ---- What the server spends per request ----
# CPU: Redis, the redis-server's user + system time (/proc/PID/stat);
# PostgreSQL, that of the backends that served the run, as the postmaster
# reaps them (its cutime + cstime: a side's connections close when it exits,
# so the figure is read once that role has no backend left). Inside: Redis,
# the time in Lua scripts (INFO commandstats EVALSHA usec: the engine's
# claim and complete, the seed's finalize); PostgreSQL, statement execution
# (pg_stat_statements total_exec_time of the role).
REDIS_PID=$(cat "$IDEM_SERVERS_DIR/redis/redis.pid")
POSTMASTER_PID=$(head -n 1 "$IDEM_SERVERS_DIR/postgres/data/postmaster.pid")
TICKS=$(getconf CLK_TCK)
server_ticks() { # BACKEND
    if [ "$1" = redis ]; then awk '{ print $14 + $15 }' "/proc/$REDIS_PID/stat"
    else awk '{ print $16 + $17 }' "/proc/$POSTMASTER_PID/stat"; fi
}
# server_cost BACKEND ROLE REQUESTS TICKS_BEFORE: "cpu inside", µs per request.
server_cost() {
    local inside wait
    if [ "$1" = redis ]; then
        inside=$(redis_cli info commandstats | tr -d '\r' | sed -n 's/^cmdstat_evalsha:.*[^_]usec=\([0-9]*\),.*/\1/p')
    else
        for wait in $(seq 1 50); do
            [ "$(pg_admin -c "SELECT count(*) FROM pg_stat_activity WHERE usename = '$2'")" = 0 ] && break
            [ "$wait" -eq 50 ] && printf 'warning: role %s still had backends after 5 s: its server CPU is counted short\n' "$2" >&2
            sleep 0.1
        done
        inside=$(pg_admin -c "SELECT round(coalesce(sum(s.total_exec_time), 0) * 1000) FROM pg_stat_statements s
                              JOIN pg_roles r ON r.oid = s.userid WHERE r.rolname = '$2'")
    fi
    awk -v t="$(( $(server_ticks "$1") - $4 ))" -v hz="$TICKS" -v i="${inside:-0}" -v n="$3" \
        'BEGIN { printf "%.1f %.1f", t * 1e6 / hz / n, i / n }'
}

# ---- What the client spends per request, and what the machine gave ----
# The client's CPU and context switches come from GNU time (its rusage
# counts every thread of the process). Steal is the share of the machine's
# CPU time that its hypervisor gave to others during the run (/proc/stat):
# on a shared virtual machine it is what the load average does not show.
CLIENT_TIMES=$IDEM_SERVERS_DIR/client-times
cpu_jiffies() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9; i++) t += $i; print t, $9 }' /proc/stat; }

json_number() { sed -n "s/.*\"$1\": *\([0-9.e+-]*\).*/\1/p" | head -n 1; }

declare -A RATE  # side,backend,c,phase → "rate rate …" one per round (n/a: that measurement failed)
declare -A TRIPS # side,backend,c,phase → "trips trips …"
declare -A CPU   # side,backend,c,phase → the server's CPU µs per request, one per round
declare -A INSIDE # side,backend,c,phase → of it in scripts (Redis) or statement execution (PostgreSQL)
declare -A CLIENT # side,backend,c,phase → the client's CPU µs per request, one per round
declare -A SWITCH # side,backend,c,phase → the client's context switches per request (voluntary + forced)
declare -A BUSY  # side,backend,c,phase → the server's CPU time as % of the run's time (one core)
declare -A STEAL # side,backend,c,phase → % of the machine's CPU time stolen by its hypervisor
declare -A SCOPE # engine's scope (seed's key prefix) of this round's backend,c: replays reuse it

# measure SIDE BACKEND C PHASE ROUND: one run, its rate and round trips appended to the cell.
measure() {
    local side=$1 backend=$2 c=$3 phase=$4 round=$5 out rate=n/a role=idem want field ticks cost
    local name=${SCOPE[$backend,$c]} jiffies times
    [ "$side" = seed ] && role=seed
    counting_start "$backend"
    ticks=$(server_ticks "$backend")
    read -r -a jiffies <<< "$(cpu_jiffies)"
    rm -f "$CLIENT_TIMES"
    if [ "$side" = engine ]; then
        want=executed
        [ "$phase" = replay ] && want=replayed
        if out=$(/usr/bin/time -o "$CLIENT_TIMES" -f '%U %S %w %c' "$IDEMCTL" press --store "${ENGINE_URL[$backend]}" --scope "$name" --concurrency "$c" \
                    --requests "$REQUESTS" --keys "$REQUESTS" --work-ms 0 --json 2>&1) \
                && [ "$(printf '%s' "$out" | json_number "$want")" = "$REQUESTS" ]; then
            rate=$(printf '%s' "$out" | awk -v n="$REQUESTS" -F'"seconds":' '{ split($2, a, /[,}]/); printf "%.1f", n / a[1] }')
        fi
    else
        if out=$(/usr/bin/time -o "$CLIENT_TIMES" -f '%U %S %w %c' "$PEERS" --backend "$backend" --url "${SEED_URL[$backend]}" --concurrency "$c" \
                    --requests "$REQUESTS" --phase "$phase" --prefix "$name" 2>&1); then
            rate=$(printf '%s' "$out" | json_number per_s | awk '{ printf "%.1f", $1 }')
        fi
    fi
    [ -n "$rate" ] || rate=n/a
    if [ "$rate" = n/a ]; then
        printf 'warning: %s %s %s at c=%s failed or did not %s every request: %s\n' \
            "$side" "$backend" "$phase" "$c" "${want:-answer}" "$out" >&2
    fi
    field="$side,$backend,$c,$phase"
    RATE[$field]="${RATE[$field]:-} $rate"
    TRIPS[$field]="${TRIPS[$field]:-} $(counting_end "$backend" "$role" "$REQUESTS")"
    read -r -a cost <<< "$(server_cost "$backend" "$role" "$REQUESTS" "$ticks")"
    CPU[$field]="${CPU[$field]:-} ${cost[0]}"
    INSIDE[$field]="${INSIDE[$field]:-} ${cost[1]}"
    read -r -a times <<< "$(tail -n 1 "$CLIENT_TIMES" 2>/dev/null)"
    if [ "${#times[@]}" -eq 4 ] && [ "$rate" != n/a ]; then
        CLIENT[$field]="${CLIENT[$field]:-} $(awk -v u="${times[0]}" -v s="${times[1]}" -v n="$REQUESTS" 'BEGIN { printf "%.1f", (u + s) * 1e6 / n }')"
        SWITCH[$field]="${SWITCH[$field]:-} $(awk -v w="${times[2]}" -v f="${times[3]}" -v n="$REQUESTS" 'BEGIN { printf "%.2f", (w + f) / n }')"
        BUSY[$field]="${BUSY[$field]:-} $(awk -v us="${cost[0]}" -v r="$rate" 'BEGIN { printf "%.0f", us * r / 1e4 }')"
    else
        CLIENT[$field]="${CLIENT[$field]:-} n/a"
        SWITCH[$field]="${SWITCH[$field]:-} n/a"
        BUSY[$field]="${BUSY[$field]:-} n/a"
    fi
    STEAL[$field]="${STEAL[$field]:-} $(cpu_jiffies | awk -v t="${jiffies[0]}" -v st="${jiffies[1]}" \
        '{ printf "%.0f", ($1 > t ? ($2 - st) * 100 / ($1 - t) : 0) }')"
    log "round $round: $backend c=$c $phase: $side $rate/s"
}

# ---- The server's limit for the engine's own commands ----

declare -A LIMIT # backend,c,phase → "rate rate …" (first requests per second, replays per second)

# Redis: the claim script exactly as RedisStore loads it (record.lua, a
# newline, claim.lua) and calls it (its arguments packed into one), with a
# fresh key per call (first) or on one record the engine completed this
# round (replay).
CLAIM_SHA=$({ cat "$IDEM_ROOT/resources/lua/record.lua"; printf '\n'; cat "$IDEM_ROOT/resources/lua/claim.lua"; } | redis_cli -x script load)
evalsha_per_s() { # C TAG KEY NOW FINGERPRINT
    local now=$4 minute=$(($4 / 60000))
    redis-benchmark -h 127.0.0.1 -p "$REDIS_PORT" -c "$1" -n "$REQUESTS" -r 100000000 --csv \
        EVALSHA "$CLAIM_SHA" 6 "idem:$2:r:$3" "idem:$2:inflight" "idem:$2:completed" "idem:$2:timedout" \
        "idem:$2:c:$minute" "idem:$2:minutes" \
        "$(msgpack_strings "$3" "$now" "$minute" 691200000 "$5" 0123456789abcdef0123456789abcdef bench:1 "" 600000 0)" |
        tail -n 1 | cut -d, -f2 | tr -d '"'
}
# The claim's outcome for one call with the same arguments: what every call of the measurement does.
claim_outcome() { # TAG KEY NOW FINGERPRINT
    local minute=$(($3 / 60000))
    redis_cli evalsha "$CLAIM_SHA" 6 "idem:$1:r:$2" "idem:$1:inflight" "idem:$1:completed" "idem:$1:timedout" \
        "idem:$1:c:$minute" "idem:$1:minutes" \
        "$(msgpack_strings "$2" "$3" "$minute" 691200000 "$4" 0123456789abcdef0123456789abcdef bench:1 "" 600000 0)" | head -n 1
}
redis_limit() { # C ROUND
    local c=$1 scope=${SCOPE[redis,$1]} now fingerprint first replay outcome
    now=$(date +%s%3N)
    outcome=$(claim_outcome "{rb$c-$2-$$}" probe "$now" fp)
    [ "$outcome" = claimed ] || printf 'warning: the claim script on a new key answered %s, not claimed\n' "$outcome" >&2
    first=$(evalsha_per_s "$c" "{rb$c-$2-$$}" "k__rand_int__" "$now" fp)
    fingerprint=$(redis_cli hget "idem:{$scope}:r:press-0" fingerprint)
    outcome=$(claim_outcome "{$scope}" press-0 "$now" "$fingerprint")
    [ "$outcome" = replay ] || printf 'warning: the claim script on a completed record answered %s, not replay\n' "$outcome" >&2
    replay=$(evalsha_per_s "$c" "{$scope}" press-0 "$now" "$fingerprint")
    LIMIT[redis,$c,first]="${LIMIT[redis,$c,first]:-} $(awk -v e="$first" 'BEGIN { if (e > 0) printf "%.1f", e / 2; else print "n/a" }')"
    LIMIT[redis,$c,replay]="${LIMIT[redis,$c,replay]:-} ${replay:-n/a}"
    log "round $2: redis c=$c: limit first $(awk -v e="$first" 'BEGIN { printf "%.0f", e / 2 }')/s, replay ${replay:-n/a}/s"
}

# PostgreSQL: SqlStore::insertOrReadPostgres's claim and SqlStore::complete's
# UPDATE, text for text, with pgbench variables for the bound values. The
# claim binds the kept request too (bytea): the engine's own bytes, read
# from the press-0 record of the engine's run in the same round.
COLUMNS="scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, headers, body, created_at, updated_at, expires_at, reconciled"
claim_sql() { # KEY-EXPRESSION
    printf "WITH ins AS (INSERT INTO idem_records (%s, request) VALUES (:scope, %s, 'IN_FLIGHT', :fp, :lease, :owner, 1, :biz, 0, NULL, NULL, :now, :now, 0, 0, :req) ON CONFLICT (scope, idem_key) DO NOTHING RETURNING 1) SELECT %s, (SELECT count(*) FROM ins) FROM (SELECT 1) AS one LEFT JOIN idem_records r ON r.scope = :scope AND r.idem_key = %s;\n" \
        "$COLUMNS" "$1" "$(sed 's/[a-z_]\+/r.&/g' <<< "$COLUMNS")" "$1"
}
PGBENCH_FIRST=$IDEM_SERVERS_DIR/pgbench-first.sql
PGBENCH_REPLAY=$IDEM_SERVERS_DIR/pgbench-replay.sql
{
    echo '\set k random(1, 1000000000000)'
    claim_sql ":k"
    echo "UPDATE idem_records SET state = 'COMPLETED', status_code = :status, headers = :headers, body = :body, updated_at = :now, expires_at = :expires WHERE scope = :scope AND idem_key = :k AND lease = :lease AND COALESCE(state, '') = 'IN_FLIGHT';"
} > "$PGBENCH_FIRST"
{
    echo "\\set k random(0, $((REQUESTS - 1)))"
    claim_sql "'press-' || :k"
} > "$PGBENCH_REPLAY"
# Transactions per second; nothing when a transaction failed (the warning says why).
pgbench_tps() { # C FILE SCOPE REQUEST
    local now jobs=1 transactions=$((REQUESTS / $1 * $1)) out
    now=$(date +%s%3N)
    [ "$1" -gt 1 ] && jobs=$(nproc)
    out=$("$PG_BIN/pgbench" -n -M prepared -h 127.0.0.1 -p "$POSTGRES_PORT" -U idem -c "$1" -j "$jobs" -t $((REQUESTS / $1)) \
        -f "$2" -D scope="$3" -D fp=0123456789abcdef -D lease=0123456789abcdef0123456789abcdef -D owner=bench:1 \
        -D biz=- -D now="$now" -D expires=$((now + 86400000)) -D status=200 -D req="$4" \
        -D headers='[["Content-Type","application/json"]]' -D body='{"key":"press-0","execution":1}' idem 2>&1) || true
    if ! grep -q "^number of transactions actually processed: $transactions/$transactions\$" <<< "$out"; then
        printf 'warning: pgbench %s at c=%s did not run every transaction: %s\n' "$(basename "$2")" "$1" "$out" >&2
        return 0
    fi
    sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<< "$out" | awk '{ printf "%.1f", $1 }'
}
postgresql_limit() { # C ROUND
    local c=$1 first replay completed request
    request=$(pg_admin -c "SELECT '\\x' || encode(request, 'hex') FROM idem_records
        WHERE scope = '${SCOPE[postgresql,$c]}' AND idem_key = 'press-0'")
    [ -n "$request" ] || printf 'warning: no kept request in %s/press-0: the limit binds an empty one\n' "${SCOPE[postgresql,$c]}" >&2
    first=$(pgbench_tps "$c" "$PGBENCH_FIRST" "pgb-$c-$2-$$" "$request")
    completed=$(pg_admin -c "SELECT count(*) FROM idem_records WHERE scope = 'pgb-$c-$2-$$' AND state = 'COMPLETED'")
    [ "$completed" -ge $((REQUESTS / c * c - 1)) ] ||
        printf 'warning: pgbench completed %s records, not %s\n' "$completed" $((REQUESTS / c * c)) >&2
    replay=$(pgbench_tps "$c" "$PGBENCH_REPLAY" "${SCOPE[postgresql,$c]}" "$request")
    LIMIT[postgresql,$c,first]="${LIMIT[postgresql,$c,first]:-} ${first:-n/a}"
    LIMIT[postgresql,$c,replay]="${LIMIT[postgresql,$c,replay]:-} ${replay:-n/a}"
    log "round $2: postgresql c=$c: limit first ${first:-n/a}/s, replay ${replay:-n/a}/s"
}

# ---- The run ----

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq 1 "$ROUNDS"); do
    sides=(engine seed)
    [ $((round % 2)) -eq 0 ] && sides=(seed engine)
    for backend in "${BACKENDS[@]}"; do
        for c in "${CONCURRENCY[@]}"; do
            SCOPE[$backend,$c]="peers-$c-$round-$$"
            for phase in "${PHASES[@]}"; do
                for side in "${sides[@]}"; do
                    measure "$side" "$backend" "$c" "$phase" "$round"
                done
            done
            "${backend}_limit" "$c" "$round"
        done
    done
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- The table ----

# The median of the figures given, n/a when any is n/a (a failure is never hidden).
median() {
    printf '%s\n' "$@" | sort -g | awk '$1 == "n/a" { bad = 1 } { v[NR] = $1 } END {
        if (bad || NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# ratio A B GOAL: A ÷ B to two places, and MISS below the goal.
ratio() {
    awk -v a="$1" -v b="$2" -v goal="$3" 'BEGIN {
        if (a == "n/a" || b == "n/a" || b <= 0) { print "n/a"; exit }
        r = a / b; printf "%.2f%s", r, (r < goal ? " MISS" : "") }'
}
# Each round's A ÷ B (engine ÷ seed, engine ÷ limit), to show how far the rounds agree.
round_ratios() {
    paste -d' ' <(printf '%s\n' $1) <(printf '%s\n' $2) |
        awk '{ if ($1 == "n/a" || $2 == "n/a" || $2 <= 0) printf "%s n/a", sep; else printf "%s%.2f", sep, $1 / $2; sep = " " }'
}
rate_text() { [ "$1" = n/a ] && echo n/a || printf '%.0f' "$1"; }

echo
echo "Engine mode: $ENGINE_MODE"
echo "Engine beside the seed-000 Go middleware's store code: requests per second, median of $ROUNDS interleaved"
echo "rounds of $REQUESTS requests (one run, this machine; goal engine ÷ seed ≥ 1.0)"
printf '%-11s %3s %-7s %10s %10s %14s  %s\n' backend c phase engine/s seed/s 'engine÷seed' 'rounds (engine÷seed)'
for backend in "${BACKENDS[@]}"; do
    for c in "${CONCURRENCY[@]}"; do
        for phase in "${PHASES[@]}"; do
            engine=$(median ${RATE[engine,$backend,$c,$phase]})
            seed=$(median ${RATE[seed,$backend,$c,$phase]})
            printf '%-11s %3s %-7s %10s %10s %14s  %s\n' "$backend" "$c" "$phase" "$(rate_text "$engine")" "$(rate_text "$seed")" \
                "$(ratio "$engine" "$seed" 1.0)" "$(round_ratios "${RATE[engine,$backend,$c,$phase]}" "${RATE[seed,$backend,$c,$phase]}")"
        done
    done
done

echo
echo "Round trips per request, counted on the server (median of the rounds). Redis: socket reads"
echo "(INFO stats total_reads_processed; a pipeline is one; the engine's threads share 4 connections"
echo "(RedisMux), so at c=32 one read carries several threads' requests: below 1 per request)."
echo "PostgreSQL: statements (pg_stat_statements calls of role idem / seed); lib/pq makes two network"
echo "round trips of each, the engine one."
printf '%-11s %3s %-7s %8s %8s\n' backend c phase engine seed
for backend in "${BACKENDS[@]}"; do
    for c in "${CONCURRENCY[@]}"; do
        for phase in "${PHASES[@]}"; do
            printf '%-11s %3s %-7s %8s %8s\n' "$backend" "$c" "$phase" \
                "$(median ${TRIPS[engine,$backend,$c,$phase]})" "$(median ${TRIPS[seed,$backend,$c,$phase]})"
        done
    done
done

echo
echo "What the server spends per request, in µs (median of the rounds). CPU: the redis-server's, or"
echo "the PostgreSQL backends' that served the run. Inside: of it, Redis in Lua scripts (EVALSHA: the"
echo "engine's claim and complete, the seed's finalize), PostgreSQL in statement execution."
printf '%-11s %3s %-7s %11s %11s %14s %12s\n' backend c phase 'engine CPU' 'seed CPU' 'engine inside' 'seed inside'
for backend in "${BACKENDS[@]}"; do
    for c in "${CONCURRENCY[@]}"; do
        for phase in "${PHASES[@]}"; do
            printf '%-11s %3s %-7s %11s %11s %14s %12s\n' "$backend" "$c" "$phase" \
                "$(median ${CPU[engine,$backend,$c,$phase]})" "$(median ${CPU[seed,$backend,$c,$phase]})" \
                "$(median ${INSIDE[engine,$backend,$c,$phase]})" "$(median ${INSIDE[seed,$backend,$c,$phase]})"
        done
    done
done

echo
echo "What each client spends per request, and what the machine gave (median of the rounds). Client:"
echo "its CPU in µs and its context switches (voluntary + forced; GNU time, every thread). Server busy:"
echo "the server's CPU time as % of the run's (100: one core, saturated; PostgreSQL's backends can pass"
echo "it). Steal: % of the machine's CPU time its hypervisor gave to others during the run."
both() { printf '%s/%s' "$(median $1)" "$(median $2)"; } # the engine's and the seed's medians
printf '%-11s %3s %-7s %13s %15s %14s %9s\n' backend c phase 'client CPU' 'switches/req' 'server busy %' 'steal %'
printf '%-11s %3s %-7s %13s %15s %14s %9s\n' '' '' '' 'engine/seed' 'engine/seed' 'engine/seed' 'eng/seed'
for backend in "${BACKENDS[@]}"; do
    for c in "${CONCURRENCY[@]}"; do
        for phase in "${PHASES[@]}"; do
            printf '%-11s %3s %-7s %13s %15s %14s %9s\n' "$backend" "$c" "$phase" \
                "$(both "${CLIENT[engine,$backend,$c,$phase]}" "${CLIENT[seed,$backend,$c,$phase]}")" \
                "$(both "${SWITCH[engine,$backend,$c,$phase]}" "${SWITCH[seed,$backend,$c,$phase]}")" \
                "$(both "${BUSY[engine,$backend,$c,$phase]}" "${BUSY[seed,$backend,$c,$phase]}")" \
                "$(both "${STEAL[engine,$backend,$c,$phase]}" "${STEAL[seed,$backend,$c,$phase]}")"
        done
    done
done

echo
echo "The server's limit for the engine's commands at the same concurrency (goal engine ÷ limit ≥ 0.8 on"
echo "Redis, ≥ 0.9 on PostgreSQL). Redis: redis-benchmark EVALSHA of the claim script (first: EVALSHA/s ÷"
echo "2). PostgreSQL: pgbench -M prepared of the claim and the completing UPDATE (first) or the claim on a"
echo "completed record (replay). Rounds: each round's engine ÷ the limit measured right after it in that"
echo "round; the machine's speed drifts between rounds more than within one."
printf '%-11s %3s %-7s %10s %10s %14s %12s  %s\n' backend c phase limit/s engine/s 'engine÷limit' 'seed÷limit' 'rounds (engine÷limit)'
for backend in "${BACKENDS[@]}"; do
    goal=0.8
    [ "$backend" = postgresql ] && goal=0.9
    for c in "${CONCURRENCY[@]}"; do
        for phase in "${PHASES[@]}"; do
            limit=$(median ${LIMIT[$backend,$c,$phase]})
            engine=$(median ${RATE[engine,$backend,$c,$phase]})
            seed=$(median ${RATE[seed,$backend,$c,$phase]})
            printf '%-11s %3s %-7s %10s %10s %14s %12s  %s\n' "$backend" "$c" "$phase" "$(rate_text "$limit")" "$(rate_text "$engine")" \
                "$(ratio "$engine" "$limit" "$goal")" "$(ratio "$seed" "$limit" 0)" \
                "$(round_ratios "${RATE[engine,$backend,$c,$phase]}" "${LIMIT[$backend,$c,$phase]}")"
        done
    done
done
echo
echo "Load average (1, 5, 15 min) on $(nproc) cores: $LOAD_BEFORE at the start, $LOAD_AFTER at the end."
echo "Above the core count, other work shared the machine: run again before reading much into a cell."

failed=0
for key in "${!RATE[@]}" "${!LIMIT[@]}"; do
    case " ${RATE[$key]:-} ${LIMIT[$key]:-} " in *" n/a "*) failed=1 ;; esac
done
[ $failed -eq 0 ] || die "a measurement failed (n/a above; see the warnings)"
