# A file:PATH pattern enters its case id by a key of its delays (as papsim
# reads them), not by its path alone, so resuming a sweep never keeps a row
# computed from delays the file no longer holds:
# - the shapes' cases keep the ids they had before pattern keys (the ids of
#   tests/golden/costs.csv, written before them); the file case's line
#   carries --pattern-key;
# - comments, blanks, rank prefixes and other spellings of the same delays
#   leave the key: nothing runs again;
# - edited delays: the old row moves to results-superseded.csv (with a note
#   naming it), byte for byte, the case alone runs again, its row gets
#   another id and the new delays' times, and a rerun finds everything done;
#   the file edited back: that row is appended to results-superseded.csv
#   and results.csv is the first run's again; the same for a relative
#   skew's case;
# - a row of a papsim before pattern keys (its id hashes no pattern key)
#   cannot tell which delays it had: it moves to results-superseded.csv and
#   the case runs again, giving a fresh run's file byte for byte; a
#   results-superseded.csv with another header is left alone, the row goes
#   to results-superseded-2.csv;
# - papbench reads the file again: one whose delays lost the case's key
#   fails the case (exit 2, the message names the file and both keys, no
#   row), also in a sweep whose file is edited after papsim keyed it (an
#   smpirun wrapper edits it): the case fails, the others run;
#   --pattern-key is checked (16 lowercase hex digits, a file pattern
#   only), by papbench and by papsim bench.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >spec.ini <<'SPEC'
collective = allgather
algorithms = ring
np = 4
ranks_per_node = 4
bytes = 8
gamma = 1e-10
patterns = no_delay, ascending, last_delayed, file:p.txt
skews = 50us
SPEC
id_of() { csv_cols pattern,case_id results/results.csv | grep "^$1," | cut -d, -f2; }
mean_of() { csv_cols pattern,mean_elapsed_s results/results.csv | grep "^$1," | cut -d, -f2; }

# The ascending shape in a file: 0 .. 3 us, scaled to 50 us.
printf '0\n1us\n2us\n3us\n' >p.txt
expect_ok "dry run" "$PAPSIM" run spec.ini --dry-run
expect_eq "the file case's line carries its key" \
    "$(grep -c -- '--pattern file:p.txt --pattern-key 6793f488e4d5ae40 ' out.txt)" 1
expect_eq "no other line carries one" "$(grep -c -- '--pattern-key' out.txt)" 1
expect_ok "first run" "$PAPSIM" run spec.ini --out results --quiet
expect_eq "4 cases simulated" "$(grep -c '4 cases: 4 simulated, 0 already' err.txt)" 1
# Recorded before pattern keys: tests/golden/costs.csv, rows 2 and 7.
expect_eq "no_delay keeps its id" "$(id_of no_delay)" ce5cac1c4bb7eb1d
expect_eq "ascending keeps its id" "$(id_of ascending)" 2e15ccbbb5c602ed
expect_eq "the file replays ascending" "$(mean_of file:p.txt)" 3.1114938167320361e-05
expect_eq "as ascending's golden row" "$(mean_of ascending)" 3.1114938167320361e-05
old_id=$(id_of file:p.txt)
cp results/results.csv fresh_ascending.csv

# The same delays written otherwise: the same key, nothing to simulate.
printf '# the same delays\n0 0\n1\t1e-6\n\n2   2000ns  # rank 2\n3 0.000003' >p.txt
expect_ok "respelled file" "$PAPSIM" run spec.ini --out results --quiet
expect_eq "respelled: nothing simulated" "$(grep -c '4 cases: 0 simulated, 4 already' err.txt)" 1
expect_eq "respelled: no row moved" "$(grep -c 'moved' err.txt)" 0
expect_eq "respelled: no results-superseded.csv" "$(ls results | grep -c superseded)" 0

