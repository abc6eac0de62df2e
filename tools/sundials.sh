#!/usr/bin/env bash
# Builds SUNDIALS' CVODE from Debian's own source package with -O2 as static
# PIC libraries into build-deps/sundials: Debian's libsundials-dev is built
# without optimisation (its rules replace CFLAGS with -fcommon), and the same
# source at -O2 runs CVODE-bound scenarios about 3x faster, results identical.
# Prints "optimised" or "system" (the -Dsundials to configure with) on
# stdout; progress and the fallback warning go to stderr.  Called by setup.sh.
#
#   STICKSLIP_SUNDIALS=system  use Debian's library without trying the build
#   APT_CONFIG=FILE            as for apt: the sources it names are the ones
#                              read (e.g. none, to try the fallback)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$top/build-deps"   # git-ignored (/build*/), like the build dirs
prefix="$deps/sundials"
work="$deps/sundials-work"
apt_dir="$deps/apt"

fallback() {
  {
    echo "setup: ======================================================================"
    echo "setup: WARNING: using Debian's SUNDIALS (libsundials-dev), built WITHOUT"
    echo "setup: optimisation: CVODE-bound runs are about 3x slower (results are the same)."
    echo "setup: Reason: $1"
    echo "setup: ======================================================================"
  } >&2
  echo system
  exit 0
}

trap 'fallback "a set-up step failed (tools/sundials.sh line $LINENO)"' ERR

# Exactly the source of the installed libsundials-dev: same code as the
# fallback, so both configurations give byte-identical results.
src_pkg="$(dpkg-query -W -f='${source:Package}' libsundials-dev)"
src_ver="$(dpkg-query -W -f='${source:Version}' libsundials-dev)"

cmake_flags=(
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE=-O2  # no -DNDEBUG, as Debian's
  -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DCMAKE_POSITION_INDEPENDENT_CODE=ON
  -DBUILD_ARKODE=OFF -DBUILD_CVODES=OFF -DBUILD_IDA=OFF -DBUILD_IDAS=OFF -DBUILD_KINSOL=OFF
  -DBUILD_CVODE=ON -DBUILD_NVECTOR_MANYVECTOR=OFF
  -DEXAMPLES_ENABLE_C=OFF -DEXAMPLES_ENABLE_CXX=OFF -DEXAMPLES_INSTALL=OFF
  -DSUNDIALS_INDEX_SIZE=64 -DSUNDIALS_PRECISION=DOUBLE
  -DCMAKE_INSTALL_LIBDIR=lib
)
stamp="$src_pkg $src_ver ${cmake_flags[*]}"

if [ "${STICKSLIP_SUNDIALS:-}" = system ]; then
  fallback "STICKSLIP_SUNDIALS=system"
fi
if [ -f "$prefix/stamp" ] && [ "$(cat "$prefix/stamp")" = "$stamp" ]; then
  echo optimised
  exit 0
fi

echo "setup: building CVODE from Debian's source package $src_pkg $src_ver (-O2, static)" >&2
started=$SECONDS
rm -rf "$work" "$apt_dir"
mkdir -p "$work" "$apt_dir/etc/sources.list.d" "$apt_dir/state/lists/partial" \
  "$apt_dir/cache/archives/partial"
log="$work/log"

# deb-src entries derived from the machine's own Debian sources (those of
# this release's suites, component main), both formats; nothing else of the
# system's apt configuration is changed.
eval "$(apt-config shell sys_list Dir::Etc::sourcelist/f sys_parts Dir::Etc::sourceparts/d)"
codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
one_line=()
deb822=()
[ -f "${sys_list:-}" ] && one_line+=("$sys_list")
for f in "${sys_parts:-/nonexistent}"*.list; do [ -f "$f" ] && one_line+=("$f"); done
for f in "${sys_parts:-/nonexistent}"*.sources; do [ -f "$f" ] && deb822+=("$f"); done
if [ "${#one_line[@]}" -gt 0 ]; then
  awk -v rel="$codename" '
    $1 != "deb" { next }
    {
      i = 2
      if ($i ~ /^\[/) { while ($i !~ /\]$/ && i < NF) i++; i++ }  # [ options ]
      suite = $(i + 1); main = 0
      for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
      if (main && (suite == rel || index(suite, rel "-") == 1 || index(suite, rel "/") == 1)) {
        sub(/^[ \t]*deb/, "deb-src"); print
      }
    }' "${one_line[@]}" | sort -u >"$apt_dir/etc/sources.list"
