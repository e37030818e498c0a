#!/usr/bin/env bash
# Large runs: wall time, peak memory and memory per rank of one
# timing-only collective at np 16384, 32768, 65536 and 131072 on generated
# platforms of the right size (papsim platform: 16-core hosts, np/16 of
# them, a two-level fat tree by default, PAPSIM_SCALE_TOPO=dragonfly for a
# dragonfly).
#
# Cases: reduce binomial (1 KiB vector: a logarithmic algorithm),
# allreduce rabenseifner (1 MiB: a bandwidth algorithm) and reduce
# clairvoyant (1 KiB, arrival-aware; without --knowledge its schedule is the
# balanced one, which every rank builds for all np ranks). Rabenseifner runs
# with rendezvous sends (--cfg=smpi/send-is-detached-thresh:0): SimGrid 3.32
# keeps every eager send (below 64 KiB) on one list and finds a finished one
# by a linear scan, and Rabenseifner's last halving and first doubling steps
# put p eager sends in flight at once; rendezvous leaves its simulated time
# unchanged (every step at a power-of-two np is a symmetric pairwise
# exchange), which the script checks at np 1024 first.
# Every run is timing-only: no --check, so papbench writes no input data and
# never compares a result (the rows' "ok" means "ran"), and buffers above
# 64 KiB share one set of pages across ranks (smpi/auto-shared-malloc-thresh,
# set by papsim). papsim bench runs smpirun with -no-privatize and a
# hostfile of one host per line; this script adds small actor stacks,
# --cfg=contexts/stack-size (KiB, PAPSIM_SCALE_STACK, default 128; SMPI's
# default is 8192, which costs address space, not resident memory).
#
# Times: wall, and the CPU seconds (user + system) of the run's process
# tree, which a busy machine inflates less.
# Peak memory: the simulator's resident set (RSS) and proportional set
# size (PSS), sampled by bench/lib.sh (sample_smpimain); per rank: peak
# PSS / np. PSS is the memory the run takes (an allreduce of 1 MiB at np
# 16384 peaked at 49 GiB of RSS and 926 MiB of PSS: SMPI's shared buffers
# count once per rank in RSS). A run is stopped when its PSS passes
# PAPSIM_SCALE_MEM_CAP MiB (default 16384) or its wall time
# PAPSIM_SCALE_TIMEOUT seconds (default 600); an algorithm stopped or
# failed at one np is not run at larger ones. papsim bench itself refuses
# a case its memory forecast says will not fit (MemAvailable,
# vm.max_map_count): that line shows its message.
#
# usage: bench/scale.sh [BUILD_DIR]                 (default ./build)
#        PAPSIM_SCALE_NPS="16384 32768" bench/scale.sh     (other process counts)
#        PAPSIM_SCALE_ALGOS="binomial" bench/scale.sh      (a subset)
#        PAPSIM_SCALE_CHECK_NP=64 bench/scale.sh           (the np of Rabenseifner's
#                                                           eager/rendezvous check, 1024)
set -uo pipefail
source "$(dirname "$0")/lib.sh" "$@"
limit=${PAPSIM_SCALE_TIMEOUT:-600}
cap_mib=${PAPSIM_SCALE_MEM_CAP:-16384}
cap_kib=$((cap_mib * 1024)) # measure stops a run past it (bench/lib.sh)
stack=${PAPSIM_SCALE_STACK:-128}
topo=${PAPSIM_SCALE_TOPO:-fat_tree}
nps=${PAPSIM_SCALE_NPS:-16384 32768 65536 131072}
algos=" ${PAPSIM_SCALE_ALGOS:-binomial rabenseifner clairvoyant} "
cores=16

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
    [ -s "$file" ] && { echo "$file"; return; } # made for an earlier line of this np
    "$papsim" platform "$topo" --nodes "$hosts" --cores "$cores" --params "$params" \
        --bw 10Gbps --lat 1us -o "$file" >/dev/null || exit 2
    echo "$file"
}

