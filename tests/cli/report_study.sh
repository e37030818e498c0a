# papsim report --runtimes / --robustness / --all and papsim study (Salimi Beni et al. 2024,
# Figures 5, 6 and 8) on the hand-made table in tests/fixtures/report_study/
# (its header gives every value and the scores worked out by hand; the
# expected_*.txt/.md files were checked against them): the 5% marks, the
# exact 5% and 25% boundaries, medians of three repetitions, scores and the
# recommended algorithm, robustness marks, "-" for missing results, a shared
# and a per-algorithm ("-own") skew; valid PNG/SVG images; errors; then one
# tiny study end to end whose robustness values equal those computed from
# its results.csv.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim report: "
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/report_study

same_file() { diff "$1" "$2" >/dev/null && echo same || diff "$1" "$2" | head -n 20; }

mkdir -p run
cp "$fixtures/results.csv" run/results.csv
expect_ok "runtimes and robustness" "$PAPSIM" report run --runtimes --robustness
for f in runtimes.txt runtimes.md robustness.txt robustness.md; do
    expect_eq "$f as expected" "$(same_file "$fixtures/expected_$f" run/report/$f)" same
done

# The key numbers, spelt out so a failure says which one moved.
row() { awk -v panel="$1" -v size="-- $2 --" -v pat="$3" '
    /^== panel/ { on = index($0, "skew=" panel " ==") > 0 } $0 == size { s = on; next }
    /^-- / { s = 0 } s && $1 == pat' "$4"; }
rt=run/report/runtimes.txt rb=run/report/robustness.txt
expect_eq "5% marks (12.6 us is exactly 5% slower)" "$(row 1.5x 8B ascending $rt)" \
    "ascending    | 12 us * | 12.6 us * | 15 us"
expect_eq "median of 3 reps, 4% slower marked" "$(row 1.5x 8B no_delay $rt)" \
    "no_delay     | 10 us * | 10.4 us * | 20 us"
expect_eq "scores 8B" "$(row 1.5x 8B score $rt)" "score        | 2.67    | 1.03 <    | 2.42"
expect_eq "scores 1KiB, linear has none" "$(row 1.5x 1KiB score $rt)" \
    "score        | 1.33 <   | 1.67     | -"
expect_eq "recommended 8B" "$(grep -c '^recommended (lowest score): in_order_binary (1.03); fastest at no_delay: binomial (2.67)$' $rt)" 1
expect_eq "own skew scores" "$(row 1.5x-own 8B score $rt)" "score        | 1.56    | 1.02 <    | 3.50"
expect_eq "robustness marks, -0.25 unmarked" "$(row 1.5x 8B ascending $rb)" \
    "ascending     | +0.200   | +0.212   | -0.250"
expect_eq "robustness g and r" "$(row 1.5x 8B last_delayed $rb)" \
    "last_delayed  | +2.000 r | -0.519 g | +0.000"
expect_eq "robustness own skew" "$(row 1.5x-own 8B last_delayed $rb)" \
    "last_delayed  | +0.100 | -0.500 g | +0.300 r"
expect_eq "shared skew noted once" "$(grep -c "The skew is shared by all algorithms" $rb)" 1

# One heatmap per panel and size and view, valid PNG and SVG.
stems=$(echo reduce_p_np4_sequential_rpn0_double_sum_root0_gamma0_skew1.5x_{runtimes,robust}_{8B,1KiB} \
    reduce_p_np4_sequential_rpn0_double_sum_root0_gamma0_skew1.5x-own_{runtimes,robust}_8B)
for stem in $stems; do
    expect_eq "$stem.png is a PNG" "$(head -c 8 run/report/$stem.png | od -An -c | tr -d ' \n')" \
        '211PNG\r\n032\n'
    expect_eq "$stem.svg is an SVG" "$(grep -c '</svg>' run/report/$stem.svg)" 1
done
expect_eq "runtimes 8B colours: 4 good, 5 slower, 3 scores (1 lowest)" \
    "$(awk '!/^#/ { n[$3]++ } END { printf "%d %d %d %d", n[10931939], n[16495790], n[15658734], n[11722634] }' \
        run/report/reduce_p_np4_sequential_rpn0_double_sum_root0_gamma0_skew1.5x_runtimes_8B.dat)" \
    "5 4 2 1"

# The -own panel ran 8 B only: its 1 KiB (no_delay rows only) is left out.
expect_eq "no 1KiB views of the own panel" "$(ls run/report | grep -c 'skew1.5x-own_.*_1KiB')" 0

# --all: the Figure-4 report as well; --metric applies to every view.
expect_ok "--all" "$PAPSIM" report run --all --out all --metric total_delay
expect_eq "--all files" "$(ls all | grep -c -E '^(report|runtimes|robustness)\.(txt|md)$')" 6
expect_eq "--all metric" "$(grep -c '^Salimi Beni et al. (2024), Figures 5 and 8. metric: total_delay' all/runtimes.txt)" 1

# Errors: exit 2 and a message naming the input and the problem.
grep -v ',no_delay,' run/results.csv >nond.csv
expect_bad_input "robustness without no_delay" \
    "nond.csv: --robustness needs no_delay rows and patterned rows" \
    "$PAPSIM" report nond.csv --robustness
expect_bad_input "runtimes with --best" "--best and --runtimes: choose one" \
    "$PAPSIM" report run --runtimes --best binomial
expect_bad_input "all with --relative" "--relative and --all: choose one" \
    "$PAPSIM" report run --all --relative binomial
expect_bad_input "unknown metric" "--metric: 'fast' is not one of" \
    "$PAPSIM" report run --runtimes --metric fast
head -n 19 run/results.csv >empty.csv
expect_bad_input "empty table" "empty.csv: no result rows" "$PAPSIM" report empty.csv --runtimes
sed 's/,1.26e-05,1.26e-05,/,later,1.26e-05,/' run/results.csv >badtime.csv
expect_bad_input "bad time" "badtime.csv:26: total_delay_s: 'later' is not a time" \
    "$PAPSIM" report badtime.csv --runtimes --metric total_delay
BAD_INPUT_PREFIX="papsim study: "
expect_bad_input "study without --out" "--out DIR is required" "$PAPSIM" study x.ini
expect_bad_input "study bad metric" "--metric: 'fast' is not one of" \
    "$PAPSIM" study x.ini --out s --metric fast
BAD_INPUT_PREFIX="papsim run: " # the spec is read by the run step
expect_bad_input "study missing spec" "spec 'missing.ini': cannot read" "$PAPSIM" study missing.ini --out s
expect_ok "study help" "$PAPSIM" study --help
expect_eq "study help names the views" "$(grep -c 'Figure' out.txt)" 3

# End to end: a tiny study at np 4, a shared and an own skew.
cat >tiny.ini <<'EOF'
collective = reduce
algorithms = binomial, in_order_binary
np = 4
patterns = no_delay, last_delayed
skews = 1.5x, 1.5x-own
bytes = 8
EOF
expect_ok "tiny study" "$PAPSIM" study tiny.ini --out tiny --jobs 1 --quiet
expect_eq "study progress" "$(grep -c '^papsim study: step [12] of 2' err.txt)" 2
expect_eq "study reports" "$(ls tiny/report | grep -c -E '^(report|runtimes|robustness)\.(txt|md)$')" 6
# last_of ALG PATTERN SKEW: last_delay_s of that case (one repetition).
last_of() { csv_cols algorithm,pattern,skew,last_delay_s tiny/results.csv |
    awk -F, -v a="$1" -v p="$2" -v s="$3" '$1 == a && $2 == p && $3 == s { print $4 }'; }
want=$(awk -v b0="$(last_of binomial no_delay 0)" -v b="$(last_of binomial last_delayed 1.5x-own)" \
           -v i0="$(last_of in_order_binary no_delay 0)" -v i="$(last_of in_order_binary last_delayed 1.5x-own)" \
           'BEGIN { printf "%+.3f %+.3f", b / b0 - 1, i / i0 - 1 }')
got=$(row 1.5x-own 8B last_delayed tiny/report/robustness.txt | awk -F' [|] ' '{ print $2, $3 }' |
      sed 's/ [gr]//g; s/  */ /g; s/ $//')
expect_eq "tiny robustness from results.csv" "$got" "$want"
# The study's reports are papsim report --all's, with the metric given: a
# rerun (nothing left to simulate) with --metric total_delay writes what
# papsim report DIR --all --metric total_delay writes, file for file.
expect_ok "tiny study, total_delay" "$PAPSIM" study tiny.ini --out tiny --jobs 1 --quiet \
    --metric total_delay
expect_ok "report --all, total_delay" "$PAPSIM" report tiny --all --metric total_delay --out all
for f in report.txt report.md runtimes.txt runtimes.md robustness.txt robustness.md; do
    expect_eq "study = report --all: $f" "$(cmp tiny/report/$f all/$f 2>&1 && echo same)" same
done
expect_eq "the study's report is of total_delay" "$(grep -c total_delay tiny/report/report.txt)" \
    "$(grep -c total_delay all/report.txt)"
expect_eq "total_delay differs from last_delay" \
    "$(cmp -s tiny/report/report.txt all/report.txt && "$PAPSIM" report tiny --all --out ld >/dev/null 2>&1 &&
       cmp -s ld/report.txt all/report.txt && echo same || echo differs)" differs
finish
