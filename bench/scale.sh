#!/usr/bin/env bash
# Large runs: wall time and peak memory of one timing-only collective at
# np = 1024, 4096 and 16384 on generated platforms of the right size
# (papsim platform: 16-core hosts, 64/256/1024 of them, a two-level fat
# tree by default, PAPSIM_SCALE_TOPO=dragonfly for a dragonfly).
#
# Cases: reduce binomial (1 KiB vector), allgather bruck and sparbit (8 B
# blocks of char: the small-block case), allreduce rabenseifner (1 MiB).
# Sparbit and Rabenseifner run with rendezvous sends
# (--cfg=smpi/send-is-detached-thresh:0): SimGrid 3.32 keeps every eager
# (detached, below 64 KiB) send on one global list and finds a finished one
# by a linear scan, so p eager sends in flight cost O(p) each (docs/performance.md,
# "Allgather simulation cost"). Sparbit has p/2 in flight per rank and does
# not finish np = 256 in 60 s; Rabenseifner's last halving and first
# doubling steps put p sends in flight at once, and it took over 300 s at np
# 16384. Rendezvous leaves both algorithms' simulated times unchanged (each
# step of Rabenseifner at a power-of-two np is a symmetric pairwise
# exchange); the script checks that for Rabenseifner at np 1024 and prints
# both times.
# Every run is timing-only: no --check, so papbench writes no input data
# and never compares a result (the rows' "ok" means "ran", not "checked";
# papsim run says how many of its cases are unchecked), and buffers above
# 64 KiB share one set of pages across ranks (smpi/auto-shared-malloc-thresh,
# set by papsim). papsim bench runs smpirun with -no-privatize and a hostfile
# of one host per line (no host:N lines, which make smpirun call python3);
# this script adds small actor stacks, --cfg=contexts/stack-size (KiB,
# PAPSIM_SCALE_STACK, default 128; SMPI's default is 8192).
#
# Peak memory is the simulator's peak proportional set size (PSS), sampled
# from /proc/PID/smaps_rollup every 0.5 s. A run is capped at
# PAPSIM_SCALE_TIMEOUT seconds (default 300, the 5-minute goal) and shown as
# a timeout beyond it; an algorithm that timed out is not run at larger np.
#
# usage: bench/scale.sh [BUILD_DIR]                 (default ./build)
#        PAPSIM_SCALE_NPS="1024 4096" bench/scale.sh  (other process counts)
#        PAPSIM_SCALE_ALGOS="binomial bruck" bench/scale.sh  (a subset)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
limit=${PAPSIM_SCALE_TIMEOUT:-300}
stack=${PAPSIM_SCALE_STACK:-128}
topo=${PAPSIM_SCALE_TOPO:-fat_tree}
nps=${PAPSIM_SCALE_NPS:-1024 4096 16384}
algos=" ${PAPSIM_SCALE_ALGOS:-binomial bruck sparbit rabenseifner} "
cores=16
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# platform NP: a platform of NP/16 hosts of 16 cores, its path on stdout.
platform() {
    local np=$1 hosts=$(($1 / cores)) params file
    case $topo in
        fat_tree) local leaf=1; while [ $((leaf * leaf)) -lt "$hosts" ]; do leaf=$((leaf * 2)); done
                  params="2;$leaf,$((hosts / leaf));1,$leaf;1,1" ;;
        dragonfly) params="4,1;4,1;4,1;$((hosts / 64))" ;;
        *) echo "PAPSIM_SCALE_TOPO must be fat_tree or dragonfly" >&2; exit 2 ;;
    esac
    file=$work/$topo-$np.xml
    "$papsim" platform "$topo" --nodes "$hosts" --cores "$cores" --params "$params" \
        --bw 10Gbps --lat 1us -o "$file" >/dev/null || exit 2
    echo "$file"
}

peak_pss_mib() { # pid: the peak summed PSS of the smpimain processes of this run
    local pid=$1 peak=0 sum child
    while kill -0 "$pid" 2>/dev/null; do
        sum=0
        for child in $(pgrep -f "smpimain.*$work" 2>/dev/null); do
            sum=$((sum + $(awk '/^Pss:/ { print $2 }' "/proc/$child/smaps_rollup" 2>/dev/null || echo 0)))
        done
        [ "$sum" -gt "$peak" ] && peak=$sum
        sleep 0.5
    done
    echo $((peak / 1024))
}

