# Throwaway database servers for the tests and benchmarks. Source it after
# common.sh; do not run it.
#
#   servers_init                 one temporary directory, a trap that stops every server started here
#   start_redis                  exports IDEM_TEST_REDIS_URL (redis://127.0.0.1:PORT/0) and REDIS_PORT
#   start_redis_cluster          3 masters + 3 replicas; exports IDEM_TEST_REDIS_CLUSTER_URL
#                                (redis://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3/0: the masters as seed
#                                nodes) and REDIS_CLUSTER_PORTS (all six, masters first)
#   start_redis_cluster_one      a cluster of one master (every slot) and its replica, for benchmarks;
#                                exports REDIS_CLUSTER_ONE_PORT and REDIS_CLUSTER_ONE_REPLICA_PORT
#   start_postgres               exports IDEM_TEST_POSTGRESQL_URL (postgresql://idem@127.0.0.1:PORT/idem) and POSTGRES_PORT
#   start_mysql                  exports IDEM_TEST_MYSQL_URL (mysql://idem@127.0.0.1:PORT/idem) and MYSQL_PORT
#   start_prometheus             exports IDEM_TEST_PROMETHEUS_URL (http://127.0.0.1:PORT) and
#                                IDEM_TEST_PROMETHEUS_TARGETS: a folder where a test writes NAME.json
#                                (file-based service discovery: [{"targets": ["127.0.0.1:PORT"]}]) once its
#                                exporter listens; Prometheus scrapes every target there every second
#
# The user idem may create databases of its own (PostgreSQL: CREATEDB; MariaDB:
# any database named idem_…), so a test can stand for a service's database
# that holds nothing of the engine's. It may also create users and roles and
# grant them (PostgreSQL: CREATEROLE; MariaDB: CREATE USER, GRANT OPTION on
# idem.*, the mysql tables for default roles), as a store's owner who runs
# `idemctl init --roles` does.
#   servers_stop                 stops them and removes the directory (the trap calls it; safe to call twice)
#
# Every server lives in the temporary directory (data, socket, log) and
# listens on 127.0.0.1 only, on a port found free at start. Nothing here
# touches a system service, a default port or a data directory under /var/lib.
# servers_init installs traps on EXIT, INT and TERM; a caller that needs its
# own EXIT trap must call servers_stop from it.

IDEM_SERVERS_DIR=${IDEM_SERVERS_DIR:-}
IDEM_SERVERS_STARTED=()   # "name pid" of every server started here, stopped in reverse order
IDEM_SERVERS_WAIT_S=${IDEM_SERVERS_WAIT_S:-60}

servers_init() {
    [ -z "$IDEM_SERVERS_DIR" ] || die "servers_init: already initialised ($IDEM_SERVERS_DIR)"
    IDEM_SERVERS_DIR=$(mktemp -d /tmp/idem-servers.XXXXXX) || die "servers_init: mktemp failed"
    # PostgreSQL runs as another user and must reach its own subdirectory.
    chmod 711 "$IDEM_SERVERS_DIR"
    export IDEM_SERVERS_DIR
    trap 'servers_stop' EXIT
    trap 'servers_stop; trap - EXIT; exit 130' INT
    trap 'servers_stop; trap - EXIT; exit 143' TERM
    log "servers in $IDEM_SERVERS_DIR"
}

# A port that nothing uses now, below the kernel's ephemeral range (32768+)
# so that no outgoing connection takes it between the check and the bind.
# The other engineers' fixed ports (13306, 15432, 16379) are outside it too.
_servers_free_port() {
    local port tries
    for tries in $(seq 1 200); do
        port=$((20000 + RANDOM % 12000))
        if [ -z "$(ss -Htan "( sport = :$port )" 2>/dev/null)" ]; then
            printf '%s\n' "$port"
            return 0
        fi
    done
    die "no free loopback port found in 20000-31999"
}

# True while the process exists and is not a zombie (orphans may never be reaped).
_servers_alive() {
    local state
    state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "${state:0:1}" != "Z" ]
}

