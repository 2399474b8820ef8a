#!/usr/bin/env bash
# Benchmark, not a test: the native Redis store on a Redis Cluster (3
# masters, 3 replicas, tools/lib/servers.sh) beside one redis-server, in one
# run on this machine. Prints:
#   spread       one hot scope (payment) of BENCH_SPREAD_KEYS guarded first
#                requests (default 100000): keys per master (DBSIZE; the
#                scope's few index and counter keys per bucket included),
#                max ÷ min (goal <= 1.3)
#   round trips  per first request and per replay, counted with MONITOR on
#                every master (one redis-cli monitor per node): commands the
#                store's connections sent (EVALSHA, WAIT; not what scripts
#                run inside the server). A pipelined command shares its
#                round trip; the once-per-connection and once-per-scope
#                commands (CLIENT SETNAME, CLUSTER SLOTS, SCRIPT LOAD, the
#                registry) add about 0.01 per request here; goal 2 and 1 without WAIT,
#                3 and 1 with WAIT (replicaAcks=1)
#   throughput   guarded first requests and replays per second on the
#                cluster (without and with WAIT), on the single server and
#                on a single server feeding a replica as each master does
#                (single-replica: the cluster's overhead without
#                replication's) and on a cluster of one master holding every
#                slot, with its replica (cluster-one: the same two processes
#                as single-replica in cluster mode, so cluster-one ÷
#                single-replica is what cluster mode and slot routing cost,
#                apart from spreading over masters; taken round by round,
#                the two run one after the other in each round, and the
#                median of the rounds held to the goal >= 0.9: on a shared
#                2-core host one round of either may be off by 20 %), at
#                BENCH_THREADS client threads (default 32), as ratios;
#                and on the cluster with a connection per thread to each
#                master (connections=0) beside the default, where the
#                threads share one pipelined connection per master
#   where it goes  per request, over every round: CPU of the masters and of
#                the replicas (INFO cpu, used_cpu_user + used_cpu_sys),
#                socket reads on the masters (INFO stats
#                total_reads_processed), and how often the masters and the
#                replicas went to sleep waiting for work (voluntary context
#                switches in /proc/PID/status, PID from INFO server): a
#                server that sleeps is woken again by the next request, and
#                a master's every wake-up also writes to its replica and
#                wakes it; the masters' CPU per request gives
#                the per-master rate of the capacity model (one master on a
#                core of its own serves 1 s ÷ that many requests)
#                On a 2-core machine the six cluster nodes, the single
#                server and the clients share the same cores: the ratio
#                shows the routing's and WAIT's overhead, not scaling.
# Only ratios from this one run mean anything; nothing is asserted. Exit
# code: 0 unless a measurement failed (a missed goal is printed, not failed).
#
# Builds idem-bench-cluster (tools/benchcluster.cpp) Release into
# build-bench (IDEM_BENCH_BUILD to use another build directory); starts its
# own servers, stopped on exit. Environment: BENCH_REQUESTS (requests per
# throughput measurement, default 20000), BENCH_ROUNDS (default 3, best
# kept), BENCH_MONITOR_REQUESTS (default 2000), BENCH_SPREAD_KEYS, BENCH_THREADS.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"
IDEM_BUILD=${IDEM_BENCH_BUILD:-$IDEM_ROOT/build-bench}
REQUESTS=${BENCH_REQUESTS:-20000}
ROUNDS=${BENCH_ROUNDS:-3}
MONITOR_REQUESTS=${BENCH_MONITOR_REQUESTS:-2000}
SPREAD_KEYS=${BENCH_SPREAD_KEYS:-100000}
THREADS=${BENCH_THREADS:-32}
FAILED=0

ensure_packages "${IDEM_BUILD_PACKAGES[@]}" redis-server redis-tools iproute2 procps time
configure_project Release
log "building idem-bench-cluster"
cmake --build "$IDEM_BUILD" --parallel "$(nproc)" --target idem-bench-cluster >&2 || die "build failed"
BENCH=$IDEM_BUILD/tests/idem-bench-cluster
[ -x "$BENCH" ] || die "$BENCH was not built"

