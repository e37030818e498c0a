# papsim report --best: the study, in the form of Loch 2021 (Tables 6-8), of where a target algorithm is
# best (Tables 6-8 and heat maps) on hand-made results whose answers are worked
# out in tests/fixtures/report_best/cases.txt: best-in counts and shares,
# mean/median/highest reductions over the second best, the united view, ties,
# averaging, ignored non-ok rows, distributions, heatmap files and errors.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim report: "
cases=$PAPSIM_SOURCE_DIR/tests/fixtures/report_best/cases.txt

header=case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,skew_s,seed,bytes,distribution,datatype,op,root,gamma,rep,total_delay_s,last_delay_s,mean_elapsed_s,max_elapsed_s,status

# results.csv from a case file: an ok case becomes 3 repetitions of v-3, v-3
# and v+6 us (mean v, median v-3); last_delay equals mean_elapsed.
make_results() {
    echo "$header"
    grep -v '^#' "$1" | awk 'NF {
        n = $11 == "ok" ? 3 : 1
        for (rep = 0; rep < n; rep++) {
            d = $11 == "ok" ? (rep < 2 ? -3 : 6) : 0
            if ($9 == "-")
                t = ",,,"
            else
                t = sprintf("%.17g,%.17g,%.17g,%.17g", ($9 + d) * 1e-6 + 1e-3, ($9 + d) * 1e-6,
                            ($9 + d) * 1e-6, ($10 + d) * 1e-6)
            printf "%016x,%s,%s,platforms/p.xml,%s,%s,0,%s,%s,0,1,%s,%s,double,sum,0,0,%d,%s,%s\n",
                   NR, $1, $2, $4, $3, $6, $7, $5, $8, rep, t, $11
        }
    }'
}

# drop_column NAME < CSV: the same table without that column.
drop_column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i }
        { out = ""; n = 0
          for (i = 1; i <= NF; i++) if (i != c) out = n++ ? out "," $i : $i
          print out }'
}

squeeze() { tr -s ' ' | sed 's/^ //; s/ $//'; }

# section NAME FILE: the lines of the section whose title starts with NAME,
section() { awk -v s="== $1," 'index($0, s) == 1 {on = 1; next} on && /^== /{on = 0} on' "$2"; }

# summary SECTION MAPPING METRIC [DIST]: the numbers of one Tables-6/7 row.
summary() {
    echo "$1" | awk -F'|' -v m="$2" -v metric="$3" -v d="${4:-}" '
        function trim(s) { gsub(/^ +| +$/, "", s); return s }
        /^Best algorithm per cell/ { exit }
        trim($1) == m && trim($(NF - 6)) == metric && (d == "" || trim($3) == d) {
            print trim($(NF-5)), trim($(NF-4)), trim($(NF-3)), trim($(NF-2)), trim($(NF-1)), trim($NF)
        }'
}

# shares SECTION MAPPING METRIC: the per-algorithm row (fields after Metric).
shares() {
    echo "$1" | awk -F'|' -v m="$2" -v metric="$3" '
        function trim(s) { gsub(/^ +| +$/, "", s); return s }
        /^Best algorithm per cell/ { on = 1; next }
        on && trim($1) == m && trim($3) == metric {
            out = trim($4); for (i = 5; i <= NF; i++) out = out " | " trim($i); print out }'
}

mkdir -p run
make_results "$cases" >run/results.csv

expect_ok "report --best runs" "$PAPSIM" report run --best sparbit --metric mean_elapsed,max_elapsed
cp out.txt best-stdout.txt
txt=run/report/best_sparbit.txt
md=run/report/best_sparbit.md
expect_eq "best txt written" "$(test -s $txt && echo yes)" yes
expect_eq "best md written" "$(test -s $md && echo yes)" yes
expect_eq "metrics line" "$(grep '^metrics:' $txt)" "metrics: mean_elapsed, max_elapsed (heatmaps: mean_elapsed)"
expect_eq "skipped groups" "$(grep 'left out:' $txt)" "groups without any sparbit row, left out: 1"
expect_eq "two sections" "$(grep -c '^== ' $txt)" 2

