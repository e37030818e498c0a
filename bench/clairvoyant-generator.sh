#!/usr/bin/env bash
# Clairvoyant schedule generation time, original against improved, as
# `papsim schedule --time` reports it: the original generator (Marendic,
# Lemeire, Vucinic and Schelkens, "A novel MPI reduction algorithm
# resilient to imbalances in process arrival times", J. Supercomputing 72,
# 2016, Algorithm 1) and the improved one (Proficz and Ocetkiewicz,
# "Improving Clairvoyant: reduction algorithm resilient to imbalanced
# process arrival patterns", J. Supercomputing 77, 2021, section 5: the
# segment tree), on the same instances, P = N in SIZES (default 128 256 512
# 1024), round time d = 1:
#   uniform  every rank arrives at 0, root 0
#   random   arrivals uniform in [0, P + 0.1), seed 1, root P/3 (the paper's
#            "uniform" instances, section 5.7)
# Each cell is the median over RUNS separate processes (default 5; the
# original ORIG_RUNS, default 3) of the CPU time per generation (papsim's
# cpu_s: getrusage over REPEAT generations in one process, default 10; the
# original 1) and of the wall time per generation (time_s). The machine is
# shared: CPU time is the figure to compare (wall time counts the waits for
# a core), and the load average is printed before and after. "same" says
# whether both generators gave the same schedule (equal digests).
#
# usage: bench/clairvoyant-generator.sh [BUILD_DIR]   (default ./build)
#        SIZES="512" RUNS=9 bench/clairvoyant-generator.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
sizes=${SIZES:-128 256 512 1024}
runs=${RUNS:-5}
orig_runs=${ORIG_RUNS:-3}
repeat=${REPEAT:-10}
[ -x "$papsim" ] || { echo "no papsim at $papsim (build first)" >&2; exit 2; }

# field NAME LINE: the value of NAME=... in papsim's summary line
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p" | head -n 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2];
                           else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure GENERATOR P ARRIVALS ROOT RUNS REPEAT: "cpu_median wall_median digest"
measure() {
    local out cpus=() walls=() digest=
    for ((i = 0; i < $5; i++)); do
        out=$("$papsim" schedule --np "$2" --segments "$2" --arrivals "$3" --root "$4" \
            --generator "$1" --print summary --time --repeat "$6" | tr '\n' ' ')
        cpus+=("$(field cpu_s "$out")")
        walls+=("$(field time_s "$out")")
        digest=$(field digest "$out")
    done
    echo "$(printf '%s\n' "${cpus[@]}" | median) $(printf '%s\n' "${walls[@]}" | median) $digest"
}

ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }

echo "# $(date -u +%FT%TZ) load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"
echo "# medians of $runs runs (original: $orig_runs), ms per generation"
printf '%-5s %-8s | %-9s %-9s | %-9s %-9s | %-8s %s\n' \
    P=N arrivals orig_cpu orig_wall impr_cpu impr_wall cpu_x same
for n in $sizes; do
    for kind in uniform random; do
        case $kind in
        uniform) arr=uniform r=0 ;;
        random) arr=random:1:$n.1 r=$((n / 3)) ;;
        esac
        read -r oc ow od < <(measure original "$n" "$arr" "$r" "$orig_runs" 1)
        read -r ic iw id < <(measure improved "$n" "$arr" "$r" "$runs" "$repeat")
        same=no
        [ "$od" = "$id" ] && same=yes
        printf '%-5s %-8s | %-9s %-9s | %-9s %-9s | %-8s %s\n' "$n" "$kind" \
            "$(ms "$oc")" "$(ms "$ow")" "$(ms "$ic")" "$(ms "$iw")" \
            "$(awk -v a="$oc" -v b="$ic" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')" "$same"
    done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