else
  : >"$apt_dir/etc/sources.list"
fi
if [ "${#deb822[@]}" -gt 0 ]; then
  # one stanza per paragraph; fields kept (Signed-By too), comments dropped
  awk -v rel="$codename" '
    BEGIN { RS = ""; FS = "\n" }
    {
      deb = 0; main = 0; ours = 0; out = ""
      for (i = 1; i <= NF; i++) {
        line = $i
        if (line ~ /^#/) continue
        split(line, kv, ":"); key = tolower(kv[1]); val = substr(line, length(kv[1]) + 2)
        n = split(val, w, /[ \t]+/)
        if (key == "types") {
          for (j = 1; j <= n; j++) if (w[j] == "deb") deb = 1
          continue
        }
        if (key == "suites") {
          s = ""
          for (j = 1; j <= n; j++)
            if (w[j] == rel || index(w[j], rel "-") == 1 || index(w[j], rel "/") == 1) s = s " " w[j]
          if (s == "") continue
          ours = 1; line = "Suites:" s
        }
        if (key == "components") for (j = 1; j <= n; j++) if (w[j] == "main") main = 1
        out = out line "\n"
      }
      if (deb && main && ours) printf "Types: deb-src\n%s\n", out
    }' "${deb822[@]}" >"$apt_dir/etc/sources.list.d/debian-src.sources"
fi
if [ ! -s "$apt_dir/etc/sources.list" ] && [ ! -s "$apt_dir/etc/sources.list.d/debian-src.sources" ]; then
  fallback "no Debian sources for '$codename' configured for apt"
fi

# A private apt: its own sources, lists and cache under build-deps/apt.
apt_private=(
  -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list"
  -o "Dir::Etc::SourceParts=$apt_dir/etc/sources.list.d"
  -o "Dir::State=$apt_dir/state" -o "Dir::Cache=$apt_dir/cache"
  -o "APT::Sandbox::User=$(id -un)"  # downloads into our own folder
  -o Acquire::Retries=1 -o Acquire::http::Timeout=30 -o Acquire::https::Timeout=30
)
if ! apt-get "${apt_private[@]}" -q update >"$log" 2>&1; then
  tail -n 5 "$log" >&2
  fallback "apt-get update of the derived deb-src sources failed"
fi
if ! (cd "$work" && apt-get "${apt_private[@]}" -q source "$src_pkg=$src_ver") >>"$log" 2>&1; then
  tail -n 5 "$log" >&2
  fallback "apt-get source $src_pkg=$src_ver failed"
fi
fetched=$SECONDS
src_dir="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "$src_pkg-*" | head -n 1)"
[ -n "$src_dir" ] || fallback "apt-get source gave no source tree"

# The stamp, written last, marks a whole prefix (meson checks for it too).
rm -rf "$prefix"
if ! { cmake -S "$src_dir" -B "$work/build" -G Ninja "${cmake_flags[@]}" \
         -DCMAKE_INSTALL_PREFIX="$prefix" &&
       cmake --build "$work/build" -j "$(nproc)" &&
       cmake --install "$work/build"; } >>"$log" 2>&1; then
  tail -n 20 "$log" >&2
  fallback "the CMake build of $src_pkg $src_ver failed (log: $log)"
fi
echo "$stamp" >"$prefix/stamp"
rm -rf "$work"   # only the prefix is needed from here on
echo "setup: CVODE built in $((SECONDS - started)) s (fetch $((fetched - started)) s) into $prefix" >&2
echo optimised