servers_init
start_redis
start_redis_replicated
start_redis_cluster
start_redis_cluster_one
read -r -a CLUSTER_PORTS <<< "$REDIS_CLUSTER_PORTS"
MASTER_PORTS=("${CLUSTER_PORTS[@]:0:3}")
REPLICA_PORTS=("${CLUSTER_PORTS[@]:3:3}")
CLUSTER_URL=$IDEM_TEST_REDIS_CLUSTER_URL
SINGLE_URL=$IDEM_TEST_REDIS_URL

json_number() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b + 0 <= 0) print "n/a"; else printf "%.2f", a / b }'; }
best() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a") print "n/a"; else if (a == "") print b; else print (a + 0 > b + 0 ? a : b) }'; }
failed() { printf 'warning: %s\n' "$*" >&2; FAILED=1; }

# bench URL SCOPE PHASE THREADS REQUESTS ACKS: requests/s, or n/a (and a warning).
bench() {
    local out
    echo "+ $BENCH --store $1 --scope $2 --phase $3 --threads $4 --requests $5 --replica-acks $6" >&2
    # The client's CPU (user + system seconds) goes to $IDEM_SERVERS_DIR/client-cpu.
    if out=$(/usr/bin/time -f '%U %S' -o "$IDEM_SERVERS_DIR/client-cpu" \
        "$BENCH" --store "$1" --scope "$2" --phase "$3" --threads "$4" --requests "$5" --replica-acks "$6" 2>&1); then
        printf '%s' "$out" | json_number per_s
    else
        failed "$2 $3 on $1: $out"
        echo n/a
    fi
}

# --- spread: one hot scope over the masters
# Without WAIT: where a key lands does not depend on it, and on a loaded
# 2-core box a few WAITs run past their 1000 ms (those claims fail closed).
log "spread: $SPREAD_KEYS guarded first requests into scope payment (replicaAcks 0)"
[ "$(bench "$CLUSTER_URL" payment first "$THREADS" "$SPREAD_KEYS" 0)" != n/a ] || failed "the spread's requests did not all execute"
declare -a PER_MASTER=()
for port in "${MASTER_PORTS[@]}"; do
    PER_MASTER+=("$(redis-cli -h 127.0.0.1 -p "$port" dbsize | tr -d '\r')")