# _servers_wait NAME PID LOG CMD…: polls CMD until it succeeds. Returns 1 when
# the server process died (a lost port race, a bad option), 2 on timeout.
_servers_wait() {
    local name=$1 pid=$2 logfile=$3 deadline=$((SECONDS + IDEM_SERVERS_WAIT_S))
    shift 3
    until "$@" >/dev/null 2>&1; do
        if ! _servers_alive "$pid"; then
            printf 'warning: %s (pid %s) exited while starting; its log (%s):\n' "$name" "$pid" "$logfile" >&2
            cat "$logfile" >&2 2>/dev/null || true
            return 1
        fi
        if [ "$SECONDS" -ge "$deadline" ]; then
            printf 'error: %s (pid %s) did not answer within %ss; its log (%s):\n' "$name" "$pid" "$IDEM_SERVERS_WAIT_S" "$logfile" >&2
            cat "$logfile" >&2 2>/dev/null || true
            return 2
        fi
        sleep 0.2
    done
}

_servers_track() {
    IDEM_SERVERS_STARTED+=("$1 $2")
}

# Runs a command as the postgres user when we are root (PostgreSQL refuses
# to run as root); as ourselves otherwise.
_servers_as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

_servers_pg_bindir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/postgres" ] || die "PostgreSQL server binaries not found under /usr/lib/postgresql (Debian: postgresql)"
    printf '%s\n' "$dir"
}

# _servers_start_redis NAME DIR [ARG...]: one redis-server without persistence
# on a free loopback port (three tries if another process takes the port
# first), tracked as NAME; its port goes to _SERVERS_REDIS_PORT.
_servers_start_redis() {
    local name=$1 dir=$2 port pid attempt rc
    shift 2
    mkdir -p "$dir"
    for attempt in 1 2 3; do
        port=$(_servers_free_port)
        log "starting redis-server ($name) on 127.0.0.1:$port"
        redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no \
            --daemonize no --logfile "$dir/redis.log" --pidfile "$dir/redis.pid" "$@" &
        pid=$!
        _servers_track "$name" "$pid"
        rc=0
        _servers_wait "$name" "$pid" "$dir/redis.log" _servers_redis_ping "$port" || rc=$?
        [ "$rc" -eq 0 ] && break
        [ "$rc" -eq 1 ] && [ "$attempt" -lt 3 ] && continue
        die "redis-server ($name) did not start"
    done
    _SERVERS_REDIS_PORT=$port
}

start_redis() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_redis: call servers_init first"
    # DEBUG (from loopback only) lets tst_guiresponsive freeze the server.
    _servers_start_redis redis "$IDEM_SERVERS_DIR/redis" --enable-debug-command local
    export REDIS_PORT=$_SERVERS_REDIS_PORT
    export IDEM_TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
    log "redis ready: $IDEM_TEST_REDIS_URL"
}

# One more single redis-server with a replica of its own (two processes),
# for benchmarks that compare a cluster, whose masters each feed a replica,
# with one server that does the same. Exports REDIS_REPLICATED_PORT and
# REDIS_REPLICA_PORT; returns once the replica has synced.
start_redis_replicated() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_redis_replicated: call servers_init first"
    local deadline
    _servers_start_redis redis-replicated "$IDEM_SERVERS_DIR/redis-replicated"
    export REDIS_REPLICATED_PORT=$_SERVERS_REDIS_PORT
    _servers_start_redis redis-replica "$IDEM_SERVERS_DIR/redis-replica" --replicaof 127.0.0.1 "$REDIS_REPLICATED_PORT"
    export REDIS_REPLICA_PORT=$_SERVERS_REDIS_PORT
    deadline=$((SECONDS + IDEM_SERVERS_WAIT_S))
    until redis-cli -h 127.0.0.1 -p "$REDIS_REPLICA_PORT" info replication 2>/dev/null | tr -d '\r' | grep -qx 'master_link_status:up'; do
        [ "$SECONDS" -lt "$deadline" ] || die "the replica on port $REDIS_REPLICA_PORT did not sync with 127.0.0.1:$REDIS_REPLICATED_PORT"
        sleep 0.2
    done
    log "redis with a replica ready: redis://127.0.0.1:$REDIS_REPLICATED_PORT/0 (replica on $REDIS_REPLICA_PORT)"
}

