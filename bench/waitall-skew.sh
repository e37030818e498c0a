#!/usr/bin/env bash
# What skewed arrivals cost SMPI's MPI_Waitall: SimGrid's built-in
# alltoall basic_linear (an irecv and an isend per peer, then one
# MPI_Waitall, which SMPI runs as a loop of MPI_Waitany) at 2 B, char, on
# platforms/salimi-beni-cluster.xml with 32 ranks per node, for each np of
# NPS: no delay, then each pattern of PATTERNS with an absolute skew of
# FACTOR times the no-delay case's simulated time (what a relative skew
# '1.5x-own' would give it). Per run: the simulated time, the CPU time of
# `papsim bench` (user + system of the process tree: the steadier figure
# on a shared machine), the requests MPI_Waitall visits (p n (n + 1) / 2,
# n = 2 (p - 1) per rank: papsim_msgcount_waitall_visits), the CPU per
# visit, and the CPU against the no-delay run's. papsim's forecast prices
# a visit at 140 ns, times np/128 when the ranks arrive apart (`papsim
# run --help`, docs/running.md, Forecast); this script measures how far
# apart the patterns are. First, per np, papsim's `linear` alltoall without
# delay: the same messages, waited for one by one (no MPI_Waitall), so
# basic_linear's CPU less linear's, per visit, is what a visit costs
# (wait_ns/visit).
#
# usage: bench/waitall-skew.sh [BUILD_DIR]        (default ./build)
#   NPS="128 256 512"  process counts
#   PATTERNS="ascending random"  skewed patterns (papsim patterns --help;
#                      PATTERNS= for none)
#   FACTOR=1.5         skew = FACTOR x the no-delay simulated time
#   CAP=3600           cap per run in seconds ("> cap" when reached)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
nps=${NPS:-128 256 512}
patterns=${PATTERNS-ascending random}
factor=${FACTOR:-1.5}
cap=${CAP:-3600}
[ -x "$build/papsim" ] || { echo "$0: no papsim at $build/papsim (build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# SimGrid $("$build/papsim" --version | sed -n 's/^simgrid //p') ($build); $(nproc) cores;" \
    "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# alltoall builtin:basic_linear 2 B char, salimi-beni-cluster.xml, 32 ranks per node;" \
    "skew = $factor x the no-delay simulated time"

# One run: prints "simulated cpu" ("- >cap" when capped, "failed cpu" when
# papbench gave no ok row).
run() { # np pattern [skew [algorithm]]
    local -a a=(--collective alltoall --algorithm "${4:-builtin:basic_linear}" --bytes 2
        --datatype char --np "$1" --platform "$root/platforms/salimi-beni-cluster.xml"
        --ranks-per-node 32 --pattern "$2")
    [ "${3:-0}" != 0 ] && a+=(--skew "$3")
    /usr/bin/time -f '%U %S' -o "$work/time" \
        timeout "$cap" "$build/papsim" bench "${a[@]}" >"$work/out.csv" 2>"$work/err.txt"
    local rc=$?
    if [ $rc -eq 124 ]; then
        echo "- >$cap"
        return
    fi
    local sim cpu
    cpu=$(tail -n 1 "$work/time" | awk '{ printf "%.2f", $1 + $2 }')
    sim=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "total_delay_s") c = i; next }
                   c && $NF == "ok" { print $c; exit }' "$work/out.csv")
    echo "${sim:-failed} $cpu"
}

printf '%-5s %-12s %-12s %-22s %9s %14s %10s %13s %8s\n' np pattern skew_s simulated_s cpu_s \
    visits ns/visit wait_ns/visit cpu_x
for np in $nps; do
    read -r siml cpul <<<"$(run "$np" no_delay 0 linear)"
    printf '%-5s %-12s %-12s %-22s %9s %14s %10s %13s %8s\n' "$np" "linear" 0 "$siml" "$cpul" \
        0 - - -
    read -r sim0 cpu0 <<<"$(run "$np" no_delay)"
    visits=$(awk -v p="$np" 'BEGIN { n = 2 * (p - 1); printf "%.0f", p * n * (n + 1) / 2 }')
    perv() { awk -v c="$1" -v v="$visits" 'BEGIN { printf "%.0f", c / v * 1e9 }'; }
    waitv() { # CPU less linear's, per visit
        case $cpul in ''|-|'>'*) echo - ;;
        *) awk -v c="$1" -v l="$cpul" -v v="$visits" 'BEGIN { printf "%.0f", (c - l) / v * 1e9 }' ;;
        esac
    }
    printf '%-5s %-12s %-12s %-22s %9s %14s %10s %13s %8s\n' "$np" no_delay 0 "$sim0" "$cpu0" \
        "$visits" "$(perv "$cpu0")" "$(waitv "$cpu0")" 1.00
    case $sim0 in failed | -) continue ;; esac
    skew=$(awk -v f="$factor" -v t="$sim0" 'BEGIN { printf "%.9g", f * t }')
    for pat in $patterns; do
        read -r sim cpu <<<"$(run "$np" "$pat" "$skew")"
        x=-
        [ "${cpu#>}" = "$cpu" ] && x=$(awk -v a="$cpu" -v b="$cpu0" 'BEGIN { printf "%.2f", a / b }')
        printf '%-5s %-12s %-12s %-22s %9s %14s %10s %13s %8s\n' "$np" "$pat" "$skew" "$sim" \
            "$cpu" "$visits" "$([ "$x" = - ] && echo - || perv "$cpu")" \
            "$([ "$x" = - ] && echo - || waitv "$cpu")" "$x"
    done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
