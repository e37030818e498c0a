#!/usr/bin/env bash
# Bcast simulation cost: the wall time of simulating one broadcast of 1 MiB
# at P = 1024 ranks with each of papsim's nine bcast algorithms, beside SMPI
# 3.32's own binomial_tree (MPICH's binomial broadcast) in the same run as
# the reference. Timing only: no --check, so papsim lets SMPI share the
# buffers above 64 KiB across ranks (message data is never read).
#
# Platform: platforms/salimi-beni-cluster.xml (the cluster of Salimi Beni et al. 2024: 32 nodes x
# 32 cores, 10 Gbps, 1 us intra-node, 2 us inter-node), one rank per core,
# sequential mapping, root 0, no delays: the np 1024 cell of
# scenarios/salimi-beni-bcast.ini at its largest size.
#
# Columns: simulated total delay (s), wall time of `papsim bench` (s), CPU
# time (user + system) of its process tree (s, from /usr/bin/time: load
# from other jobs on the machine changes it less than the wall time). Runs
# are capped at PAPSIM_BENCH_TIMEOUT seconds (default 600).
# usage: bench/bcast.sh [BUILD_DIR]   (default ./build)
#        PAPSIM_BENCH_NP=128 bench/bcast.sh   (a quick smaller run)
#        PAPSIM_BENCH_ALGOS="binomial knomial" bench/bcast.sh   (a subset)
set -uo pipefail
source "$(dirname "$0")/lib.sh" "$@"
np=${PAPSIM_BENCH_NP:-1024}
platform=$root/platforms/salimi-beni-cluster.xml
algos=${PAPSIM_BENCH_ALGOS:-linear chain pipeline binary split_binary binomial knomial \
scatter_allgather scatter_ring_allgather builtin:binomial_tree}

run() { # algorithm: prints simulated_s wall_s cpu_s
    measure "$papsim" bench --np "$np" --collective bcast --algorithm "$1" --bytes 1MiB \
        --datatype char --platform "$platform" --ranks-per-node 32 --mapping sequential
    result total_delay_s wall cpu
}

echo "# bcast, P = $np, 1 MiB, salimi-beni-cluster.xml (32 x 32), sequential, no delays"
printf '%-26s %-22s %10s %10s\n' algorithm simulated_s wall_s cpu_s
for algo in $algos; do
    printf '%-26s ' "$algo"
    run "$algo"
done