# _servers_start_cluster_node NAME DIR: one redis-server with cluster-enabled
# on a free loopback port whose cluster bus port (port + 10000) is free too;
# its port goes to _SERVERS_REDIS_PORT.
_servers_start_cluster_node() {
    local name=$1 dir=$2 port pid rc
    mkdir -p "$dir"
    port=
    for _ in $(seq 1 200); do
        port=$(_servers_free_port)
        [ "$port" -lt 22000 ] && [ -z "$(ss -Htan "( sport = :$((port + 10000)) )" 2>/dev/null)" ] && break
        port=
    done
    [ -n "$port" ] || die "no free port pair (port and port+10000) found for a Redis Cluster node"
    log "starting redis-server ($name) on 127.0.0.1:$port"
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no \
        --cluster-enabled yes --cluster-config-file "$dir/nodes.conf" --cluster-node-timeout 2000 \
        --enable-debug-command local --daemonize no --logfile "$dir/redis.log" --pidfile "$dir/redis.pid" &
    pid=$!
    _servers_track "$name" "$pid"
    rc=0
    _servers_wait "$name" "$pid" "$dir/redis.log" _servers_redis_ping "$port" || rc=$?
    [ "$rc" -eq 0 ] || die "redis-server ($name) did not start"
    _SERVERS_REDIS_PORT=$port
}

# _servers_wait_cluster_ok DEADLINE PORT...: every node sees cluster_state:ok
# (returns 1, naming the node, when the deadline passes first).
_servers_wait_cluster_ok() {
    local deadline=$1 port
    shift
    for port in "$@"; do
        until redis-cli -h 127.0.0.1 -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok'; do
            if [ "$SECONDS" -ge "$deadline" ]; then
                printf 'warning: the Redis Cluster node on port %s did not reach cluster_state:ok\n' "$port" >&2
                return 1
            fi
            sleep 0.2
        done
    done
}

# _servers_wait_replica DEADLINE PORT...: each master has an online replica
# (a new cluster is "ok" before its replicas have attached; a claim that
# waits for a replica, ScopePolicy::replicaAcks, would fail until then).
_servers_wait_replica() {
    local deadline=$1 port
    shift
    for port in "$@"; do
        until redis-cli -h 127.0.0.1 -p "$port" info replication 2>/dev/null | grep -q '^slave0:.*state=online'; do
            [ "$SECONDS" -lt "$deadline" ] || die "the Redis Cluster master on port $port got no replica"
            sleep 0.2
        done
    done
}

# A throwaway Redis Cluster: six redis-servers with cluster-enabled, joined
# by `redis-cli --cluster create --cluster-replicas 1` (3 masters, each with
# one replica, the slots split evenly). cluster-node-timeout is short (2 s)
# so a killed master fails over within seconds (tests/tst_clusterfailover).
# DEBUG from loopback, like the single server.
start_redis_cluster() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_redis_cluster: call servers_init first"
    local base="$IDEM_SERVERS_DIR/redis-cluster" ports=() i seeds addresses=() deadline
    mkdir -p "$base"
    for i in 1 2 3 4 5 6; do
        _servers_start_cluster_node "redis-cluster-$i" "$base/node$i"
        ports+=("$_SERVERS_REDIS_PORT")
        addresses+=("127.0.0.1:$_SERVERS_REDIS_PORT")
    done
    log "joining the cluster: ${addresses[*]}"
    redis-cli --cluster create "${addresses[@]}" --cluster-replicas 1 --cluster-yes \
        > "$base/create.log" 2>&1 || { cat "$base/create.log" >&2; die "redis-cli --cluster create failed"; }
    # Every node must see the whole cluster before a test talks to it.
    deadline=$((SECONDS + IDEM_SERVERS_WAIT_S))
    _servers_wait_cluster_ok "$deadline" "${ports[@]}" || { cat "$base/create.log" >&2; die "the Redis Cluster did not reach cluster_state:ok"; }
    _servers_wait_replica "$deadline" "${ports[@]:0:3}"
    # --cluster create makes the first three addresses the masters.
    seeds="127.0.0.1:${ports[0]},127.0.0.1:${ports[1]},127.0.0.1:${ports[2]}"
    export REDIS_CLUSTER_PORTS="${ports[*]}"
    export IDEM_TEST_REDIS_CLUSTER_URL="redis://$seeds/0"
    log "redis cluster ready: $IDEM_TEST_REDIS_CLUSTER_URL"
}

