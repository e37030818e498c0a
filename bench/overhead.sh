#!/usr/bin/env bash
# papsim's speed figures, measured side by side in one run:
#  1. simulation overhead: papsim's binomial reduce against SMPI's built-in
#     "binomial" (the same communication pattern: reduce-binomial.cpp, MPICH's
#     tree) at np=1024 on the seed-003 cluster: simulated times (want: within
#     1%) and the wall-time ratio (want: at most 1.1);
#  2. sweep throughput: cases per minute for scenarios/demo.ini (462 cases)
#     with 1 and 2 workers, and the speedup (want: at least 1.8).
# usage: bench/overhead.sh [BUILD_DIR]   (default ./build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
platform=$root/platforms/salimi-beni-cluster.xml
declare -A sim_s wall_s # by "algorithm bytes", and wall_s by "jobs N" (no eval of output)

wall() { # wall seconds of a command, best of 3
    local best=1e9 t
    for _ in 1 2 3; do
        t=$( { TIMEFORMAT=%R; time "$@" >/dev/null 2>&1; } 2>&1 )
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (b < a) ? b : a }')
    done
    echo "$best"
}

echo "== 1. simulation overhead, reduce np=1024, $(basename "$platform")"
printf '%-22s %-8s %-22s %s\n' algorithm bytes simulated_s wall_s
for bytes in 8 65536; do
    for algo in binomial builtin:binomial; do
        sim=$("$papsim" bench --np 1024 --collective reduce --algorithm $algo --bytes $bytes \
            --platform "$platform" | tail -n 1 | cut -d, -f20)
        w=$(wall "$papsim" bench --np 1024 --collective reduce --algorithm $algo --bytes $bytes \
            --platform "$platform")
        printf '%-22s %-8s %-22s %s\n' "$algo" "$bytes" "$sim" "$w"
        sim_s["$algo $bytes"]=$sim
        wall_s["$algo $bytes"]=$w
    done
    awk -v a="${sim_s["binomial $bytes"]}" -v b="${sim_s["builtin:binomial $bytes"]}" \
        -v c="${wall_s["binomial $bytes"]}" -v d="${wall_s["builtin:binomial $bytes"]}" \
        -v m="$bytes" 'BEGIN { printf "  %s B: simulated time papsim/builtin = %.6f, wall time ratio = %.3f\n", m, a / b, c / d }'
done

echo "== 2. sweep throughput, scenarios/demo.ini"
for jobs in 1 2; do
    start=$(date +%s.%N)
    "$papsim" run "$root/scenarios/demo.ini" --out "$work/demo-$jobs" --jobs $jobs --quiet 2>/dev/null
    end=$(date +%s.%N)
    cases=$(tail -n +2 "$work/demo-$jobs/results.csv" | wc -l)
    awk -v c="$cases" -v s="$start" -v e="$end" -v j=$jobs \
        'BEGIN { printf "  %d worker(s): %d cases in %.1f s = %.0f cases/minute\n", j, c, e - s, c * 60 / (e - s) }'
    wall_s["jobs $jobs"]=$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')
done
awk -v a="${wall_s["jobs 1"]}" -v b="${wall_s["jobs 2"]}" \
    'BEGIN { printf "  speedup of 2 workers over 1: %.2f (want: at least 1.8 on 2 idle cores)\n", a / b }'
