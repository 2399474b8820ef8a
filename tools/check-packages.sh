#!/usr/bin/env bash
# Proves that the Debian packages the scripts declare are enough, on this
# machine, without a fresh one: every file the CMake configure step found and
# everything the programs and the tests load at run time must belong to a
# package in the Depends/Pre-Depends closure of the declared packages (plus
# Debian's Essential packages, which every system has). A package that is
# only here because somebody installed it by hand, or because a Recommends
# came along once, fails the check and is named.
#
# usage: tools/check-packages.sh --build DIR [--runtime run|test] [--explain] PACKAGE...
#   --build DIR      the configured build tree (its CMakeCache.txt is read)
#   --explain        also print every checked file, its owner and the verdict
#   --runtime run    the console and idemctl's needs (tools/run.sh); test adds
#                    the test suite's (tools/test.sh). Default: test.
#   PACKAGE...       the declared packages (tools/lib/common.sh's lists)
# Quiet and exit 0 when all is well; exit 1 naming each package to declare;
# exit 2 on a usage error. Reads the dpkg database only; changes nothing.
#
# What counts as found by configure (CMakeCache.txt):
#   - <Package>_DIR:PATH entries: the package's <Package>Config.cmake (or
#     <package>-config.cmake) file in that folder;
#   - every other :FILEPATH and absolute :PATH entry (compiler, ninja,
#     pkg-config, libraries, include folders);
#   - pkg-config results: <PREFIX>_INCLUDE_DIRS and <PREFIX>_LIBRARY_DIRS.
# A file is covered when a package that owns it is in the closure; a folder
# (which many packages share) when any of its owners is. A file that no
# package owns was installed by hand, so a fresh machine has none: it fails.
#
# Alternatives (a | b) follow the first one installed here, and a virtual
# package its installed providers: apt's own choice on a fresh machine for
# everything this project declares.
set -uo pipefail
# Process starts are slow on shared machines (several ms each): the loops
# below use shell expansions, not one sed or tr per line.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=lib/common.sh
source "$here/lib/common.sh"

usage() { printf 'usage: %s --build DIR [--runtime run|test] [--explain] PACKAGE...\n' "$0" >&2; exit 2; }

build= runtime=test declared=() explain=0
while [ $# -gt 0 ]; do
    case $1 in
        --build) [ $# -ge 2 ] || usage; build=$2; shift 2 ;;
        --runtime) [ $# -ge 2 ] || usage; runtime=$2; shift 2 ;;
        --explain) explain=1; shift ;;
        --help|-h) usage ;;
        -*) printf 'check-packages: unknown option %s\n' "$1" >&2; usage ;;
        *) declared+=("$1"); shift ;;
    esac
done
[ -n "$build" ] || usage
case $runtime in run|test) ;; *) printf 'check-packages: --runtime takes run or test, not "%s"\n' "$runtime" >&2; exit 2 ;; esac
[ ${#declared[@]} -gt 0 ] || { printf 'check-packages: no declared packages given\n' >&2; exit 2; }
cache=$build/CMakeCache.txt
[ -f "$cache" ] || { printf 'check-packages: %s does not exist: configure first (cmake -S . -B %s)\n' "$cache" "$build" >&2; exit 2; }
command -v dpkg-query >/dev/null || { printf 'check-packages: dpkg-query not found: this check needs a Debian system\n' >&2; exit 2; }

# Cache entries CMake looks for on its own although nothing here uses them;
# on a machine without them they are NOTFOUND and the build is the same.
# Each needs a reason, and one that a target does use (its file appears in
# build.ninja) is checked all the same.
#   OPENGL_glu_LIBRARY, OPENGL_egl_LIBRARY: FindOpenGL (through Qt6Gui's
#     WrapOpenGL) also looks for GLU and EGL; Qt6Gui needs only OpenGL and GLX.
#   CMAKE_INSTALL_PREFIX: where `cmake --install` would go, not a found file.
ignored_entries=" OPENGL_glu_LIBRARY OPENGL_egl_LIBRARY CMAKE_INSTALL_PREFIX "

problems=()
# A missing root is a problem of its own: ensure_packages should have installed it.
not_installed=()

# --- the closure ---------------------------------------------------------
closure=$(dpkg-query -W -f='${Package}\t${db:Status-Abbrev}\t${Essential}\t${Provides}\t${Pre-Depends}, ${Depends}\n' 2>/dev/null |
    awk -F'\t' -v roots="${declared[*]}" '
        function bare(s) { gsub(/\([^)]*\)|\[[^]]*\]|<[^>]*>/, "", s); gsub(/[ \t]/, "", s); sub(/:.*/, "", s); return s }
        function push(x) { if (!(x in seen)) { seen[x] = 1; queue[tail++] = x } }
        substr($2, 2, 1) == "i" {
            installed[$1] = 1; deps[$1] = $5
            if ($3 == "yes") essential[$1] = 1
            n = split($4, p, ",")
            for (i = 1; i <= n; i++) { v = bare(p[i]); if (v != "") provider[v] = provider[v] " " $1 }
        }
        END {
            n = split(roots, r, " ")
            for (i = 1; i <= n; i++) {
                if (r[i] in installed) push(r[i]); else print "!" r[i]
            }
            for (e in essential) push(e)
            while (head < tail) {
                pkg = queue[head++]
                m = split(deps[pkg], group, ",")
                for (j = 1; j <= m; j++) {
                    alts = split(group[j], alt, "|")
                    for (k = 1; k <= alts; k++) {
                        d = bare(alt[k])
                        if (d == "") continue
                        if (d in installed) { push(d); break }
                        if (d in provider) { c = split(provider[d], pp, " "); for (x = 1; x <= c; x++) push(pp[x]); break }
                    }
                }
            }
            for (s in seen) print s
        }')
declare -A in_closure=()
while IFS= read -r pkg; do
    case $pkg in
        '!'*) not_installed+=("${pkg#!}") ;;
        ?*) in_closure[$pkg]=1 ;;
    esac
