#!/usr/bin/env bash
# A user's algorithm costs no more time per case than the same code compiled
# into papsim: examples/your-algorithm (papsim's allreduce ring copied out
# as user:ring2, built against an installed papsim with pkg-config and
# papsim's own Release flags) against papsim's ring, one case at a time
# with papsim bench, the two in alternation, RUNS pairs per case. Prints the
# simulated times (want: equal) and the median over the pairs of the ratio
# user:ring2 / ring of CPU time (user + system of papsim bench and the
# smpirun it starts; on a shared host steadier than wall time, and equal
# to it on an idle one) (want: 1.00 to 1.05).
# usage: bench/user-algorithm.sh [BUILD_DIR] [RUNS]   (default ./build, 9)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
cp -r "$work/prefix/share/papsim/examples/your-algorithm" "$work/ex"
PKG_CONFIG_PATH=$work/prefix/lib/pkgconfig make -C "$work/ex" CFLAGS="-O3 -DNDEBUG" \
    build/allreduce_ring2.smpi.so >/dev/null
papsim=$work/prefix/bin/papsim
plugin=$work/ex/build/allreduce_ring2.smpi.so

cpu() { # CPU seconds (user + system) of one command and its children
    local t
    t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
    awk -v t="$t" 'BEGIN { split(t, a, " "); print a[1] + a[2] }'
}

printf '%-5s %-8s %-9s %-13s %-22s %-22s %-10s %-10s %s\n' np bytes pattern platform \
    "ring simulated_s" "user:ring2 simulated_s" ring_cpu_s user_cpu_s "median ratio"
for c in "64 65536 random default" "256 65536 no_delay fat-tree-256"; do
    read -r np bytes pattern platform <<<"$c"
    args=(bench --plugin "$plugin" --collective allreduce --np "$np" --bytes "$bytes"
          --pattern "$pattern" --skew 100us --reps 10 --platform "$platform")
    sim_ring=$("$papsim" "${args[@]}" --algorithm ring | tail -n 1 | cut -d, -f20)
    sim_user=$("$papsim" "${args[@]}" --algorithm user:ring2 | tail -n 1 | cut -d, -f20)
    pairs=()
    for _ in $(seq "$runs"); do
        pairs+=("$(cpu "$papsim" "${args[@]}" --algorithm ring) $(cpu "$papsim" "${args[@]}" --algorithm user:ring2)")
    done
    means=$(printf '%s\n' "${pairs[@]}" | awk '{ a += $1; u += $2 } END { printf "%.3f %.3f", a / NR, u / NR }')
    median=$(printf '%s\n' "${pairs[@]}" | awk '{ print $2 / $1 }' | sort -g |
        awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    printf '%-5s %-8s %-9s %-13s %-22s %-22s %-10s %-10s %s\n' "$np" "$bytes" "$pattern" "$platform" \
        "$sim_ring" "$sim_user" "${means% *}" "${means#* }" "$median"
done
