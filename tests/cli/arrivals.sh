# In simulation every rank enters the collective exactly at T0 + delay_i:
# a_i - min(a) equals the pattern delay within 1 ns, for every shape (minus
# the smallest delay, for shapes such as random where no rank has delay 0).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

for pattern in ascending descending first_delayed last_delayed random half_delayed \
               alternating v_shape peak gaussian; do
    rm -f per-rank.csv
    expect_ok "$pattern: bench" "$PAPSIM" bench --np 16 --collective reduce --algorithm binomial \
        --pattern "$pattern" --skew 37us --seed 3 --reps 2 --per-rank per-rank.csv
    # Columns: case_id,rep,rank,delay_s,arrive_s,exit_s; per repetition.
    worst=$(awk -F, '{ a[$2 "," $3] = $5; d[$2 "," $3] = $4
                       if (!($2 in min) || $5 < min[$2]) min[$2] = $5
                       if (!($2 in dmin) || $4 < dmin[$2]) dmin[$2] = $4 }
                     END { w = 0; for (k in a) { split(k, p, ",")
                           x = (a[k] - min[p[1]]) - (d[k] - dmin[p[1]]); if (x < 0) x = -x; if (x > w) w = x }
                           printf "%.3e", w }' per-rank.csv)
    rows=$(wc -l < per-rank.csv)
    expect_eq "$pattern: per-rank rows" "$rows" 32
    if [ -n "$worst" ] && awk -v w="$worst" 'BEGIN { exit !(w + 0 <= 1e-9) }'; then pass; else
        fail "$pattern: arrival off its delay by $worst s"; fi
    # The delays papbench used are the ones papsim pattern prints.
    "$PAPSIM" pattern --pattern "$pattern" --np 16 --skew 37us --seed 3 |
        awk '{ printf "%.17g\n", $2 }' > want.txt
    awk -F, '$2 == 0 { printf "%.17g\n", $4 }' per-rank.csv > got.txt
    if cmp -s want.txt got.txt; then pass; else fail "$pattern: delays differ from papsim pattern"; fi
done
finish
