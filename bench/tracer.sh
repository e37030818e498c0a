#!/usr/bin/env bash
# libpaptrace's overhead per collective call under Open MPI, side by side in
# one run: the stencil application with no compute (--sweeps 0, --cells 1)
# does per iteration two halo MPI_Sendrecv, an 8-byte MPI_Allreduce and an
# MPI_Alltoall of 8 bytes per peer, so 2 traced collectives per iteration.
# Each configuration runs RUNS times, interleaved (plain, traced, sampled,
# plain, ...), so that load from other users hits all of them alike; the
# table gives the median of the loop time rank 0 measures (start-up and
# trace writing excluded), the time per collective call, and the ratio to
# the plain run.
# usage: bench/tracer.sh [BUILD_DIR]   (default ./build)
# env:   PAPTRACE_BENCH_NP (4), PAPTRACE_BENCH_ITERS (10000), PAPTRACE_BENCH_RUNS (5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
np=${PAPTRACE_BENCH_NP:-4}
iters=${PAPTRACE_BENCH_ITERS:-10000}
runs=${PAPTRACE_BENCH_RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

# loop_time CONFIG: rank 0's loop seconds for one run of CONFIG.
loop_time() {
    local preload=() every=1
    case $1 in
    traced) preload=(-x LD_PRELOAD="$build/libpaptrace.so") ;;
    sampled) preload=(-x LD_PRELOAD="$build/libpaptrace.so"); every=100 ;;
    esac
    PAPTRACE_OUT=$work/trace.txt PAPTRACE_EVERY=$every PAPTRACE_MAX_RECORDS=$((2 * iters + 8)) \
        mpiexec --oversubscribe -np "$np" -x PAPTRACE_OUT -x PAPTRACE_EVERY -x PAPTRACE_MAX_RECORDS \
        "${preload[@]}" "$build/stencil-mpi" --iters "$iters" --cells 1 --sweeps 0 --bytes 8 |
        sed -n 's/.*loop \([0-9.]*\) s.*/\1/p'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

configs="plain traced sampled"
for c in $configs; do : >"$work/$c"; done
for _ in $(seq "$runs"); do
    for c in $configs; do loop_time "$c" >>"$work/$c"; done
done
echo "== libpaptrace overhead: Open MPI np=$np, $iters iterations x 2 collectives (8 B), median of $runs runs"
printf '%-26s %12s %14s %8s\n' configuration loop_s per_call_us ratio
plain=$(median <"$work/plain")
for c in $configs; do
    t=$(median <"$work/$c")
    case $c in
    plain) label="no tracer" ;;
    traced) label="traced (every call)" ;;
    sampled) label="traced, PAPTRACE_EVERY=100" ;;
    esac
    awk -v l="$label" -v t="$t" -v p="$plain" -v n=$((2 * iters)) \
        'BEGIN { printf "%-26s %12.4f %14.3f %8.3f\n", l, t, 1e6 * t / n, t / p }'
done
echo "(per_call_us: loop time / collective calls, halo exchanges included; runs: $(tr '\n' ' ' <"$work/traced"))"
