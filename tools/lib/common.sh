# Shared by tools/*.sh: Debian packages and the build. Source it; do not run it.
# Everything comes from Debian 12's own repositories.

IDEM_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
IDEM_BUILD=${IDEM_BUILD:-$IDEM_ROOT/build}

IDEM_BUILD_PACKAGES=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-mysql libgl-dev
    libqt6opengl6-dev # Qt6Charts' CMake config needs Qt6OpenGL; qt6-charts-dev only Recommends it
    libhiredis-dev qtkeychain-qt6-dev
    libqt6svg6 # the SVG window icon (its icon engine plugin)
    fonts-dejavu-core fonts-wqy-microhei
    poppler-utils
)

# The servers tools/test.sh starts for the store tests (tools/lib/servers.sh):
# never as system services, each in a temporary directory on a free port.
IDEM_SERVER_PACKAGES=(
    redis-server redis-tools
    postgresql
    mariadb-server mariadb-client
    iproute2 procps util-linux
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Installs the packages that are missing (apt-get update first, only then).
ensure_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    [ "$(id -u)" -eq 0 ] || die "missing Debian packages: ${missing[*]} (run as root, or apt-get install them)"
    log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || die "apt-get update failed"
    # Server packages must not start system-wide services from here.
    local policy=/usr/sbin/policy-rc.d created_policy=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created_policy=1
    fi
    apt-get install -y -qq --no-install-recommends "${missing[@]}" || { [ $created_policy = 1 ] && rm -f "$policy"; die "apt-get install failed"; }
    [ $created_policy = 1 ] && rm -f "$policy"
    return 0
}

# Configures (once) and builds out of tree under build/ with Ninja.
build_project() {
    local type=${1:-RelWithDebInfo}
    if [ ! -f "$IDEM_BUILD/build.ninja" ]; then
        log "configuring ($type) in $IDEM_BUILD"
        cmake -S "$IDEM_ROOT" -B "$IDEM_BUILD" -G Ninja -DCMAKE_BUILD_TYPE="$type" || die "cmake configure failed"
    fi
    log "building"
    cmake --build "$IDEM_BUILD" --parallel "$(nproc)" || die "build failed"
}
