#!/usr/bin/env bash
# Second command of the README (and all of CI): installs what is missing
# (papsim's packages and the tests' own, scripts/install-test-deps.sh),
# builds, runs the whole test suite with CTest, then fuzzes each input
# reader (spec, pattern file, results.csv, platform XML, failed.csv,
# libpapcoll's PAPCOLL_* variables) for a bounded time
# under ASan and UBSan (tests/fuzz: a clang build in build-fuzz, 10 s a
# reader; PAPSIM_FUZZ_SECONDS changes it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
bash scripts/build.sh
jobs=$(nproc)
(cd build && ctest --output-on-failure -j "$jobs")
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPAPSIM_FUZZ=ON -DPAPSIM_FUZZ_SECONDS="${PAPSIM_FUZZ_SECONDS:-10}" >/dev/null
cmake --build build-fuzz -j "$jobs" --target fuzz_spec fuzz_pattern fuzz_csv fuzz_platform fuzz_failed \
      fuzz_papcoll fuzz_input >/dev/null
ctest --test-dir build-fuzz -L fuzz --output-on-failure -j "$jobs"