# A Redis Cluster of one master that holds every slot, with one replica: the
# same two processes as start_redis_replicated, in cluster mode, for
# benchmarks that weigh what cluster mode and slot routing cost apart from
# spreading over masters. Exports REDIS_CLUSTER_ONE_PORT (the master, also a
# store URL of its own: the store asks CLUSTER SLOTS) and
# REDIS_CLUSTER_ONE_REPLICA_PORT.
start_redis_cluster_one() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_redis_cluster_one: call servers_init first"
    local base="$IDEM_SERVERS_DIR/redis-cluster-one" master replica id deadline
    _servers_start_cluster_node redis-cluster-one "$base/master"
    master=$_SERVERS_REDIS_PORT
    _servers_start_cluster_node redis-cluster-one-replica "$base/replica"
    replica=$_SERVERS_REDIS_PORT
    [ "$(redis-cli -h 127.0.0.1 -p "$master" cluster addslotsrange 0 16383)" = OK ] || die "CLUSTER ADDSLOTSRANGE failed on 127.0.0.1:$master"
    [ "$(redis-cli -h 127.0.0.1 -p "$replica" cluster meet 127.0.0.1 "$master")" = OK ] || die "CLUSTER MEET failed on 127.0.0.1:$replica"
    id=$(redis-cli -h 127.0.0.1 -p "$master" cluster myid | tr -d '\r')
    deadline=$((SECONDS + IDEM_SERVERS_WAIT_S))
    # The replica may only follow a node it already knows.
    until [ "$(redis-cli -h 127.0.0.1 -p "$replica" cluster replicate "$id" 2>/dev/null)" = OK ]; do
        [ "$SECONDS" -lt "$deadline" ] || die "the node on port $replica did not become a replica of 127.0.0.1:$master"
        sleep 0.2
    done
    _servers_wait_cluster_ok "$deadline" "$master" "$replica" || die "the one-master Redis Cluster did not reach cluster_state:ok"
    _servers_wait_replica "$deadline" "$master"
    export REDIS_CLUSTER_ONE_PORT=$master REDIS_CLUSTER_ONE_REPLICA_PORT=$replica
    log "one-master redis cluster ready: redis://127.0.0.1:$master/0 (replica on $replica)"
}

_servers_redis_ping() {
    [ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" = "PONG" ]
}

start_postgres() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_postgres: call servers_init first"
    local dir="$IDEM_SERVERS_DIR/postgres" bin port pid attempt rc
    bin=$(_servers_pg_bindir)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    chmod 700 "$dir"
    log "initdb in $dir/data"
    _servers_as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync \
        > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    for attempt in 1 2 3; do
        port=$(_servers_free_port)
        log "starting postgres on 127.0.0.1:$port"
        # fsync off: a test server never survives a machine crash anyway
        # (commits still reach the WAL file before they are acknowledged).
        # max_connections: the press tests open one connection per client thread.
        _servers_as_postgres "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" \
            -c fsync=off -c full_page_writes=off -c max_connections=400 -c shared_buffers=64MB \
            -c shared_preload_libraries=pg_stat_statements \
            > "$dir/postgres.log" 2>&1 &
        pid=$!
        _servers_track postgres "$pid"
        rc=0
        _servers_wait postgres "$pid" "$dir/postgres.log" "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -t 1 || rc=$?
        [ "$rc" -eq 0 ] && break
        [ "$rc" -eq 1 ] && [ "$attempt" -lt 3 ] && continue
        die "postgres did not start"
    done
    _servers_as_postgres "$bin/psql" -X -q -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
        -c "CREATE ROLE idem LOGIN CREATEDB CREATEROLE" -c "CREATE DATABASE idem OWNER idem" \
        >> "$dir/postgres.log" 2>&1 || { cat "$dir/postgres.log" >&2; die "creating role and database idem failed"; }
    # Statements per guarded request, counted on the server (tst_press).
    _servers_as_postgres "$bin/psql" -X -q -h "$dir" -p "$port" -U postgres -d idem -v ON_ERROR_STOP=1 \
        -c "CREATE EXTENSION pg_stat_statements" \
        -c "GRANT EXECUTE ON FUNCTION pg_stat_statements_reset(oid, oid, bigint) TO idem" \
        >> "$dir/postgres.log" 2>&1 || { cat "$dir/postgres.log" >&2; die "creating pg_stat_statements failed"; }
    export POSTGRES_PORT=$port
    export IDEM_TEST_POSTGRESQL_URL="postgresql://idem@127.0.0.1:$port/idem"
    log "postgres ready: $IDEM_TEST_POSTGRESQL_URL"
}

