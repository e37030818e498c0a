#!/usr/bin/env bash
# Builds papsim with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-asan (clang, so the libFuzzer targets of tests/fuzz come along)
# and runs the tests against it: the unit tests, the command-line tests
# (papsim, its core library and papbench-mpi sanitized; papbench, the
# SimGrid driver, is not: see cmake/sanitize.cmake) and the fuzz targets.
#
#   scripts/sanitize.sh              unit.*, cli.* and fuzz.*
#   scripts/sanitize.sh -R 'cli\.'   any ctest selection instead
#
# Any sanitizer report fails its test: ASan and UBSan stop the program at
# the first error with exit status 1 (PAPSIM_SANITIZE adds
# -fno-sanitize-recover). Leak reports are on (tests/lsan.supp leaves out
# Open MPI's own). Not part of CI: it is a second full build plus the
# whole suite again (papbench is the same, papsim runs slower), which with
# the plain suite's 5 minutes does not fit in CI's 15 on 2 shared cores.
# Run it by hand after changing a reader and before a release; `-R` runs
# a part (e.g. -R '^(unit|fuzz)\.' takes a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cc=clang
command -v clang >/dev/null || cc=cc
fuzz=OFF
[ "$cc" = clang ] && fuzz=ON
cmake -S . -B build-asan -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPAPSIM_SANITIZE=address,undefined -DPAPSIM_FUZZ="$fuzz" >/dev/null
cmake --build build-asan -j "$(nproc)"
# Open MPI's own start-up leaks by design; papsim's leaks are what matter,
# and papbench-mpi runs under mpiexec with these options too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd build-asan
if [ $# -eq 0 ]; then
    set -- -R '^(unit|cli|fuzz)\.'
fi
ctest --output-on-failure -j 2 "$@"
