#!/usr/bin/env bash
# The whole suite: install what is missing, build, start throwaway Redis
# (one server and a 3-master, 3-replica cluster), PostgreSQL, MariaDB and Prometheus servers (tools/lib/servers.sh), run every test with
# CTest against them. The servers are stopped on exit, whatever happened.
# Exits non-zero on any failure. Extra arguments go to ctest (e.g. -R faults).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/servers.sh"

started=$SECONDS
ensure_packages "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
configure_project
check_packages test "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"
build_project

servers_init
# On INT/TERM stop CTest too, not only the servers (servers_init's traps
# would leave it running against servers that are gone).
ctest_pid=
on_signal() {
    [ -z "$ctest_pid" ] || kill -TERM "$ctest_pid" 2>/dev/null || true
    servers_stop
    trap - EXIT
    exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

start_redis
start_redis_cluster
start_postgres
start_mysql
start_prometheus
export IDEM_TEST_REDIS_URL IDEM_TEST_REDIS_CLUSTER_URL IDEM_TEST_POSTGRESQL_URL IDEM_TEST_MYSQL_URL
export IDEM_TEST_PROMETHEUS_URL IDEM_TEST_PROMETHEUS_TARGETS
# A test whose server is missing fails here rather than being skipped: a URL
# not set, or a server program not installed for the tests that start
# servers of their own (tests/serverrequirement.h).
export IDEM_TEST_REQUIRE_SERVERS=1

log "running the tests"
cd "$IDEM_BUILD"
# In the background so a signal reaches the trap at once (bash runs traps
# only between foreground commands); SIGINT restored, which bash ignores in
# background jobs, so Ctrl-C still stops CTest and the running test.
rc=0
QT_QPA_PLATFORM=offscreen env --default-signal=INT ctest --output-on-failure --timeout 900 "$@" &
ctest_pid=$!
wait "$ctest_pid" || rc=$?
ctest_pid=
log "tests finished in $((SECONDS - started)) s (exit code $rc)"
exit "$rc"
