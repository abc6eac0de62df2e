#!/usr/bin/env bash
# test-completion.sh CLI COMPLETION: the bash completion of stickslip-cli
# offers the commands, the scenarios, a scenario's parameters after --set
# and the run options.
set -euo pipefail
cli="$1"
# shellcheck source=/dev/null
source "$2"
complete_line() { # WORDS...: COMPREPLY for the last word, one per line
  COMP_WORDS=("$cli" "${@:2}")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _stickslip_cli
  printf '%s\n' "${COMPREPLY[@]}"
}
fail() { echo "test-completion: $*" >&2; exit 1; }
got=$(complete_line x "")
for w in list params run sweep bench statics examples; do
  grep -qx "$w" <<<"$got" || fail "no command $w in: $got"
done
got=$(complete_line x run tw)
[ "$(sort <<<"$got")" = "$(printf 'two-block\ntwo-slider\n')" ] || fail "run tw gave: $got"
got=$(complete_line x run one-mass --set "")
expected=$("$cli" params one-mass | cut -f1 | sed 's/$/=/' | sort)
[ "$(sort <<<"$got")" = "$expected" ] || fail "--set after one-mass gave: $got"
got=$(complete_line x run one-mass --max-)
[ "$(sort <<<"$got")" = "$(printf -- '--max-events\n--max-steps\n')" ] || fail "--max- gave: $got"
got=$(complete_line x sweep gear-train --vary le)
[ "$got" = "level=" ] || fail "sweep --vary le gave: $got"
# each command's options are the ones its --help lists (the parser's table)
for cmd in list params examples run sweep merge bench statics; do
  got=$(complete_line x "$cmd" -- | sort)
  expected=$({ "$cli" "$cmd" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p'; echo --help; } | sort)
  [ "$got" = "$expected" ] || fail "$cmd's options: completion gives $(echo $got), --help $(echo $expected)"
done
echo "test-completion: commands, scenarios, parameters and options completed"
