#!/usr/bin/env bash
# PRR simulation cost against ring: the CPU time (user + system of the
# whole process tree, /usr/bin/time -f %U+%S) of simulating one allreduce
# with papsim's `prr` and `ring` at np 256, 512 and 1024 on
# platforms/salimi-beni-cluster.xml, 32 ranks per node (sequential
# mapping), 4 MiB of char (1M floats' worth, as bench/allreduce.sh), no
# delay, one repetition, timing only. Both algorithms send the same
# p(2p-2) messages; PRR's cost used to grow as p^3 in SimGrid 3.32 (each
# rank pre-posted p final receives: every message was matched against
# them, and MPI_Waitany scanned p requests per final). The simulated time
# (mean elapsed, s) is printed beside the CPU time so that a changed
# algorithm that simulates something else shows at once.
#
# Runs one simulation at a time under nice. CPU time is less sensitive to
# other jobs than wall time, but not immune: compare figures taken at
# similar load (the load average is printed first).
#
# usage: bench/prr-scaling.sh [BUILD_DIR]          (default ./build)
#        PRR_NPS="256 512" bench/prr-scaling.sh   (process counts)
#        PRR_ALGOS="prr" bench/prr-scaling.sh     (algorithms)
#        PRR_BYTES=1048576 bench/prr-scaling.sh   (vector size, bytes)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
nps=${PRR_NPS:-256 512 1024}
algos=${PRR_ALGOS:-ring prr}
bytes=${PRR_BYTES:-4194304}
platform=$root/platforms/salimi-beni-cluster.xml
[ -x "$papsim" ] || { echo "no papsim at $papsim (build first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# $(date -u +%FT%TZ) load average: $(cut -d' ' -f1-3 /proc/loadavg), build $build"
printf '%-6s %-6s %-12s %-10s %-10s\n' np algo simulated_s cpu_s wall_s
for np in $nps; do
    for a in $algos; do
        if ! nice /usr/bin/time -o "$work/time" -f '%U %S %e' "$papsim" bench \
            --collective allreduce --algorithm "$a" --bytes "$bytes" --datatype char \
            --np "$np" --platform "$platform" --ranks-per-node 32 --pattern no_delay \
            >"$work/out" 2>"$work/err"; then
            printf '%-6s %-6s failed: %s\n' "$np" "$a" "$(tail -n 1 "$work/err")"
            continue
        fi
        # mean elapsed: the column named mean_elapsed_s in the header
        sim=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mean_elapsed_s") c = i }
                       NR == 2 && c { print $c }' "$work/out")
        read -r u s e <"$work/time"
        printf '%-6s %-6s %-12s %-10s %-10s\n' "$np" "$a" "${sim:--}" \
            "$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.1f", u + s }')" "$e"
    done
done
