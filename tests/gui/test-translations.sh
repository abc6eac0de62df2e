#!/bin/sh
# The Polish catalogue is complete: every message xgettext finds in the
# sources listed in POTFILES.in has a non-fuzzy translation, and the
# catalogue compiles with format checks.
# usage: test-translations.sh SOURCE_ROOT
root="$1"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
grep -v '^#' po/POTFILES.in | grep -v '^$' > "$tmp/files"
xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 -f "$tmp/files" -o "$tmp/stickslip.pot" || exit 1
msgfmt --check --statistics -o "$tmp/pl.mo" po/pl.po || exit 1
fuzzy=$(msgattrib --only-fuzzy --no-obsolete po/pl.po | grep -c '^msgid ')
if [ "$fuzzy" -gt 0 ]; then
  echo "po/pl.po has $fuzzy fuzzy messages"
  exit 1
fi
# msgcmp fails for every message of the sources without a Polish translation
msgcmp po/pl.po "$tmp/stickslip.pot" || exit 1
echo "po/pl.po covers every message"
