# A write that fails part-way (a full disk; here a file size limit, ulimit
# -f, which makes writes past it fail with EFBIG like ENOSPC would) leaves
# results.csv with whole rows only, is reported once with its true cause,
# stops the run with exit status 1, and is not miscounted as failed batches;
# the rerun resumes to exactly the rows of an uninterrupted run.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >spec.ini <<'SPEC'
collective = reduce
algorithms = binomial, linear, chain, pipeline
np = 4, 6, 8
bytes = 8, 1KiB
patterns = no_delay, ascending, random
skews = 10us
SPEC
ncases=72

timeout 300 "$PAPSIM" run spec.ini --out ref --jobs 1 --quiet 2>ref.err
expect_eq "reference run exits 0" "$?" 0
expect_eq "reference: $ncases rows" "$(($(wc -l <ref/results.csv) - 1))" "$ncases"
size=$(wc -c <ref/results.csv)
# 8 KiB: about half of results.csv, above every other file a batch writes.
if [ "$size" -gt 12000 ]; then pass; else fail "reference results.csv only $size bytes"; fi

rc=0
(ulimit -f 8 && exec timeout 300 "$PAPSIM" run spec.ini --out full --jobs 2 --quiet) \
    >full.out 2>full.err || rc=$?
expect_eq "a failed write stops the run with exit status 1" "$rc" 1
expect_eq "the cause, once" \
    "$(grep -c '^papsim run: full/results.csv: File too large (make room, then rerun the same command to resume)$' full.err)" 1
expect_eq "no batch reported as failed" "$(grep -c 'batch [0-9]* failed' full.err)" 0
expect_eq "the summary counts the write error, no failure" \
    "$(grep -Ec '^papsim run: 72 cases: [0-9]+ simulated, .* 0 failed, 1 not written \(write error: run stopped\)' full.err)" 1
lines=$(($(wc -l <full/results.csv) - 1))
if [ "$lines" -ge 10 ] && [ "$lines" -lt "$ncases" ]; then pass; else
    fail "rows before the limit: $lines (want 10..$((ncases - 1)))"; fi
expect_eq "results.csv ends with a newline" "$(tail -c 1 full/results.csv | od -An -c | tr -d ' ')" '\n'
expect_eq "every line has 25 fields" "$(awk -F, 'NF != 25' full/results.csv | wc -l)" 0
expect_eq "every row is a row of the uninterrupted run" \
    "$(grep -vxFf ref/results.csv full/results.csv | wc -l)" 0
if [ "$(wc -c <full/results.csv)" -le 8192 ]; then pass; else fail "results.csv passed the limit"; fi

timeout 300 "$PAPSIM" run spec.ini --out full --jobs 2 --quiet 2>resume.err
expect_eq "the rerun exits 0" "$?" 0
expect_eq "the rerun had nothing to trim" "$(grep -c 'incomplete last row' resume.err)" 0
expect_eq "the rerun simulates what is missing" \
    "$(grep -c "$ncases cases: $((ncases - lines)) simulated, $lines already in results" resume.err)" 1
if cmp -s ref/results.csv full/results.csv; then pass; else
    fail "resumed results differ: $(diff ref/results.csv full/results.csv | head -5)"; fi
finish