# run NP COLLECTIVE ALGORITHM BYTES DATATYPE [CFG]: one line of the table.
run() {
    local np=$1 coll=$2 algo=$3 bytes=$4 dtype=$5 extra=${6:-}
    # shellcheck disable=SC2086 # extra: options, split on purpose
    measure nice "$papsim" bench --np "$np" --collective "$coll" --algorithm "$algo" \
        --bytes "$bytes" --datatype "$dtype" --platform "$(platform "$np")" \
        --cfg=contexts/stack-size:"$stack" $extra
    local rss_mib=$((peak_rss_kib / 1024)) pss_mib=$((peak_pss_kib / 1024)) per_rank
    per_rank=$(awk -v p="$peak_pss_kib" -v n="$np" 'BEGIN { printf "%.1f", p / n }')
    if [ "$status" -eq 0 ]; then
        local sim; sim=$(column total_delay_s "$work/out.csv")
        printf '%-7s %-10s %-13s %-6s %-22s %8s %8s %9s %9s %10s\n' "$np" "$coll" "$algo" "$bytes" \
            "$sim" "$wall" "${cpu:--}" "$rss_mib" "$pss_mib" "$per_rank"
        return 0
    fi
    if [ "$stopped" = 1 ]; then
        printf '%-7s %-10s %-13s %-6s %-22s %8s %8s %9s %9s %10s\n' "$np" "$coll" "$algo" "$bytes" \
            "stopped: PSS > $cap_mib MiB" "$wall" - "$rss_mib" ">$pss_mib" -
    elif [ "$status" -eq 124 ]; then
        printf '%-7s %-10s %-13s %-6s %-22s %8s %8s %9s %9s %10s\n' "$np" "$coll" "$algo" "$bytes" \
            "stopped: > $limit s" ">$limit" - "$rss_mib" "$pss_mib" -
    else
        printf '%-7s %-10s %-13s %-6s failed (exit %s): %s\n' "$np" "$coll" "$algo" "$bytes" \
            "$status" "$(grep -v '^\[' "$work/err.txt" | tail -n 2 | tr '\n' ' ' | head -c 400)"
    fi
    return 1
}

echo "# papsim bench/scale.sh: $topo platforms, $cores cores per host, stack $stack KiB," \
     "caps $limit s and $cap_mib MiB, $(nproc --all) cores ($(nproc) for this run), load $(cut -d' ' -f1-3 /proc/loadavg)," \
     "MemAvailable $(awk '/^MemAvailable:/ { printf "%d MiB", $2 / 1024 }' /proc/meminfo)," \
     "vm.max_map_count $(cat /proc/sys/vm/max_map_count 2>/dev/null || echo unknown)," \
     "$("$papsim" --version 2>/dev/null | grep -m1 "^simgrid" || echo "simgrid unknown")"
# Rendezvous sends must not change Rabenseifner's simulated time: compare
# with SMPI's default eager sends at np 1024.
if [[ $algos == *" rabenseifner "* ]]; then
    np0=${PAPSIM_SCALE_CHECK_NP:-1024}
    sim_of() { "$papsim" bench --np "$np0" --collective allreduce --algorithm rabenseifner \
        --bytes 1MiB --datatype double --platform "$(platform "$np0")" "$@" \
        >"$work/check.csv" 2>/dev/null
        echo "$(column total_delay_s "$work/check.csv"),$(column mean_elapsed_s "$work/check.csv")"; }
    eager=$(sim_of); rdv=$(sim_of --cfg=smpi/send-is-detached-thresh:0)
    echo "# rabenseifner np $np0 (total_delay_s,mean_elapsed_s): eager $eager, rendezvous $rdv" \
         "$([ -n "$eager" ] && [ "$eager" = "$rdv" ] && echo "(equal)" || echo "(DIFFER)")"
fi
printf '%-7s %-10s %-13s %-6s %-22s %8s %8s %9s %9s %10s\n' np collective algorithm bytes \
    simulated_s wall_s cpu_s rss_MiB pss_MiB KiB/rank
declare -A gave_up
for np in $nps; do
    while read -r coll algo bytes dtype extra; do
        [[ $algos == *" $algo "* ]] || continue
        [ -n "${gave_up[$algo]:-}" ] && {
            printf '%-7s %-10s %-13s %-6s not run (stopped or failed at a smaller np)\n' \
                "$np" "$coll" "$algo" "$bytes"; continue; }
        run "$np" "$coll" "$algo" "$bytes" "$dtype" "$extra" || gave_up[$algo]=1
    done <<'CASES'
reduce binomial 1KiB double
allreduce rabenseifner 1MiB double --cfg=smpi/send-is-detached-thresh:0
reduce clairvoyant 1KiB double
CASES
done
