# One progress count for a whole papsim run: a sweep with relative skews
# runs in two phases (the no-delay cases, then the skewed cases their times
# resolve), and its progress line counts both as one run, [k/6] from the
# first case to the last, never starting again at 0. At its end the run
# removes DIR/papsim.lock.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >rel.ini <<'SPEC'
collective = reduce
algorithms = binomial, linear
np = 4
bytes = 8
patterns = no_delay, ascending
skews = 1x, 2x
SPEC
ncases=6 # 2 no-delay cases, then 2 algorithms x 2 relative skews

expect_ok "run with relative skews" "$PAPSIM" run rel.ini --out r --jobs 1
expect_eq "$ncases rows" "$(csv_col status r/results.csv | grep -c '^ok$')" "$ncases"
# Both phases ran: two "N cases in M smpirun batches" lines, 2 and 4 cases.
expect_eq "two phases" "$(sed -n 's/^papsim run: \([0-9]*\) cases in .* smpirun batches.*/\1/p' err.txt | tr '\n' ' ')" "2 4 "
# Every progress line counts over the whole run: the total is 6 on each, the
# count never goes back, the last line is [6/6] 100%.
sed -n 's/^papsim run: \[\([0-9]*\)\/\([0-9]*\)\] *\([0-9]*\)%.*/\1 \2 \3/p' err.txt >progress.txt
expect_eq "progress lines printed" "$([ -s progress.txt ] && echo yes)" yes
expect_eq "every progress line counts $ncases cases" "$(awk '{print $2}' progress.txt | sort -u)" "$ncases"
expect_eq "the count never goes back" \
    "$(awk 'NR > 1 && $1 < last { print "back from " last " to " $1 } { last = $1 }' progress.txt)" ""
expect_eq "the last line" "$(tail -n 1 progress.txt)" "$ncases $ncases 100"
# The end of the first phase is a point of the one count, not its end (its
# line may come twice: on the case's end and once more as the phase ends).
if grep -qx '2 6 33' progress.txt; then pass; else
    fail "the first phase does not end at [2/6]: $(tr '\n' ';' <progress.txt)"; fi

# The lock is gone with the run; a resumed run takes and removes it again.
if [ -e r/papsim.lock ]; then fail "r/papsim.lock left after the run: $(cat r/papsim.lock)"; else pass; fi
expect_ok "resume" "$PAPSIM" run rel.ini --out r --jobs 1
expect_eq "resume: nothing left" "$(grep -c "$ncases cases: 0 simulated, $ncases already in results" err.txt)" 1
if [ -e r/papsim.lock ]; then fail "r/papsim.lock left after the resumed run"; else pass; fi
# A run that stops on an error after taking the lock removes it too.
printf 'case_id,bogus\n' >r/failed.csv
rc=0; "$PAPSIM" run rel.ini --out r --jobs 1 >out.txt 2>err.txt || rc=$?
expect_eq "a bad failed.csv: exit status" "$rc" 2
if [ -e r/papsim.lock ]; then fail "r/papsim.lock left after a refused run"; else pass; fi
finish