# Other delays: the last_delayed shape. The old row moves to
# results-superseded.csv, the case reruns.
printf '0\n0\n0\n5us\n' >p.txt
expect_ok "edited file" "$PAPSIM" run spec.ini --out results --quiet
expect_eq "edited: one case simulated" "$(grep -c '4 cases: 1 simulated, 3 already' err.txt)" 1
expect_eq "edited: the old row is moved, the files named" \
    "$(grep -c '^papsim run: results/results.csv: 1 row(s) of the spec.s cases no longer match their case (a platform or pattern file edited since, a user algorithm.s shared object rebuilt since, another no-delay baseline for a relative skew, or rows of a papsim before pattern keys or plugin keys; the first: platform default, pattern file:p.txt, algorithm ring): moved to results/results-superseded.csv, their cases run again$' err.txt)" 1
expect_eq "edited: one row per case" "$(csv_col case_id results/results.csv | wc -l)" 4
new_id=$(id_of file:p.txt)
if [ -n "$new_id" ] && [ "$new_id" != "$old_id" ]; then pass; else
    fail "edited: the id stayed $old_id"; fi
{ head -n 1 fresh_ascending.csv; grep "^$old_id," fresh_ascending.csv; } >want_superseded.csv
expect_eq "edited: results-superseded.csv is the header and the old row, byte for byte" \
    "$(md5sum <results/results-superseded.csv)" "$(md5sum <want_superseded.csv)"
expect_eq "edited: results.csv is the first run's other rows, then the new row" \
    "$(head -n 4 results/results.csv | md5sum)" "$(grep -v "^$old_id," fresh_ascending.csv | md5sum)"
expect_eq "edited: the new row last" "$(sed -n '5p' results/results.csv | cut -d, -f1)" "$new_id"
expect_eq "edited: 5 lines in results.csv" "$(wc -l <results/results.csv)" 5
expect_eq "edited: the file replays last_delayed" "$(mean_of file:p.txt)" 4.3614938135760895e-05
expect_eq "as the shape's row" "$(mean_of last_delayed)" 4.3614938135760895e-05
expect_eq "edited: the shapes' rows stay" "$(csv_cols case_id,status results/results.csv | head -n 3 | tr '\n' ' ')" \
    "ce5cac1c4bb7eb1d,ok 2e15ccbbb5c602ed,ok $(id_of last_delayed),ok "
cp results/results.csv last_delayed.csv
expect_ok "unchanged rerun" "$PAPSIM" run spec.ini --out results --quiet
expect_eq "unchanged: nothing simulated" "$(grep -c '4 cases: 0 simulated, 4 already' err.txt)" 1
expect_eq "unchanged: results-superseded.csv unchanged" \
    "$(md5sum <results/results-superseded.csv)" "$(md5sum <want_superseded.csv)"

# Edited back: the last_delayed row is appended to results-superseded.csv,
# the case reruns under its first id, and results.csv is the first run's.
printf '0\n1us\n2us\n3us\n' >p.txt
expect_ok "edited back" "$PAPSIM" run spec.ini --out results --quiet
expect_eq "edited back: one case simulated" "$(grep -c '4 cases: 1 simulated, 3 already' err.txt)" 1
grep "^$new_id," last_delayed.csv >>want_superseded.csv
expect_eq "edited back: the row appended to results-superseded.csv" \
    "$(md5sum <results/results-superseded.csv)" "$(md5sum <want_superseded.csv)"
if cmp -s results/results.csv fresh_ascending.csv; then pass; else
    fail "edited back: results.csv differs from the first run's: $(diff results/results.csv fresh_ascending.csv | head -4)"; fi
printf '0\n0\n0\n5us\n' >p.txt

# A relative skew's case: resolved in the second phase, dropped there.
printf 'collective = allgather\nalgorithms = ring\nnp = 4\nbytes = 8\npatterns = file:p.txt\nskews = 1.5x\n' >rel.ini
expect_ok "relative: first run" "$PAPSIM" run rel.ini --out rel --quiet
cp rel/results.csv rel_first.csv
printf '0\n1us\n2us\n3us\n' >p.txt
expect_ok "relative: edited file" "$PAPSIM" run rel.ini --out rel --quiet
expect_eq "relative: the file case alone reruns" \
    "$(grep -c '2 cases: 1 simulated, 1 already' err.txt)" 1
