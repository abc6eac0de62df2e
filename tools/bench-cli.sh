#!/usr/bin/env bash
# The engine's figures for docs/performance.md, from `stickslip-cli bench`:
#   1. every bench variant with the optimised CVODE (BUILD, default build/)
#      and with Debian's (SYSTEM_BUILD, default build-system-sundials/),
#      the two binaries alternated ROUNDS times; per variant the median over
#      the rounds of each binary's median, their ratio, and the targets;
#   2. with -c, callgrind's instruction count of `bench SCENARIO --runs 1`
#      for the variants with an instruction target (both builds).
#   tools/bench-cli.sh [-n ROUNDS] [-r RUNS] [-c] [-o OUT_DIR] [BUILD [SYSTEM_BUILD]]
# Build the second with: tools/meson-dir.sh build-system-sundials system
set -euo pipefail
rounds=5 runs=40 callgrind=0 out=""
while getopts n:r:co: opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    r) runs=$OPTARG ;;
    c) callgrind=1 ;;
    o) out=$OPTARG ;;
    *) echo "usage: $0 [-n ROUNDS] [-r RUNS] [-c] [-o OUT_DIR] [BUILD [SYSTEM_BUILD]]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
opt_build=${1:-build} sys_build=${2:-build-system-sundials}
[ -n "$out" ] || out="$(mktemp -d /tmp/bench-cli.XXXXXX)"
mkdir -p "$out"
for b in "$opt_build" "$sys_build"; do
  [ -x "$b/src/cli/stickslip-cli" ] || { echo "$0: no $b/src/cli/stickslip-cli" >&2; exit 2; }
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/load"
for ((r = 1; r <= rounds; r++)); do
  # alternate which goes first, so a drift of the machine hits both alike
  if ((r % 2)); then order=("$opt_build" "$sys_build"); else order=("$sys_build" "$opt_build"); fi
  for b in "${order[@]}"; do
    tag=$([ "$b" = "$opt_build" ] && echo opt || echo sys)
    "$b/src/cli/stickslip-cli" bench --runs "$runs" > "$out/$tag.r$r.txt"
  done
  echo "round $r of $rounds done (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load"

if ((callgrind)); then
  # the variants with an instruction target, then the two-slider's heavy ones
  variants=("gear-train --set level=2" "one-mass --set law=lugre --t-end 30"
            "two-slider --set rod=flexible --set law=lugre" "two-slider --set law=lugre"
            "two-slider --set rod=flexible" "two-slider --set rod=flexible --set law=tanh"
            "two-slider --set rod=flexible --set law=regularised")
  for v in "${variants[@]}"; do
    for b in "$opt_build" "$sys_build"; do
      tag=$([ "$b" = "$opt_build" ] && echo opt || echo sys)
      name="$tag.$(echo "$v" | tr ' =' '__' | tr -s '_')"
      # shellcheck disable=SC2086
      valgrind --tool=callgrind --callgrind-out-file="$out/$name.callgrind" \
        "$b/src/cli/stickslip-cli" bench $v --runs 1 > /dev/null 2> "$out/$name.log"
      # inclusive costs: the whole process, CVode, the model's right-hand
      # sides and root functions (called from inside CVode)
      callgrind_annotate --inclusive=yes --threshold=100 "$out/$name.callgrind" 2> /dev/null |
        awk -v v="$v" -v tag="$tag" '
          function n(s) { gsub(",", "", s); return s + 0 }
          /PROGRAM TOTALS/ { total = n($1) }
          / [^ ]*:CVode / && !cvode { cvode = n($1) }
          /:rhs_cb / && !rhs { rhs = n($1) }
          /:root_cb / && !root { root = n($1) }
          END { printf "%s\t%s\t%d\t%d\t%d\t%d\n", v, tag, total, cvode, rhs, root }' >> "$out/instructions.tsv"
    done
  done
  # the process around one run: start-up and exit
  for b in "$opt_build" "$sys_build"; do
    tag=$([ "$b" = "$opt_build" ] && echo opt || echo sys)
    valgrind --tool=callgrind --callgrind-out-file="$out/$tag.list.callgrind" \
      "$b/src/cli/stickslip-cli" list > /dev/null 2> "$out/$tag.list.log"
    echo "(start-up and exit: stickslip-cli list)	$tag	$(grep -o 'Collected : [0-9]*' "$out/$tag.list.log" | grep -o '[0-9]*')	0	0	0" >> "$out/instructions.tsv"
  done
fi

python3 - "$out" "$rounds" "$callgrind" <<'PY'
import os, statistics, sys
out, rounds, callgrind = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"

