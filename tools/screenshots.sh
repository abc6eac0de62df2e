#!/bin/sh
# Saves a screenshot of the application for every scenario into
# docs/screenshots/NAME.png: each is started under a private Xvfb, simulates
# a few seconds through Play's code path and saves its window.
# usage: tools/screenshots.sh [BUILD_DIR] [SECONDS]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
seconds=${2:-6}
app="$build/src/stickslip"
cli="$build/src/cli/stickslip-cli"
out="$root/docs/screenshots"
[ -x "$app" ] || { echo "build the app first: ninja -C $build" >&2; exit 1; }
mkdir -p "$out"
# settings in memory: screenshots start from the defaults, the user's stay untouched
export GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GTK_A11Y=none
export LANGUAGE=${LANGUAGE:-en}
for name in $("$cli" list | cut -f1); do
  xvfb-run -a -s "-screen 0 1400x900x24" \
    "$app" --scenario "$name" --play "$seconds" --screenshot "$out/$name.png"
  echo "$out/$name.png"
done
