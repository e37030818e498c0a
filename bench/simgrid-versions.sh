#!/usr/bin/env bash
# The eager-heavy cases on two SimGrid versions side by side: the same
# papsim commit built against SimGrid 3.32 (Debian) and against a release
# built with scripts/build-simgrid.sh (-DPAPSIM_SIMGRID_ROOT=PREFIX). Per
# case and version: the simulated time papbench reports (total_delay_s),
# the wall and CPU time of `papsim bench` (one process at a time), the
# forecast of `papsim run --dry-run --jobs 1` for that case on that version,
# and the ratios old/new of wall and of CPU time (user + system of the
# process tree: the steadier figure on a loaded machine). The simulated times must agree to the
# last digit; a difference is printed as "DIFFERS".
#
# usage: bench/simgrid-versions.sh OLD_BUILD_DIR NEW_BUILD_DIR
#   PAPSIM_SGV_TIMEOUT=600      cap per run in seconds ("> cap" when reached)
#   PAPSIM_SGV_LINEAR_NP=512    np of the large linear alltoall case (1024
#                               takes hours on 3.32)
#   PAPSIM_SGV_SPARBIT_NP=256   np of the Sparbit allgather (512: minutes on 3.32)
#   PAPSIM_SGV_CASES="a b ..."  a subset of: linear256 linear pairwise
#                               ompi_binomial sparbit demo
#
# Cases (papsim bench, no_delay, char, one repetition, timing only):
#   linear256      alltoall linear 2 B, np 256, salimi-beni-cluster.xml, 32 per node
#   linear         alltoall linear 2 B, np PAPSIM_SGV_LINEAR_NP, same platform
#   pairwise       alltoall pairwise 2 B, np 1024, same platform
#   ompi_binomial  reduce builtin:ompi_binomial 16 KiB, np 1024, same platform
#   sparbit        allgather sparbit 8 B, np PAPSIM_SGV_SPARBIT_NP, a flat cluster
#                  of 16-core hosts (papsim platform flat, 10 Gbps, 1 us)
#   demo           papsim run scenarios/demo.ini --jobs 1 (462 cases): wall
#                  time, and whether the two results.csv agree row for row
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 2 ] || { echo "usage: $0 OLD_BUILD_DIR NEW_BUILD_DIR" >&2; exit 2; }
builds=("$1" "$2")
cap=${PAPSIM_SGV_TIMEOUT:-600}
linear_np=${PAPSIM_SGV_LINEAR_NP:-512}
sparbit_np=${PAPSIM_SGV_SPARBIT_NP:-256}
cases=${PAPSIM_SGV_CASES:-linear256 linear pairwise ompi_binomial sparbit demo}
for b in "${builds[@]}"; do
    [ -x "$b/papsim" ] || { echo "$0: $b/papsim not built" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sb=$root/platforms/salimi-beni-cluster.xml
"${builds[0]}/papsim" platform flat --nodes $(((sparbit_np + 15) / 16)) --cores 16 \
    --bw 10Gbps --lat 1us -o "$work/flat.xml" >/dev/null || exit 1

version_of() { "$1/papsim" --version | sed -n 's/^simgrid //p'; }
v0=$(version_of "${builds[0]}")
v1=$(version_of "${builds[1]}")
echo "# SimGrid $v0 (${builds[0]}) against SimGrid $v1 (${builds[1]}); cap $cap s; $(nproc) cores"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

case_args() { # name -> papsim bench arguments
    local common=(--datatype char --pattern no_delay)
    case $1 in
    linear256) echo --collective alltoall --algorithm linear --bytes 2 --np 256 \
        --platform "$sb" --ranks-per-node 32 "${common[@]}" ;;
    linear) echo --collective alltoall --algorithm linear --bytes 2 --np "$linear_np" \
        --platform "$sb" --ranks-per-node 32 "${common[@]}" ;;
    pairwise) echo --collective alltoall --algorithm pairwise --bytes 2 --np 1024 \
        --platform "$sb" --ranks-per-node 32 "${common[@]}" ;;
    ompi_binomial) echo --collective reduce --algorithm builtin:ompi_binomial --bytes 16KiB \
        --np 1024 --platform "$sb" --ranks-per-node 32 "${common[@]}" ;;
    sparbit) echo --collective allgather --algorithm sparbit --bytes 8 --np "$sparbit_np" \
        --platform "$work/flat.xml" --ranks-per-node 16 "${common[@]}" ;;
    esac
}

