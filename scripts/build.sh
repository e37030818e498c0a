#!/usr/bin/env bash
# Configures and builds papsim into ./build (Release): every target, or only
# the targets named (scripts/build.sh papsim papbench_smpi).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build build -j "$(nproc)" "${targets[@]}"
