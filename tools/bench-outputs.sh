#!/usr/bin/env bash
# Writes the CSV, events and metrics of every `stickslip-cli bench` variant (each
# scenario's default, every other choice of each choice parameter, and the
# extra variants) into DIR, three files per variant.  A refactor must
# leave them byte-identical:
#   tools/bench-outputs.sh build /tmp/before; ...; tools/bench-outputs.sh build /tmp/after
#   diff -r /tmp/before /tmp/after
# usage: tools/bench-outputs.sh BUILD_DIR OUT_DIR
set -euo pipefail
cli="$1/src/cli/stickslip-cli"
out="$2"
mkdir -p "$out"
run() {  # NAME SCENARIO [ASSIGNMENT...] [--t-end T]
  local name=$1 sc=$2
  shift 2
  local args=()
  while [ $# -gt 0 ]; do
    if [ "$1" = --t-end ]; then args+=(--t-end "$2"); shift 2; else args+=(--set "$1"); shift; fi
  done
  "$cli" run "$sc" ${args[@]+"${args[@]}"} --csv "$out/$name.csv" --events "$out/$name.events" \
    --metrics "$out/$name.metrics" 2> "$out/$name.stderr" || echo "exit $?" > "$out/$name.status"
}
for sc in $("$cli" list | cut -f1); do
  run "$sc" "$sc"
  # choice parameters: NAME DEFAULT CHOICE|CHOICE|...
  while read -r name def choices; do
    for choice in ${choices//|/ }; do
      [ "$choice" = "$def" ] || run "$sc.$name=$choice" "$sc" "$name=$choice"
    done
  done < <("$cli" params "$sc" | awk -F'\t' '$4 ~ /\|/ { print $1, $2, $4 }')
done
# the extra variants of `stickslip-cli bench`
run one-mass.lugre-30s one-mass law=lugre --t-end 30
for law in regularised tanh lugre; do
  run "two-slider.flexible.$law" two-slider rod=flexible "law=$law"
done
