# A case whose smpirun batch fails leaves a record in DIR/failed.csv, so a
# resumed sweep says it failed before (and why) instead of retrying it
# silently, and --skip-failed leaves it out. The failing case is the one of
# tests/cli/deadlock.sh: SMPI's bcast mvapich2_inter_node deadlocks at np 4,
# 2 ranks per node, root 1 (a real case, no mock).
# - first run: exit 1; failed.csv has its header and one row, cause
#   deadlock, the case id results.csv gives that case; the ok case is in
#   results.csv;
# - second run: "1 of these cases failed before (1 deadlock); they run
#   again", exit 1, a second row, results.csv byte for byte the same;
# - third run, --skip-failed: "left out (--skip-failed", no batch, no
#   case_wall line, exit 1, "1 left out (failed before)", failed.csv the
#   same; --dry-run --skip-failed lists no case (the ok one is in
#   results.csv), --dry-run the failed one only, --dry-run without --out
#   both;
# - a malformed failed.csv (another header, a row with too few fields):
#   exit 2 naming file and line, nothing run, results.csv the same;
# - skewed cases resolved from the failed case: not run, one line naming
#   it, counted "not run (no-delay baseline missing)", exit 1.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

require_deadlock_case "no failing case to record"

deadlock_spec dl.ini "builtin:mvapich2_inter_node, builtin:binomial_tree"
header="case_id,collective,algorithm,platform,np,mapping,bytes,pattern,skew,cause,exit_status,log,date"

# The id results.csv gives the deadlocking case: run alone with a time
# limit shorter than smpirun's start-up, it gets a timeout row (a timeout
# is no failure: no failed.csv).
deadlock_spec alone.ini "builtin:mvapich2_inter_node"
"$PAPSIM" run alone.ini --out idrun --jobs 1 --case-timeout 0.01 >/dev/null 2>&1
want_id=$(csv_cols case_id,status idrun/results.csv)
want_id=${want_id%,timeout}
expect_eq "the timeout row gives the id" "$(grep -c '^[0-9a-f]\{16\}$' <<<"$want_id")" "1"
expect_eq "a timeout is not a failure" "$(ls idrun/failed.csv 2>/dev/null)" ""

# 1. The first run: one failure, recorded.
rc=0; "$PAPSIM" run dl.ini --out out --jobs 1 >out.txt 2>err.txt || rc=$?
expect_eq "run 1: exit status" "$rc" "1"
grep -q "failed before" err.txt && fail "run 1: a 'failed before' line on a new directory" || pass
expect_eq "run 1: header" "$(head -n 1 out/failed.csv)" "$header"
expect_eq "run 1: one row" "$(wc -l < out/failed.csv)" "2"
expect_eq "run 1: the row" "$(csv_cols case_id,algorithm,np,bytes,pattern,cause out/failed.csv)" \
    "$want_id,builtin:mvapich2_inter_node,4,64,no_delay,deadlock"
# smpirun's status after a deadlock: 0 on SimGrid 3.32, 139 on 4.1.
case "$(csv_col exit_status out/failed.csv)" in 0 | 139) pass ;;
    *) fail "run 1: exit_status '$(csv_col exit_status out/failed.csv)'" ;; esac
# The batch's log, moved out of the batch directory the next run reuses.
log=$(csv_col log out/failed.csv)
grep -Eq "^work/failed/$want_id-[0-9]{8}T[0-9]{6}Z(-[0-9]+)?\.log\$" <<<"$log" && pass ||
    fail "run 1: log '$log' is not work/failed/CASE-DATE.log"
[ -f "out/$log" ] && grep -q "Deadlock detected" "out/$log" && pass ||
    fail "run 1: log '$log' is not the batch log, relative to DIR"
grep -q "; log: out/$log\$" err.txt && pass || fail "run 1: the message does not name '$log'"
cp "out/$log" log.1
grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$' <<<"$(csv_col date out/failed.csv)" &&
    pass || fail "run 1: date '$(csv_col date out/failed.csv)'"
expect_eq "run 1: results" "$(csv_cols algorithm,status out/results.csv)" "builtin:binomial_tree,ok"
cp out/results.csv results.1
cp out/failed.csv failed.1

# 2. A resume: said, run again, recorded again.
rc=0; "$PAPSIM" run dl.ini --out out --jobs 1 >out.txt 2>err.txt || rc=$?
expect_eq "run 2: exit status" "$rc" "1"
grep -qx "papsim run: 1 of these cases failed before (1 deadlock); they run again (--skip-failed leaves them out; out/failed.csv)" err.txt &&
    pass || fail "run 2: no 'failed before' line: $(head -c 600 err.txt)"
grep -q "batch [0-9]* failed (deadlock)" err.txt && pass || fail "run 2: the case did not run again"
expect_eq "run 2: two rows" "$(wc -l < out/failed.csv)" "3"
expect_eq "run 2: the first row kept" "$(head -n 2 out/failed.csv)" "$(cat failed.1)"
expect_eq "run 2: the second row's case and cause" "$(csv_cols case_id,cause out/failed.csv | tail -n 1)" \
    "$want_id,deadlock"
