# What the simulation-cost scripts of bench/ share. A script sources it,
# after `set -uo pipefail`, with its own arguments:
#   source "$(dirname "$0")/lib.sh" "$@"
# which sets root (the source tree), build (the first argument, default
# ROOT/build), papsim, limit (PAPSIM_BENCH_TIMEOUT seconds, default 600),
# work (a temporary directory, removed on exit) and timer (/usr/bin/time
# writing the user and system seconds of a process tree to
# $work/time.txt, when the machine has it).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
papsim=$build/papsim
limit=${PAPSIM_BENCH_TIMEOUT:-600}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$work/time.txt")

# sample_smpimain PID [CAP_KIB]: samples the resident set (RSS) and the
# proportional set size (PSS) of the simulator (smpimain) of this script's
# runs from /proc/PID/smaps_rollup until PID exits, and prints "PEAK_RSS_KIB
# PEAK_PSS_KIB STOPPED" (0 0 0: a run too short to sample). PSS is what a
# run takes: the buffers that timing-only runs share across ranks are
# mapped once per rank, and RSS counts them once per mapping. With CAP_KIB
# above 0, a PSS past it stops PID and the simulator (STOPPED 1). A sample
# every 0.2 s, or nine times as long as the last read took: reading
# smaps_rollup walks every mapping (seconds at np 16384 with shared
# buffers) and holds the simulator's memory map meanwhile.
sample_smpimain() {
    local pid=$1 cap=${2:-0} rss=0 pss=0 stopped=0 pause=0.2 sim r p t0 took
    while kill -0 "$pid" 2>/dev/null; do
        for sim in $(pgrep -f "smpimain.*$work" 2>/dev/null); do
            t0=$(date +%s%N)
            read -r r p < <(awk '/^Rss:/ { r = $2 } /^Pss:/ { p = $2 } END { print r + 0, p + 0 }' \
                "/proc/$sim/smaps_rollup" 2>/dev/null || echo "0 0")
            took=$(( ($(date +%s%N) - t0) / 1000000 ))
            pause=$(awk -v ms="$took" 'BEGIN { s = ms * 9 / 1000; printf "%.1f", (s > 0.2 ? s : 0.2) }')
            [ "$r" -gt "$rss" ] && rss=$r
            [ "$p" -gt "$pss" ] && pss=$p
            if [ "$cap" -gt 0 ] && [ "$p" -gt "$cap" ]; then
                stopped=1
                kill "$pid" "$sim" 2>/dev/null
            fi
        done
        sleep "$pause"
    done
    echo "$rss $pss $stopped"
}

# column NAME FILE: the value of column NAME in the last row of a papsim
# CSV (by name: a column's place changes when results.csv gains keys).
column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        { v = c ? $c : "" } END { print v }' "$2"
}

# measure COMMAND...: runs COMMAND (a papsim bench) for at most $limit
# seconds, its output in $work/out.csv and $work/err.txt, and sets status
# (124: stopped at the limit), wall (s), cpu (s, empty without a timer),
# peak_rss_kib, peak_pss_kib and stopped (sample_smpimain, with the cap
# $cap_kib when set) and peak (the peak PSS in MiB, "-" when not sampled).
measure() {
    local start end pid
    rm -f "$work/time.txt"
    start=$(date +%s.%N)
    "${timer[@]}" timeout "$limit" "$@" > "$work/out.csv" 2> "$work/err.txt" &
    pid=$!
    read -r peak_rss_kib peak_pss_kib stopped < <(sample_smpimain "$pid" "${cap_kib:-0}")
    wait "$pid"
    status=$?
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time.txt" 2>/dev/null)
    if [ "$peak_pss_kib" -gt 0 ]; then peak=$((peak_pss_kib / 1024)); else peak=-; fi
}

# result COLUMN FIELD...: the rest of a row after the last measure: the
# simulated value of results column COLUMN, then the FIELDs asked for
# (wall, cpu, peak); or "timeout(Ns)" or "failed" (with papsim's last
# message) and "-" for each.
result() {
    local sim=$1 f
    shift
    if [ "$status" -eq 0 ]; then
        printf '%-22s' "$(column "$sim" "$work/out.csv")"
        for f in "$@"; do printf ' %10s' "${!f:--}"; done
        printf '\n'
        return
    fi
    printf '%-22s %10s' - "$([ "$status" -eq 124 ] && echo "timeout(${limit}s)" || echo failed)"
    for f in "${@:2}"; do printf ' %10s' -; done
    [ "$status" -eq 124 ] && printf '\n' || printf '  %s\n' "$(tail -n 1 "$work/err.txt")"
}