# A one-case spec from the bench arguments, for the forecast.
one_spec() { # name -> path
    local -a a
    read -r -a a <<<"$(case_args "$1")"
    local spec=$work/$1.ini
    : >"$spec"
    for ((i = 0; i < ${#a[@]}; i += 2)); do
        local k=${a[i]#--} v=${a[i + 1]}
        case $k in
        algorithm) k=algorithms ;; platform) k=platforms ;; pattern) k=patterns ;;
        ranks-per-node) k=ranks_per_node ;;
        esac
        echo "$k = $v" >>"$spec"
    done
    echo "$spec"
}

# The forecast papsim run prints for a spec with one worker, in seconds.
forecast() { # build spec
    "$1/papsim" run "$2" --dry-run --jobs 1 2>&1 >/dev/null |
        sed -n 's/.*about \([0-9.e+]*\) s wall with 1 worker.*/\1/p'
}

# One timed run: prints "simulated wall cpu" (wall "> cap" when capped).
timed() { # build name
    local -a a
    read -r -a a <<<"$(case_args "$2")"
    /usr/bin/time -f '%e %U %S' -o "$work/time" \
        timeout "$cap" "$1/papsim" bench "${a[@]}" >"$work/out.csv" 2>"$work/err.txt"
    local rc=$?
    wall=$(tail -n 1 "$work/time" | cut -d' ' -f1)
    user=$(tail -n 1 "$work/time" | cut -d' ' -f2)
    sys=$(tail -n 1 "$work/time" | cut -d' ' -f3)
    if [ $rc -eq 124 ]; then
        echo "- >$cap -"
        return
    fi
    local sim
    sim=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "total_delay_s") c = i; next }
                   c && $NF == "ok" { print $c; exit }' "$work/out.csv")
    echo "${sim:-failed} $wall $(echo "$user + $sys" | bc)"
}

printf '%-14s %-24s %-24s %9s %9s %9s %9s %9s %9s %7s %7s\n' case "simulated $v0" "simulated $v1" \
    "wall_old" "wall_new" "cpu_old" "cpu_new" "fc_old" "fc_new" wall_x cpu_x
for name in $cases; do
    if [ "$name" = demo ]; then
        for i in 0 1; do
            start=$(date +%s.%N)
            timeout "$cap" "${builds[i]}/papsim" run "$root/scenarios/demo.ini" --out "$work/demo$i" \
                --jobs 1 --quiet >/dev/null 2>"$work/demo$i.err"
            w[i]=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
            f[i]=$(forecast "${builds[i]}" "$root/scenarios/demo.ini")
        done
        # the rows hold no version or date: the files must agree byte for byte once sorted
        same=$(cmp -s <(sort "$work/demo0/results.csv") <(sort "$work/demo1/results.csv") &&
            echo "all $(($(wc -l <"$work/demo0/results.csv") - 1)) rows identical" || echo DIFFERS)
        printf '%-14s %-49s %9s %9s %9s %9s %9s %9s %7s %7s\n' demo "$same" "${w[0]}" "${w[1]}" - - \
            "${f[0]}" "${f[1]}" "$(echo "scale=2; ${w[0]} / ${w[1]}" | bc)" -
        continue
    fi
    read -r s0 w0 c0 <<<"$(timed "${builds[0]}" "$name")"
    read -r s1 w1 c1 <<<"$(timed "${builds[1]}" "$name")"
    f0=$(forecast "${builds[0]}" "$(one_spec "$name")")
    f1=$(forecast "${builds[1]}" "$(one_spec "$name")")
    ratio=-
    case "$w0$w1" in *'>'*) ;; *) ratio=$(echo "scale=1; $w0 / $w1" | bc) ;; esac
    [ "${w0#>}" != "$w0" ] && ratio=">$(echo "scale=1; $cap / $w1" | bc)"
    cratio=-
    [ "$c0" != - ] && [ "$c1" != - ] && cratio=$(echo "scale=1; $c0 / $c1" | bc)
    note=""
    [ "$s0" != "$s1" ] && [ "$s0" != - ] && [ "$s1" != - ] && note="  DIFFERS"
    printf '%-14s %-24s %-24s %9s %9s %9s %9s %9s %9s %7s %7s%s\n' "$name" "$s0" "$s1" "$w0" "$w1" \
        "$c0" "$c1" "$f0" "$f1" "$ratio" "$cratio" "$note"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
