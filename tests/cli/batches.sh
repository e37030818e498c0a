# How papsim run cuts a sweep into smpirun batches (make_batches in
# lib/sweep/sweep_exec.c), on 20 cases that share one smpirun command
# (same platform, np and placement) and have the same forecast cost (the
# forecast ignores the pattern's skew):
# - one worker: batches of at most a quarter of the cases (20/4 + 1 = 6),
#   so 6, 6, 6, 2: 4 batches;
# - two workers: at most 20/8 + 1 = 3 cases, and at most a quarter of a
#   worker's share of the forecast cost (2.5 cases' worth), so batches of
#   2: 10 batches (the case count alone would give 7);
# and both give the same results.csv.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >spec.ini <<'SPEC'
collective = reduce
algorithms = binomial
np = 4
bytes = 8
patterns = ascending
skews = 1us, 2us, 3us, 4us, 5us, 6us, 7us, 8us, 9us, 10us, 11us, 12us, 13us, 14us, 15us, 16us, 17us, 18us, 19us, 20us
SPEC

expect_ok "one worker" timeout 300 "$PAPSIM" run spec.ini --out one --jobs 1
expect_eq "one worker: 4 batches of at most 6 cases" \
    "$(grep -c '^papsim run: 20 cases in 4 smpirun batches, 1 worker(s)$' err.txt)" 1
expect_eq "one worker: 4 batch directories" "$(ls one/work | grep -c '^batch-')" 4

expect_ok "two workers" timeout 300 "$PAPSIM" run spec.ini --out two --jobs 2
expect_eq "two workers: 10 batches, cut by the forecast cost" \
    "$(grep -c '^papsim run: 20 cases in 10 smpirun batches, 2 worker(s)$' err.txt)" 1
expect_eq "two workers: 10 batch directories" "$(ls two/work | grep -c '^batch-')" 10
expect_eq "20 rows" "$(($(wc -l <two/results.csv) - 1))" 20
cmp -s one/results.csv two/results.csv && pass || fail "results differ between --jobs 1 and 2"
finish