# allgather: Cells Best Best-in% Mean% Median% Highest% (see cases.txt).
ag=$(section allgather "$txt")
expect_eq "sequential mean_elapsed" "$(summary "$ag" sequential mean_elapsed)" "6 4 66.67 31.25 27.50 50.00"
expect_eq "sequential max_elapsed" "$(summary "$ag" sequential max_elapsed)" "6 5 83.33 27.50 25.00 50.00"
expect_eq "cyclic mean_elapsed" "$(summary "$ag" cyclic mean_elapsed)" "6 2 33.33 25.00 25.00 25.00"
expect_eq "cyclic max_elapsed" "$(summary "$ag" cyclic max_elapsed)" "6 2 33.33 25.00 25.00 25.00"
# united: second best = the best record of another algorithm (bruck 10 at
# (4,2)), not sparbit's own cyclic 9: 50%, not 44.44%.
expect_eq "united mean_elapsed" "$(summary "$ag" united mean_elapsed)" "6 3 50.00 35.00 30.00 50.00"
expect_eq "united max_elapsed" "$(summary "$ag" united max_elapsed)" "6 3 50.00 35.00 30.00 50.00"
expect_eq "row order" "$(echo "$ag" | awk -F'|' '/^Best algorithm per cell/{exit} /^(cyclic|sequential|united) /{printf "%s/%s ", $1, $3}' | tr -s ' ')" \
    "cyclic / mean_elapsed cyclic / max_elapsed sequential / mean_elapsed sequential / max_elapsed united / mean_elapsed united / max_elapsed "
expect_eq "header" "$(echo "$ag" | grep '^Mapping' | head -1 | squeeze)" \
    "Mapping | Platform | Metric | Cells | Best | Best in % | Mean % | Median % | Highest %"
expect_eq "shares header" "$(echo "$ag" | grep '^Mapping' | tail -1 | squeeze)" \
    "Mapping | Platform | Metric | bruck | ring | sparbit"
expect_eq "shares sequential" "$(shares "$ag" sequential mean_elapsed)" "16.67 (1) | 16.67 (1) | 66.67 (4)"
expect_eq "shares sequential max" "$(shares "$ag" sequential max_elapsed)" "16.67 (1) | 0.00 (0) | 83.33 (5)"
expect_eq "shares cyclic" "$(shares "$ag" cyclic mean_elapsed)" "50.00 (3) | 16.67 (1) | 33.33 (2)"
expect_eq "shares united" "$(shares "$ag" united mean_elapsed)" "33.33 (2) | 16.67 (1) | 50.00 (3)"

# allgatherv: the Distribution column appears, one mapping gives no united row.
agv=$(section allgatherv "$txt")
expect_eq "allgatherv header" "$(echo "$agv" | grep '^Mapping' | head -1 | squeeze)" \
    "Mapping | Platform | Distribution | Metric | Cells | Best | Best in % | Mean % | Median % | Highest %"
expect_eq "broadcast" "$(summary "$agv" sequential mean_elapsed broadcast)" "1 1 100.00 40.00 40.00 40.00"
expect_eq "half" "$(summary "$agv" sequential mean_elapsed half)" "1 0 0.00 - - -"
expect_eq "no united with one mapping" "$(echo "$agv" | grep -c '^united')" 0

# Markdown carries the same numbers.
expect_eq "markdown united row" "$(grep -m1 '^| united | platforms/p.xml | mean_elapsed' $md)" \
    "| united | platforms/p.xml | mean_elapsed | 6 | 3 | 50.00 | 35.00 | 30.00 | 50.00 |"
expect_eq "markdown broadcast row" "$(grep -m1 '| broadcast | mean_elapsed' $md)" \
    "| sequential | platforms/p.xml | broadcast | mean_elapsed | 1 | 1 | 100.00 | 40.00 | 40.00 | 40.00 |"

# Heatmaps: one per group and view, valid PNG and SVG, listed on stdout.
stem=run/report/best_sparbit_allgather_p_uniform_no_delay_skew0
stems="${stem}_sequential ${stem}_cyclic ${stem}_united
       run/report/best_sparbit_allgatherv_p_broadcast_no_delay_skew0_sequential
       run/report/best_sparbit_allgatherv_p_half_no_delay_skew0_sequential"
for s in $stems; do
    for ext in png svg gp dat; do
        expect_eq "$s.$ext written" "$(test -s $s.$ext && echo yes)" yes
    done
    expect_eq "$s.png signature" "$(head -c 8 $s.png | od -An -tx1 | tr -d ' \n')" 89504e470d0a1a0a
    if command -v xmllint >/dev/null; then
        expect_ok "$s.svg is well-formed XML" xmllint --noout $s.svg
    fi
    expect_eq "$s.svg root" "$(grep -c '<svg' $s.svg) $(grep -c '</svg>' $s.svg)" "1 1"
    expect_eq "stdout lists $s.png" "$(grep -c "wrote $s.png" best-stdout.txt)" 1
