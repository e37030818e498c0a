# papsim report --relative BASE: every algorithm's median time and its ratio
# to BASE per (size, skew), on the hand-made table in
# tests/fixtures/report_relative/ (its header says what each row tests; the
# expected_*.txt/.md files were checked by hand: medians of odd and even
# repetition counts, ratios and speedups, "-" cells with their footnotes, a
# row without a BASE value, relative and absolute skews, a panel without
# BASE left out); then errors; then one tiny real sweep at np 4 end to end.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim report: "
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/report_relative

mkdir -p run
cp "$fixtures/results.csv" run/results.csv

expect_ok "relative report runs" "$PAPSIM" report run --relative clairvoyant
expect_eq "txt as expected" "$(diff "$fixtures/expected_last_delay.txt" \
    run/report/relative_clairvoyant.txt && echo same)" same
expect_eq "md as expected" "$(diff "$fixtures/expected_last_delay.md" \
    run/report/relative_clairvoyant.md && echo same)" same
expect_eq "stdout has the text report" \
    "$(head -n "$(wc -l <"$fixtures/expected_last_delay.txt")" out.txt | diff - \
       "$fixtures/expected_last_delay.txt" && echo same)" same
expect_eq "stdout names the files" "$(grep -c '^wrote run/report/relative_clairvoyant\.' out.txt)" 2

expect_ok "speedup on total_delay" "$PAPSIM" report run/results.csv --relative clairvoyant \
    --speedup --metric total_delay --out sp
expect_eq "speedup txt as expected" "$(diff "$fixtures/expected_speedup_total_delay.txt" \
    sp/relative_clairvoyant.txt && echo same)" same

# The file name keeps [A-Za-z0-9.-] of BASE and turns the rest into '_'.
sed 's/,clairvoyant,/,builtin:ompi_binomial,/' run/results.csv >renamed.csv
expect_ok "builtin base" "$PAPSIM" report renamed.csv --relative builtin:ompi_binomial --out bn
expect_eq "builtin file name" "$(ls bn)" "relative_builtin_ompi_binomial.md
relative_builtin_ompi_binomial.txt"

# Errors: exit 2 and a message naming the input and the problem.
expect_bad_input "unknown base" \
    "run/results.csv: no row has algorithm 'clairvoyan' \(the table has: binomial, butterfly, clairvoyant, linear\)" \
    "$PAPSIM" report run --relative clairvoyan
expect_bad_input "unknown metric" "--metric: 'median' is not one of" \
    "$PAPSIM" report run --relative clairvoyant --metric median
expect_bad_input "two metrics" "--metric: one metric only without --best" \
    "$PAPSIM" report run --relative clairvoyant --metric last_delay,total_delay
head -n 10 run/results.csv >empty.csv
expect_bad_input "empty table" "empty.csv: no result rows \(only a header\)" \
    "$PAPSIM" report empty.csv --relative clairvoyant
grep -v ',clairvoyant,' run/results.csv >nobase.csv
expect_bad_input "table without base rows" "nobase.csv: no row has algorithm 'clairvoyant'" \
    "$PAPSIM" report nobase.csv --relative clairvoyant
expect_bad_input "missing table" "missing.csv" "$PAPSIM" report missing.csv --relative clairvoyant
expect_bad_input "speedup alone" "--speedup needs --relative BASE" "$PAPSIM" report run --speedup
expect_bad_input "with --best" "--best and --relative: choose one" \
    "$PAPSIM" report run --relative clairvoyant --best binomial
sed 's/,0.00011,0.00011,/,soon,0.00011,/' run/results.csv >badtime.csv
expect_bad_input "bad time" "badtime.csv:12: total_delay_s: 'soon' is not a time" \
    "$PAPSIM" report badtime.csv --relative clairvoyant --metric total_delay
expect_ok "help mentions --relative" "$PAPSIM" report --help
expect_eq "help text" "$(grep -c -- '--relative BASE' out.txt)" 3

# End to end: a real sweep at np 4 with a relative skew, then the report.
cat >tiny.ini <<'EOF'
collective = reduce
algorithms = clairvoyant, binomial, linear
np = 4
patterns = no_delay, last_delayed
skews = 1x
bytes = 8, 4KiB
knowledge = oracle
EOF
expect_ok "tiny sweep" "$PAPSIM" run tiny.ini --out tiny --jobs 1 --quiet
expect_ok "tiny relative report" "$PAPSIM" report tiny --relative clairvoyant --metric total_delay
txt=tiny/report/relative_clairvoyant.txt
# median_of ALG PATTERN BYTES: total_delay_s of that case (one repetition).
median_of() {
    csv_cols algorithm,pattern,bytes,total_delay_s tiny/results.csv |
        awk -F, -v a="$1" -v p="$2" -v b="$3" '$1 == a && $2 == p && $3 == b { print $4 }'
}
# row PATTERN SIZE: the table row of that size under that pattern.
row() { awk -v p="pattern: $1" -v s="$2" '$0 == p { on = 1; next } /^$/ { on = 0 }
        on && $1 == s' "$txt"; }
for pat in no_delay last_delayed; do
    for size in 8B:8 4KiB:4096; do
        want=$(awk -v c="$(median_of clairvoyant $pat ${size#*:})" \
                   -v b="$(median_of binomial $pat ${size#*:})" \
                   -v l="$(median_of linear $pat ${size#*:})" \
                   'BEGIN { printf "(1.00) (%.2f) (%.2f)", b / c, l / c }')
        got=$(row $pat ${size%:*} | grep -o '([0-9.]*)' | tr '\n' ' ' | sed 's/ $//')
        expect_eq "tiny $pat ${size%:*} ratios" "$got" "$want"
    done
done
# The relative skew shows its absolute value (skew_s) and the factor.
skew_s=$(csv_cols pattern,bytes,skew_s tiny/results.csv |
    awk -F, '$1 == "last_delayed" && $2 == 8 { print $3; exit }')
want=$(awk -v s="$skew_s" 'BEGIN { printf "%.4g us (1x)", s * 1e6 }')
expect_eq "tiny skew label" "$(row last_delayed 8B | awk -F' [|] ' '{ print $2 }' | sed 's/ *$//')" \
    "$want"
finish
