#!/usr/bin/env bash
# The whole suite: install what is missing, build, run every test with CTest.
# Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

ensure_packages "${IDEM_BUILD_PACKAGES[@]}"
build_project

log "running the tests"
cd "$IDEM_BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 "$@"
