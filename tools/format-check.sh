#!/usr/bin/env bash
# format-check.sh [--fix]: checks that every C source and header in model/,
# src/, tests/ and python/ is laid out as .clang-format says, except the
# files .clang-format-ignore lists (generated ones); --fix rewrites them.
# Run by tools/test.sh.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$top"
mode=(--dry-run --Werror)
[ "${1:-}" = --fix ] && mode=(-i)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- 'model/*.[ch]' 'src/*.[ch]' 'tests/*.[ch]' 'python/*.[ch]')
else
  mapfile -t files < <(find model src tests -name '*.[ch]' | sort)
fi
mapfile -t ignored < <(grep -v '^\s*#' .clang-format-ignore | grep -v '^\s*$')
checked=()
for f in "${files[@]}"; do
  skip=0
  for i in "${ignored[@]}"; do [ "$f" = "$i" ] && skip=1; done
  [ "$skip" = 1 ] || checked+=("$f")
done
if clang-format "${mode[@]}" "${checked[@]}"; then
  echo "format-check: ${#checked[@]} files laid out as .clang-format says"
else
  echo "format-check: the files above differ from .clang-format (tools/format-check.sh --fix)" >&2
  exit 1
fi
