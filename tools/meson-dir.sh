#!/usr/bin/env bash
# meson-dir.sh DIR SUNDIALS [MESON-SETUP-OPTION...]: sets up DIR with
# -Dsundials=SUNDIALS and the options (or switches an existing DIR to them)
# and builds it.
set -euo pipefail
dir="$1" sundials="$2"
shift 2
if [ ! -f "$dir/build.ninja" ]; then
  meson setup "$dir" -Dsundials="$sundials" "$@"
else
  current="$(meson introspect "$dir" --buildoptions |
    python3 -c 'import json, sys; print(next((o["value"] for o in json.load(sys.stdin) if o["name"] == "sundials"), ""))')"
  if [ "$current" != "$sundials" ]; then
    meson setup --reconfigure "$dir" -Dsundials="$sundials"
  fi
  [ "$#" -eq 0 ] || meson configure "$dir" "$@" >/dev/null
fi
ninja -C "$dir"