cmp -s results.1 out/results.csv && pass || fail "run 2: results.csv changed"
cmp -s log.1 "out/$log" && pass || fail "run 2: the first attempt's log changed"
expect_eq "run 2: two logs kept" "$(ls out/work/failed | wc -l)" 2

# 3. --skip-failed: nothing to simulate.
cp out/failed.csv failed.2
walls=$(wc -l < out/work/case_wall.tsv)
batches=$(ls out/work | grep -c '^batch-')
rc=0; "$PAPSIM" run dl.ini --out out --jobs 1 --skip-failed >out.txt 2>err.txt || rc=$?
expect_eq "run 3: exit status" "$rc" "1"
grep -qx "papsim run: 1 of these cases failed before (1 deadlock); left out (--skip-failed; out/failed.csv)" err.txt &&
    pass || fail "run 3: no 'left out' line: $(head -c 600 err.txt)"
grep -q "2 cases: 0 simulated, 1 already in results, 0 unsupported, 0 timed out, 0 failed, 1 left out (failed before)" err.txt &&
    pass || fail "run 3: summary: $(tail -n 1 err.txt)"
grep -q "smpirun batches" err.txt && fail "run 3: a batch started" || pass
expect_eq "run 3: no case_wall line" "$(wc -l < out/work/case_wall.tsv)" "$walls"
expect_eq "run 3: no batch directory" "$(ls out/work | grep -c '^batch-')" "$batches"
cmp -s failed.2 out/failed.csv && pass || fail "run 3: failed.csv changed"
cmp -s results.1 out/results.csv && pass || fail "run 3: results.csv changed"
expect_ok "dry run --skip-failed" "$PAPSIM" run dl.ini --out out --dry-run --skip-failed
expect_eq "dry run --skip-failed: no case (the ok one is in results, the failed one left out)" \
    "$(grep -c -- '--algorithm' out.txt),$(grep -c 'forecast: 0 cases to simulate (1 already in results)' err.txt)" "0,1"
expect_ok "dry run" "$PAPSIM" run dl.ini --out out --dry-run
expect_eq "dry run: the failed case only" \
    "$(grep -c -- '--algorithm' out.txt),$(grep -c mvapich2_inter_node out.txt),$(grep -c 'forecast: 1 cases to simulate (1 already in results)' err.txt)" "1,1,1"
expect_ok "dry run without --out" "$PAPSIM" run dl.ini --dry-run
expect_eq "dry run without --out: both cases" "$(grep -c -- '--algorithm' out.txt)" "2"

# 4. A malformed failed.csv is refused before anything runs.
sed '1s/,cause,/,reason,/' failed.2 > out/failed.csv
expect_bad_input "another header" "out/failed\.csv:1: column 10 is 'reason', not 'cause'" \
    "$PAPSIM" run dl.ini --out out --jobs 1
sed -E '3s/,deadlock,[0-9]+,/,deadlock,/' failed.2 > out/failed.csv
expect_bad_input "a row with too few fields" "out/failed\.csv:3: 12 fields, the header has 13" \
    "$PAPSIM" run dl.ini --out out --jobs 1
expect_bad_input "a dry run checks it too" "out/failed\.csv:3: 12 fields" \
    "$PAPSIM" run dl.ini --out out --dry-run --skip-failed
expect_eq "malformed: no case_wall line" "$(wc -l < out/work/case_wall.tsv)" "$walls"
cmp -s results.1 out/results.csv && pass || fail "malformed: results.csv changed"

# 5. Skewed cases whose skew is resolved from the failed no-delay case (the
# cell's mean: both algorithms' skewed cases need it) are not run, and one
# line says how many and which baseline has no row.
deadlock_spec rel.ini "builtin:mvapich2_inter_node, builtin:binomial_tree"
sed -i 's/^patterns = no_delay$/patterns = no_delay, last_delayed\nskews = 1.5x/' rel.ini
expect_fail "relative skews on a failed baseline" "2 skewed case\(s\) not run" \
    "$PAPSIM" run rel.ini --out relout --jobs 1
expect_eq "one line names the baseline without a row" \
    "$(grep -c '^papsim run: 2 skewed case(s) not run: the no-delay case(s) their skew is resolved from have no row in relout/results.csv (failed or left out; relout/failed.csv says why): bcast/builtin:mvapich2_inter_node np=4 64B$' err.txt)" 1
expect_eq "not one line per case" "$(grep -c 'skew 1.5x' err.txt)" 0
grep -q "4 cases: 1 simulated, 0 already in results, 0 unsupported, 0 timed out, 1 failed, 2 not run (no-delay baseline missing)" err.txt &&
    pass || fail "relative: summary: $(tail -n 1 err.txt)"
expect_eq "relative: the binomial_tree no-delay row only" \
    "$(csv_cols algorithm,pattern,status relout/results.csv)" "builtin:binomial_tree,no_delay,ok"
finish
