#!/usr/bin/env bash
# Wall time of the Salimi Beni et al. 2024 studies (scenarios/salimi-beni-*.ini), one
# collective at a time: `papsim run SPEC --jobs J` from an empty directory,
# so every no-delay case, the 1.5x skew resolution and every skewed case
# run. Prints, per study: cases, simulated / timed-out / failed, and the
# wall time, then its five most expensive cases (from the wall time of
# each case that papsim run logs in OUT/work/case_wall.tsv), so the output
# says where the time goes.
#
# usage: bench/salimi-beni.sh [BUILD_DIR]
#   PAPSIM_SB_VARIANT=small (default) | full   np 128 or np 1024 scenarios
#   PAPSIM_SB_COLLECTIVES="reduce allreduce alltoall"   (default: these three)
#   PAPSIM_SB_JOBS=2                                   papsim run --jobs
#   PAPSIM_SB_CASE_TIMEOUT=600   papsim run --case-timeout (full: a case
#                                over the limit is killed and recorded
#                                with status timeout; 0 = no limit)
#   PAPSIM_SB_KEEP=DIR           keep the result directories under DIR
#
# The full np 1024 studies hold cases that SimGrid 3.32 takes hours to
# simulate (docs/performance.md, "Where the time of the Salimi Beni studies goes"); the
# case limit keeps the sweep bounded and the timeouts are counted.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
variant=${PAPSIM_SB_VARIANT:-small}
collectives=${PAPSIM_SB_COLLECTIVES:-reduce allreduce alltoall}
jobs=${PAPSIM_SB_JOBS:-2}
limit=${PAPSIM_SB_CASE_TIMEOUT:-600}
[ -x "$papsim" ] || { echo "bench/salimi-beni.sh: $papsim not built" >&2; exit 2; }
case $variant in
    small) suffix=-small ;;
    full) suffix= ;;
    *) echo "bench/salimi-beni.sh: PAPSIM_SB_VARIANT must be small or full" >&2; exit 2 ;;
esac
if [ -n "${PAPSIM_SB_KEEP:-}" ]; then
    work=$PAPSIM_SB_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

echo "# Salimi Beni et al. 2024 studies, $variant variant, --jobs $jobs, --case-timeout $limit s, $(nproc) cores"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %7s %9s %9s %7s %10s\n' collective cases simulated timeout failed wall_s
for coll in $collectives; do
    spec=$root/scenarios/salimi-beni-$coll$suffix.ini
    out=$work/$coll$suffix
    rm -rf "$out"
    start=$(date +%s.%N)
    "$papsim" run "$spec" --out "$out" --jobs "$jobs" --case-timeout "$limit" \
        >"$work/$coll$suffix.stdout" 2>"$work/$coll$suffix.log"
    rc=$?
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    summary=$(grep 'cases:' "$work/$coll$suffix.log" | tail -1)
    # "papsim run: N cases: S simulated, K already in results, U unsupported, T timed out, F failed"
    cases=$(sed -n 's/.*run: \([0-9]*\) cases:.*/\1/p' <<<"$summary")
    sim=$(sed -n 's/.* \([0-9]*\) simulated.*/\1/p' <<<"$summary")
    tout=$(sed -n 's/.* \([0-9]*\) timed out.*/\1/p' <<<"$summary")
    failed=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$summary")
    printf '%-10s %7s %9s %9s %7s %10.1f%s\n' "$coll" "${cases:-?}" "${sim:-?}" "${tout:-0}" \
        "${failed:-?}" "$wall" "$([ $rc -eq 0 ] || echo "  (papsim run exit $rc: $work/$coll$suffix.log)")"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for coll in $collectives; do
    log=$work/$coll$suffix/work/case_wall.tsv
    [ -s "$log" ] || continue
    echo "# $coll$suffix: the five longest cases (wall s, outcome, algorithm, bytes, pattern)"
    tail -n +2 "$log" | sort -t$'\t' -k1,1gr | head -n 5 |
        awk -F'\t' '{ printf "#   %8.1f  %-9s %-28s %8s  %s\n", $1, $2, $4, $7, $8 }'
done
