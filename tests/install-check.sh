#!/bin/sh
# install-check.sh BUILD_DIR XVFB_WRAPPER: `meson install --destdir` into a
# temporary folder, then checks what an installed program needs without
# its build tree: the compiled schema, the documents the programs point to,
# the CLI, and the installed app starting (a screenshot) with only the
# installed data folders.
set -eu
build="$1" wrapper="$2"
dest="$(mktemp -d)"
trap 'rm -rf "$dest"' EXIT
meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest/install.log" 2>&1 ||
  { cat "$dest/install.log"; exit 1; }
prefix="$(meson introspect "$build" --buildoptions |
  python3 -c 'import json, sys; o = {x["name"]: x["value"] for x in json.load(sys.stdin)}; print(o["prefix"], o["datadir"], o["bindir"])')"
set -- $prefix
root="$dest$1" datadir="$2" bindir="$3"
share="$root/$datadir"
fail() { echo "install-check: $*" >&2; exit 1; }
[ -f "$share/glib-2.0/schemas/gschemas.compiled" ] || fail "no compiled schema in $share/glib-2.0/schemas"
gsettings --schemadir "$share/glib-2.0/schemas" list-keys io.github.stickslip.Lab | grep -q . ||
  fail "the installed schema has no keys"
for doc in models.md studies.md run-limits.md; do
  [ -f "$share/doc/stickslip/$doc" ] || fail "docs/$doc not installed"
done
[ -f "$share/metainfo/io.github.stickslip.Lab.metainfo.xml" ] || fail "no metainfo installed"
grep -q "stickslip-cli" "$share/metainfo/io.github.stickslip.Lab.metainfo.xml" ||
  fail "the metainfo does not name the CLI"
[ -x "$root/$bindir/stickslip-cli" ] || fail "no stickslip-cli installed"
"$root/$bindir/stickslip-cli" list | grep -q '^two-slider' || fail "the installed CLI lists no two-slider"
# the app, with the installed data folders only (no GSETTINGS_SCHEMA_DIR)
env -u GSETTINGS_SCHEMA_DIR XDG_DATA_DIRS="$share:/usr/share" GSETTINGS_BACKEND=memory \
  GSK_RENDERER=cairo GTK_A11Y=none \
  "$wrapper" "$root/$bindir/stickslip" --scenario one-mass --screenshot "$dest/shot.png" ||
  fail "the installed app did not start"
[ -s "$dest/shot.png" ] || fail "the installed app wrote no screenshot"
echo "install-check: installed into $dest: schema, documents, CLI and app all in place"
