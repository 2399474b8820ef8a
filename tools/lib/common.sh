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
    libpq-dev # PostgreSQL's hot statements through libpq (app/store/pghot.h)
    libssl-dev # OpenSSL's libcrypto: the request fingerprint's SHA-256 (app/guard/fingerprint.cpp)
    prometheus-cpp-dev # the exporter's metrics and /metrics endpoint (app/telemetry/storemetrics.h); brings libprometheus-cpp-pull1.0
    libqt6svg6 # the SVG window icon (its icon engine plugin)
    fonts-dejavu-core fonts-wqy-microhei
    qt6-translations-l10n # Qt's own zh_CN texts (QWizard's buttons, QDialogButtonBox, file dialogs)
    poppler-utils
)

# What the console, idemctl, the build and the tests load at run time, beyond
# the libraries they link (which configure found): tools/check-packages.sh
# checks that a declared package ships each one. Fields: WHO KIND WHAT PACKAGE WHY
#   WHO      build and run (tools/run.sh and tools/test.sh) or test (tools/test.sh)
#   KIND     qt-plugin (under Qt's plugin folder), font (a file under
#            /usr/share/fonts), command (on PATH) or file (a path; globs allowed)
#   PACKAGE  the Debian package that ships it today, named when it is missing
IDEM_RUNTIME_NEEDS=(
    "build file /usr/lib/qt6/libexec/moc qt6-base-dev-tools AUTOMOC"
    "build file /usr/lib/qt6/libexec/rcc qt6-base-dev-tools the resources (icons, Lua scripts, translations)"
    "build file /usr/lib/qt6/bin/lrelease qt6-l10n-tools the .qm translations"
    "build file /usr/lib/qt6/bin/lupdate qt6-l10n-tools the translation update target and tst_translations"
    "run qt-plugin sqldrivers/libqsqlite.so libqt6sql6-sqlite SQLite stores, the demo store and the audit files"
    "run qt-plugin sqldrivers/libqsqlpsql.so libqt6sql6-psql PostgreSQL stores"
    "run qt-plugin sqldrivers/libqsqlmysql.so libqt6sql6-mysql MySQL stores"
    "run qt-plugin platforms/libqxcb.so libqt6gui6 the console window on X11"
    "run qt-plugin iconengines/libqsvgicon.so libqt6svg6 the SVG window and tray icons"
    "run font DejaVuSans.ttf fonts-dejavu-core the PDF report's font"
    "run font DejaVuSansMono.ttf fonts-dejavu-core the PDF report's chain head hashes (monospace)"
    "run font wqy-microhei.ttc fonts-wqy-microhei Chinese text (zh_CN) on screen and in reports"
    "run file /usr/share/qt6/translations/qtbase_zh_CN.qm qt6-translations-l10n Qt's own dialog and wizard buttons in zh_CN"
    "test qt-plugin platforms/libqoffscreen.so libqt6gui6 widget tests without a display (QT_QPA_PLATFORM=offscreen)"
    "test command pdftotext poppler-utils tst_report reads the PDF reports back"
    "test command redis-server redis-server the test Redis (tools/lib/servers.sh, tst_faults)"
    "test command redis-cli redis-tools the test Redis's readiness check and tst_faults"
    "test file /usr/lib/postgresql/*/bin/postgres postgresql the test PostgreSQL"
    "test file /usr/lib/postgresql/*/bin/initdb postgresql the test PostgreSQL's data folder"
    "test file /usr/lib/postgresql/*/bin/psql postgresql-client the test PostgreSQL's role and database"
    "test file /usr/lib/postgresql/*/bin/pg_isready postgresql-client the test PostgreSQL's readiness check"
    "test command mariadbd mariadb-server the test MariaDB"
    "test command mariadb-install-db mariadb-server the test MariaDB's data folder"
    "test command mariadb mariadb-client the test MariaDB's user and database"
    "test command mariadb-admin mariadb-client the test MariaDB's readiness check"
    "test command runuser util-linux PostgreSQL runs as the postgres user when the tests run as root"
    "test command ss iproute2 free ports for the test servers"
    "test command ps procps the test servers' liveness"
    "test command prometheus prometheus the test Prometheus server (tools/lib/servers.sh start_prometheus)"
    "test command promtool prometheus tst_prometheus checks the exporter's output and the alert rules file"
    "test command clang-format clang-format the format test (tools/check-format.sh)"
)

