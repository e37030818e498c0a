#!/usr/bin/env bash
# Allreduce simulation cost (the four algorithms of Proficz 2018): the wall time,
# CPU time and peak memory of simulating one allreduce of 1M floats (4 MiB)
# with papsim's ring, rabenseifner, slt and prr, beside SMPI's built-in
# rab_rdb (the same MPICH Rabenseifner as papsim's, docs/smpi-notes.md,
# "Allreduce") in the same run, at np = 48 and np = 1024. Timing only (no
# --check: papsim shares the buffers above 64 KiB across ranks).
#
# Platforms, one process per node: platforms/proficz-48.xml (the Tryton
# rack: 1 Gb/s full-duplex node links, 11 us each, one non-blocking switch)
# at np = 48, and the same model with 1024 nodes (generated here from that
# file: more hosts and a backbone of 2 x 1024 x 1 Gb/s) at np = 1024. SMPI's
# size factors and cross traffic are off, as in scenarios/prr-slt-*.ini, so
# a message costs exactly alpha + m beta. SLT and PRR use oracle knowledge.
#
# Patterns (PAPSIM_BENCH_PATTERNS, SHAPE:SKEW): no_delay by default (each
# np = 1024 run takes minutes); add last_delayed:50ms, the one-late case of Proficz 2018
# case where PRR gains most, to time SLT's and PRR's pre-reduced schedules
# instead of the plain ring order.
#
# Columns: simulated mean elapsed time (s, the e-bar of Proficz 2018), wall time of
# `papsim bench` (s), CPU time (user + system) of its process tree (s, from
# /usr/bin/time; load from other jobs changes it less than the wall time),
# peak memory (MiB): the simulator's peak proportional set size, sampled
# from /proc/PID/smaps_rollup every 0.2 s (max RSS would count the shared
# buffers once per rank); "-" = a run too short to sample. Runs are capped
# at PAPSIM_BENCH_TIMEOUT seconds (default 600).
# usage: bench/allreduce.sh [BUILD_DIR]   (default ./build)
#        PAPSIM_BENCH_NPS=48 bench/allreduce.sh   (only the small size)
#        PAPSIM_BENCH_ALGOS="ring prr" bench/allreduce.sh   (some algorithms)
set -uo pipefail
source "$(dirname "$0")/lib.sh" "$@"

# The 1024-node rack: the proficz-48 cluster with more hosts and a backbone
# that still never limits (two directions x 1024 ports x 1 Gb/s).
sed -e 's/radical="0-47"/radical="0-1023"/' -e 's/bb_bw="96Gbps"/bb_bw="2048Gbps"/' \
    "$root/platforms/proficz-48.xml" > "$work/proficz-1024.xml"
grep -q 'radical="0-1023"' "$work/proficz-1024.xml" || {
    echo "bench/allreduce.sh: cannot derive a 1024-node platform from platforms/proficz-48.xml" >&2
    exit 2
}

run() { # np platform algorithm pattern skew: prints simulated_s wall_s cpu_s peak_MiB
    measure "$papsim" bench --np "$1" --collective allreduce --algorithm "$3" --bytes 4MiB \
        --datatype float --op sum --knowledge oracle --pattern "$4" --skew "$5" \
        --platform "$2" --cfg=smpi/lat-factor:0:1 --cfg=smpi/bw-factor:0:1 \
        --cfg=network/crosstraffic:0
    result mean_elapsed_s wall cpu peak
}

echo "# allreduce, 1M floats (4 MiB), 1 Gb/s full-duplex rack (proficz-48.xml model), oracle knowledge"
printf '%-5s %-16s %-16s %-22s %10s %10s %10s\n' np pattern algorithm simulated_s wall_s cpu_s peak_MiB
for np in ${PAPSIM_BENCH_NPS:-48 1024}; do
    platform=$root/platforms/proficz-48.xml
    [ "$np" -gt 48 ] && platform=$work/proficz-1024.xml
    for ps in ${PAPSIM_BENCH_PATTERNS:-no_delay:0}; do
        pattern=${ps%%:*} skew=${ps#*:}
        for algo in ${PAPSIM_BENCH_ALGOS:-builtin:rab_rdb rabenseifner ring slt prr}; do
            printf '%-5s %-16s %-16s ' "$np" "$pattern:$skew" "$algo"
            run "$np" "$platform" "$algo" "$pattern" "$skew"
        done
    done
done
