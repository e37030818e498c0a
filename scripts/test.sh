#!/usr/bin/env bash
# Second command of the README (and all of CI): installs what is missing
# (papsim's packages and the tests' own, scripts/install-test-deps.sh),
# builds, and runs the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
