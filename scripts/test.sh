#!/usr/bin/env bash
# Second command of the README (and all of CI): installs what is missing,
# builds, and runs the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
