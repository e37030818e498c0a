# A no-delay case that two spec blocks share runs once, and the relative
# skews of both blocks resolve against it: block b's skew is 1.5x the mean
# no-delay time of block b's algorithms (binomial alone), not block a's
# (binomial and linear). Sharded, the shared case runs in the shard of both
# cells, and merging the shards gives the unsharded rows.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > s.ini <<'INI'
platforms = default
np = 8
mappings = sequential
skews = 1.5x
bytes = 8
datatype = double
op = sum
reps = 1
seed = 1

[a]
collective = reduce
algorithms = binomial, linear
patterns = no_delay, descending

[b]
collective = reduce
algorithms = binomial
patterns = no_delay, ascending
INI

expect_ok "run" "$PAPSIM" run s.ini --out whole --jobs 1
expect_eq "no baseline missing" "$(grep -c 'baseline missing' err.txt)" "0"
expect_eq "rows (2 no-delay, 2 descending, 1 ascending)" \
    "$(csv_col pattern whole/results.csv | sort | uniq -c | awk '{print $2 ":" $1}' | tr '\n' ' ')" \
    "ascending:1 descending:2 no_delay:2 "
expect_eq "statuses" "$(csv_col status whole/results.csv | sort -u)" "ok"
csv_cols algorithm,pattern,total_delay_s,skew_s whole/results.csv > rows.txt
bin=$(awk -F, '$1 == "binomial" && $2 == "no_delay" {print $3}' rows.txt)
lin=$(awk -F, '$1 == "linear" && $2 == "no_delay" {print $3}' rows.txt)
# papsim prints skew_s with %.17g: the same double arithmetic here.
want_b=$(awk -v b="$bin" 'BEGIN {printf "%.17g", 1.5 * b / 1}')
want_a=$(awk -v b="$bin" -v l="$lin" 'BEGIN {printf "%.17g", 1.5 * (b + l) / 2}')
expect_eq "block b: 1.5x binomial's own no-delay time" \
    "$(awk -F, '$2 == "ascending" {printf "%.17g", $4}' rows.txt)" "$want_b"
expect_eq "block a: 1.5x the mean of binomial and linear" \
    "$(awk -F, '$2 == "descending" {printf "%.17g\n", $4}' rows.txt | sort -u)" "$want_a"

for i in 1 2; do
    expect_ok "shard $i/2" "$PAPSIM" run s.ini --out "s$i" --shard "$i/2" --jobs 1
    expect_eq "shard $i/2: no baseline missing" "$(grep -c 'baseline missing' err.txt)" "0"
done
expect_eq "the shared case and block b's skew run in one shard" \
    "$(csv_cols algorithm,pattern s1/results.csv s2/results.csv | grep -c 'binomial,')" "3"
expect_ok "merge" "$PAPSIM" merge merged s1 s2
expect_eq "merged rows = unsharded rows" "$(sort merged/results.csv | md5sum)" \
    "$(sort whole/results.csv | md5sum)"
finish
