#!/usr/bin/env bash
# Runs `stickslip --bench` (the GUI benchmark, docs/performance.md) under
# Xvfb ROUNDS times for each BUILD_DIR, alternating the builds round by
# round, and prints per build and case the median over the rounds of each
# column (each column already a median or p95 over one run's changes and
# frames).  The runs' own tables and TSV stay in OUT_DIR.
#   tools/bench-gui.sh [-n ROUNDS] [-o OUT_DIR] BUILD_DIR [BUILD_DIR...]
# STICKSLIP_BENCH_CASES=LABEL,...  only these cases (substrings of labels)
# STICKSLIP_BENCH_CHANGES=N       final changes and drag steps per case (40)
# With openbox installed each run has it as its window manager, as a
# desktop has one: without any, GTK 4.8 asks the X server for one at every
# layout of the window (two round trips more in each frame that lays
# anything out, 3-5 ms of a frame's wall time on a busy Xvfb).  The table's
# first line names the window manager the run had.
set -euo pipefail
if [ "${1:-}" = --with-wm ]; then
  # inside xvfb-run: the window manager, then the program
  shift
  if command -v openbox > /dev/null; then
    openbox --sm-disable > /dev/null 2>&1 &
    wm=$!
    # until it has taken the screen (it sets the root's check window)
    for _ in $(seq 50); do
      command -v xprop > /dev/null || { sleep 1; break; }
      xprop -root _NET_SUPPORTING_WM_CHECK 2> /dev/null | grep -q 'window id' && break
      sleep 0.1
    done
  fi
  rc=0
  "$@" || rc=$?
  [ -z "${wm:-}" ] || kill "$wm" 2> /dev/null || true
  exit $rc
fi
rounds=3 out=""
while getopts n:o: opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    o) out=$OPTARG ;;
    *) echo "usage: $0 [-n ROUNDS] [-o OUT_DIR] BUILD_DIR..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n ROUNDS] [-o OUT_DIR] BUILD_DIR..." >&2; exit 2; }
[ -n "$out" ] || out="$(mktemp -d /tmp/bench-gui.XXXXXX)"
mkdir -p "$out"
for ((r = 1; r <= rounds; r++)); do
  i=0
  for build in "$@"; do
    i=$((i + 1))
    tag="b$i.r$r"
    GSETTINGS_BACKEND=memory GSK_RENDERER=${GSK_RENDERER:-cairo} GTK_A11Y=none \
      STICKSLIP_BENCH_TSV="$out/$tag.tsv" \
      xvfb-run -a -s "-screen 0 1600x1000x24" "$0" --with-wm "$build/src/stickslip" --bench > "$out/$tag.txt" 2> "$out/$tag.log"
    echo "round $r, $build: $(sed -n 2p "$out/$tag.txt" | grep -o 'Load average.*')" >&2
  done
done
python3 - "$out" "$rounds" "$@" <<'PY'
import csv, statistics, sys, math
out, rounds, builds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for i, build in enumerate(builds, 1):
    runs = []
    for r in range(1, rounds + 1):
        with open(f"{out}/b{i}.r{r}.tsv") as f:
            runs.append(list(csv.DictReader(f, delimiter="\t")))
    cols = [c for c in runs[0][0].keys() if c not in ("case", "slider")]
    print(f"{build}: medians of {rounds} alternated runs, ms")
    print(f"{'case':28s} " + " ".join(f"{c[:13]:>13s}" for c in cols))
    for k, row in enumerate(runs[0]):
        vals = []
        for c in cols:
            xs = [float(run[k][c]) for run in runs if not math.isnan(float(run[k][c]))]
            vals.append(statistics.median(xs) if xs else float("nan"))
        print(f"{row['case']:28s} " + " ".join(f"{v:13.1f}" for v in vals))
    print()
PY
echo "runs in $out" >&2
