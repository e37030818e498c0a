# papsim run --case-timeout: a case that simulates longer than the limit is
# killed and recorded with status "timeout"; the cases after it in its batch
# still run; a relative (1.5x) skew is the mean over the algorithms whose
# no-delay case finished; the skewed cases of the timed-out algorithm get
# "baseline_timeout" rows without a run; work/case_wall.tsv logs the wall
# time of each case run; a rerun simulates nothing; reports leave the cell
# out. Bad limits are refused.
#
# The slow case: linear alltoall at np 1024 (1,047,552 sends in flight at
# once), which SimGrid 3.32 takes hours to simulate (its scan of the eager
# sends, docs/performance.md, "Where the time of the Salimi Beni studies
# goes") and SimGrid 4.1, which has no such scan, 42 s on an idle host
# (docs/simgrid-versions.md); Bruck at np 1024 takes about 1 s on either.
# (np 256, this test's case before, takes 1.4 s on 4.1: too fast to kill.)
#
# The limit comes from this host's speed now, so that a loaded host (CI
# machines are shared) neither kills Bruck nor lets linear finish: Bruck's
# case is simulated alone first, timed with its start-up, and the limit is
# a multiple of that. The load may rise after the probe (the Bruck cases of
# the sweep then take longer than it did), so the multiple is as large as
# linear allows. On SimGrid 3.32 and 3.33, where linear takes hours whatever
# the limit, it is ten times the probe, at least 20 s and at most 120 s
# (linear runs that long before its kill: the cap bounds the test). On SimGrid
# 3.34 and later, four times the probe, at least 3 s and at most 20 s: under
# half of what linear takes there on an idle host, should the load fall
# after the probe. (Measured on the 2-core host with SimGrid 3.32 at a load
# of 30: the probe 73 s, for 1.2 s idle.)
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim run: "

probe_start=$(date +%s%N)
"$PAPSIM" bench --np 1024 --ranks-per-node 32 --platform "$PAPSIM_SOURCE_DIR/platforms/salimi-beni-cluster.xml" \
    --collective alltoall --algorithm modified_bruck --bytes 2 --datatype char --pattern no_delay \
    >probe.csv 2>probe.err || fail "Bruck probe: $(head -c 600 probe.err)"
probe_ms=$((($(date +%s%N) - probe_start) / 1000000))
simgrid=$("$PAPSIM" --version | sed -n 's/^simgrid //p')
times=4 floor=3 cap=20
[[ "$simgrid" =~ ^3\.(3[23])\. ]] && times=10 floor=20 cap=120 # the eager scan: linear takes hours
limit=$(((times * probe_ms + 999) / 1000))
[ "$limit" -lt $floor ] && limit=$floor
[ "$limit" -gt $cap ] && limit=$cap
echo "Bruck at np 1024 took $probe_ms ms here (SimGrid $simgrid): --case-timeout $limit"

cat >spec.ini <<SPEC
collective = alltoall
algorithms = linear, modified_bruck
platforms = $PAPSIM_SOURCE_DIR/platforms/salimi-beni-cluster.xml
ranks_per_node = 32
np = 1024
bytes = 2
datatype = char
patterns = no_delay, last_delayed
skews = 1.5x
SPEC

timeout $((10 * limit + 300)) "$PAPSIM" run spec.ini --out out --jobs 1 --case-timeout $limit >/dev/null 2>run.err
expect_eq "a sweep with a timed-out case exits 0" "$?" 0
grep -q "alltoall/linear np=1024 sequential 2B no_delay passed --case-timeout ${limit}s: killed" run.err &&
    pass || fail "no kill message: $(head -c 600 run.err)"
grep -q "1 skewed case(s) not run: their algorithm's no-delay case timed out" run.err &&
    pass || fail "no baseline_timeout message: $(head -c 600 run.err)"
grep -q "4 cases: 2 simulated, 0 already in results, 0 unsupported, 2 timed out, 0 failed" run.err &&
    pass || fail "summary: $(grep 'cases:' run.err)"

