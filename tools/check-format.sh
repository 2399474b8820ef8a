#!/usr/bin/env bash
# Checks that every C++ source follows .clang-format (Debian 12's
# clang-format 14; another version may wrap lines differently). With --fix,
# formats them in place instead. A test (tests/CMakeLists.txt: format) and
# part of tools/test.sh's suite; contributors run it with --fix before a
# commit.
#
# usage: tools/check-format.sh [--fix]
# Exit 0 when every file is formatted; 1 naming the files that are not (and
# the first lines of the change clang-format wants); 2 when clang-format is
# missing or the arguments are wrong.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fix=0
case "${1:-}" in
    "") ;;
    --fix) fix=1 ;;
    *) printf 'usage: %s [--fix]\n' "$0" >&2; exit 2 ;;
esac

tool=$(command -v clang-format-14 || command -v clang-format) || {
    echo "error: clang-format is not installed (Debian 12: apt-get install clang-format; tools/test.sh installs it)" >&2
    exit 2
}

cd "$root" || exit 2
mapfile -t files < <(find app models ui tests tools -path tests/fuzz/corpus -prune -o \( -name '*.cpp' -o -name '*.h' \) -type f -print | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || { echo "error: no C++ sources found under $root" >&2; exit 2; }

if [ "$fix" = 1 ]; then
    "$tool" -i --style=file "${files[@]}" || exit 1
    exit 0
fi

bad=()
for f in "${files[@]}"; do
    if ! "$tool" --style=file "$f" | cmp -s - "$f"; then
        bad+=("$f")
    fi
done
if [ "${#bad[@]}" -eq 0 ]; then
    echo "format: ${#files[@]} files follow .clang-format"
    exit 0
fi
echo "format: ${#bad[@]} of ${#files[@]} files do not follow .clang-format (run tools/check-format.sh --fix):"
for f in "${bad[@]}"; do
    echo "  $f"
done
# What clang-format would change in the first one, so a CI log shows it.
"$tool" --style=file "${bad[0]}" | diff -u "${bad[0]}" - | head -40
exit 1