done
SPREAD=$(printf '%s\n' "${PER_MASTER[@]}" | awk 'NR == 1 { min = max = $1 } { if ($1 < min) min = $1; if ($1 > max) max = $1 }
    END { if (min > 0) printf "%.3f", max / min; else print "n/a" }')
[ "$SPREAD" = n/a ] && failed "a master holds no key: ${PER_MASTER[*]}"

# --- round trips: MONITOR on every master while one phase runs
client_commands() { cat "$1"/*.log | grep -E '^[0-9.]+ \[' | grep -v ' lua\] '; }
# monitored SCOPE PHASE ACKS: commands the store sent per request (EVALSHA, EVAL, WAIT, SADD, HMGET …).
monitored() {
    local dir="$IDEM_SERVERS_DIR/monitor-$1-$2" pids=() port count rate
    mkdir -p "$dir"
    for port in "${MASTER_PORTS[@]}"; do
        redis-cli -h 127.0.0.1 -p "$port" monitor > "$dir/$port.log" 2>&1 &
        pids+=($!)
    done
    sleep 0.5 # every monitor attached before the first request
    rate=$(bench "$CLUSTER_URL" "$1" "$2" 4 "$MONITOR_REQUESTS" "$3")
    sleep 0.5 # the last commands reach the monitors
    kill "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
    [ "$rate" = n/a ] && { echo n/a; return; }
    # A command line: "<time> [<db> <client>] "NAME" …. Left out: what
    # scripts run inside the server ("[0 lua]", no round trip), the nodes'
    # own cluster traffic and the monitors'.
    count=$(client_commands "$dir" | grep -viE '\] "(ping|replconf|monitor|info|command)"' | wc -l)
    awk -v c="$count" -v n="$MONITOR_REQUESTS" 'BEGIN { printf "%.3f", c / n }'
    printf '  %s %s: commands by name: %s\n' "$1" "$2" \
        "$(client_commands "$dir" | sed -n 's/^[^]]*\] "\([^"]*\)".*/\1/p' | tr '[:lower:]' '[:upper:]' | sort | uniq -c | awk '{ printf "%s=%s ", $2, $1 }')" >> "$IDEM_SERVERS_DIR/monitor-names.txt"
}
log "round trips: MONITOR on the masters, $MONITOR_REQUESTS requests per phase"
RT_FIRST_0=$(monitored rt-nowait first 0)
RT_REPLAY_0=$(monitored rt-nowait replay 0)
RT_FIRST_1=$(monitored rt-wait first 1)
RT_REPLAY_1=$(monitored rt-wait replay 1)

# --- throughput: cluster (no WAIT, WAIT 1) and single server, same concurrency, same rounds
# sum_info FIELD PORT...: the sum of one INFO field over the nodes (cpu: user + sys seconds).
sum_info() {
    local field=$1 port total=0 value
    shift
    for port in "$@"; do
        if [ "$field" = cpu ]; then
            value=$(redis-cli -h 127.0.0.1 -p "$port" info cpu | tr -d '\r' | awk -F: '/^used_cpu_(user|sys):/ { s += $2 } END { print s + 0 }')
        else
            value=$(redis-cli -h 127.0.0.1 -p "$port" info stats | tr -d '\r' | sed -n "s/^$field://p")
        fi
        total=$(awk -v a="$total" -v b="${value:-0}" 'BEGIN { print a + b }')
    done
    echo "$total"
}
# sum_wakeups PORT...: the nodes' voluntary context switches so far (each a
# sleep in epoll_wait until a socket had something to read).
sum_wakeups() {
    local port pid total=0
    for port in "$@"; do
        pid=$(redis-cli -h 127.0.0.1 -p "$port" info server | tr -d '\r' | sed -n 's/^process_id://p')
        total=$((total + $(awk '/^voluntary_ctxt_switches:/ { print $2 }' "/proc/$pid/status")))
    done
    echo "$total"
}
add() { awk -v a="${1:-0}" -v b="$2" -v c="$3" 'BEGIN { print a + b - c }'; }
declare -A RATE ROUNDS_OF CPU_M CPU_R CPU_C READS WAKE_M WAKE_R DONE
for round in $(seq 1 "$ROUNDS"); do
    for target in single single-replica cluster-one cluster cluster-own cluster-wait; do
        case $target in
            single) url=$SINGLE_URL acks=0 ;;
            single-replica) url=redis://127.0.0.1:$REDIS_REPLICATED_PORT/0 acks=0 ;;
            cluster-one) url=redis://127.0.0.1:$REDIS_CLUSTER_ONE_PORT/0 acks=0 ;;
            cluster) url=$CLUSTER_URL acks=0 ;;
            cluster-own) url=$CLUSTER_URL?connections=0 acks=0 ;;
            cluster-wait) url=$CLUSTER_URL acks=1 ;;
        esac
        scope="tp-$target-$round"
        masters=("${MASTER_PORTS[@]}") replicas=("${REPLICA_PORTS[@]}")
        [ "$target" = single ] && masters=("$REDIS_PORT") replicas=()
        [ "$target" = single-replica ] && masters=("$REDIS_REPLICATED_PORT") replicas=("$REDIS_REPLICA_PORT")
        [ "$target" = cluster-one ] && masters=("$REDIS_CLUSTER_ONE_PORT") replicas=("$REDIS_CLUSTER_ONE_REPLICA_PORT")
        for phase in first replay; do
            log "round $round: $target, $phase, $THREADS threads"
            m0=$(sum_info cpu "${masters[@]}") r0=$(sum_info cpu "${replicas[@]}") k0=$(sum_info total_reads_processed "${masters[@]}")
            wm0=$(sum_wakeups "${masters[@]}") wr0=$(sum_wakeups "${replicas[@]}")
            rate=$(bench "$url" "$scope" "$phase" "$THREADS" "$REQUESTS" "$acks")
            RATE[$target,$phase]=$(best "${RATE[$target,$phase]:-}" "$rate")
            ROUNDS_OF[$target,$phase]="${ROUNDS_OF[$target,$phase]:-}${ROUNDS_OF[$target,$phase]:+ }${rate%.*}"
            CPU_M[$target,$phase]=$(add "${CPU_M[$target,$phase]:-}" "$(sum_info cpu "${masters[@]}")" "$m0")
            CPU_R[$target,$phase]=$(add "${CPU_R[$target,$phase]:-}" "$(sum_info cpu "${replicas[@]}")" "$r0")
            READS[$target,$phase]=$(add "${READS[$target,$phase]:-}" "$(sum_info total_reads_processed "${masters[@]}")" "$k0")
            WAKE_M[$target,$phase]=$(add "${WAKE_M[$target,$phase]:-}" "$(sum_wakeups "${masters[@]}")" "$wm0")
            WAKE_R[$target,$phase]=$(add "${WAKE_R[$target,$phase]:-}" "$(sum_wakeups "${replicas[@]}")" "$wr0")
            CPU_C[$target,$phase]=$(add "${CPU_C[$target,$phase]:-}" "$(awk '{ print $1 + $2 }' "$IDEM_SERVERS_DIR/client-cpu")" 0)
            DONE[$target,$phase]=$(add "${DONE[$target,$phase]:-}" "$REQUESTS" 0)
        done
    done
