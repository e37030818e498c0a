# A sweep killed with SIGKILL part-way resumes to exactly the rows of an
# uninterrupted run: no case lost, none duplicated, a row cut in half
# trimmed, and the finished results.csv byte-identical (a finished sweep
# leaves its rows in the spec's case order, whatever --jobs and the kill
# did). Also: results.csv written before the params column resumes in its
# own format, and a resumed sweep simulates only what is missing.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >spec.ini <<'SPEC'
collective = reduce
[absolute]
algorithms = binomial, linear, chain, pipeline
np = 4, 6, 8
bytes = 8, 1KiB, 64KiB
patterns = no_delay, ascending, random
skews = 10us
reps = 2
[relative]
algorithms = binomial, linear
np = 5
bytes = 1KiB
patterns = last_delayed
skews = 1.5x
SPEC

timeout 120 "$PAPSIM" run spec.ini --out full --jobs 2 --quiet 2>full.err
expect_eq "uninterrupted run exits 0" "$?" 0
rows=$(($(wc -l <full/results.csv) - 1))
expect_eq "uninterrupted: 108 cases x 2 reps + 4 relative-block cases" "$rows" 220

# Kill papsim (not its smpirun children: they die on their own once their
# reader is gone) when at least 20 rows are in, long before the end. Wait
# for those rows however long a loaded host takes (or for the run's end,
# which the row count below then reports): killing on a clock instead
# could find fewer rows, or no results.csv at all.
lines_of() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
rows_in_or_ended() { [ "$(lines_of killed/results.csv)" -gt 20 ] || ! kill -0 "$pid" 2>/dev/null; }
setsid "$PAPSIM" run spec.ini --out killed --jobs 1 --quiet 2>killed.err &
pid=$!
wait_for 300 rows_in_or_ended || fail "killed run: $(lines_of killed/results.csv) lines after 300 s"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
# The orphaned batch ends at its next row; wait for it (it is in papsim's
# session, in a process group of its own) before the resumed run reuses
# its work directory. Nothing is asserted on it: only its reader wrote rows.
orphans_gone() { [ -z "$(session_pids "$pid")" ]; }
wait_for 120 orphans_gone || echo "note: the killed run's batch still runs after 120 s"
cut_rows=$(($(lines_of killed/results.csv) - 1))
if [ "$cut_rows" -ge 20 ] && [ "$cut_rows" -lt 220 ]; then pass; else
    fail "kill part-way: $cut_rows rows when killed (want 20..219)"; fi
# Simulate a kill in the middle of a write: half a row at the end.
printf '0123456789abcdef,reduce,binom' >>killed/results.csv

timeout 120 "$PAPSIM" run spec.ini --out killed --jobs 2 >resume.out 2>resume.err
expect_eq "resumed run exits 0" "$?" 0
expect_eq "cut row trimmed" "$(grep -c 'dropping an incomplete last row' resume.err)" 1
simulated=$(sed -n 's/.* cases: \([0-9]*\) simulated, \([0-9]*\) already.*/\1 \2/p' resume.err)
expect_eq "resume simulates only the missing cases" \
    "$(( ${simulated% *} + ${simulated#* } ))" 112
if [ "${simulated#* }" -ge 10 ]; then pass; else fail "resume kept only '${simulated#* }' cases"; fi
expect_eq "no duplicated row" "$(csv_cols case_id,rep killed/results.csv | sort | uniq -d | wc -l)" 0
if cmp -s full/results.csv killed/results.csv; then pass; else
    fail "resumed results differ: $(diff full/results.csv killed/results.csv | head -5)"; fi

# A second run of a finished sweep simulates nothing and changes nothing.
cp full/results.csv before.csv
timeout 60 "$PAPSIM" run spec.ini --out full --quiet 2>again.err
expect_eq "rerun simulates nothing" "$(grep -c ' 0 simulated, 112 already' again.err)" 1
if cmp -s before.csv full/results.csv; then pass; else fail "rerun changed results.csv"; fi