def parse(path):
    rows, cvode = {}, ""
    for line in open(path):
        if line.startswith("CVODE:"):
            cvode = line.split(":", 1)[1].strip()
            continue
        f = line.split()
        if len(f) < 8 or f[0] == "scenario":
            continue
        scen, tail = f[0], f[-6:]
        variant = " ".join(f[1:-6])
        t_end = float(tail[0])
        if scen == "one-mass" and variant == "law=lugre" and t_end == 30.0:
            variant = "law=lugre t_end=30"
        rows[(scen, variant)] = dict(median=float(tail[2]), steps=int(tail[3]), rhs=int(tail[4]), events=int(tail[5]))
    return rows, cvode

opt = [parse(f"{out}/opt.r{r}.txt") for r in range(1, rounds + 1)]
sys_ = [parse(f"{out}/sys.r{r}.txt") for r in range(1, rounds + 1)]

def target_ms(s, v):
    if v == "default":
        return 0.5 if s in ("one-mass", "dupont", "two-block") else 10.0
    if v == "rod=flexible law=lugre":
        return 12.0
    if v.startswith("law=") and "t_end" not in v or v.startswith("rod=flexible law="):
        return 10.0
    return None

def ratio_target(s, v):
    # optimised/Debian <= 0.40: one-mass, dupont, two-block, gear-train and LuGre runs
    return s in ("one-mass", "dupont", "two-block", "gear-train") or "lugre" in v

print(f"CVODE (first column): {opt[0][1]}; second: {sys_[0][1]}")
print(open(f"{out}/load").read().strip())
print(f"medians over {rounds} alternated rounds of each binary's median of its runs, ms")
hdr = ("scenario", "variant", "steps", "optimised", "Debian", "ratio", "ratio<=", "ms<=", "met: ms/ratio")
print("%-20s %-28s %7s %10s %10s %7s %7s %7s  %s" % hdr)
for key in opt[0][0]:
    s, v = key
    o = statistics.median(r[0][key]["median"] for r in opt)
    d = statistics.median(r[0][key]["median"] for r in sys_)
    # the paired ratio of each round, then their median
    ratio = statistics.median(a[0][key]["median"] / b[0][key]["median"] for a, b in zip(opt, sys_))
    steps = {r[0][key]["steps"] for r in opt + sys_}
    t = target_ms(s, v)
    rt = ratio_target(s, v)
    met = []
    if t is not None:
        met.append("yes" if o <= t else "NO")
    if rt:
        met.append("yes" if ratio <= 0.40 else "NO")
    print("%-20s %-28s %7s %10.3f %10.3f %7.2f %7s %7s  %s" % (
        s, v, "/".join(map(str, sorted(steps))), o, d, ratio, "0.40" if rt else "-",
        ("%g" % t) if t is not None else "-", "/".join(met) if met else "-"))
if callgrind:
    targets = {"gear-train --set level=2": 82e6, "one-mass --set law=lugre --t-end 30": 230e6,
               "two-slider --set rod=flexible --set law=lugre": 120e6}
    ins = {}
    for line in open(f"{out}/instructions.tsv"):
        v, tag, *n = line.rstrip("\n").split("\t")
        ins.setdefault(v, {})[tag] = [int(x) for x in n]
    print("\ncallgrind: instructions of `stickslip-cli bench VARIANT --runs 1`, whole process, millions")
    print("%-52s %10s %10s %8s %5s" % ("variant", "optimised", "Debian", "target", "met"))
    for v, d in ins.items():
        t = targets.get(v)
        o = d.get("opt", [0])[0] / 1e6
        print("%-52s %10.1f %10.1f %8s %5s" % (v, o, d.get("sys", [0])[0] / 1e6,
                                               ("%.0f" % (t / 1e6)) if t else "-",
                                               ("yes" if o * 1e6 <= t else "NO") if t else "-"))
    print("\nwhere they go (optimised build), millions: CVODE itself = CVode less the model's callbacks;")
    print("right-hand sides include CVODE's difference-quotient Jacobian columns; rest = outside CVode (output rows, start-up)")
    print("%-52s %8s %8s %8s %8s %8s" % ("variant", "total", "CVODE", "rhs", "roots", "rest"))
    for v, d in ins.items():
        if "opt" not in d or d["opt"][1] == 0:
            continue
        total, cvode, rhs, root = (x / 1e6 for x in d["opt"])
        print("%-52s %8.1f %8.1f %8.1f %8.1f %8.1f" % (v, total, cvode - rhs - root, rhs, root, total - cvode))
PY
echo "runs in $out" >&2
