#!/usr/bin/env bash
# Installs the Debian 12 packages listed in tools/deps.txt that are missing,
# builds CVODE (tools/sundials.sh), then configures and builds the project in
# build/.  Run by run.sh and test.sh.
#
#   tools/setup.sh --no-gui   the library, the CLI and their tests only
#                             (-Dgui=disabled): no GTK packages installed
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$top"
gui=enabled
case "${1:-}" in
  --no-gui) gui=disabled ;;
  "") ;;
  *) echo "usage: tools/setup.sh [--no-gui]" >&2; exit 2 ;;
esac

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

skip='^$'
[ "$gui" = enabled ] || skip='^$|\sgui$'
mapfile -t wanted < <(grep -v '^\s*#' tools/deps.txt | grep -Ev "$skip" | sed 's/\s.*//' | grep -v '^$')
missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# CVODE built -O2 from Debian's source (or Debian's library, with a warning).
sundials="$(tools/sundials.sh)"
tools/meson-dir.sh build "$sundials" --buildtype=debugoptimized -Dgui="$gui"
