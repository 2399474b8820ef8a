#!/usr/bin/env bash
# The main job: install what is missing, build, and run the embedded SQLite
# store with simulated sales traffic, printing live counters once a second.
# Extra arguments go to `idemctl demo` (e.g. --rate 200 --seconds 30).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

ensure_packages "${IDEM_BUILD_PACKAGES[@]}"
build_project

data=${XDG_DATA_HOME:-$HOME/.local/share}/idem-console
mkdir -p "$data"
store="sqlite://$data/demo.db"
log "demo on $store (Ctrl-C stops)"
exec "$IDEM_BUILD/app/idemctl" demo --store "$store" "$@"
