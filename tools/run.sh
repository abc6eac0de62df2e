#!/usr/bin/env bash
# Installs what is missing, builds, and launches Stick-Slip Lab on its
# default scenario (the CLI run when no desktop session is available).
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$top/tools/setup.sh"
cd "$top"
if [ -x build/src/stickslip ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec env GSETTINGS_SCHEMA_DIR="$top/build/data" build/src/stickslip "$@"
fi
[ -x build/src/stickslip ] && echo "run: no display found; running the CLI instead"
exec build/src/cli/stickslip-cli run one-mass "$@"
