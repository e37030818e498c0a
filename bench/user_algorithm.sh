#!/usr/bin/env bash
# A user's algorithm costs no more wall time per case than the same code
# compiled into papsim: examples/your-algorithm (papsim's allreduce ring
# copied out as user:ring2, built against an installed papsim with
# pkg-config) against papsim's ring, one case at a time with papsim bench,
# in alternation, best of N runs each. Prints the simulated times (want:
# equal) and the wall-time ratio user:ring2 / ring (want: 1.00 to 1.05).
# usage: bench/user_algorithm.sh [BUILD_DIR] [RUNS]   (default ./build, 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
cp -r "$work/prefix/share/papsim/examples/your-algorithm" "$work/ex"
PKG_CONFIG_PATH=$work/prefix/lib/pkgconfig make -C "$work/ex" build/allreduce_ring2.smpi.so >/dev/null
papsim=$work/prefix/bin/papsim
plugin=$work/ex/build/allreduce_ring2.smpi.so

wall() { # wall seconds of one command
    local t
    t=$( { TIMEFORMAT=%R; time "$@" >/dev/null 2>&1; } 2>&1 )
    echo "$t"
}

printf '%-6s %-8s %-11s %-24s %-24s %-9s %-9s %s\n' np bytes pattern "ring simulated_s" \
    "user:ring2 simulated_s" "ring_s" "user_s" ratio
for c in "64 1048576 no_delay" "256 65536 no_delay" "256 1048576 random"; do
    read -r np bytes pattern <<<"$c"
    args=(bench --plugin "$plugin" --collective allreduce --np "$np" --bytes "$bytes"
          --pattern "$pattern" --skew 100us --reps 2)
    sim_ring=$("$papsim" "${args[@]}" --algorithm ring | tail -n 1 | cut -d, -f20)
    sim_user=$("$papsim" "${args[@]}" --algorithm user:ring2 | tail -n 1 | cut -d, -f20)
    best_ring=1e9 best_user=1e9
    for _ in $(seq "$runs"); do
        t=$(wall "$papsim" "${args[@]}" --algorithm ring)
        best_ring=$(awk -v a="$best_ring" -v b="$t" 'BEGIN { print (b < a) ? b : a }')
        t=$(wall "$papsim" "${args[@]}" --algorithm user:ring2)
        best_user=$(awk -v a="$best_user" -v b="$t" 'BEGIN { print (b < a) ? b : a }')
    done
    ratio=$(awk -v a="$best_user" -v b="$best_ring" 'BEGIN { printf "%.3f", a / b }')
    printf '%-6s %-8s %-11s %-24s %-24s %-9s %-9s %s\n' "$np" "$bytes" "$pattern" "$sim_ring" \
        "$sim_user" "$best_ring" "$best_user" "$ratio"
done
