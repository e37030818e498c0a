# papsim compare on two hand-made tables (tests/fixtures/compare/): the
# same reduce cells run "in simulation" and "for real", with repetitions,
# a missed_start row, ties, an algorithm on one side only, and a cell the
# real run lacks. Expected by hand (last_delay, medians over ok rows):
#   np4 8 B no_delay    sim binomial 10 < linear 20 < chain 30 < binary 40
#                       real linear 12 < binomial 15 < chain 35 < binary 50
#                       C 5, D 1: tau-b = 4/6 = 0.667; winners differ
#   ascending 100us     sim binomial = linear 10 < chain 30; real chain 5 <
#                       binomial 20 < linear 25: C 0, D 2, n1 1:
#                       tau-b = -2/sqrt(2 x 3) = -0.816; sim winner binomial
#                       (the tie goes to the first name), real chain
#   last_delayed 1.5x   binomial (real median of 5 and 7 = 6; the
#                       missed_start 100 us row ignored) < linear: tau 1, same
#                       winner; pipeline is simulated only and left out
#   1 KiB no_delay      simulated only: no winner, no tau
#   overall: C 6, D 3, ties 1/0, pairs 10: tau-b = 3/sqrt(9 x 10) = 0.316;
#   mean per-cell tau (0.667 - 0.816 + 1)/3 = 0.283; same winner in 1 of 3.
# With --metric total_delay the real linear takes 100 us: cell 1 becomes
# binomial 15 < chain 35 < binary 50 < linear 100, C 4, D 2, tau 0.333,
# same winner binomial.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
fx="$PAPSIM_SOURCE_DIR/tests/fixtures/compare"

expect_ok "compare" "$PAPSIM" compare "$fx/sim.csv" "$fx/real.csv"
cp out.txt last.txt
winners=$(grep -o 'winner: .*;' last.txt | tr '\n' '|')
expect_eq "winners" "$winners" \
"winner: sim binomial, real linear (different);|winner: sim binomial, real chain (different);|\
winner: sim binomial, real binomial (same);|winner: sim -, real - (no common algorithm);|"
expect_eq "per-cell taus" "$(grep -o 'kendall tau-b [-0-9.]* over [0-9]*' last.txt | tr '\n' '|')" \
"kendall tau-b 0.667 over 4|kendall tau-b -0.816 over 3|kendall tau-b 1.000 over 2|kendall tau-b - over 0|"
expect_eq "tie counts of the ascending cell" \
    "$(grep -c '(C 0, D 2, ties sim 1, real 0)' last.txt)" 1
expect_eq "summary" "$(tail -n 2 last.txt)" \
"summary: 4 cells, 3 with an algorithm on both sides; same winner in 1 of 3
kendall tau-b over all cells (pairs within a cell, pooled): 0.316 (C 6, D 3, ties sim 1, real 0, pairs 10); mean of 3 per-cell taus: 0.283"
# Median, spread and the not-ok count of the real side; the ratio real/sim.
expect_eq "binomial with a missed start" \
    "$(grep -E '^  binomial +5 us' last.txt | tr -s ' ')" \
    " binomial 5 us [5 us..5 us] n=1 6 us [5 us..7 us] n=2 +1 not ok 1.20"
expect_eq "linear, three repetitions" "$(grep -E '^  linear +20 us' last.txt | tr -s ' ')" \
    " linear 20 us [20 us..20 us] n=1 12 us [11 us..13 us] n=3 0.60"
expect_eq "simulated only" "$(grep -E '^  pipeline' last.txt | tr -s ' ')" " pipeline 7 us [7 us..7 us] n=1 - -"
# platform, gamma and skew_s differ between the tables and split no cell.
expect_eq "cells" "$(grep -c '^reduce np=4' last.txt)" 4

# Directories are read as DIR/results.csv; another metric.
mkdir -p simdir realdir && cp "$fx/sim.csv" simdir/results.csv && cp "$fx/real.csv" realdir/results.csv
expect_ok "compare directories, total_delay" "$PAPSIM" compare simdir realdir --metric total_delay
expect_eq "total_delay: first cell" "$(grep -m1 -o 'winner: .*' out.txt)" \
    "winner: sim binomial, real binomial (same); kendall tau-b 0.333 over 4 algorithms (C 4, D 2, ties sim 0, real 0)"
expect_eq "total_delay: same winners" "$(grep -c '^summary: .*same winner in 2 of 3$' out.txt)" 1

BAD_INPUT_PREFIX="papsim compare: "
expect_bad_input "one argument" "expected SIM and REAL" "$PAPSIM" compare "$fx/sim.csv"
expect_bad_input "unknown metric" "--metric: 'speed' is not one of" \
    "$PAPSIM" compare "$fx/sim.csv" "$fx/real.csv" --metric speed
sed 's/,4,sequential,/,8,sequential,/' "$fx/real.csv" > np8.csv
expect_bad_input "no common cell" "no cell .* ok rows on both sides" "$PAPSIM" compare "$fx/sim.csv" np8.csv
csv_drop pattern "$fx/real.csv" > nopattern.csv
expect_bad_input "missing column" "nopattern.csv: missing column 'pattern'" \
    "$PAPSIM" compare "$fx/sim.csv" nopattern.csv
sed '4s/,15e-6,15e-6,15e-6,ok$/,fast,fast,fast,ok/' "$fx/real.csv" > badnum.csv
expect_bad_input "bad number" "badnum.csv:4: last_delay_s: 'fast' is not a time in seconds" \
    "$PAPSIM" compare "$fx/sim.csv" badnum.csv
expect_bad_input "missing file" "nothere.csv" "$PAPSIM" compare "$fx/sim.csv" nothere.csv
finish
