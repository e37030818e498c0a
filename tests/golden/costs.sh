# Golden simulated costs: every algorithm on the fixed grid of
# tests/golden/grid.ini must cost exactly what tests/golden/costs.csv says.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

expect_ok "golden grid runs" "$PAPSIM" run "$PAPSIM_SOURCE_DIR/tests/golden/grid.ini" --out out --quiet
expect_ok "costs equal the golden ones" "$PAPSIM" regress out/results.csv \
    "$PAPSIM_SOURCE_DIR/tests/golden/costs.csv"
cat out.txt
# Every registered algorithm has golden rows.
"$PAPSIM" list | tail -n +2 | while read -r coll algo _; do
    n=$(csv_cols collective,algorithm "$PAPSIM_SOURCE_DIR/tests/golden/costs.csv" | grep -cx "$coll,$algo")
    [ "$n" -gt 0 ] || echo "$coll/$algo"
done > missing.txt
expect_eq "algorithms without golden costs" "$(cat missing.txt)" ""
# A changed cost is caught: perturb one value and expect a failing regress.
first_total=$(csv_col total_delay_s out/results.csv | head -n 1)
csv_set total_delay_s 2 "$(awk -v v="$first_total" 'BEGIN { printf "%.6g", v * 1.000001 }')" \
    out/results.csv > changed.csv
"$PAPSIM" regress changed.csv "$PAPSIM_SOURCE_DIR/tests/golden/costs.csv" > diff.txt 2>&1
expect_eq "a changed cost exits 1" "$?" 1
if grep -q "^changed: .*total_delay_s golden" diff.txt; then pass; else fail "no diff line: $(head -c 400 diff.txt)"; fi
finish
