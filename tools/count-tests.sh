#!/usr/bin/env bash
# Counts the tests of one or more `meson test` logs (tools/test.sh's closing
# line): "tests: P passed, F failed".  Meson prints a failed test twice, in
# the run and again under "Summary of Failures:"; only the run's line
# counts, so each test counts once.
set -euo pipefail
awk '
  /^Summary of Failures:/ { summary = 1; next }
  /^Ok: / { summary = 0; next }          # the counts after the summary
  summary { next }
  /^ *[0-9]+\/[0-9]+ .* (OK|EXPECTEDFAIL) / { passed++ }
  /^ *[0-9]+\/[0-9]+ .* (FAIL|TIMEOUT|ERROR|UNEXPECTEDPASS) / { failed++ }
  END { printf "tests: %d passed, %d failed\n", passed, failed }
' "$@"
