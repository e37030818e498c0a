#!/usr/bin/env bash
# Installs the Debian 12 packages papsim needs to build and run, only those
# missing. Needs root (or sudo) when something is missing.
#   bash scripts/install-deps.sh            what papsim needs
#   bash scripts/install-deps.sh PKG...     that, plus PKG... (used by
#                                           scripts/install-test-deps.sh)
set -euo pipefail
# build-essential cmake pkg-config: the build; libxml2-dev: platform files;
# libsimgrid-dev: SimGrid/SMPI 3.32 (smpicc, smpirun); libopenmpi-dev
# openmpi-bin: papbench-mpi and the library for a real MPI; gnuplot-nox: the
# report's heatmaps; git: the commit recorded in DIR/provenance.txt.
packages=(build-essential cmake pkg-config libxml2-dev libsimgrid-dev
          libopenmpi-dev openmpi-bin gnuplot-nox git "$@")
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "papsim: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
