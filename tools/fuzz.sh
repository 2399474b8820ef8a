#!/usr/bin/env bash
# Fuzzes every parser of foreign input (tests/fuzz) with
# libFuzzer: builds the harnesses with clang in build-fuzz/ (the engine and
# the harnesses with AddressSanitizer and UndefinedBehaviorSanitizer), then
# runs each for SECONDS (default 60), up to nproc at once, on a fresh working
# copy of its seeds (tests/fuzz/corpus/<name>). New inputs go to
# build-fuzz/corpus/<name>/, crashes, hangs and leaks to
# build-fuzz/artifacts/<name>/, the log to build-fuzz/logs/<name>.log;
# nothing is written into the source tree. Ends with one line per harness
# (executions, coverage as libFuzzer's cov and ft, crashes) and exits
# non-zero when any harness found a crash, a hang or a leak.
#
#   tools/fuzz.sh [SECONDS]
#   IDEM_FUZZ_HARNESSES="gojson storeurl" tools/fuzz.sh 600   # some of them only
#   IDEM_FUZZ_KEEP_GOING=1 tools/fuzz.sh 600   # go on after a crash (libFuzzer's
#       fork mode), for a known bug not fixed yet: every crashing input is
#       kept, so one bug may count many times
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

seconds=${1:-60}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || die "usage: tools/fuzz.sh [SECONDS]"
read -r -a harnesses <<< "${IDEM_FUZZ_HARNESSES:-gojson javahandler nativehash layout storeurl orders mappingprofiles}"
build=$IDEM_ROOT/build-fuzz
started=$SECONDS

# Debian's clang; libclang-rt-14-dev has libFuzzer and the sanitizer runtimes.
ensure_packages "${IDEM_BUILD_PACKAGES[@]}" clang libclang-rt-14-dev
if [ ! -f "$build/build.ninja" ]; then
    log "configuring the fuzz build in $build"
    # Debug keeps Qt's inline Q_ASSERTs (bounds of sliced(), at()) as crashes; -O1 for speed.
    CC=clang CXX=clang++ cmake -S "$IDEM_ROOT" -B "$build" -G Ninja -DIDEM_FUZZ=ON \
        -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" || die "cmake configure failed"
fi
log "building the harnesses"
cmake --build "$build" --parallel "$(nproc)" || die "build failed"

# run NAME: one harness for $seconds on a fresh copy of its seeds, with its
# dictionary (tests/fuzz/dict/NAME.dict: tokens the fuzzer cannot learn from
# comparisons inside Qt, which is not instrumented) when it has one.
run() {
    local name=$1 corpus=$build/corpus/$1 artifacts=$build/artifacts/$1
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts" "$build/logs"
    cp "$IDEM_ROOT/tests/fuzz/corpus/$name/"* "$corpus/"
    local options=() dict=$IDEM_ROOT/tests/fuzz/dict/$name.dict
    [ -f "$dict" ] && options+=(-dict="$dict")
    [ "${IDEM_FUZZ_KEEP_GOING:-0}" = 1 ] && options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    "$build/tests/fuzz/fuzz_$name" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "${options[@]}" > "$build/logs/$name.log" 2>&1 || true
}

# QSettings syncs the files fuzz_mappingprofiles writes: on a tmpfs if there is one.
[ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm

log "fuzzing ${harnesses[*]} for $seconds s each, $(nproc) at once"
for name in "${harnesses[@]}"; do
    [ -x "$build/tests/fuzz/fuzz_$name" ] || die "no harness fuzz_$name (tests/fuzz/CMakeLists.txt)"
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do
        wait -n || true
    done
    run "$name" &
done
wait

# The summary: libFuzzer's last status line has cov: and ft:, its final
# stats the executions; artifacts/ holds what it found (crash-, timeout-,
# leak- and oom- files).
failed=0
printf '%-16s %12s %8s %8s %8s\n' harness executions cov ft crashes
for name in "${harnesses[@]}"; do
    logfile=$build/logs/$name.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logfile" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\):* .*cov: .*/\1/p' "$logfile" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$logfile" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$logfile" | tail -1 | cut -d' ' -f2)
    crashes=$(find "$build/artifacts/$name" -type f -regex '.*/\(crash\|timeout\|leak\|oom\)-.*' | wc -l)
    printf '%-16s %12s %8s %8s %8s\n' "$name" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$crashes"
    if [ "$crashes" -gt 0 ] || [ -z "$execs" ]; then
        failed=1
        find "$build/artifacts/$name" -type f -regex '.*/\(crash\|timeout\|leak\|oom\)-.*' -printf '    %p\n'
    fi
done
log "fuzzing finished in $((SECONDS - started)) s (logs: $build/logs)"
[ "$failed" -eq 0 ] || die "a harness crashed, hung, leaked or did not run: replay an artifact with build-fuzz/tests/fuzz/fuzz_<name> FILE"