done
expect_eq "no other heatmap" "$(ls run/report/*.png | wc -l)" 5
# Cells of the sequential heatmap: x = np index, y = bytes index; the grey
# block holds sparbit's reductions; the bruck/sparbit tie at (5, 2 B) is bruck's.
dat=${stem}_sequential.dat
expect_eq "grey cells" "$(awk '/sparbit \(best, grey/{on=1; next} on && NF && !/^#/' $dat | cut -d' ' -f1-5 | tr '\n' ';')" \
    "0 0 20.000000 4 1;1 0 30.000000 5 1;0 1 50.000000 4 2;1 2 25.000000 5 4;"
expect_eq "tie goes to bruck" "$(awk '/bruck \(best\)/{on=1; next} on && /^# block/{on=0} on && !/^#/ && NF' $dat)" \
    "1 1 NaN 5 2 sequential 6e-06 sparbit 6e-06"
expect_eq "united cell from cyclic" "$(awk '$1 == 0 && $2 == 0' ${stem}_united.dat)" \
    "0 0 NaN 4 1 cyclic 5e-06 sparbit 8e-06"
expect_eq "gp has the grey scale" "$(grep -c "^set palette defined (0 '#e0e0e0', 100 '#000000')" ${stem}_sequential.gp)" 1

# Default metrics: four rows per view, heatmaps by mean_elapsed.
expect_ok "default metrics" "$PAPSIM" report run --best sparbit --out all
expect_eq "default metrics line" "$(grep '^metrics:' all/best_sparbit.txt)" \
    "metrics: mean_elapsed, max_elapsed, last_delay, total_delay (heatmaps: mean_elapsed)"
ag_all=$(section allgather all/best_sparbit.txt)
expect_eq "last_delay row" "$(summary "$ag_all" sequential last_delay)" "6 4 66.67 31.25 27.50 50.00"
expect_eq "total_delay row present" "$(summary "$ag_all" united total_delay | wc -l)" 1

# --metric may be repeated instead of a comma list.
expect_ok "repeated --metric" "$PAPSIM" report run --best sparbit --metric max_elapsed \
    --metric mean_elapsed --out repeated
expect_eq "repeated metrics line" "$(grep '^metrics:' repeated/best_sparbit.txt)" \
    "metrics: max_elapsed, mean_elapsed (heatmaps: max_elapsed)"
expect_eq "repeated max row" "$(summary "$(section allgather repeated/best_sparbit.txt)" sequential max_elapsed)" \
    "6 5 83.33 27.50 25.00 50.00"

# The pattern report (without --best) keeps the distributions apart too.
expect_ok "pattern report" "$PAPSIM" report run --metric mean_elapsed --out patterns
expect_eq "distribution panels" "$(grep -c '^== panel .*allgatherv.*distribution=\(broadcast\|half\), skew=0 ==' patterns/report.txt)" 2
expect_eq "uniform not in titles" "$(grep -c 'distribution=uniform' patterns/report.txt)" 0
expect_eq "distribution in stems" "$(ls patterns/allgatherv_*_gamma0_broadcast_skew0.png patterns/allgatherv_*_gamma0_half_skew0.png | wc -l)" 2

# A .csv argument; the default output goes to report/ beside it.
cp run/results.csv table.csv
expect_ok "csv argument" "$PAPSIM" report table.csv --best ring --metric mean_elapsed
expect_eq "csv default out" "$(test -s report/best_ring.txt && echo yes)" yes
expect_eq "ring as target" "$(summary "$(section allgather report/best_ring.txt)" sequential mean_elapsed)" \
    "6 1 16.67 11.11 11.11 11.11"

# No distribution column: every row is "uniform", so allgatherv's two
# distributions pool: bruck 10, ring 9.5, sparbit 7.5 -> 1 - 7.5/9.5.
mkdir -p nodist
drop_column distribution <run/results.csv >nodist/results.csv
expect_ok "no distribution column" "$PAPSIM" report nodist --best sparbit --metric mean_elapsed
nd=nodist/report/best_sparbit.txt
expect_eq "pooled distributions" "$(summary "$(section allgatherv $nd)" sequential mean_elapsed)" \
    "1 1 100.00 21.05 21.05 21.05"
expect_eq "no distribution column shown" "$(grep -c '| Distribution |' $nd)" 0
expect_eq "allgather unchanged" "$(summary "$(section allgather $nd)" united mean_elapsed)" \
    "6 3 50.00 35.00 30.00 50.00"
