#!/usr/bin/env bash
# Allgather simulation cost, measured side by side in one run: wall time and
# peak memory (the simulator's peak proportional set size, sampled from
# /proc/PID/smaps_rollup every 0.2 s; max RSS would count the pages that
# timing-only runs share across ranks once per rank) to simulate one
# Sparbit, Bruck and ring allgather with 1 KiB blocks at np = 1024 and 4096,
# against SMPI's built-in bruck, on a flat 10 Gbps cluster of 32-core hosts.
# Every run is timing-only (papsim shares large buffers across ranks).
#
# SMPI 3.32 with its default eager protocol (sends below 64 KiB are
# detached) removes each finished detached send from one global list by a
# linear scan (CommImpl::finish), so an algorithm with many sends in flight
# at once costs O(in-flight^2) wall time: Sparbit has p/2 per rank on its
# last step. Sparbit is therefore also run with
# --cfg=smpi/send-is-detached-thresh:0 (rendezvous for every size), and runs
# are capped at PAPSIM_BENCH_TIMEOUT seconds (default 600) and reported as
# "timeout" beyond it.
# usage: bench/allgather.sh [BUILD_DIR]   (default ./build)
#        PAPSIM_BENCH_NPS="256 512" bench/allgather.sh   (other process counts)
set -uo pipefail
source "$(dirname "$0")/lib.sh" "$@"

"$papsim" platform flat --nodes 128 --cores 32 --bw 10Gbps --lat 1us -o "$work/flat4096.xml" >/dev/null

run() { # np algorithm [cfg...]: prints simulated_s wall_s peak_MiB
    local np=$1 algo=$2
    shift 2
    measure "$papsim" bench --np "$np" --collective allgather --algorithm "$algo" \
        --bytes 1KiB --datatype char --platform "$work/flat4096.xml" "$@"
    result total_delay_s wall peak
}

printf '%-6s %-28s %-22s %10s %10s\n' np algorithm simulated_s wall_s peak_MiB
for np in ${PAPSIM_BENCH_NPS:-1024 4096}; do
    for algo in builtin:bruck bruck ring sparbit; do
        printf '%-6s %-28s ' "$np" "$algo"
        run "$np" "$algo"
    done
    printf '%-6s %-28s ' "$np" "builtin:bruck (rendezvous)"
    run "$np" builtin:bruck --cfg=smpi/send-is-detached-thresh:0
    printf '%-6s %-28s ' "$np" "sparbit (rendezvous)"
    run "$np" sparbit --cfg=smpi/send-is-detached-thresh:0
done
