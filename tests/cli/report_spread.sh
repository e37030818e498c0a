# papsim report --spread (real runs are noisy, so the report gives
# the median with its spread): on the hand-made real-MPI table in
# tests/fixtures/report_spread/ (5 repetitions per cell, some missed_start,
# one check_failed; its header gives every median, range and ratio worked
# out by hand), the exact --relative and --runtimes texts with [min..max],
# n= and the counts of repetitions not ok; missed_start rows carry times
# (999 us) that must stay out of the medians and ranges; without --spread
# the output is the plain one (what simulations and the other fixtures
# print); the heatmap data do not change; bad option combinations.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim report: "
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/report_spread

mkdir -p run
cp "$fixtures/results.csv" run/results.csv

same_as() { # EXPECTED GOT: "same" when the files are equal, else the diff
    diff "$1" "$2" && echo same
}

expect_ok "relative --spread runs" "$PAPSIM" report run --relative binomial --spread
expect_eq "relative --spread txt" "$(same_as "$fixtures/expected_relative.txt" \
    run/report/relative_binomial.txt)" same
expect_eq "relative --spread md" "$(same_as "$fixtures/expected_relative.md" \
    run/report/relative_binomial.md)" same
expect_eq "relative --spread on stdout" \
    "$(head -n "$(wc -l <"$fixtures/expected_relative.txt")" out.txt | \
       same_as "$fixtures/expected_relative.txt" -)" same

# Cell by cell, so a failure names the number that moved.
cell() { # PATTERN SIZE COLUMN(1 = base): the cell of relative_binomial.txt
    awk -F' [|] ' -v p="$1" -v s="$2" -v c="$3" '/^pattern: / { pat = $0; sub(/^pattern: /, "", pat) }
        { size = $1; sub(/ +$/, "", size) }
        pat == p && size == s { v = $(2 + c); sub(/ +$/, "", v); print v }' \
        run/report/relative_binomial.txt
}
expect_eq "odd count, ok only" "$(cell no_delay 8B 1)" "11 us [9..15] n=5 (1.00)"
expect_eq "one missed_start left out" "$(cell no_delay 8B 2)" \
    "21.5 us [20..30] n=4 +1 missed (1.95)"
expect_eq "range in the median's unit across ns/us" "$(cell no_delay 1KiB 1)" \
    "1.2 us [0.95..1.5] n=5 (1.00)"
expect_eq "missed_start and check_failed counted apart" "$(cell no_delay 1KiB 2)" \
    "2.5 us [2..3] n=3 +1 missed +1 not ok (2.08)"
expect_eq "one ok repetition: no range" "$(cell ascending 8B 1)" "40 us n=1 +4 missed (1.00)"
expect_eq "no ok repetition" "$(cell ascending 8B 2)" "- n=0 +5 missed"
expect_eq "even count" "$(cell ascending 1KiB 1)" "55 us [50..60] n=2 +3 missed (1.00)"
expect_eq "equal repetitions" "$(cell ascending 1KiB 2)" "45 us [45..45] n=5 (0.82)"
expect_eq "missed_start times (999 us) never shown" \
    "$(grep -c 999 run/report/relative_binomial.txt)" 0

# Without --spread: the plain cells, exactly as before the option existed.
expect_ok "relative without --spread" "$PAPSIM" report run/results.csv --relative binomial \
    --out plain
expect_eq "plain relative txt" "$(same_as "$fixtures/expected_relative_plain.txt" \
    plain/relative_binomial.txt)" same
expect_eq "plain has no counts" "$(grep -c 'n=' plain/relative_binomial.txt)" 0

# --runtimes --spread; the 5% marks and scores come from the medians alone.
expect_ok "runtimes --spread" "$PAPSIM" report run --runtimes --spread --out rt
expect_eq "runtimes --spread txt" "$(same_as "$fixtures/expected_runtimes.txt" rt/runtimes.txt)" \
    same
expect_ok "runtimes plain" "$PAPSIM" report run --runtimes --out rt-plain
expect_eq "runtimes plain has no counts" "$(grep -c 'n=' rt-plain/runtimes.txt)" 0
expect_eq "the heatmap data do not depend on --spread" \
    "$(cat rt/*.dat | cksum)" "$(cat rt-plain/*.dat | cksum)"
expect_eq "the scores do not depend on --spread" \
    "$(grep '^score ' rt/runtimes.txt | tr -s ' ')" "$(grep '^score ' rt-plain/runtimes.txt | tr -s ' ')"

# --all --spread: the runtimes get the spread, robustness and Figure 4 do not.
expect_ok "all --spread" "$PAPSIM" report run --all --spread --out all
expect_eq "all: runtimes as --runtimes --spread" "$(same_as rt/runtimes.txt all/runtimes.txt)" same
expect_ok "all plain" "$PAPSIM" report run --all --out all-plain
expect_eq "all: robustness unchanged" \
    "$(same_as all-plain/robustness.txt all/robustness.txt)" same
expect_eq "all: report.txt unchanged" "$(same_as all-plain/report.txt all/report.txt)" same

# Errors: exit 2 and the reason.
expect_bad_input "spread alone" "--spread needs --relative BASE, --runtimes or --all" \
    "$PAPSIM" report run --spread
expect_bad_input "spread with robustness only" "--spread needs --relative BASE, --runtimes" \
    "$PAPSIM" report run --robustness --spread
expect_bad_input "spread with --best" "--spread needs --relative BASE" \
    "$PAPSIM" report run --best binomial --spread
expect_ok "help" "$PAPSIM" report --help
expect_eq "help documents --spread" "$(grep -c -- '--spread ' out.txt)" 1

finish
