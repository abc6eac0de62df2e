#!/usr/bin/env bash
# --version on both programs: the release (meson's project version), with
# git describe when built from a checkout, and the CVODE build; exit 0.
# Arguments: stickslip-cli, stickslip ("" in a build without the GUI), the
# project version.
set -euo pipefail
cli="$1" app="$2" release="$3"
fail() { echo "FAIL: $*" >&2; exit 1; }
for prog in "$cli" ${app:+"$app"}; do
  name="$(basename "$prog")"
  out="$("$prog" --version)" || fail "$name --version: exit $?"
  first="$(printf '%s\n' "$out" | head -n 1)"
  [[ "$first" =~ ^"$name $release"( \(git [^\)]+\))?$ ]] || fail "$name --version: '$first'"
  if git -C "$(dirname "$0")" rev-parse --git-dir >/dev/null 2>&1; then
    [[ "$first" == *"(git "* ]] || fail "$name --version: no git description in '$first'"
  fi
  printf '%s\n' "$out" | grep -q '^CVODE: ' || fail "$name --version: no CVODE line"
done
# a stray argument is refused
if "$cli" --version extra 2>/dev/null; then fail "stickslip-cli --version extra: exit 0"; fi
echo "ok: $("$cli" --version | head -n 1)"