# The servers tools/test.sh starts for the store tests (tools/lib/servers.sh):
# never as system services, each in a temporary directory on a free port;
# and the suite's other tools.
IDEM_SERVER_PACKAGES=(
    redis-server redis-tools
    postgresql
    mariadb-server mariadb-client
    iproute2 procps util-linux
    prometheus # the test Prometheus server and promtool (tst_prometheus)
    clang-format # the format test (tools/check-format.sh)
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
    apt-get update -qq >&2 || die "apt-get update failed"
    # Server packages must not start system-wide services from here.
    local policy=/usr/sbin/policy-rc.d created_policy=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created_policy=1
    fi
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 || { [ $created_policy = 1 ] && rm -f "$policy"; die "apt-get install failed"; }
    [ $created_policy = 1 ] && rm -f "$policy"
    return 0
}

# Configures (once) out of tree under build/ with Ninja. IDEM_CMAKE_ARGS
# (words, e.g. "-DIDEM_WERROR=ON" from .ci/run) are passed to cmake, and
# when set they are applied to an existing build directory too.
# A type asked for by name (the benchmarks' Release) is also applied to an
# existing build directory configured otherwise: a benchmark never measures
# a Debug build by accident.
configure_project() {
    local type=${1:-RelWithDebInfo}
    local -a extra
    read -r -a extra <<< "${IDEM_CMAKE_ARGS:-}"
    local cached=
    [ -f "$IDEM_BUILD/CMakeCache.txt" ] && cached=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$IDEM_BUILD/CMakeCache.txt")
    if [ ! -f "$IDEM_BUILD/build.ninja" ] || [ ${#extra[@]} -gt 0 ] || { [ $# -gt 0 ] && [ "$cached" != "$type" ]; }; then
        log "configuring ($type${IDEM_CMAKE_ARGS:+ $IDEM_CMAKE_ARGS}) in $IDEM_BUILD"
        cmake -S "$IDEM_ROOT" -B "$IDEM_BUILD" -G Ninja -DCMAKE_BUILD_TYPE="$type" "${extra[@]}" \
            || die "cmake configure failed"
    fi
}

# check_packages run|test PACKAGE...: after configuring, proves that the
# declared packages cover every file configure found and what the programs
# (run) or the tests too (test) load at run time, so that a package
# installed here by hand cannot hide a step a fresh machine misses
# (tools/check-packages.sh says how). Quiet when all is well; stops naming
# the package to add otherwise.
check_packages() {
    local runtime=$1
    shift
    bash "$IDEM_ROOT/tools/check-packages.sh" --build "$IDEM_BUILD" --runtime "$runtime" "$@" \
        || die "the declared Debian packages do not cover this build (above: what to add)"
}

# Configures (once) and builds out of tree under build/ with Ninja.
build_project() {
    configure_project "$@"
    log "building"
    cmake --build "$IDEM_BUILD" --parallel "$(nproc)" || die "build failed"
}

# The claim script's arguments as RedisStore sends them (RedisPackingSink):
# one MessagePack string of the strings given, each under 256 bytes and
# without a NUL byte, so that it can travel as a shell argument. For the
# benchmarks that run the script with redis-benchmark (a __rand_int__ inside
# keeps its length, so the packing stays valid).
msgpack_strings() {
    local s n
    for s in "$@"; do
        n=$(printf '%s' "$s" | wc -c)
        [ "$n" -lt 256 ] || die "msgpack_strings: an argument of $n bytes"
        if [ "$n" -lt 32 ]; then
            printf "\\x$(printf %02x $((0xa0 + n)))"
        else
            printf "\\xd9\\x$(printf %02x "$n")"
        fi
        printf '%s' "$s"
    done
}
