#!/usr/bin/env bash
# Builds papsim with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-asan (clang, so the libFuzzer targets of tests/fuzz come along)
# and runs the tests against it: the unit tests, the command-line tests
# (papsim, its core library and papbench-mpi sanitized; papbench, the
# SimGrid driver, is not: see cmake/sanitize.cmake) and the fuzz targets.
#
#   scripts/sanitize.sh              unit.*, the script tests and fuzz.*
#   scripts/sanitize.sh -R 'cli\.'   any ctest selection instead
#
# Any sanitizer report fails its test: ASan and UBSan stop the program at
# the first error with exit status 1 (PAPSIM_SANITIZE adds
# -fno-sanitize-recover). Leak reports are on, but in papbench-mpi, where
# Open MPI's unloaded components hide their source. Not part of CI: it
# is a second full build plus the whole suite again (papbench is the
# same, papsim runs slower), which beside the plain suite's 5 minutes does
# not fit in CI's 15 on 2 shared cores.
# Run it by hand after changing a reader and before a release; `-R` runs
# a part (e.g. -R '^(unit|fuzz)\.' takes a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
cc=clang
command -v clang >/dev/null || cc=cc
fuzz=OFF
[ "$cc" = clang ] && fuzz=ON
cmake -S . -B build-asan -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPAPSIM_SANITIZE=address,undefined -DPAPSIM_FUZZ="$fuzz" >/dev/null
cmake --build build-asan -j "$(nproc)"
# Leak checks are on, except in papbench-mpi (tests/sanitize/mpi_asan_options.c:
# Open MPI's unloaded components). These reach papbench-mpi under mpiexec too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd build-asan
if [ $# -eq 0 ]; then
    set -- -R '^(unit|cli|agreement|correctness|golden|fuzz)\.'
fi
ctest --output-on-failure -j 2 "$@"