expect_eq "uniform in the stem" "$(ls nodist/report/best_sparbit_allgatherv_p_uniform_no_delay_skew0_sequential.png | wc -l)" 1

# A cell where the target is the only algorithm counts as a win without a
# reduction; the note says so.
mkdir -p alone
cat >alone/cases.txt <<'EOF'
allgather sparbit sequential 4 1 no_delay 0 uniform 5 10 ok
allgather sparbit sequential 4 2 no_delay 0 uniform 5 10 ok
allgather ring sequential 4 2 no_delay 0 uniform 10 20 ok
EOF
make_results alone/cases.txt >alone/results.csv
expect_ok "target alone" "$PAPSIM" report alone --best sparbit --metric mean_elapsed
expect_eq "alone row" "$(summary "$(section allgather alone/report/best_sparbit.txt)" sequential mean_elapsed)" \
    "2 2 100.00 50.00 50.00 50.00"
expect_eq "alone note" "$(grep -c '^note: in 1 of the Best cells above sparbit is the only algorithm' alone/report/best_sparbit.txt)" 1
expect_eq "alone hatched" "$(grep -c "fs pattern 4" alone/report/best_sparbit_allgather_p_uniform_no_delay_skew0_sequential.gp)" 1

# Without gnuplot the text and scripts are still written, exit status 1.
PAPSIM_GNUPLOT=/nonexistent/gnuplot "$PAPSIM" report run --best sparbit --out nogp >out.txt 2>err.txt
expect_eq "no gnuplot exit status" "$?" 1
expect_eq "no gnuplot message" "$(grep -c 'install gnuplot' err.txt)" 1
expect_eq "no gnuplot text" "$(test -s nogp/best_sparbit.txt && echo yes)" yes
expect_eq "no gnuplot scripts" "$(ls nogp/*.gp | wc -l)" 5

# Bad input: exit status 2 and a message naming the input.
expect_bad_input "missing directory" "nodir/results.csv: cannot read: No such file" "$PAPSIM" report nodir --best sparbit
expect_bad_input "missing csv" "missing.csv: cannot read: No such file" "$PAPSIM" report missing.csv --best sparbit
expect_bad_input "target absent" \
    "run/results.csv: no row has algorithm 'foo' \(the table has: binomial, bruck, ring, sparbit\)" \
    "$PAPSIM" report run --best foo
expect_bad_input "unknown metric" "--metric: 'speed' is not one of" \
    "$PAPSIM" report run --best sparbit --metric mean_elapsed,speed
expect_bad_input "several metrics without --best" "one metric only without --best" \
    "$PAPSIM" report run --metric mean_elapsed,max_elapsed
expect_bad_input "empty target" "--best: empty algorithm name" "$PAPSIM" report run --best ''
mkdir -p nonp && drop_column np <run/results.csv >nonp/results.csv
expect_bad_input "missing np" "nonp/results.csv: missing column 'np'" "$PAPSIM" report nonp --best sparbit
mkdir -p nolast && drop_column last_delay_s <run/results.csv >nolast/results.csv
expect_bad_input "missing metric column" "nolast/results.csv: missing column 'last_delay_s'" \
    "$PAPSIM" report nolast --best sparbit
expect_ok "other metrics without last_delay_s" "$PAPSIM" report nolast --best sparbit --metric max_elapsed
mkdir -p badnp && sed '3s/,platforms\/p.xml,4,/,platforms\/p.xml,four,/' run/results.csv >badnp/results.csv
expect_bad_input "bad np" "badnp/results.csv:3: np: 'four' is not a process count from 1 to 1048576" \
    "$PAPSIM" report badnp --best sparbit
mkdir -p notime && sed '2s/,[^,]*,[^,]*,ok$/,,,ok/' run/results.csv >notime/results.csv
expect_bad_input "ok row without time" "notime/results.csv:2: mean_elapsed_s: '' is not a time" \
    "$PAPSIM" report notime --best sparbit
mkdir -p headonly && echo "$header" >headonly/results.csv
expect_bad_input "header only" "headonly/results.csv: no result rows" "$PAPSIM" report headonly --best sparbit

"$PAPSIM" report --help >out.txt 2>&1
expect_eq "help: --best usage" "$(grep -cF -- "papsim report DIR|RESULTS.csv --best TARGET [--metric M[,M...]] [--out OUTDIR]" out.txt)" 1

finish