field_of() { # algorithm pattern COLUMN -> that field of its row
    csv_cols algorithm,pattern,"$3" out/results.csv | awk -F, -v a="$1" -v p="$2" '$1 == a && $2 == p { print $3 }'
}
status_of() { field_of "$1" "$2" status; } # algorithm pattern -> status field of its row
expect_eq "rows" "$(($(wc -l <out/results.csv) - 1))" 4
expect_eq "linear no_delay" "$(status_of linear no_delay)" timeout
expect_eq "linear no_delay has no times" "$(field_of linear no_delay total_delay_s)" ""
expect_eq "linear last_delayed" "$(status_of linear last_delayed)" baseline_timeout
expect_eq "bruck no_delay" "$(status_of modified_bruck no_delay)" ok
expect_eq "bruck last_delayed" "$(status_of modified_bruck last_delayed)" ok
# skew_s = 1.5 x Bruck's own no-delay total_delay_s:
# the timed-out linear case is left out of the mean.
want=$(awk -v t="$(field_of modified_bruck no_delay total_delay_s)" 'BEGIN { printf "%.9g", 1.5 * t }')
got=$(awk -v t="$(field_of modified_bruck last_delayed skew_s)" 'BEGIN { printf "%.9g", t }')
expect_eq "1.5x over the finished algorithms" "$got" "$want"
expect_eq "linear last_delayed gets the same skew" \
    "$(field_of linear last_delayed skew_s)" "$(field_of modified_bruck last_delayed skew_s)"

# work/case_wall.tsv logs each finished case's wall time: the killed one at
# the limit (killed within a few seconds of it: the sweep looks every
# second), the two Bruck cases as simulated, under the limit; the
# baseline_timeout case did not run, so no line.
wall_of() { # outcome algorithm pattern -> wall_s
    awk -F'\t' -v o="$1" -v a="$2" -v p="$3" '$2 == o && $4 == a && $8 == p { print $1 }' \
        out/work/case_wall.tsv
}
expect_eq "case_wall.tsv header" "$(head -n 1 out/work/case_wall.tsv)" \
    "$(printf 'wall_s\toutcome\tcollective\talgorithm\tnp\tmapping\tbytes\tpattern\tskew_s\tbatch')"
expect_eq "case_wall.tsv lines" "$(wc -l <out/work/case_wall.tsv)" 4
awk -v w="$(wall_of timeout linear no_delay)" -v l=$limit 'BEGIN { exit !(w >= l && w < 2 * l + 10) }' && pass ||
    fail "timed-out case's wall: '$(wall_of timeout linear no_delay)'"
awk -v w="$(wall_of simulated modified_bruck last_delayed)" -v l=$limit 'BEGIN { exit !(w > 0 && w < l) }' &&
    pass || fail "Bruck's wall: '$(wall_of simulated modified_bruck last_delayed)'"

# A rerun simulates nothing (timeout rows count as done) and keeps the file.
cp out/results.csv before.csv
timeout 120 "$PAPSIM" run spec.ini --out out --jobs 1 --case-timeout $limit >/dev/null 2>rerun.err
expect_eq "rerun exits 0" "$?" 0
grep -q "4 cases: 0 simulated, 4 already in results, 0 unsupported, 0 timed out, 0 failed" \
    rerun.err && pass || fail "rerun summary: $(grep 'cases:' rerun.err)"
cmp -s before.csv out/results.csv && pass || fail "the rerun changed results.csv"
expect_eq "the rerun logs no case" "$(wc -l <out/work/case_wall.tsv)" 4

# The report: Bruck wins both patterns; linear has no ok result ("-").
expect_ok "report" "$PAPSIM" report out
grep -Eq '^last_delayed +\| mb 1\.00$' out/report/report.txt && pass ||
    fail "report: $(cat out/report/report.txt)"
grep -Eq '^linear +linear +-$' out/report/report.txt && pass ||
    fail "report legend: $(cat out/report/report.txt)"

# The forecast counts SimGrid 3.32's eager-list scans: linear alltoall at np
# 256 posts 65280 eager sends at once, 65280^2/8 entries scanned; at 120 ns
# each that is 63.9 s, plus 65790 messages x 15 us, 256 ranks x 0.5 ms and
# 20 ms: 65.0 s. Rendezvous sends (threshold 0) have no such list. The
# message cost is given: the default depends on the SimGrid version
# (cli.simgrid_version).
sed 's/^np = 1024$/np = 256/' spec.ini >fc.ini
"$PAPSIM" run fc.ini --dry-run --msg-cost 15us --scan-cost 120ns >/dev/null 2>dry.err
grep -q "the costliest case, alltoall/linear np=256 2B, about 65 s$" dry.err && pass ||
    fail "forecast: $(cat dry.err)"