done

echo
echo "Redis Cluster (3 masters + 3 replicas, loopback) against one redis-server; one run, this machine ($(nproc) cores)"
echo "Cluster: $CLUSTER_URL   single: $SINGLE_URL"
echo
echo "Spread of one hot scope (payment, $SPREAD_KEYS first requests, default buckets):"
for i in "${!MASTER_PORTS[@]}"; do
    printf '  master 127.0.0.1:%s  %s keys (DBSIZE)\n' "${MASTER_PORTS[$i]}" "${PER_MASTER[$i]}"
done
printf '  max / min = %s (goal <= 1.3)\n' "$SPREAD"
echo
echo "Commands per guarded request on the masters (MONITOR, $MONITOR_REQUESTS requests, 4 threads):"
printf '  without WAIT: first request %s (goal 2), replay %s (goal 1)\n' "$RT_FIRST_0" "$RT_REPLAY_0"
printf '  with WAIT 1:  first request %s (goal 3), replay %s (goal 1)\n' "$RT_FIRST_1" "$RT_REPLAY_1"
cat "$IDEM_SERVERS_DIR/monitor-names.txt" 2>/dev/null || true
echo
echo "Guarded requests per second at $THREADS client threads (best of $ROUNDS rounds of $REQUESTS requests):"
printf '  %-26s %12s %12s   %s\n' target first/s replay/s "every round: first / replay"
for target in single single-replica cluster-one cluster cluster-own cluster-wait; do
    printf '  %-26s %12s %12s   %s / %s\n' "$target" "${RATE[$target,first]%.*}" "${RATE[$target,replay]%.*}" \
        "${ROUNDS_OF[$target,first]}" "${ROUNDS_OF[$target,replay]}"
