#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the whole suite in
# build/, then the model and CLI suites again under ASan+UBSan, then the
# scenario-file fuzz harness for 60 s (clang, libFuzzer).
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$top/tools/setup.sh"
cd "$top"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
meson test -C build --print-errorlogs --num-processes 2 | tee -a "$log" || status=1

if [ ! -f build-sanitize/build.ninja ]; then
  meson setup build-sanitize --buildtype=debug -Db_sanitize=address,undefined -Db_lundef=false
fi
ninja -C build-sanitize
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C build-sanitize --print-errorlogs --num-processes 2 --suite model --suite cli \
  | tee -a "$log" || status=1

# the scenario-file fuzz harness (tests/fuzz), 60 s from the seed corpus,
# clang with ASan+UBSan: a crash, leak or undefined behaviour fails
if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
    --buildtype=debugoptimized >/dev/null
fi
ninja -C build-fuzz tests/fuzz/fuzz-scenario-file
meson test -C build-fuzz --no-rebuild --print-errorlogs --suite fuzz | tee -a "$log" || status=1

passed=$(grep -cE '^ *[0-9]+/[0-9]+ .* (OK|EXPECTEDFAIL) ' "$log" || true)
failed=$(grep -cE '^ *[0-9]+/[0-9]+ .* (FAIL|TIMEOUT|ERROR|UNEXPECTEDPASS) ' "$log" || true)
echo "tests: $passed passed, $failed failed"
exit $status