"$PAPSIM" run fc.ini --dry-run --msg-cost 15us --scan-cost 120ns --case-timeout 60 >/dev/null 2>dry.err
grep -q "the costliest case, alltoall/linear np=256 2B, about 60 s (the --case-timeout limit)" \
    dry.err && pass || fail "forecast with a limit: $(cat dry.err)"
# Its skewed case counts 0 (its baseline will time out) in the forecast and
# the limit in the high one (if the forecast was too high and it finishes).
"$PAPSIM" run fc.ini --dry-run --jobs 1 --msg-cost 15us --scan-cost 120ns --case-timeout 60 >/dev/null 2>dry.err
grep -q "about 60 s wall with 1 worker" dry.err && pass || fail "low forecast: $(cat dry.err)"
grep -q "up to 120 s if the no-delay cases forecast at the --case-timeout limit finish under it after all: 1 skewed case(s) of theirs would run" \
    dry.err && pass || fail "high forecast: $(cat dry.err)"
"$PAPSIM" run fc.ini --dry-run --msg-cost 15us --scan-cost 120ns --cfg=smpi/send-is-detached-thresh:0 \
    >/dev/null 2>dry.err
grep -q "costliest" dry.err && fail "rendezvous forecast: $(cat dry.err)" || pass

# SMPI's basic_linear alltoall waits with one MPI_Waitall on 2(p-1)
# requests: 1024 x 2046 x 2047 / 2 visits at 140 ns (4.1's default, given:
# 3.32's is 1.5 us) = 300.2 s, plus
# 1049598 messages x 20 us, 1024 x 0.5 ms and 20 ms: 321.7 s without delay.
# Skewed, the visits cost np/128 = 8 times as much: 2423 s. With a 1000 s
# limit its no-delay case finishes, so the skewed case runs, to the limit.
cat >bl.ini <<SPEC
collective = alltoall
algorithms = builtin:basic_linear
platforms = $PAPSIM_SOURCE_DIR/platforms/salimi-beni-cluster.xml
ranks_per_node = 32
np = 1024
bytes = 2
datatype = char
patterns = no_delay, ascending
skews = 1.5x
SPEC
"$PAPSIM" run bl.ini --dry-run --jobs 1 --msg-cost 20us --scan-cost 0 --waitall-cost 140ns >/dev/null 2>dry.err
grep -q "about 2745 s wall with 1 worker" dry.err && pass || fail "skewed Waitall forecast: $(cat dry.err)"
grep -q "the costliest case, alltoall/builtin:basic_linear np=1024 2B ascending, about 2423 s$" dry.err &&
    pass || fail "skewed costliest case: $(cat dry.err)"
# 2402 s of it is the skewed case's Waitall term (8 x 300.2 s; the no-delay
# case's is not counted): a hint says so, and what to do, when no limit is set.
grep -q "hint: 87% of this forecast (2402 of 2745 s) is SMPI's MPI_Waitall in skewed cases of builtin:basic_linear" \
    dry.err && pass || fail "skewed Waitall hint: $(cat dry.err)"
"$PAPSIM" run bl.ini --dry-run --jobs 1 --msg-cost 20us --scan-cost 0 --waitall-cost 140ns \
    --case-timeout 1000 >/dev/null 2>dry.err
grep -q "about 1322 s wall with 1 worker" dry.err && pass || fail "skewed case at the limit: $(cat dry.err)"
grep -q "up to\|hint" dry.err && fail "no skewed case is skipped, no hint with a limit: $(cat dry.err)" || pass

# --slurm passes the limit on to every array task.
expect_ok "slurm script" "$PAPSIM" run spec.ini --out sl --slurm --case-timeout 3
grep -q -- '--quiet --case-timeout 3$' sl/sweep.sbatch && pass ||
    fail "sbatch script lacks the limit: $(tail -n 2 sl/sweep.sbatch)"

expect_bad_input "zero limit" "--case-timeout '0' must be a positive time" \
    "$PAPSIM" run spec.ini --out bad --case-timeout 0
expect_bad_input "negative limit" "--case-timeout: duration '-5s' is negative" \
    "$PAPSIM" run spec.ini --out bad --case-timeout -5s
expect_bad_input "waitall cost not a time" "--waitall-cost: duration 'fast' is not a number" \
    "$PAPSIM" run spec.ini --dry-run --waitall-cost fast
expect_bad_input "not a time" "--case-timeout: duration 'soon' is not a number" \
    "$PAPSIM" run spec.ini --out bad --case-timeout soon
finish
