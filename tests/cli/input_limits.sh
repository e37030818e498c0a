# Bounded readers (util/papsim_input.h, docs/formats/limits.md): every input
# reader, reached through its command, given /dev/zero (a character device),
# a FIFO nobody writes to and a 2 GiB sparse file, refuses it at once: exit
# 2, exactly one line on stderr naming the file and what is wrong with it
# (or the limit it passed), within a second and 50 MiB of memory
# (/usr/bin/time -f %M; timeout 5 turns a hang into a failure).
# Readers: spec, a spec's platforms and pattern file, results.csv (report
# DIR and FILE, tune, a resumed run's DIR/results.csv), golden (regress),
# compare's two tables, failed.csv (run --dry-run --out DIR), merge's
# case_order.csv and results.csv, platform --info, hostfile and bench
# --platform, pattern file:PATH, schedule --arrivals file:PATH, trace
# (trace-summary, pattern --from-trace), calibration measurements
# (calibrate --from). Then the line limits: a 2 MiB line in a spec and a
# 2 MiB line in a results.csv, refused with their line numbers.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
if [ ! -x /usr/bin/time ]; then
    echo "SKIP: /usr/bin/time missing (Debian package 'time', scripts/install-test-deps.sh)"
    exit 77
fi

# refuse DESC WANT CMD...: CMD exits 2 (or $RC) within a second and 50 MiB,
# and its stderr is exactly the line WANT.
refuse() {
    local desc=$1 want=$2 rc=0 want_rc=${RC:-2}; shift 2
    timeout 5 /usr/bin/time -o usage.txt -f '%e %M' "$@" >out.txt 2>err.txt || rc=$?
    local secs kib
    read -r secs kib < <(tail -n 1 usage.txt 2>/dev/null || echo "9 0")
    if [ "$rc" -ne "$want_rc" ]; then
        fail "$desc: exit $rc, want $want_rc: $(head -c 400 err.txt)"
    elif [ "$(cat err.txt)" != "$want" ]; then
        fail "$desc: stderr '$(head -c 400 err.txt)', want '$want'"
    elif ! awk -v s="$secs" -v k="$kib" 'BEGIN { exit !(s <= 1.0 && k <= 51200) }'; then
        fail "$desc: took $secs s and $kib KiB (at most 1 s and 50 MiB)"
    else
        pass
    fi
}

mkfifo fifo
printf '%s\n' "collective = allreduce" "np = 4" "bytes = 8" "patterns = no_delay" \
    "[block]" "algorithms = ring" >ok.ini
truncate -s 2G sparse
zero=/dev/zero
kind_zero="not a regular file (a character device)"
kind_fifo="not a regular file (a FIFO)"