# results.csv of an older papsim resumes in its own format: format 1 (no
# params, no deterministic column) and format 2 (no deterministic column).
resume_old() { # DIR DROPPED-COLUMNS NCOLUMNS
    local dir=$1 dropped=$2 ncol=$3
    mkdir "$dir"
    csv_drop "$dropped" full/results.csv | head -n 100 >"$dir/results.csv"
    expect_eq "$dir: $ncol columns" "$(awk -F, -v n="$ncol" 'NF != n' "$dir/results.csv" | wc -l)" 0
    timeout 120 "$PAPSIM" run spec.ini --out "$dir" --jobs 2 --quiet 2>"$dir.err"
    expect_eq "$dir: resumed" "$?" 0
    expect_eq "$dir: keeps $ncol columns" \
        "$(awk -F, -v n="$ncol" 'NF != n' "$dir/results.csv" | wc -l)" 0
    expect_eq "$dir: complete" "$(($(wc -l <"$dir/results.csv") - 1))" 220
    expect_eq "$dir: = the full run without the newer columns" \
        "$(csv_drop "$dropped" full/results.csv | md5sum)" "$(md5sum <"$dir/results.csv")"
}
resume_old old params,deterministic 23
resume_old v2 deterministic 24
expect_eq "current rows say deterministic" \
    "$(csv_col deterministic full/results.csv | grep -cv "^yes$")" 0

# The forecast before a sweep: cases still to run and their messages, the
# algorithm's (binomial reduce p-1, ring allgather p(p-1)) plus the
# harness's 2(p-1) per repetition; unchecked cases are counted.
printf '[a]\ncollective = reduce\nalgorithms = binomial\nnp = 8\nbytes = 8\npatterns = no_delay\n[b]\ncollective = allgather\nalgorithms = ring\nnp = 8\nbytes = 8\npatterns = no_delay\nreps = 2\ncheck = yes\n' >two.ini
"$PAPSIM" run two.ini --dry-run --msg-cost 1ms --rank-cost 0 --case-cost 0 --jobs 1 \
    >/dev/null 2>dry.err
expect_eq "forecast: cases and messages (7+14 + 2 x (56+14))" \
    "$(grep -o 'forecast: 2 cases to simulate (0 already in results), about 161 simulated messages, about 0 s wall' dry.err | wc -l)" 1
expect_eq "forecast: one timing-only case" "$(grep -c '^papsim run: 1 of them timing-only' dry.err)" 1
"$PAPSIM" run spec.ini --out full --msg-cost 1s >/dev/null 2>fc.err
expect_eq "forecast after a finished sweep (relative skews by the ids their baselines give)" \
    "$(grep -c 'forecast: 0 cases to simulate (112 already in results)' fc.err)" 1
# A dry run on the half-done directory lists what a run would simulate:
# the absolute cases not in it, and the relative ones (their baselines,
# binomial's and linear's np 5 no-delay cases, are absolute cases).
mkdir half
head -n 101 full/results.csv >half/results.csv
"$PAPSIM" run spec.ini --out half --dry-run >half.out 2>half.err
expect_eq "dry run on a half-done sweep: the cases not in it" \
    "$(grep -c -- '--algorithm' half.out),$(grep -c 'forecast: 62 cases to simulate (50 already in results)' half.err)" "62,1"
cmp -s half/results.csv <(head -n 101 full/results.csv) && pass || fail "dry run changed results.csv"
expect_eq "dry run wrote nothing else" "$(ls half)" "results.csv"
# With every no-delay row in, the skewed cases are listed resolved: the
# skew_s the run that made full/ gave them.
mkdir most
grep -v ',last_delayed,' full/results.csv >most/results.csv
"$PAPSIM" run spec.ini --out most --dry-run >most.out 2>most.err
expect_eq "dry run with the baselines in: the 2 skewed cases, resolved" \
    "$(grep -c -- '--algorithm' most.out),$(grep -c 'skew resolved later' most.out)" "2,0"
expect_eq "their skew_s, the full run's" \
    "$(sed -n 's/.* --skew-s \([^ ]*\) .*/\1/p' most.out | sort -u)" \
    "$(csv_cols pattern,skew_s full/results.csv | sed -n 's/^last_delayed,//p' | sort -u)"
finish
