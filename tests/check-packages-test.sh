#!/usr/bin/env bash
# tools/check-packages.sh can fail, and says what to add: run against the
# declared packages minus one that is needed, it must exit 1 naming that
# package; run against the declared lists themselves it passes in silence.
# usage: tests/check-packages-test.sh BUILD_DIR   (a configured build tree)
set -uo pipefail
build=${1:?usage: check-packages-test.sh BUILD_DIR}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
check=$root/tools/check-packages.sh
# shellcheck source=../tools/lib/common.sh
source "$root/tools/lib/common.sh"

failures=0 passed=0
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }
pass() { printf 'ok: %s\n' "$*"; passed=$((passed + 1)); }

# all_but PACKAGE: the declared build and server packages without PACKAGE.
all_but() {
    local p
    for p in "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}"; do
        [ "$p" = "$1" ] || printf '%s\n' "$p"
    done
}

# expect_missing PACKAGE WHAT: without PACKAGE the check fails and says "add PACKAGE".
expect_missing() {
    local package=$1 what=$2 out rc=0 list
    mapfile -t list < <(all_but "$package")
    [ ${#list[@]} -lt $(( ${#IDEM_BUILD_PACKAGES[@]} + ${#IDEM_SERVER_PACKAGES[@]} )) ] \
        || { fail "$package is not in the declared lists (the test is out of date)"; return; }
    out=$(bash "$check" --build "$build" --runtime test "${list[@]}" 2>&1) || rc=$?
    if [ "$rc" -ne 1 ]; then
        fail "without $package ($what): exit $rc, expected 1; output: $out"
    elif ! grep -q -- "add $package:" <<< "$out"; then
        fail "without $package ($what): the message does not say 'add $package:'; output: $out"
    else
        pass "without $package ($what): $(grep -m1 -- "add $package:" <<< "$out" | sed 's/^ *//')"
    fi
}

# 1. The declared lists cover this build: exit 0 and nothing printed.
out=$(bash "$check" --build "$build" --runtime test "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}" 2>&1)
rc=$?
if [ $rc -eq 0 ] && [ -z "$out" ]; then pass "the declared lists cover the build and the tests, quietly"; else fail "declared lists: exit $rc, output: $out"; fi
# tools/run.sh declares only the build packages and checks the programs' needs, not the tests'.
out=$(bash "$check" --build "$build" --runtime run "${IDEM_BUILD_PACKAGES[@]}" 2>&1)
rc=$?
if [ $rc -eq 0 ] && [ -z "$out" ]; then pass "the build packages cover tools/run.sh"; else fail "tools/run.sh's list: exit $rc, output: $out"; fi

# 2. One needed package left out, of each kind the check covers.
expect_missing libqt6opengl6-dev "a CMake package config (Qt6Charts needs Qt6OpenGL)"
expect_missing libhiredis-dev "a pkg-config library and include folder"
expect_missing libqt6sql6-mysql "a Qt SQL driver loaded at run time"
expect_missing libqt6svg6 "the SVG icon engine plugin"
expect_missing fonts-wqy-microhei "a font"
expect_missing poppler-utils "a command the tests run"
expect_missing redis-server "a server program the tests start"
expect_missing prometheus "the test Prometheus server and promtool"
expect_missing prometheus-cpp-dev "a CMake package config (the exporter's prometheus-cpp)"

# 3. The test-only needs are not asked of tools/run.sh, but the tests' are asked of tools/test.sh.
out=$(bash "$check" --build "$build" --runtime test "${IDEM_BUILD_PACKAGES[@]}" 2>&1)
if grep -q 'add redis-server:' <<< "$out" && grep -q '/bin/postgres (test: ' <<< "$out"; then
    pass "the build packages alone do not cover the tests (redis-server and the PostgreSQL server named)"
else
    fail "build packages alone with --runtime test: expected poppler-utils and redis-server named; output: $out"
fi

# 4. A file configure found that no package owns (installed by hand) fails, named.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/build" "$scratch/local/lib/cmake/Hand"
touch "$scratch/local/lib/libhand.so" "$scratch/local/lib/cmake/Hand/HandConfig.cmake"
cp "$build/CMakeCache.txt" "$scratch/build/CMakeCache.txt"
printf 'HAND_LIBRARY:FILEPATH=%s\nHand_DIR:PATH=%s\n' "$scratch/local/lib/libhand.so" "$scratch/local/lib/cmake/Hand" >> "$scratch/build/CMakeCache.txt"
out=$(bash "$check" --build "$scratch/build" --runtime test "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}" 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -q "$scratch/local/lib/libhand.so (CMake found HAND_LIBRARY): no Debian package owns it" <<< "$out" \
    && grep -q "HandConfig.cmake (CMake found Hand (Hand_DIR)): no Debian package owns it" <<< "$out"; then
    pass "files no package owns (installed by hand) are named"
else
    fail "hand-installed files: exit $rc, output: $out"
fi

# 5. A declared package that is not installed, and bad usage, are errors of their own.
out=$(bash "$check" --build "$build" --runtime test "${IDEM_BUILD_PACKAGES[@]}" "${IDEM_SERVER_PACKAGES[@]}" idem-no-such-package 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -q 'idem-no-such-package is declared but not installed' <<< "$out"; then pass "a declared package not installed is named"; else fail "not installed: exit $rc, output: $out"; fi
bash "$check" --build "$scratch/nowhere" cmake >/dev/null 2>&1
rc=$?
if [ $rc -eq 2 ]; then pass "an unconfigured build folder is a usage error (exit 2)"; else fail "unconfigured build folder: exit $rc, expected 2"; fi
bash "$check" --build "$build" --runtime everything cmake >/dev/null 2>&1
rc=$?
if [ $rc -eq 2 ]; then pass "an unknown --runtime is a usage error (exit 2)"; else fail "--runtime everything: exit $rc, expected 2"; fi

printf '%d passed, %d failed\n' "$passed" "$failures"
[ "$failures" -eq 0 ]