# hostile NAME: the path and the expected text for /dev/zero, fifo, sparse
# with a format's limit: sets H (the path) and WHY (what the reader says).
for h in zero fifo sparse; do
    case $h in
    zero) H=/dev/zero ;;
    fifo) H=$PWD/fifo ;;
    sparse) H=$PWD/sparse ;;
    esac
    # why LIMIT WHAT: the message part after the path
    why() {
        case $h in
        zero) echo "$kind_zero" ;;
        fifo) echo "$kind_fifo" ;;
        sparse) echo "larger than $1, the limit of $2" ;;
        esac
    }
    # A directory whose FILE is the hostile input (a link to /dev/zero, a
    # FIFO, a sparse file); DIR/FILE must not exist yet.
    put() { # put DIR FILE
        mkdir -p "$1"
        case $h in
        zero) ln -s /dev/zero "$1/$2" ;;
        fifo) mkfifo "$1/$2" ;;
        sparse) truncate -s 2G "$1/$2" ;;
        esac
    }

    refuse "$h: run SPEC" "papsim run: spec '$H': $(why "16 MiB" "a spec")" \
        "$PAPSIM" run "$H" --out "o-$h"
    printf '%s\n' "collective = allreduce" "np = 4" "bytes = 8" "platforms = $H" \
        "patterns = no_delay" "[block]" "algorithms = ring" >"plat-$h.ini"
    refuse "$h: spec platforms = FILE" \
        "papsim run: plat-$h.ini:4: platforms: platform '$H': $(why "256 MiB" "a platform")" \
        "$PAPSIM" run "plat-$h.ini" --out "o-$h" --dry-run
    printf '%s\n' "collective = allreduce" "np = 4" "bytes = 8" "patterns = file:$H" \
        "skews = 1ms" "[block]" "algorithms = ring" >"pat-$h.ini"
    refuse "$h: spec patterns = file:FILE" \
        "papsim run: pat-$h.ini:4: patterns: pattern file '$H': $(why "256 MiB" "a pattern file")" \
        "$PAPSIM" run "pat-$h.ini" --out "o-$h" --dry-run
    refuse "$h: report FILE" "papsim report: $H: $(why "1 GiB" "a table")" "$PAPSIM" report "$H"
    put "r-$h" results.csv
    refuse "$h: report DIR" "papsim report: r-$h/results.csv: $(why "1 GiB" "a table")" \
        "$PAPSIM" report "r-$h"
    refuse "$h: tune DIR" "papsim tune: r-$h/results.csv: $(why "1 GiB" "a table")" \
        "$PAPSIM" tune "r-$h"
    RC=1 refuse "$h: run resuming DIR" "papsim run: r-$h/results.csv: $(why "1 GiB" "a table")" \
        "$PAPSIM" run ok.ini --out "r-$h"
    refuse "$h: regress golden" "papsim regress: $H: $(why "1 GiB" "a table")" \
        "$PAPSIM" regress "$H" "$H"
    refuse "$h: compare" "papsim compare: $H: $(why "1 GiB" "a table")" \
        "$PAPSIM" compare "$H" "$H"
    put "f-$h" failed.csv
    refuse "$h: failed.csv" "papsim run: f-$h/failed.csv: $(why "1 GiB" "a table") (papsim run's record of failed cases: correct it, or move it away to start a new one)" \
        "$PAPSIM" run ok.ini --out "f-$h" --dry-run
    put "m-$h" results.csv
    refuse "$h: merge results.csv" "papsim merge: m-$h/results.csv: $(why "1 GiB" "a table")" \
        "$PAPSIM" merge "out-$h" "m-$h"
    refuse "$h: platform --info" "papsim platform: platform '$H': $(why "256 MiB" "a platform")" \
        "$PAPSIM" platform --info "$H"
    refuse "$h: hostfile --platform" \
        "papsim hostfile: platform '$H': $(why "256 MiB" "a platform")" \
        "$PAPSIM" hostfile --platform "$H" --np 2
    refuse "$h: bench --platform" \
        "papsim bench: platform '$H': $(why "256 MiB" "a platform")" \
        "$PAPSIM" bench --np 2 --platform "$H" --bytes 8
    refuse "$h: pattern file:PATH" \
        "papsim pattern: pattern file '$H': $(why "256 MiB" "a pattern file")" \
        "$PAPSIM" pattern --pattern "file:$H" --np 2 --skew 1ms
    refuse "$h: schedule --arrivals file:PATH" \
        "papsim schedule: arrivals 'file:$H': pattern file '$H': $(why "256 MiB" "a pattern file")" \
        "$PAPSIM" schedule --np 2 --segments 1 --arrivals "file:$H"
    refuse "$h: trace-summary" "papsim trace-summary: trace '$H': $(why "1 GiB" "a trace")" \
        "$PAPSIM" trace-summary "$H"
    refuse "$h: pattern --from-trace" "papsim pattern: trace '$H': $(why "1 GiB" "a trace")" \
        "$PAPSIM" pattern --from-trace "$H"
    refuse "$h: calibrate --from" "papsim calibrate: $H: $(why "1 GiB" "a table")" \
        "$PAPSIM" calibrate --from "$H" --out "cal-$h"
done

# A directory is refused the same way.
mkdir adir
refuse "directory: trace-summary" \
    "papsim trace-summary: trace 'adir': not a regular file (a directory)" \
    "$PAPSIM" trace-summary adir

# --- line limits: a spec line of 2 MiB, a results.csv line of 2 MiB ---
{ echo "collective = allreduce"; printf 'np = 4 %*s\n' $((2 * 1024 * 1024)) ""; } >long.ini
refuse "spec line" "papsim run: long.ini:2: a line longer than 1 MiB, the limit of a spec" \
    "$PAPSIM" run long.ini --out o-long --dry-run
{ results_header; printf 'x%*s\n' $((2 * 1024 * 1024)) ""; } >long.csv
refuse "results.csv line" "papsim report: long.csv:2: a line longer than 1 MiB, the limit of a table" \
    "$PAPSIM" report long.csv
{ echo "paptrace 1"; printf '#%*s\n' $((64 * 1024)) ""; } >long.trace
refuse "trace line" "papsim trace-summary: long.trace:2: a line longer than 64 KiB, the limit of a trace" \
    "$PAPSIM" trace-summary long.trace
finish
