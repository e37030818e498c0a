#!/usr/bin/env bash
# Installs the Debian 12 packages papsim needs, only those missing.
# Needs root (or sudo) when something is missing.
set -euo pipefail
# clang and libclang-rt-14-dev: the libFuzzer targets and sanitizer runtimes of
# scripts/sanitize.sh (tests/fuzz, cmake/sanitize.cmake).
# slurm-wlm and munge: cli.slurm starts a private single-node Slurm to run
# a sweep as a job array (it skips, saying why, where they are missing).
packages=(build-essential cmake pkg-config libxml2-dev libsimgrid-dev
          libopenmpi-dev openmpi-bin gnuplot-nox slurm-wlm munge
          clang libclang-rt-14-dev)
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
