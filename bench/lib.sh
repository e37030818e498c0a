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

# peak_pss_kib PID: samples the simulator's (smpimain's) proportional set
# size every 0.2 s until PID exits and prints the peak in KiB (0: a run too
# short to sample). Max RSS would count the buffers that timing-only runs
# share across ranks once per rank.
peak_pss_kib() {
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

# column NAME FILE: the value of column NAME in the last row of a papsim
# CSV (by name: a column's place changes when results.csv gains keys).
column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        { v = c ? $c : "" } END { print v }' "$2"
}

# measure COMMAND...: runs COMMAND (a papsim bench) for at most $limit
# seconds, its output in $work/out.csv and $work/err.txt, and sets status
# (124: stopped at the limit), wall (s), cpu (s, empty without a timer) and
# peak (the simulator's peak PSS in MiB, "-" when not sampled).
measure() {
    local start end pid kib
    rm -f "$work/time.txt"
    start=$(date +%s.%N)
    "${timer[@]}" timeout "$limit" "$@" > "$work/out.csv" 2> "$work/err.txt" &
    pid=$!
    kib=$(peak_pss_kib "$pid")
    wait "$pid"
    status=$?
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time.txt" 2>/dev/null)
    if [ "$kib" -gt 0 ]; then peak=$((kib / 1024)); else peak=-; fi
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
