#!/usr/bin/env bash
# libpapcoll at the application level (docs/papcoll.md):
#   1. cg (papcoll/apps/cg.c: two allreduce of RHS doubles per iteration,
#      rank r computing (1 + imbalance r/(p-1)) x WORK flops) and stencil
#      (traces/apps/stencil.c: an allreduce of 1 double and an alltoall per
#      iteration, strips growing with the rank) under smpirun on a 16-host
#      flat cluster (platforms/default.xml), once with the MPI library's own
#      collectives (SMPI's defaults) and once per papsim allreduce algorithm:
#      the simulated time of the whole loop, and for the arrival-aware ones
#      the mean and largest prediction error of the arrival offsets, and
#      slt and prr without prediction (knowledge=none);
#   2. the cost of the wrappers themselves on collectives that fall through
#      to the MPI library: cg-mpi with tiny messages and no computation,
#      under Open MPI on this machine, with and without libpapcoll.so
#      preloaded (no rule set, so every call is the MPI library's), as the
#      fastest of REPS runs of the loop time (the least disturbed by other
#      work on the machine), divided by the calls.
# usage: bench/papcoll.sh [BUILD_DIR]      (default ./build)
#        PAPSIM_PAPCOLL_BENCH_NP=16 PAPSIM_PAPCOLL_BENCH_REPS=5 bench/papcoll.sh
# (not PAPCOLL_*: libpapcoll refuses a PAPCOLL_ variable it does not know)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
np=${PAPSIM_PAPCOLL_BENCH_NP:-16}
reps=${PAPSIM_PAPCOLL_BENCH_REPS:-5}
platform=$root/platforms/default.xml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

smpi() { # APP ARGS...: stdout of the application under smpirun
    local app=$1; shift
    smpirun -no-privatize -platform "$platform" -np "$np" "$build/$app" \
        --cfg=smpi/simulate-computation:no --log=root.thres:critical "$@" 2>/dev/null
}

# row APP LABEL RULE ARGS...: one table row: the loop's simulated time and,
# from the report, the prediction error of the allreduce.
row() {
    local app=$1 label=$2 rule=$3; shift 3
    rm -f "$work/report.csv"
    local loop
    loop=$(if [ -n "$rule" ]; then export PAPCOLL_ALLREDUCE=$rule; fi
           PAPCOLL_REPORT="$work/report.csv" smpi "$app" "$@" |
               sed -n 's/.*loop \([0-9.e+-]*\) s.*/\1/p')
    local err
    err=$(awk -F, '$1 == "allreduce" && $10 > 0 {printf "%.3g / %.3g", $12 * 1e6, $13 * 1e6}' \
          "$work/report.csv" 2>/dev/null)
    printf '| %s | %s | %s | %s |\n' "${app%-papcoll-smpi}" "$label" "${loop:-failed}" "${err:--}"
}

echo "## Simulated loop time per allreduce choice (np $np, $(basename "$platform"))"
echo
echo "| application | allreduce | loop (simulated s) | prediction error mean / max (us) |"
echo "|---|---|---|---|"
algos=$("$build/papsim" list --format csv | awk -F, 'NR > 1 && $1 == "allreduce" {print $2}')
cg_args=(--rows 4096 --rhs 512 --iters 30 --work 2e6 --imbalance 1.0)
row cg-papcoll-smpi "MPI library (SMPI default)" "" "${cg_args[@]}"
for a in $algos; do row cg-papcoll-smpi "$a" "$a" "${cg_args[@]}"; done
# What the live prediction is worth (and costs): the arrival-aware ones
# without it.
for a in slt prr; do
    row cg-papcoll-smpi "$a, knowledge=none" "$a(knowledge=none)" "${cg_args[@]}"
done
st_args=(--iters 30 --imbalance 1.0)
row stencil-papcoll-smpi "MPI library (SMPI default)" "" "${st_args[@]}"
for a in $algos; do row stencil-papcoll-smpi "$a" "$a" "${st_args[@]}"; done

echo
echo "## Under Open MPI on this machine (np 4, wall time, median of $reps runs)"
echo
echo "| application | allreduce | loop (s) |"
echo "|---|---|---|"
mpi_row() { # LABEL RULE: cg's median loop under mpiexec with libpapcoll preloaded
    local label=$1 rule=$2
    local loop
    loop=$(for _ in $(seq "$reps"); do
        mpiexec --oversubscribe -np 4 -x LD_PRELOAD="$build/libpapcoll.so" \
            ${rule:+-x PAPCOLL_ALLREDUCE="$rule"} "$build/cg-mpi" \
            --rows 4096 --rhs 512 --iters 30 --work 2e6 --imbalance 1.0 |
            sed -n 's/.*loop \([0-9.e+-]*\) s.*/\1/p'
    done | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
    printf '| cg | %s | %s |\n' "$label" "${loop:-failed}"
}
mpi_row "MPI library (Open MPI tuned)" ""
for a in $algos; do mpi_row "$a" "$a"; done

echo
echo "## Wrapper cost on calls that fall through (Open MPI, np 2, this machine)"
iters=100000
fastest_loop() { # the fastest loop time of reps runs of cg-mpi
    for _ in $(seq "$reps"); do
        mpiexec --oversubscribe -np 2 ${LD_PRELOAD_LIB:+-x LD_PRELOAD="$LD_PRELOAD_LIB"} \
            "$build/cg-mpi" --rows 2 --rhs 1 --iters $iters --work 0 |
            sed -n 's/.*loop \([0-9.e+-]*\) s.*/\1/p'
    done | sort -g | head -n 1
}
without=$(fastest_loop)
with=$(LD_PRELOAD_LIB=$build/libpapcoll.so fastest_loop)
calls=$((2 * iters))
echo "loop without libpapcoll: $without s; with it: $with s; $calls allreduce calls per rank"
awk -v a="$without" -v b="$with" -v n="$calls" \
    'BEGIN {printf "wrapper cost per fall-through call: %.2f us (%.1f%% of the loop)\n", (b - a) / n * 1e6, (b - a) / a * 100}'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
