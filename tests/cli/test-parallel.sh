#!/usr/bin/env bash
# The GNU parallel recipe of docs/studies.md on this machine: a sweep cut into
# shards, run two at a time by parallel, merged by `stickslip-cli merge`; the
# merged table must equal the unsharded one byte for byte, and with one
# shard killed the merge must refuse, naming it.  Skipped (77) without GNU parallel
# (Debian: parallel, in tools/deps.txt).
set -euo pipefail
cli="${STICKSLIP_CLI:?STICKSLIP_CLI names the stickslip-cli binary}"
if ! command -v parallel >/dev/null || ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "GNU parallel is not installed (Debian package 'parallel'): skipped"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

study=(sweep one-mass --vary k=50:200:12 --vary v_drive=0.05:0.2:3
       --metric period --metric amplitude --metric base.stick_time)
N=7  # 36 variants in 7 uneven parts

"$cli" "${study[@]}" --csv whole.csv 2>/dev/null

# the recipe: one file per shard, named after the study, then merge
name=one-mass-k-vd
mkdir parts
parallel --jobs 2 "$cli" "${study[@]}" --jobs 1 --shard {}/"$N" --csv parts/"$name"-{}.csv \
  ::: $(seq 1 "$N") 2>/dev/null
"$cli" merge parts/"$name"-*.csv --csv merged.csv 2>/dev/null
cmp whole.csv merged.csv
cmp <(grep -v '^bytes=\|^fnv1a64=\|^file=\|^$' whole.csv.study) \
    <(grep -v '^bytes=\|^fnv1a64=\|^file=\|^merged-by=\|^$' merged.csv.study) >/dev/null \
  || { echo "the merged table's study file differs from the unsharded one's"; exit 1; }

# a killed shard: parallel fails, and the merge refuses naming it
rm -rf parts && mkdir parts
set +e
parallel --jobs 2 sh -c '"[ {} = 3 ] && kill -9 \$\$; exec \"\$0\" \"\$@\""' "$cli" "${study[@]}" \
  --jobs 1 --shard {}/"$N" --csv parts/"$name"-{}.csv ::: $(seq 1 "$N") 2>/dev/null
par=$?
"$cli" merge parts/"$name"-*.csv --csv refused.csv 2> merge.err
status=$?
set -e
[ "$par" -ne 0 ] || { echo "parallel did not report the killed shard"; exit 1; }
[ "$status" -eq 2 ] || { echo "merge with a killed shard: exit $status, not 2"; cat merge.err; exit 1; }
grep -q 'missing shard 3/7' merge.err || { echo "merge did not name shard 3:"; cat merge.err; exit 1; }
[ ! -e refused.csv ] || { echo "merge wrote a table with a shard missing"; exit 1; }

rows=$(wc -l < whole.csv)
[ "$rows" -eq 37 ] || { echo "expected 37 lines (header + 36 variants), got $rows"; exit 1; }
! grep -v ',ok$' whole.csv | grep -qv '^k,' || { echo "a variant failed:"; cat whole.csv; exit 1; }
echo "parallel: $N shards merged = the unsharded table ($rows lines); a killed shard refused"
