#!/usr/bin/env bash
# Clairvoyant reduce simulation cost: the wall time and peak memory of
# simulating one Clairvoyant reduce at P = 1024 ranks, m = 4 MiB, N = 64
# segments with oracle arrival knowledge, beside papsim's binomial reduce in
# the same run as the reference. Timing only (no --check: papsim shares the
# buffers above 64 KiB across ranks and papbench writes no inputs).
#
# Platform (as in Marendić et al. 2016, one process per node): a generated flat
# crossbar of 1024 single-core hosts with the CURIE network of Marendić et al., as
# platforms/curie-128.xml but 8x larger (per link latency alpha/2 = 1.33 us,
# bandwidth 1/beta = 2075590000 B/s), gamma = 1.6654e-10 s/B, and SMPI's
# size factors off (smpi/lat-factor:0:1, smpi/bw-factor:0:1) so a message
# costs exactly alpha + m beta, as in scenarios/clairvoyant-marendic.ini.
#
# Patterns (PAPSIM_BENCH_PATTERNS, SHAPE:SKEW): no_delay, and rank P-1 late
# by 2 ms (the experiment of Marendić et al.; about 0.6x Clairvoyant's no-delay time at
# P = 1024, a fourteenth of binomial's). Every
# rank builds the whole schedule (P N = 65536 cells) inside the call; with
# schedule_timed no (the default) that host work is free in simulated time
# but is part of the wall time measured here.
#
# Columns: simulated total delay (s), wall time of `papsim bench` (s), CPU
# time (user + system) of its process tree (s, from /usr/bin/time), peak
# memory (MiB): the simulator's peak proportional set size, sampled from
# /proc/PID/smaps_rollup every 0.2 s (max RSS would count the shared
# buffers once per rank); "-" = a run too short to sample. Runs are capped
# at PAPSIM_BENCH_TIMEOUT seconds (default 600).
# usage: bench/clairvoyant-reduce.sh [BUILD_DIR]   (default ./build)
#        PAPSIM_BENCH_NP=64 bench/clairvoyant-reduce.sh   (a quick smaller run)
set -uo pipefail
source "$(dirname "$0")/lib.sh" "$@"
np=${PAPSIM_BENCH_NP:-1024}

"$papsim" platform flat --nodes "$np" --cores 1 --bw 2075590000Bps --lat 1.33us \
    --prefix curie- -o "$work/curie-1024.xml" >/dev/null || exit 2

run() { # algorithm pattern skew [options...]: prints simulated_s wall_s cpu_s peak_MiB
    local algo=$1 pattern=$2 skew=$3
    shift 3
    measure "$papsim" bench --np "$np" --collective reduce --algorithm "$algo" --bytes 4MiB \
        --datatype double --op sum --gamma 1.6654e-10 --pattern "$pattern" --skew "$skew" \
        --platform "$work/curie-1024.xml" --cfg=smpi/lat-factor:0:1 --cfg=smpi/bw-factor:0:1 "$@"
    result total_delay_s wall cpu peak
}

echo "# reduce, P = $np, 4 MiB doubles, flat CURIE crossbar (alpha 2.66 us, beta 4.8179e-10 s/B," \
     "gamma 1.6654e-10 s/B)"
printf '%-13s %-28s %-22s %10s %10s %10s\n' pattern algorithm simulated_s wall_s cpu_s peak_MiB
for ps in ${PAPSIM_BENCH_PATTERNS:-no_delay:0 last_delayed:2ms}; do
    pattern=${ps%%:*} skew=${ps#*:}
    printf '%-13s %-28s ' "$pattern" "binomial"
    run binomial "$pattern" "$skew"
    printf '%-13s %-28s ' "$pattern" "clairvoyant N=64 oracle"
    run clairvoyant "$pattern" "$skew" --segments 64 --knowledge oracle
done