expect_eq "relative: two rows" "$(csv_col pattern rel/results.csv | sort | tr '\n' ' ')" \
    "file:p.txt no_delay "
expect_eq "relative: the old row in results-superseded.csv" \
    "$(md5sum <rel/results-superseded.csv)" "$(grep -v ',no_delay,' rel_first.csv | md5sum)"
expect_eq "relative: the baseline row stays" "$(grep ',no_delay,' rel/results.csv)" \
    "$(grep ',no_delay,' rel_first.csv)"

# Rows of a papsim before pattern keys: the id hashes the platform's key but
# no pattern key (papbench given the case line without --pattern-key).
"$PAPSIM" hostfile --platform default --np 4 --ranks-per-node 4 -o hosts >/dev/null ||
    fail "could not write a hostfile"
cp "$PAPSIM_SOURCE_DIR/platforms/default.xml" platform.xml
bench() { # CASES_FILE: papbench under smpirun as papsim runs it, rows without a header
    "$SMPIRUN" -no-privatize -platform platform.xml -hostfile hosts -np 4 "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --cfg=smpi/host-speed:1Gf \
        --log=root.thres:critical --no-header --cases "$1"
}
"$PAPSIM" run spec.ini --dry-run 2>/dev/null | grep -- '--pattern file:p.txt' >keyed.txt
sed 's/ --pattern-key [0-9a-f]*//' keyed.txt >unkeyed.txt
expect_eq "the case line without its key" "$(grep -c -- '--pattern-key' unkeyed.txt)" 0
unkeyed_id=$(bench unkeyed.txt 2>/dev/null | cut -d, -f1)
expect_eq "an unkeyed id is 16 hex digits" "$(echo "$unkeyed_id" | grep -cE '^[0-9a-f]{16}$')" 1
if [ "$unkeyed_id" != "$old_id" ]; then pass; else fail "the unkeyed id is the keyed one"; fi
mkdir old
sed "s/^$old_id,/$unkeyed_id,/" fresh_ascending.csv >old/results.csv
expect_eq "old results hold the unkeyed id" "$(grep -c "^$unkeyed_id," old/results.csv)" 1
# A results-superseded.csv of another header (here, a format-1 file's) is
# left alone: the row goes to results-superseded-2.csv.
printf 'case_id,rep,status\n0123456789abcdef,0,ok\n' >old/results-superseded.csv
cp old/results-superseded.csv other_header.csv
{ head -n 1 old/results.csv; grep "^$unkeyed_id," old/results.csv; } >want_old.csv
expect_ok "old results resume" "$PAPSIM" run spec.ini --out old --quiet
expect_eq "old results: the file case reruns" "$(grep -c '4 cases: 1 simulated, 3 already' err.txt)" 1
expect_eq "old results: its row is moved to results-superseded-2.csv" \
    "$(grep -c '1 row(s) .*(a platform or pattern file edited since, a user algorithm.s shared object rebuilt since, another no-delay baseline for a relative skew, or rows of a papsim before pattern keys or plugin keys; .*: moved to old/results-superseded-2.csv, ' err.txt)" 1
if cmp -s old/results.csv fresh_ascending.csv; then pass; else
    fail "resumed old results differ from a fresh run: $(diff old/results.csv fresh_ascending.csv | head -4)"; fi
expect_eq "old results: results-superseded-2.csv holds the old row" \
    "$(md5sum <old/results-superseded-2.csv)" "$(md5sum <want_old.csv)"
expect_eq "old results: the file of another header is untouched" \
    "$(md5sum <old/results-superseded.csv)" "$(md5sum <other_header.csv)"
expect_eq "old results: no temporary file left" "$(ls old | grep -c '\.tmp$')" 0

