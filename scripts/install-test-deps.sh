#!/usr/bin/env bash
# Installs what papsim's test suite needs on top of scripts/install-deps.sh,
# only what is missing (Debian 12; root or sudo when something is missing).
# None of it is needed to build or use papsim; a test whose tool is absent
# reports itself skipped and says why.
set -euo pipefail
cd "$(dirname "$0")/.."
# ---- test-only packages: one line per test or group, with the test(s) that
# ---- need it. Add new ones here.
test_packages=(
    slurm-wlm munge     # cli.slurm: a private single-node Slurm runs a sweep as a job array
    clang libclang-rt-14-dev  # fuzz.*: the libFuzzer targets of tests/fuzz; scripts/sanitize.sh
    time                # cli.input_limits: /usr/bin/time -f %M, the peak memory of each refusal
    mpich libmpich-dev  # the MPICH twins (papbench-mpich, libpapcoll-mpich.so, cmake/mpich.cmake
                        # builds them when MPICH is present) and the tests that run them
)
# ---- end of the test-only packages
bash scripts/install-deps.sh "${test_packages[@]}"
