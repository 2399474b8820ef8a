#!/usr/bin/env bash
# The main job: install what is missing, build, and open the console on the
# embedded SQLite demo store with simulated sales traffic. Without a display
# (or with --headless) the same traffic runs in idemctl, which prints one line
# of live counters per second; extra arguments then go to `idemctl demo`
# (e.g. --rate 200 --seconds 30).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

ensure_packages "${IDEM_BUILD_PACKAGES[@]}"
configure_project
check_packages run "${IDEM_BUILD_PACKAGES[@]}"
build_project

if [ "${1:-}" != "--headless" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
    log "opening the console on the demo store"
    exec "$IDEM_BUILD/app/idem-console" --demo
fi
[ "${1:-}" = "--headless" ] && shift
data=${XDG_DATA_HOME:-$HOME/.local/share}/idem-console
mkdir -p "$data"
store="sqlite://$data/demo.db"
log "no display: the demo runs headless on $store (Ctrl-C stops)"
exec "$IDEM_BUILD/app/idemctl" demo --store "$store" "$@"
