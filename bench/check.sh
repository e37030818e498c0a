#!/usr/bin/env bash
# Wall time of `papsim check COLLECTIVE ALGORITHM` on its default grid
# (np 1..33, every axis, docs/your-algorithm.md#checking) with --jobs 2,
# for a few algorithms of different collectives, one at a time, against a
# budget of 120 s each (the target: one algorithm checked in under 2
# minutes on 2 cores). Prints, per algorithm, the cases, the wall and CPU
# seconds and the ratio of wall time to the budget; exits 1 when a check
# fails or passes the budget.
# usage: bench/check.sh [BUILD_DIR]                         (default ./build)
#        PAPSIM_BENCH_ALGOS="reduce:binomial bcast:binary" bench/check.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
budget=120
algos=${PAPSIM_BENCH_ALGOS:-"allreduce:ring reduce:binomial alltoall:pairwise gatherv:linear"}
status=0

echo "# papsim check, default grid, --jobs 2; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-28s %8s %9s %9s %12s\n' algorithm cases wall_s cpu_s wall/budget
for a in $algos; do
    out=$(mktemp)
    start=$(date +%s.%N)
    # the CPU time of everything the check starts: the shell's children's times
    TIMEFORMAT='%U %S'
    { time "$papsim" check "${a%%:*}" "${a#*:}" --jobs 2 --quiet >"$out" 2>&1; } 2>"$out.time"
    rc=$?
    end=$(date +%s.%N)
    wall=$(echo "$end - $start" | bc)
    cpu=$(awk '{print $1 + $2}' "$out.time")
    line=$(tail -n 1 "$out")
    cases=$(echo "$line" | awk '{print $1 + $3}')
    printf '%-28s %8s %9.1f %9.1f %12.2f\n' "$a" "$cases" "$wall" "$cpu" "$(echo "$wall / $budget" | bc -l)"
    if [ "$rc" -ne 0 ]; then
        echo "  check failed: $line"
        status=1
    fi
    if [ "$(echo "$wall > $budget" | bc)" -eq 1 ]; then status=1; fi
    rm -f "$out" "$out.time"
done
exit $status
