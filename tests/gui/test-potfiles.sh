#!/bin/sh
# Fails when a source file with translatable strings is missing from
# po/POTFILES.in, or when POTFILES.in lists a file that does not exist.
# usage: test-potfiles.sh SOURCE_ROOT
root="$1"
cd "$root" || exit 1
status=0
for f in src/*.c src/*.h src/drawings/*.c ui/*.ui ui/gtk/*.ui data/*.in data/*.gschema.xml; do
  [ -f "$f" ] || continue
  if grep -qE '(^|[^A-Za-z0-9_])(N_|_|C_|NC_)\(|translatable="yes"|^(Name|Comment|GenericName|Keywords)=|<summary>|<p>' "$f"; then
    if ! grep -qxF "$f" po/POTFILES.in; then
      echo "not in po/POTFILES.in: $f"
      status=1
    fi
  fi
done
for f in $(grep -v '^#' po/POTFILES.in); do
  if [ ! -f "$f" ]; then
    echo "listed in po/POTFILES.in but missing: $f"
    status=1
  fi
done
exit $status