# papbench checks the delays it reads against the case's key.
expect_eq "papbench: the keyed file runs" "$(bench keyed.txt 2>/dev/null | cut -d, -f1)" "$old_id"
printf '0\n0\n0\n5us\n' >p.txt
rc=0
bench keyed.txt >out.txt 2>err.txt || rc=$?
expect_eq "papbench: an edited file: exit 2" "$rc" 2
# (smpirun prints its command line on stdout when the simulation fails)
expect_eq "papbench: no row" "$(grep -cE '^[0-9a-f]{16},' out.txt)" 0
expect_eq "papbench: the message names the file and both keys" \
    "$(grep -c "^papbench: keyed.txt:1: pattern file 'p.txt' changed after its case was keyed: its delays now have key $(
        "$PAPSIM" run spec.ini --dry-run 2>/dev/null | grep -o -- '--pattern-key [0-9a-f]*' | cut -d' ' -f2
    ), the case was keyed 6793f488e4d5ae40 (--pattern-key), so it is not run" err.txt)" 1

BAD_INPUT_PREFIX="papbench: "
for key in FEDCBA9876543210 fedcba987654321 fedcba98765432100 'fedcba987654321-'; do
    expect_bad_input "papbench: --pattern-key $key" \
        "--pattern-key '$key' is not a content key \(16 hex digits, 0-9 and a-f" \
        "$SMPIRUN" -no-privatize -platform platform.xml -hostfile hosts -np 4 "$PAPBENCH" \
        --log=root.thres:critical --pattern file:p.txt --pattern-key "$key"
done
expect_bad_input "papbench: a key on a shape" \
    "--pattern-key 0123456789abcdef applies to file:PATH patterns only \(pattern is ascending\)" \
    "$SMPIRUN" -no-privatize -platform platform.xml -hostfile hosts -np 4 "$PAPBENCH" \
    --log=root.thres:critical --pattern ascending --pattern-key 0123456789abcdef

# The file edited after papsim keyed it and before papbench reads it (by an
# smpirun wrapper): the case fails, papbench's message is shown, no row.
printf '0\n1us\n2us\n3us\n' >p.txt
printf '#!/bin/bash\nprintf "0\\n0\\n0\\n5us\\n" >p.txt\nexec "%s" "$@"\n' "$SMPIRUN" >edit-smpirun
chmod +x edit-smpirun
rc=0
PAPSIM_SMPIRUN=$PWD/edit-smpirun "$PAPSIM" run spec.ini --out edited --quiet >out.txt 2>err.txt || rc=$?
expect_eq "edited mid-run: exit 1" "$rc" 1
expect_eq "edited mid-run: 1 failed" "$(grep -c '4 cases: 3 simulated, 0 already in results, 0 unsupported, 0 timed out, 1 failed' err.txt)" 1
expect_eq "edited mid-run: the batch names the case" \
    "$(grep -c 'failed (exit status 2) in case allgather/ring np=4 sequential 8B file:p.txt' err.txt)" 1
expect_eq "edited mid-run: papbench's reason" "$(grep -c "pattern file 'p.txt' changed after its case was keyed" err.txt)" 1
expect_eq "edited mid-run: no row of the file case" "$(csv_col pattern edited/results.csv | grep -c file:)" 0

# papsim bench keys the file itself; a --pattern-key that is not the file's is refused.
expect_ok "bench: a file pattern" "$PAPSIM" bench --np 4 --collective allgather --algorithm ring \
    --pattern file:p.txt --skew 50us --dry-run
expect_eq "bench: the key on papbench's line" \
    "$(grep -o -- '--pattern-key [0-9a-f]*' out.txt | grep -cE '^--pattern-key [0-9a-f]{16}$')" 1
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "bench: another key" \
    "--pattern-key 0123456789abcdef: the delays of --pattern file:p.txt have key [0-9a-f]{16}; leave --pattern-key out" \
    "$PAPSIM" bench --np 4 --pattern file:p.txt --skew 50us --pattern-key 0123456789abcdef
finish