done <<< "$closure"

# --- what to check: "path<TAB>why" --------------------------------------
needs=()

# CMakeCache.txt entries.
while IFS= read -r line; do
    name=${line%%:*}
    rest=${line#*:}
    type=${rest%%=*}
    value=${rest#*=}
    if [[ $ignored_entries == *" $name "* ]]; then
        [ "$type" = FILEPATH ] && [ -f "$build/build.ninja" ] && grep -qF -- "$value" "$build/build.ninja" || continue
    fi
    case $value in ''|*-NOTFOUND) continue ;; /*) ;; *) continue ;; esac
    case $value in "$IDEM_ROOT"|"$IDEM_ROOT"/*|"$build"|"$build"/*) continue ;; esac
    if [ "$type" = PATH ] && [[ $name == *_DIR ]] && [[ $name != *_INCLUDE_DIR ]]; then
        pkgname=${name%_DIR}
        lower=${pkgname,,}
        config=
        for candidate in "$value/${pkgname}Config.cmake" "$value/${lower}-config.cmake"; do
            [ -f "$candidate" ] && { config=$candidate; break; }
        done
        needs+=("${config:-$value}"$'\t'"CMake found $pkgname ($name)")
        continue
    fi
    case $type in
        FILEPATH|PATH) needs+=("$value"$'\t'"CMake found $name") ;;
        INTERNAL)
            # pkg-config results: lists separated by ';'
            IFS=';' read -r -a dirs <<< "$value"
            for d in "${dirs[@]}"; do
                case $d in /*) needs+=("$d"$'\t'"pkg-config gave $name") ;; esac
            done ;;
    esac
done < <(grep -E '^[A-Za-z0-9_][A-Za-z0-9_.+-]*(:(FILEPATH|PATH)=|_(INCLUDE|LIBRARY)_DIRS:INTERNAL=)' "$cache" | grep -vE '^(CMAKE_INSTALL_[A-Z]+DIR|CMAKE_[A-Z_]*(COMMAND|ROOT|HOME_DIRECTORY|CACHEFILE_DIR)):')

# Run-time needs (tools/lib/common.sh's IDEM_RUNTIME_NEEDS).
qt_plugins=
for qtpaths in /usr/lib/qt6/bin/qtpaths6 /usr/lib/qt6/bin/qtpaths; do
    [ -x "$qtpaths" ] && qt_plugins=$("$qtpaths" --query QT_INSTALL_PLUGINS 2>/dev/null) && [ -n "$qt_plugins" ] && break
done
[ -n "$qt_plugins" ] || qt_plugins=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/qt6/plugins
missing_runtime=()
for entry in "${IDEM_RUNTIME_NEEDS[@]}"; do
    read -r who kind spec hint why <<< "$entry"
    case $who in
        build|run) ;;
        test) [ "$runtime" = test ] || continue ;;
        *) printf 'check-packages: bad IDEM_RUNTIME_NEEDS entry (who is build, run or test): %s\n' "$entry" >&2; exit 2 ;;
    esac
    path=
    case $kind in
        qt-plugin) [ -e "$qt_plugins/$spec" ] && path=$qt_plugins/$spec ;;
        font) path=$(find /usr/share/fonts -name "$spec" -print -quit 2>/dev/null) ;;
        command)
            IFS=':' read -r -a bindirs <<< "$PATH"
            for d in "${bindirs[@]}"; do [ -x "$d/$spec" ] && { path=$d/$spec; break; }; done ;;
        file) for f in $spec; do [ -e "$f" ] && { path=$f; break; }; done ;;
        *) printf 'check-packages: bad IDEM_RUNTIME_NEEDS entry (kind is qt-plugin, font, command or file): %s\n' "$entry" >&2; exit 2 ;;
    esac
    if [ -z "$path" ]; then
        missing_runtime+=("$hint"$'\t'"$spec is not on this machine ($who: $why)")
    else
        needs+=("$path"$'\t'"$who: $why")
    fi
done

# --- who owns what -------------------------------------------------------
# dpkg-query -S prints "pkg1:arch, pkg2: /path" per owned path (and
# "diversion by …" lines, skipped). One call for all paths, one more for the
# paths that only a resolved symlink or the merged-/usr twin names.
declare -A owners=()
query_owners() {
    [ $# -gt 0 ] || return 0
    local out line who path list o names
    out=$(dpkg-query -S -- "$@" 2>/dev/null) || true
    while IFS= read -r line; do
        [[ $line == diversion\ by* || -z $line ]] && continue
        who=${line%%: /*}
        path=${line#"$who: "}
        [ -n "${owners[$path]:-}" ] && continue
        # "libfoo:amd64, bar" -> "libfoo,bar"
        IFS=',' read -r -a list <<< "${who// /}"
        names=
        for o in "${list[@]}"; do names+=${names:+,}${o%%:*}; done
        owners[$path]=$names
    done <<< "$out"
}
declare -A alias_of=()
paths=()
for need in "${needs[@]}"; do paths+=("${need%%$'\t'*}"); done
query_owners "${paths[@]}"
second=()
for p in "${paths[@]}"; do
    [ -n "${owners[$p]:-}" ] && continue
    for twin in "$(readlink -f -- "$p" 2>/dev/null)" "${p#/usr}" "/usr$p"; do
        [ -n "$twin" ] && [ "$twin" != "$p" ] || continue
        alias_of[$twin]+=" $p"
        second+=("$twin")
    done
done
query_owners "${second[@]}"
for twin in "${!alias_of[@]}"; do
    [ -n "${owners[$twin]:-}" ] || continue
    for p in ${alias_of[$twin]}; do
        [ -n "${owners[$p]:-}" ] || owners[$p]=${owners[$twin]}
    done
done

# --- the verdict -----------------------------------------------------------
declare -A reported=()
for need in "${needs[@]}"; do
    path=${need%%$'\t'*}
    why=${need#*$'\t'}
    [ -n "${reported[$path]:-}" ] && continue
    reported[$path]=1
    who=${owners[$path]:-}
    if [ -z "$who" ]; then
        problems+=("$path ($why): no Debian package owns it, so it was installed by hand and a fresh machine will not have it")
        continue
    fi
    covered=
    IFS=',' read -r -a list <<< "$who"
    for o in "${list[@]}"; do [ -n "${in_closure[$o]:-}" ] && { covered=$o; break; }; done
    if [ -n "$covered" ]; then
        [ $explain = 1 ] && printf 'ok  %-28s %s (%s)\n' "$covered" "$path" "$why"
        continue
    fi
    if [ ${#list[@]} -eq 1 ]; then
        problems+=("add ${list[0]}: $path ($why)")
    else
        problems+=("add one of ${who//,/ | }: $path ($why)")
    fi
done
for m in "${missing_runtime[@]}"; do
    problems+=("add ${m%%$'\t'*}: ${m#*$'\t'}")
done
for p in "${not_installed[@]}"; do
    problems+=("$p is declared but not installed (apt-get install $p)")
done

[ $explain = 1 ] && printf '%d files checked; the closure of the %d declared packages holds %d packages\n' "${#reported[@]}" "${#declared[@]}" "${#in_closure[@]}"
[ ${#problems[@]} -eq 0 ] && exit 0
{
    printf 'error: a fresh Debian 12 machine would not have everything this build uses.\n'
    printf 'Declare these in tools/lib/common.sh (IDEM_BUILD_PACKAGES, or IDEM_SERVER_PACKAGES for what only the tests need):\n'
    printf '  %s\n' "${problems[@]}"
    printf '(checked against the Depends/Pre-Depends closure of: %s)\n' "${declared[*]}"
} >&2
exit 1