done
# paired A B PHASE: A ÷ B per round (the two ran one after the other in each
# round), then the median of those: "r1 r2 r3 median".
paired() {
    awk -v a="${ROUNDS_OF[$1,$3]}" -v b="${ROUNDS_OF[$2,$3]}" 'BEGIN {
        n = split(a, x, " "); split(b, y, " ")
        for (i = 1; i <= n; ++i) { r[i] = (y[i] > 0 ? x[i] / y[i] : 0); printf "%.2f ", r[i] }
        for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
        printf "%.2f", (n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2) }'
}
ONE_FIRST=$(paired cluster-one single-replica first) ONE_REPLAY=$(paired cluster-one single-replica replay)
printf '  cluster-one / single-replica, round by round (cluster mode and routing, the same processes):\n'
printf '      first  %s (median last)\n      replay %s\n      goal >= 0.9 on both medians: %s\n' "$ONE_FIRST" "$ONE_REPLAY" \
    "$(awk -v f="${ONE_FIRST##* }" -v r="${ONE_REPLAY##* }" 'BEGIN { print (f >= 0.9 && r >= 0.9 ? "met" : "MISS") }')"
printf '  cluster / single:          first %s, replay %s\n' \
    "$(ratio "${RATE[cluster,first]}" "${RATE[single,first]}")" "$(ratio "${RATE[cluster,replay]}" "${RATE[single,replay]}")"
printf '  cluster / single-replica:  first %s, replay %s\n' \
    "$(ratio "${RATE[cluster,first]}" "${RATE[single-replica,first]}")" "$(ratio "${RATE[cluster,replay]}" "${RATE[single-replica,replay]}")"
printf '  cluster-own / single:      first %s, replay %s\n' \
    "$(ratio "${RATE[cluster-own,first]}" "${RATE[single,first]}")" "$(ratio "${RATE[cluster-own,replay]}" "${RATE[single,replay]}")"
printf '  cluster WAIT 1 / single:   first %s, replay %s\n' \
    "$(ratio "${RATE[cluster-wait,first]}" "${RATE[single,first]}")" "$(ratio "${RATE[cluster-wait,replay]}" "${RATE[single,replay]}")"
echo
echo "Where it goes, per request over all $ROUNDS rounds (CPU µs: servers from INFO cpu, the client from time(1);"
echo "reads: total_reads_processed on the masters; sleeps: voluntary context switches of the masters / the replicas;"
echo "per-master rate: 1 s ÷ the masters' CPU per request):"
printf '  %-14s %-7s %8s %9s %7s %7s %7s %13s %16s\n' target phase masters replicas client total reads sleeps "per-master rate"
for target in single single-replica cluster-one cluster cluster-own; do
    for phase in first replay; do
        awk -v t="$target" -v p="$phase" -v m="${CPU_M[$target,$phase]}" -v r="${CPU_R[$target,$phase]}" -v c="${CPU_C[$target,$phase]}" \
            -v k="${READS[$target,$phase]}" -v wm="${WAKE_M[$target,$phase]}" -v wr="${WAKE_R[$target,$phase]}" -v n="${DONE[$target,$phase]}" \
            'BEGIN { us = m * 1e6 / n; rs = r * 1e6 / n; cs = c * 1e6 / n
            printf "  %-14s %-7s %8.1f %9.1f %7.1f %7.1f %7.2f %6.3f/%6.3f %14.0f/s\n", t, p, us, rs, cs, us + rs + cs, k / n, wm / n, wr / n, (us > 0 ? 1e6 / us : 0) }'
    done
done
# cpu_per TARGET PHASE: every process's CPU µs per request over the rounds.
cpu_per() { awk -v m="${CPU_M[$1,$2]}" -v r="${CPU_R[$1,$2]}" -v c="${CPU_C[$1,$2]}" -v n="${DONE[$1,$2]}" 'BEGIN { printf "%.1f", (m + r + c) * 1e6 / n }'; }
printf '  single-replica / cluster-one in CPU per request (the same work done, cluster mode and routing beside it): first %s, replay %s\n' \
    "$(ratio "$(cpu_per single-replica first)" "$(cpu_per cluster-one first)")" "$(ratio "$(cpu_per single-replica replay)" "$(cpu_per cluster-one replay)")"
echo "  This machine has $(nproc) cores for 11 redis-servers and the clients: cluster / single shows how it shares"
echo "  itself among six servers plus the routing, not how a cluster scales on separate hosts; cluster-one /"
echo "  single-replica is the routing and cluster mode alone."
[ "$FAILED" -eq 0 ] || { echo "(a measurement failed: see the warnings above)"; exit 1; }
