#!/usr/bin/env bash
# A test that needs a server never passes without it (tests/serverrequirement.h):
# run with no server URL set, suites of each kind fail, naming the variable,
# when IDEM_TEST_REQUIRE_SERVERS=1 (as under tools/test.sh); run by hand
# without it, the same tests are skipped with the same message and the
# suite passes. Nothing here reaches a server.
# usage: tests/server-requirement-test.sh BUILD_DIR   (a built build tree)
set -uo pipefail
build=${1:?usage: server-requirement-test.sh BUILD_DIR}
tests=$build/tests

failures=0 passed=0
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }
pass() { printf 'ok: %s\n' "$*"; passed=$((passed + 1)); }

# run REQUIRE [VAR=VALUE...] -- BINARY [ARGS...]: the test binary with no
# server URL and IDEM_TEST_REQUIRE_SERVERS=REQUIRE (unset when empty); its
# output in $out, its exit code in $rc.
run() {
    local require=$1
    shift
    local -a settings=(QT_QPA_PLATFORM=offscreen)
    [ -z "$require" ] || settings+=(IDEM_TEST_REQUIRE_SERVERS="$require")
    while [ "$1" != -- ]; do
        settings+=("$1")
        shift
    done
    shift
    rc=0
    out=$(env -u IDEM_TEST_REDIS_URL -u IDEM_TEST_REDIS_CLUSTER_URL -u IDEM_TEST_POSTGRESQL_URL -u IDEM_TEST_MYSQL_URL \
        -u IDEM_TEST_REQUIRE_SERVERS -u IDEM_TEST_BACKEND "${settings[@]}" "$tests/$1" "${@:2}" 2>&1) || rc=$?
}

# expect NAME WHAT [VAR=VALUE...] -- BINARY [ARGS...] -- MESSAGE...: each
# MESSAGE (e.g. "IDEM_TEST_REDIS_URL is not set") is a failure when
# required and a skip otherwise, and nothing is skipped or fails else.
expect() {
    local name=$1 what=$2
    shift 2
    local -a settings=() command=() messages=()
    while [ "$1" != -- ]; do settings+=("$1"); shift; done
    shift
    while [ "$1" != -- ]; do command+=("$1"); shift; done
    shift
    messages=("$@")
    local message ok=1

    run 1 "${settings[@]}" -- "${command[@]}"
    for message in "${messages[@]}"; do
        grep -qE "^FAIL! +: .*$message" <<< "$out" || { ok=0; fail "$name ($what), required: no failure saying '$message'; output: $out"; }
    done
    if [ "$rc" -eq 0 ]; then
        ok=0
        fail "$name ($what), required: exit 0, expected a failure; output: $out"
    elif grep -qE '^SKIP +: ' <<< "$out"; then
        ok=0
        fail "$name ($what), required: a test was skipped; output: $out"
    fi
    [ $ok = 0 ] || pass "$name ($what) fails when servers are required: $(grep -m1 -E '^FAIL! ' <<< "$out")"

    ok=1
    run "" "${settings[@]}" -- "${command[@]}"
    for message in "${messages[@]}"; do
        grep -qE "^SKIP +: .*$message" <<< "$out" || { ok=0; fail "$name ($what), by hand: no skip saying '$message'; output: $out"; }
    done
    if [ "$rc" -ne 0 ] || grep -qE '^FAIL! ' <<< "$out"; then
        ok=0
        fail "$name ($what), by hand: exit $rc, expected 0 with nothing failed; output: $out"
    fi
    [ $ok = 0 ] || pass "$name ($what) is skipped by hand: $(grep -m1 -E '^SKIP ' <<< "$out")"
}

unset_url() { printf '%s is not set: tools/test.sh starts the servers and sets it' "$1"; }

# Test functions that need a server: PostgreSQL for go-middleware, MySQL for java-handler.
expect tst_layoutsqlgo "a server per test function" -- tst_layoutsqlgo goListingAndDetail goOpenErrors -- \
    "goListingAndDetail\(\) $(unset_url IDEM_TEST_POSTGRESQL_URL)" "goOpenErrors\(\) $(unset_url IDEM_TEST_POSTGRESQL_URL)"
expect tst_layoutsqljava "a server per test function" -- tst_layoutsqljava javaListingAndDetail javaOpenErrors -- \
    "javaListingAndDetail\(\) $(unset_url IDEM_TEST_MYSQL_URL)" "javaOpenErrors\(\) $(unset_url IDEM_TEST_MYSQL_URL)"
# Two passes in one process, the single server's and the cluster's: the
# second runs (and says what it misses) after the first.
expect tst_layoutrediscodec "a server per pass" -- tst_layoutrediscodec -- \
    "$(unset_url IDEM_TEST_REDIS_URL)" "$(unset_url IDEM_TEST_REDIS_CLUSTER_URL)"
# The store backend IDEM_TEST_BACKEND names (TestStore), for the whole suite.
expect tst_conformanceclaims "the store's server" IDEM_TEST_BACKEND=postgresql -- tst_conformanceclaims -- \
    "$(unset_url IDEM_TEST_POSTGRESQL_URL)"
# Data rows per order database: the SQLite row runs and passes, each server's row fails or is skipped.
expect tst_reconcile "a server per data row" IDEM_TEST_BACKEND=sqlite -- tst_reconcile planAndApply -- \
    "planAndApply\(orders-postgresql\) $(unset_url IDEM_TEST_POSTGRESQL_URL)" \
    "planAndApply\(orders-mysql\) $(unset_url IDEM_TEST_MYSQL_URL)"
if grep -qE '^PASS +: ReconcileTest::planAndApply\(orders-sqlite\)' <<< "$out"; then
    pass "tst_reconcile: the SQLite row runs beside the missing servers' rows"
else
    fail "tst_reconcile: the SQLite row did not pass; output: $out"
fi
expect tst_idemctlrecords "a test that needs Redis" -- tst_idemctlrecords goMiddlewareInflightAndReconcile -- \
    "$(unset_url IDEM_TEST_REDIS_URL)"
# A server of the test's own, its programs not found on PATH.
expect tst_redismux "the server programs" PATH=/nonexistent -- tst_redismux -- \
    "not installed: redis-server \(Debian: redis-server\)"

printf '%d passed, %d failed\n' "$passed" "$failures"
[ "$failures" -eq 0 ]
