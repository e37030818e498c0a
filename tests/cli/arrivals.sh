# In simulation every rank enters the collective exactly at T0 + delay_i:
# a_i - min(a) equals the pattern delay within 1 ns, for every shape (minus
# the smallest delay, for shapes such as random where no rank has delay 0).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

for pattern in ascending descending first_delayed last_delayed random half_delayed \
               alternating v_shape peak gaussian; do
    rm -f per-rank.csv
    expect_ok "$pattern: bench" "$PAPSIM" bench --np 16 --collective reduce --algorithm binomial \
        --pattern "$pattern" --skew 37us --seed 3 --reps 2 --per-rank per-rank.csv
    # Per repetition: rep,rank,delay_s,arrive_s.
    worst=$(csv_cols -H "$per_rank_header" rep,rank,delay_s,arrive_s per-rank.csv |
                awk -F, '{ a[$1 "," $2] = $4; d[$1 "," $2] = $3
                       if (!($1 in min) || $4 < min[$1]) min[$1] = $4
                       if (!($1 in dmin) || $3 < dmin[$1]) dmin[$1] = $3 }
                     END { w = 0; for (k in a) { split(k, p, ",")
                           x = (a[k] - min[p[1]]) - (d[k] - dmin[p[1]]); if (x < 0) x = -x; if (x > w) w = x }
                           printf "%.3e", w }')
    rows=$(wc -l < per-rank.csv)
    expect_eq "$pattern: per-rank rows" "$rows" 32
    if [ -n "$worst" ] && awk -v w="$worst" 'BEGIN { exit !(w + 0 <= 1e-9) }'; then pass; else
        fail "$pattern: arrival off its delay by $worst s"; fi
    # The delays papbench used are the ones papsim pattern prints.
    "$PAPSIM" pattern --pattern "$pattern" --np 16 --skew 37us --seed 3 |
        awk '{ printf "%.17g\n", $2 }' > want.txt
    csv_cols -H "$per_rank_header" rep,delay_s per-rank.csv |
        awk -F, '$1 == 0 { printf "%.17g\n", $2 }' > got.txt
    if cmp -s want.txt got.txt; then pass; else fail "$pattern: delays differ from papsim pattern"; fi
done
finish
