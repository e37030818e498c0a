#!/usr/bin/env bash
# Simulated times that must not move when papsim's memory layout changes:
# prints the results.csv rows (no header) of a fixed set of cases at np 1024
# and 4096 on two-level fat trees of 16-core hosts, each followed by the
# SHA-256 of its per-rank file (every rank's delay, arrival and exit time,
# to the last digit). Two builds give the same lines if and only if they
# simulate the same times:
#
#   diff <(bash bench/scale-rows.sh OLD_BUILD) <(bash bench/scale-rows.sh NEW_BUILD) \
#       && echo identical
#
# Cases: reduce binomial 1 KiB (no delay and a random pattern), allreduce
# rabenseifner 1 MiB, reduce clairvoyant 1 KiB with oracle knowledge of a
# gaussian pattern, SMPI's built-in binomial reduce under a v_shape pattern
# (its own communicator) and a file pattern (rank 0 reads the file).
# PAPSIM_ROWS_NPS selects process counts (default "1024 4096").
#
# usage: bench/scale-rows.sh [BUILD_DIR]          (default ./build)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 2
papsim=$build/papsim
nps=${PAPSIM_ROWS_NPS:-1024 4096}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2 # relative names: the rows (and case ids) name no temporary path

for np in $nps; do
    hosts=$((np / 16)) leaf=1
    while [ $((leaf * leaf)) -lt "$hosts" ]; do leaf=$((leaf * 2)); done
    plat=fat-tree-$np.xml
    "$papsim" platform fat_tree --nodes "$hosts" --cores 16 --bw 10Gbps --lat 1us \
        --params "2;$leaf,$((hosts / leaf));1,$leaf;1,1" -o "$plat" >/dev/null || exit 2
    "$papsim" pattern --pattern random --np "$np" --skew 1 --seed 7 >"shape-$np.txt" || exit 2
    while read -r args; do
        rm -f "$work/per-rank.csv"
        # shellcheck disable=SC2086 # the case's options, split on purpose
        "$papsim" bench --np "$np" --platform "$plat" $args \
            --per-rank "$work/per-rank.csv" 2>"$work/err.txt" | tail -n +2 ||
            { echo "FAILED: np $np $args: $(tail -n 1 "$work/err.txt")"; continue; }
        echo "per-rank $(sha256sum <"$work/per-rank.csv" | cut -d' ' -f1)"
    done <<CASES
--collective reduce --algorithm binomial --bytes 1KiB
--collective reduce --algorithm binomial --bytes 1KiB --pattern random --skew 50us --seed 3 --reps 2
--collective allreduce --algorithm rabenseifner --bytes 1MiB
--collective reduce --algorithm clairvoyant --bytes 1KiB --pattern gaussian --skew 100us --knowledge oracle
--collective reduce --algorithm builtin:binomial --bytes 1KiB --pattern v_shape --skew 10us
--collective reduce --algorithm binomial --bytes 1KiB --pattern file:shape-$np.txt --skew 30us
CASES
done
