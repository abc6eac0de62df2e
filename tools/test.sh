#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the clang-format
# check, the whole suite in build/, then the model and CLI suites again under
# ASan+UBSan and, built without the GUI and with GTK's pkg-config files
# hidden, against Debian's own SUNDIALS (build-system-sundials/), then the
# scenario-file fuzz harness for 60 s (clang, libFuzzer).
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$top/tools/setup.sh"
cd "$top"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0

# every C file in model/, src/ and tests/ as .clang-format lays it out
# (.clang-format-ignore lists the generated ones)
if tools/format-check.sh; then
  echo "1/1 clang-format OK" | tee -a "$log"
else
  echo "1/1 clang-format FAIL" | tee -a "$log"
  status=1
fi

meson test -C build --print-errorlogs --num-processes 2 | tee -a "$log" || status=1

# The sanitizers link the same CVODE as build/ (neither library is
# instrumented, so either serves; Debian's gets its own run below).
sundials="$(meson introspect build --buildoptions |
  python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "sundials"))')"
tools/meson-dir.sh build-sanitize "$sundials" --buildtype=debug \
  -Db_sanitize=address,undefined -Db_lundef=false -Dgui=disabled
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C build-sanitize --print-errorlogs --num-processes 2 --suite model --suite cli \
  | tee -a "$log" || status=1

# Debian's library: the fallback set-up uses it, so it must build and pass;
# built as on a cluster, without the GUI: GTK's, libadwaita's and epoxy's
# pkg-config files are hidden from meson.
pc="$(mktemp -d)"
trap 'rm -f "$log"; rm -rf "$pc"' EXIT
for dir in $(pkg-config --variable pc_path pkg-config | tr : ' '); do
  [ -d "$dir" ] || continue
  for f in "$dir"/*.pc; do
    case "${f##*/}" in
      gtk4*|libadwaita*|epoxy*) ;;
      *) [ -e "$pc/${f##*/}" ] || ln -s "$f" "$pc/" ;;
    esac
  done
done
PKG_CONFIG_LIBDIR="$pc" tools/meson-dir.sh build-system-sundials system \
  --buildtype=debugoptimized -Dgui=disabled
meson test -C build-system-sundials --print-errorlogs --num-processes 2 --suite model --suite cli \
  | tee -a "$log" || status=1

# the scenario-file fuzz harness (tests/fuzz), 60 s from the seed corpus,
# clang with ASan+UBSan: a crash, leak or undefined behaviour fails
if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
    --buildtype=debugoptimized >/dev/null
fi
ninja -C build-fuzz tests/fuzz/fuzz-scenario-file
meson test -C build-fuzz --no-rebuild --print-errorlogs --suite fuzz | tee -a "$log" || status=1

"$top/tools/count-tests.sh" "$log" # each failed test once (meson lists it twice)
exit $status
