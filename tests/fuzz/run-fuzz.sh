#!/bin/sh
# Runs the libFuzzer harness for SECONDS from the seed corpus; new inputs go
# to a temporary folder (the corpus in the repository stays as it is).  A
# crash, a leak, undefined behaviour or a slow input fails, and the input
# that did it is kept in the build folder.
# usage: run-fuzz.sh FUZZER CORPUS DICT SECONDS ARTIFACT_DIR
fuzzer="$1" corpus="$2" dict="$3" seconds="$4" artifacts="$5"
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
# -error_exitcode: libFuzzer's own (77) is meson's "skipped", which would
# hide a failure
"$fuzzer" -max_total_time="$seconds" -timeout=30 -error_exitcode=1 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict="$dict" -artifact_prefix="$artifacts/" "$work" "$corpus"
status=$?
if [ $status -ne 0 ]; then
  echo "fuzz-scenario-file failed; the input is in $artifacts:" >&2
  ls -l "$artifacts" >&2
fi
exit $status
