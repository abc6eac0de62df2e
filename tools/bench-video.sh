#!/usr/bin/env bash
# The video export's speed and the GUI's frame times during it
# (docs/performance.md): a 10 s one-mass run with its top two charts at
# 1280 × 720, 30 fps, WebM.  Prints, asserts nothing.
#   1. `stickslip --export-animation` from the command line (wall and CPU
#      time, the run and GTK's start included);
#   2. `stickslip --bench-animation`: the export with the window idle, then
#      on the worker thread while the window plays, with the window's frame
#      times then and without an export.
#   tools/bench-video.sh [BUILD_DIR]   (default build)
set -euo pipefail
build="${1:-build}"
app="$build/src/stickslip"
out="$(mktemp -d /tmp/bench-video.XXXXXX)"
trap 'rm -rf "$out"' EXIT
export GSETTINGS_BACKEND=memory GSK_RENDERER=${GSK_RENDERER:-cairo} GTK_A11Y=none
export GSETTINGS_SCHEMA_DIR="$build/data"
echo "load: $(uptime)"
echo "== stickslip --export-animation (command line, under xvfb-run) =="
/usr/bin/time -f "wall %e s, user %U s, system %S s" \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --export-animation "$out/bench.webm" \
  --scenario one-mass --t-end 10 --fps 30 --size 1280x720 --charts 1,2 2>&1 | grep -v -e Gtk-WARNING -e '^$'
echo "== stickslip --bench-animation (the window) =="
xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --scenario one-mass --bench-animation 2> "$out/log" ||
  { cat "$out/log" >&2; exit 1; }