start_mysql() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_mysql: call servers_init first"
    local dir="$IDEM_SERVERS_DIR/mysql" port pid attempt rc user
    user=$(id -un)
    # A private tmpdir: two installs at once on one machine otherwise collide
    # on the bootstrap's temporary tables in /tmp ("Unknown table
    # mysql.tmp_user_sys") and the second fails.
    mkdir -p "$dir/tmp"
    log "mariadb-install-db in $dir/data"
    mariadb-install-db --no-defaults --datadir="$dir/data" --tmpdir="$dir/tmp" --user="$user" \
        --auth-root-authentication-method=normal --skip-test-db > "$dir/install.log" 2>&1 || { cat "$dir/install.log" >&2; die "mariadb-install-db failed"; }
    for attempt in 1 2 3; do
        port=$(_servers_free_port)
        log "starting mariadbd on 127.0.0.1:$port"
        # --no-defaults keeps /etc/mysql out; the character set is Debian's
        # packaged default (utf8mb4, case-insensitive collation), so the
        # schema must ask for binary key comparison itself.
        # flush at commit = 2: written at commit, synced once a second.
        mariadbd --no-defaults --user="$user" --datadir="$dir/data" --tmpdir="$dir/tmp" --socket="$dir/mysqld.sock" \
            --pid-file="$dir/mariadbd.pid" \
            --bind-address=127.0.0.1 --port="$port" --skip-name-resolve --skip-log-bin \
            --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
            --max-connections=500 --innodb-buffer-pool-size=128M --innodb-flush-log-at-trx-commit=2 \
            > "$dir/mariadb.log" 2>&1 &
        pid=$!
        _servers_track mysql "$pid"
        rc=0
        _servers_wait mysql "$pid" "$dir/mariadb.log" \
            mariadb-admin --no-defaults --protocol=socket --socket="$dir/mysqld.sock" -u root --connect-timeout=2 ping || rc=$?
        [ "$rc" -eq 0 ] && break
        [ "$rc" -eq 1 ] && [ "$attempt" -lt 3 ] && continue
        die "mariadbd did not start"
    done
    mariadb --no-defaults --protocol=socket --socket="$dir/mysqld.sock" -u root -e "
        CREATE DATABASE idem;
        CREATE USER 'idem'@'127.0.0.1';
        GRANT ALL PRIVILEGES ON idem.* TO 'idem'@'127.0.0.1' WITH GRANT OPTION;
        GRANT CREATE USER ON *.* TO 'idem'@'127.0.0.1';
        GRANT SELECT, INSERT, UPDATE, DELETE ON mysql.* TO 'idem'@'127.0.0.1';
        GRANT ALL PRIVILEGES ON \`idem\\_%\`.* TO 'idem'@'127.0.0.1' WITH GRANT OPTION;" \
        >> "$dir/mariadb.log" 2>&1 || { cat "$dir/mariadb.log" >&2; die "creating database and user idem failed"; }
    mariadb-admin --no-defaults --protocol=tcp -h 127.0.0.1 -P "$port" -u idem ping > /dev/null \
        || { cat "$dir/mariadb.log" >&2; die "user idem cannot connect over TCP"; }
    export MYSQL_PORT=$port
    export IDEM_TEST_MYSQL_URL="mysql://idem@127.0.0.1:$port/idem"
    log "mysql ready: $IDEM_TEST_MYSQL_URL"
}

# Prometheus with a temporary data folder, scraping whatever targets the
# tests list in its targets folder (a target must exist before it is listed,
# so a test starts its exporter, then writes the file). Scrapes and rule
# evaluations every second: a test waits seconds, not minutes, for a sample.
start_prometheus() {
    [ -n "$IDEM_SERVERS_DIR" ] || die "start_prometheus: call servers_init first"
    local dir="$IDEM_SERVERS_DIR/prometheus" port pid attempt rc
    mkdir -p "$dir/data" "$dir/targets"
    printf '%s\n' "global:" "  scrape_interval: 1s" "  scrape_timeout: 1s" "  evaluation_interval: 1s" \
        "scrape_configs:" "  - job_name: idem-test" "    file_sd_configs:" "      - files: ['$dir/targets/*.json']" \
        "        refresh_interval: 1s" > "$dir/prometheus.yml"
    for attempt in 1 2 3; do
        port=$(_servers_free_port)
        log "starting prometheus on 127.0.0.1:$port"
        prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
            --web.listen-address="127.0.0.1:$port" --storage.tsdb.retention.time=1d --log.level=warn \
            > "$dir/prometheus.log" 2>&1 &
        pid=$!
        _servers_track prometheus "$pid"
        rc=0
        _servers_wait prometheus "$pid" "$dir/prometheus.log" _servers_http_ready "$port" /-/ready || rc=$?
        [ "$rc" -eq 0 ] && break
        [ "$rc" -eq 1 ] && [ "$attempt" -lt 3 ] && continue
        die "prometheus did not start"
    done
    export PROMETHEUS_PORT=$port
    export IDEM_TEST_PROMETHEUS_URL="http://127.0.0.1:$port"
    export IDEM_TEST_PROMETHEUS_TARGETS="$dir/targets"
    log "prometheus ready: $IDEM_TEST_PROMETHEUS_URL (targets in $IDEM_TEST_PROMETHEUS_TARGETS)"
}

# True when GET PATH on 127.0.0.1:PORT answers 200 (bash's /dev/tcp: no HTTP client needed).
_servers_http_ready() {
    (
        exec 3<> "/dev/tcp/127.0.0.1/$1" || exit 1
        printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
        IFS= read -r -t 2 line <&3 || exit 1
        [[ $line == *" 200 "* ]]
    )
}

# Stops every server started here (newest first): a clean shutdown signal,
# then SIGKILL after 30 s. Removes the directory. Never fails.
servers_stop() {
    local i entry name pid server deadline
    for ((i = ${#IDEM_SERVERS_STARTED[@]} - 1; i >= 0; i--)); do
        entry=${IDEM_SERVERS_STARTED[$i]}
        name=${entry% *}
        pid=${entry#* }
        server=$pid
        if [ "$name" = postgres ]; then
            # $! is runuser when we are root; the postmaster is its child.
            server=$(head -n 1 "$IDEM_SERVERS_DIR/postgres/data/postmaster.pid" 2>/dev/null || true)
            [ -n "$server" ] || server=$pid
        fi
        if _servers_alive "$server"; then
            log "stopping $name (pid $server)"
            # SIGINT is PostgreSQL's fast shutdown (SIGTERM would wait for clients).
            if [ "$name" = postgres ]; then kill -INT "$server" 2>/dev/null || true
            else kill -TERM "$server" 2>/dev/null || true; fi
            deadline=$((SECONDS + 30))
            while _servers_alive "$server" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
            if _servers_alive "$server"; then
                printf 'warning: %s (pid %s) ignored the shutdown request; killing it\n' "$name" "$server" >&2
                kill -KILL "$server" 2>/dev/null || true
            fi
        fi
        wait "$pid" 2>/dev/null || true
    done
    IDEM_SERVERS_STARTED=()
    if [ -n "$IDEM_SERVERS_DIR" ] && [ -d "$IDEM_SERVERS_DIR" ]; then
        rm -rf "$IDEM_SERVERS_DIR"
    fi
    IDEM_SERVERS_DIR=
    return 0
}
