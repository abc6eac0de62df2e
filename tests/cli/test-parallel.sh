#!/usr/bin/env bash
# The GNU parallel recipe of docs/studies.md on this machine: a sweep cut into
# shards, run two at a time by parallel, merged; the merged table must equal
# the unsharded one byte for byte.  Skipped (77) without GNU parallel
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

# recipe 1: parallel keeps the shards' order (-k); stdout is the table
seq 1 "$N" | parallel -k --jobs 2 "$cli" "${study[@]}" --jobs 1 --shard {}/"$N" --csv - \
  > merged-k.csv 2>/dev/null
cmp whole.csv merged-k.csv

# recipe 2: one file per shard (as on a cluster), then cat in shard order
parallel --jobs 2 "$cli" "${study[@]}" --jobs 1 --shard {}/"$N" --csv part-{}.csv \
  ::: $(seq 1 "$N") 2>/dev/null
for k in $(seq 1 "$N"); do cat "part-$k.csv"; done > merged-files.csv
cmp whole.csv merged-files.csv

rows=$(wc -l < whole.csv)
[ "$rows" -eq 37 ] || { echo "expected 37 lines (header + 36 variants), got $rows"; exit 1; }
! grep -v ',ok$' whole.csv | grep -qv '^k,' || { echo "a variant failed:"; cat whole.csv; exit 1; }
echo "parallel: $N shards merged = the unsharded table ($rows lines)"
