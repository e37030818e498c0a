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
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
limit=${PAPSIM_BENCH_TIMEOUT:-600}
np=${PAPSIM_BENCH_NP:-1024}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$papsim" platform flat --nodes "$np" --cores 1 --bw 2075590000Bps --lat 1.33us \
    --prefix curie- -o "$work/curie-1024.xml" >/dev/null || exit 2

peak_pss_kib() { # pid: samples the smpimain child's PSS until pid exits
    local pid=$1 peak=0 kib child
    while kill -0 "$pid" 2>/dev/null; do
        for child in $(pgrep -f "smpimain.*$work" 2>/dev/null); do
            kib=$(awk '/^Pss:/ { print $2 }' "/proc/$child/smaps_rollup" 2>/dev/null || echo 0)
            [ "${kib:-0}" -gt "$peak" ] && peak=$kib
        done
        sleep 0.2
    done
    echo "$peak"
}

# CPU time of the whole process tree (papsim, smpirun, the simulator):
# /usr/bin/time reports the rusage of every waited-for descendant, a figure
# that load from other jobs on the machine changes less than the wall time.
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$work/time.txt")

run() { # algorithm pattern skew [options...]: prints simulated_s wall_s cpu_s peak_MiB
    local algo=$1 pattern=$2 skew=$3 start end status peak sim cpu; shift 3
    rm -f "$work/time.txt"
    start=$(date +%s.%N)
    "${timer[@]}" timeout "$limit" "$papsim" bench --np "$np" --collective reduce \
        --algorithm "$algo" --bytes 4MiB --datatype double --op sum --gamma 1.6654e-10 \
        --pattern "$pattern" --skew "$skew" --platform "$work/curie-1024.xml" \
        --cfg=smpi/lat-factor:0:1 --cfg=smpi/bw-factor:0:1 "$@" \
        > "$work/out.csv" 2> "$work/err.txt" &
    local pid=$!
    peak=$(peak_pss_kib "$pid")
    wait "$pid"; status=$?
    end=$(date +%s.%N)
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time.txt" 2>/dev/null)
    if [ "$status" -eq 0 ]; then
        sim=$(tail -n 1 "$work/out.csv" | cut -d, -f20)
        [ "$peak" -gt 0 ] && peak=$((peak / 1024)) || peak=-
        printf '%-22s %10.2f %10s %10s\n' "$sim" \
            "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "${cpu:--}" "$peak"
    elif [ "$status" -eq 124 ]; then
        printf '%-22s %10s %10s %10s\n' - "timeout(${limit}s)" - -
    else
        printf '%-22s %10s %10s %10s  %s\n' - failed - - "$(tail -n 1 "$work/err.txt")"
    fi
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
