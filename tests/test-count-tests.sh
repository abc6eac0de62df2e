#!/usr/bin/env bash
# tools/count-tests.sh counts each test once: meson prints a failed test in
# the run and again under "Summary of Failures:" (one failure was "2 failed").
set -euo pipefail
top="$1"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# two meson runs, as tools/test.sh appends them: a failure and a time-out
# in the first, all passing in the second
cat >"$log" <<'LOG'
1/3 good OK              0.11s
2/3 bad  FAIL            0.28s   exit status 1
>>> MALLOC_PERTURB_=131 /usr/bin/false

3/3 slow TIMEOUT         1.24s   killed by signal 15 SIGTERM
>>> MALLOC_PERTURB_=127 /usr/bin/sleep 5


Summary of Failures:

2/3 bad  FAIL            0.28s   exit status 1
3/3 slow TIMEOUT         1.24s   killed by signal 15 SIGTERM

Ok:                 1
Expected Fail:      0
Fail:               1
Unexpected Pass:    0
Skipped:            0
Timeout:            1

 1/2 stickslip:cli / test-cli     OK              1.02s
 2/2 stickslip:cli / test-corners OK             12.50s

Ok:                 2
Fail:               0
LOG
got="$("$top/tools/count-tests.sh" "$log")"
want="tests: 3 passed, 2 failed"
if [ "$got" != "$want" ]; then
  echo "got '$got', want '$want'"
  exit 1
fi
echo "$got"
