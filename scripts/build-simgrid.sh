#!/usr/bin/env bash
# Builds and installs a SimGrid release (with SMPI) into a prefix, so that papsim can be
# configured against it with -DPAPSIM_SIMGRID_ROOT=PREFIX (see docs/simgrid-versions.md).
#
#   scripts/build-simgrid.sh SOURCE PREFIX
#
# SOURCE is a release tarball (a local file or an http(s) URL, e.g.
# https://framagit.org/simgrid/simgrid/-/archive/v4.1/simgrid-v4.1.tar.gz) or an
# already-unpacked source directory. Documentation, Java, Python, Fortran, the model
# checker and sthread are off; only the library, smpicc/smpirun and their headers are
# built. The build runs with -j2 under nice (about 25-40 minutes on 2 busy cores).
# The work directory is PREFIX.build, removed on success unless KEEP_BUILD=1;
# run the script again after an interruption and it goes on where it stopped.
set -euo pipefail

usage() { echo "usage: $0 SOURCE(tarball|URL|directory) PREFIX" >&2; exit 2; }
[ $# -eq 2 ] || usage
src=$1
prefix=$2
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
jobs=${JOBS:-2}
work="$prefix.build"

mkdir -p "$work"
if [ -d "$src" ]; then
  srcdir=$(cd "$src" && pwd)
else
  tarball=$src
  case "$src" in
    http://*|https://*)
      tarball="$work/$(basename "$src")"
      if command -v curl >/dev/null; then curl -fL -o "$tarball" "$src"
      else wget -O "$tarball" "$src"; fi ;;
  esac
  [ -f "$tarball" ] || { echo "$0: $tarball: no such tarball" >&2; exit 1; }
  # A build stopped part-way resumes: the same tarball is not unpacked again
  # (new file dates would rebuild everything).
  stamp="$(basename "$tarball") $(stat -c '%s %Y' "$tarball")"
  if [ "$(cat "$work/src/.unpacked" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$work/src" "$work/build" && mkdir -p "$work/src"
    tar -xf "$tarball" -C "$work/src"        # tar picks gzip/xz/bzip2 from the file
    echo "$stamp" >"$work/src/.unpacked"
  fi
  srcdir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
fi
[ -f "$srcdir/CMakeLists.txt" ] && grep -qi 'project(simgrid' "$srcdir/CMakeLists.txt" ||
  { echo "$0: $srcdir does not look like a SimGrid source tree" >&2; exit 1; }

build="$work/build"
mkdir -p "$build"
cd "$build" # SimGrid's configure leaves a test_stackgrowth program in the current directory
nice cmake -S "$srcdir" -B "$build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$prefix" \
  -Denable_documentation=OFF -Denable_java=OFF -Denable_python=OFF \
  -Denable_smpi=ON -Denable_fortran=OFF -Denable_model-checking=OFF \
  -Denable_sthread=OFF -Denable_lto=OFF -Denable_msg=OFF \
  -Denable_compile_warnings=OFF -Denable_ns3=OFF
# "all" is the library plus smpimain and a few tools; tests and examples are not in it.
nice cmake --build "$build" -j "$jobs"
nice cmake --install "$build"
[ -x "$prefix/bin/smpirun" ] || { echo "$0: no $prefix/bin/smpirun after install" >&2; exit 1; }
echo "SimGrid installed into $prefix: $("$prefix/bin/smpirun" -version 2>/dev/null | head -n 1 || true)"
[ "${KEEP_BUILD:-0}" = 1 ] || rm -rf "$work"