# run NP COLLECTIVE ALGORITHM BYTES DATATYPE [CFG]: one line of the table.
run() {
    local np=$1 coll=$2 algo=$3 bytes=$4 dtype=$5 extra=${6:-} start end status peak
    start=$(date +%s.%N)
    timeout "$limit" "$papsim" bench --np "$np" --collective "$coll" --algorithm "$algo" \
        --bytes "$bytes" --datatype "$dtype" --platform "$(platform "$np")" \
        --cfg=contexts/stack-size:"$stack" $extra >"$work/out.csv" 2>"$work/err.txt" &
    local pid=$!
    peak=$(peak_pss_mib "$pid")
    wait "$pid"; status=$?
    end=$(date +%s.%N)
    local wall; wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    if [ "$status" -eq 0 ]; then
        local sim; sim=$(tail -n 1 "$work/out.csv" | cut -d, -f20)
        printf '%-6s %-10s %-13s %-6s %-14s %9s %9s  timing only (unchecked)\n' "$np" "$coll" \
            "$algo" "$bytes" "$sim" "$wall" "$peak"
        return 0
    fi
    if [ "$status" -eq 124 ]; then
        printf '%-6s %-10s %-13s %-6s %-14s %9s %9s\n' "$np" "$coll" "$algo" "$bytes" - \
            ">$limit" "$peak"
    else
        printf '%-6s %-10s %-13s %-6s failed (exit %s): %s\n' "$np" "$coll" "$algo" "$bytes" \
            "$status" "$(tail -n 2 "$work/err.txt" | tr '\n' ' ' | head -c 200)"
    fi
    return 1
}

echo "# papsim bench/scale.sh: $topo platforms, $cores cores per host, stack $stack KiB," \
     "cap $limit s, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# Every shared buffer above 64 KiB is one mmap per rank: at np 16384 that
# passes Linux's default vm.max_map_count (65530) and SimGrid aborts with
# "Could not map folded virtual memory". Say so before it happens.
maps=$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 0)
if [ "$maps" -lt 262144 ]; then
    echo "# note: vm.max_map_count is $maps; np 16384 with buffers above 64 KiB needs more:" \
         "sysctl -w vm.max_map_count=262144 (root)"
fi
# Rendezvous sends must not change Rabenseifner's simulated time: compare
# with SMPI's default eager sends at np 1024 (eager takes over 300 s at
# 16384).
if [[ $algos == *" rabenseifner "* ]]; then
    np0=1024
    sim_of() { "$papsim" bench --np "$np0" --collective allreduce --algorithm rabenseifner \
        --bytes 1MiB --datatype double --platform "$(platform "$np0")" "$@" 2>/dev/null |
        tail -n 1 | cut -d, -f20,22; }
    eager=$(sim_of); rdv=$(sim_of --cfg=smpi/send-is-detached-thresh:0)
    echo "# rabenseifner np $np0 (total_delay_s,mean_elapsed_s): eager $eager, rendezvous $rdv" \
         "$([ -n "$eager" ] && [ "$eager" = "$rdv" ] && echo "(equal)" || echo "(DIFFER)")"
fi
printf '%-6s %-10s %-13s %-6s %-14s %9s %9s\n' np collective algorithm bytes simulated_s \
    wall_s peak_MiB
declare -A gave_up
for np in $nps; do
    while read -r coll algo bytes dtype extra; do
        [[ $algos == *" $algo "* ]] || continue
        [ -n "${gave_up[$algo]:-}" ] && {
            printf '%-6s %-10s %-13s %-6s not run (timed out or failed at a smaller np)\n' \
                "$np" "$coll" "$algo" "$bytes"; continue; }
        run "$np" "$coll" "$algo" "$bytes" "$dtype" "$extra" || gave_up[$algo]=1
    done <<'CASES'
reduce binomial 1KiB double
allgather bruck 8 char
allgather sparbit 8 char --cfg=smpi/send-is-detached-thresh:0
allreduce rabenseifner 1MiB double --cfg=smpi/send-is-detached-thresh:0
CASES
done
