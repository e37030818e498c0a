# papsim report: winners, ratios to A0, notes, plot files and errors on a
# hand-made results.csv (3 algorithms; no_delay, ascending, last_delayed;
# 8 B and 1 KiB; 3 repetitions whose median differs from their mean).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

header=case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,skew_s,seed,bytes,datatype,op,root,gamma,rep,total_delay_s,last_delay_s,mean_elapsed_s,max_elapsed_s,status

# One line per case: algorithm pattern skew skew_s bytes last_delay_us status.
# Each case becomes 3 repetitions with last_delay 0.5x, 1x and 3x the given
# value: the median is the given value, the mean is not.
cases() {
    cat <<'EOF'
binomial no_delay 0 0 8 10 ok
builtin:ompi_in_order_binary no_delay 0 0 8 15 ok
linear no_delay 0 0 8 20 ok
binomial no_delay 0 0 1024 50 ok
builtin:ompi_in_order_binary no_delay 0 0 1024 60 ok
linear no_delay 0 0 1024 40 ok
binomial ascending 100us 0.0001 8 40 ok
builtin:ompi_in_order_binary ascending 100us 0.0001 8 20 ok
linear ascending 100us 0.0001 8 30 ok
binomial ascending 100us 0.0001 1024 80 ok
builtin:ompi_in_order_binary ascending 100us 0.0001 1024 90 ok
linear ascending 100us 0.0001 1024 60 ok
binomial last_delayed 100us 0.0001 8 100 ok
builtin:ompi_in_order_binary last_delayed 100us 0.0001 8 30 ok
linear last_delayed 100us 0.0001 8 25 ok
binomial last_delayed 100us 0.0001 1024 70 ok
builtin:ompi_in_order_binary last_delayed 100us 0.0001 1024 50 ok
linear last_delayed 100us 0.0001 1024 0 unsupported
binomial ascending 1.5x 0.00006 8 12 ok
linear ascending 1.5x 0.00006 8 24 ok
EOF
}

make_results() {
    echo "$header"
    echo "# written by hand for tests/cli/report.sh"
    cases | awk '{
        for (rep = 0; rep < 3; rep++) {
            f = rep == 0 ? 0.5 : (rep == 1 ? 1 : 3)
            v = $6 * f * 1e-6
            t = $7 == "ok" ? sprintf("%.17g,%.17g,%.17g,%.17g", v + $4, v, v / 2, v) : ",,,"
            printf "%016x,reduce,%s,platforms/cluster.xml,16,sequential,4,%s,%s,%s,1,%s,int,sum,0,0,%d,%s,%s\n",
                   NR, $1, $2, $3, $4, $5, rep, t, $7
        }
    }'
}

mkdir -p run
make_results >run/results.csv

expect_ok "report runs" "$PAPSIM" report run
cp out.txt report-stdout.txt
txt=run/report/report.txt
expect_eq "report.txt written" "$(test -s $txt && echo yes)" yes
expect_eq "report.md written" "$(test -s run/report/report.md && echo yes)" yes

# The 100us panel: rows in name order with no_delay last, cells "label ratio".
panel=$(awk '/skew=100us ==/{on=1; next} on && /^== /{on=0} on' $txt)
squeeze() { tr -s ' ' | sed 's/ *$//'; }
row() { echo "$panel" | awk -v p="$1" '$1 == p' | squeeze; }
expect_eq "ascending row" "$(row ascending)" "ascending | oiob 0.50 | linear 1.00"
expect_eq "last_delayed row" "$(row last_delayed)" "last_delayed | linear 0.25 | oiob 50 us*"
expect_eq "no_delay row" "$(row no_delay)" "no_delay | binom 1.00 | linear 1.00"
expect_eq "row order" "$(echo "$panel" | awk '/ \| /{print $1}' | tr '\n' ' ')" \
    "pattern ascending last_delayed no_delay "
expect_eq "A0 line" "$(echo "$panel" | grep '^A0')" \
    "A0 (no_delay winner) per size: 8B binomial, 1KiB linear"
expect_eq "absolute note" "$(echo "$panel" | grep -c 'A0 has no result under that pattern')" 1
expect_eq "legend binomial" "$(echo "$panel" | awk '$2 == "binomial"' | squeeze)" \
    "binom binomial [10 us] 50 us"
expect_eq "legend in_order_binary" \
    "$(echo "$panel" | awk '$2 == "builtin:ompi_in_order_binary"' | squeeze)" \
    "oiob builtin:ompi_in_order_binary 15 us 60 us"
expect_eq "legend linear" "$(echo "$panel" | awk '$2 == "linear"' | squeeze)" \
    "linear linear 20 us [40 us]"

# The 1.5x panel shares the study's no_delay rows.
panel2=$(awk '/skew=1.5x ==/{on=1; next} on && /^== /{on=0} on' $txt)
expect_eq "second panel ascending" "$(echo "$panel2" | awk '$1 == "ascending"' | squeeze)" \
    "ascending | binom 1.00 | -"
expect_eq "second panel no_delay" "$(echo "$panel2" | awk '$1 == "no_delay"' | squeeze)" \
    "no_delay | binom 1.00 | linear 1.00"
expect_eq "two panels" "$(grep -c '^== panel' $txt)" 2

# Markdown carries the same cells.
expect_eq "markdown ascending" \
    "$(awk '/skew=100us$/{on=1} on && /^\| ascending/{print; exit}' run/report/report.md)" \
    "| ascending | oiob 0.50 | linear 1.00 |"

# Plot files per panel, named after the panel keys.
stem=run/report/reduce_cluster_np16_sequential_rpn4_int_sum_root0_gamma0_skew100us
for ext in png svg gp dat; do
    expect_eq "$ext written" "$(test -s $stem.$ext && echo yes)" yes
done
expect_eq "png signature" "$(head -c 8 $stem.png | od -An -tx1 | tr -d ' \n')" 89504e470d0a1a0a
expect_eq "svg is svg" "$(grep -c '<svg' $stem.svg)" 1
expect_eq "stdout lists the png" "$(grep -c "wrote $stem.png" report-stdout.txt)" 1
expect_eq "second panel png" "$(ls run/report/*skew1.5x.png | wc -l)" 1

# Another metric and another output folder.
expect_ok "report --metric total_delay --out" "$PAPSIM" report run --metric total_delay --out other/dir
expect_eq "other dir report" "$(grep -c 'metric: total_delay' other/dir/report.txt)" 1

# Without gnuplot the text is still written, the exit status is 1.
PAPSIM_GNUPLOT=/nonexistent/gnuplot "$PAPSIM" report run --out nogp >out.txt 2>err.txt
expect_eq "no gnuplot exit status" "$?" 1
expect_eq "no gnuplot message" "$(grep -c 'install gnuplot' err.txt)" 1
expect_eq "no gnuplot still writes text" "$(test -s nogp/report.txt && echo yes)" yes
expect_eq "no gnuplot still writes scripts" "$(ls nogp/*.gp | wc -l)" 2

# Bad input: exit status 2 and a message naming the problem.
expect_status() {
    local desc=$1 want=$2 pattern=$3; shift 3
    "$@" >out.txt 2>err.txt
    local got=$?
    if [ "$got" != "$want" ]; then
        fail "$desc: exit $got, want $want: $(head -c 300 err.txt)"
    elif ! grep -Eq -- "$pattern" err.txt; then
        fail "$desc: stderr lacks /$pattern/: $(head -c 300 err.txt)"
    else
        pass
    fi
}
expect_status "missing directory" 2 'nodir/results.csv: cannot read: No such file' "$PAPSIM" report nodir
mkdir -p empty && : >empty/results.csv
expect_status "empty results.csv" 2 'empty/results.csv: empty' "$PAPSIM" report empty
mkdir -p headonly && echo "$header" >headonly/results.csv
expect_status "header only" 2 'headonly/results.csv: no result rows' "$PAPSIM" report headonly
mkdir -p short && { echo "$header"; echo "a,b,c"; } >short/results.csv
expect_status "short row" 2 'short/results.csv:2: 3 fields, the header has 22' "$PAPSIM" report short
mkdir -p nocol && { echo "case_id,bytes"; echo "1,8"; } >nocol/results.csv
expect_status "missing column" 2 "nocol/results.csv:1: missing column 'rep'" "$PAPSIM" report nocol
expect_status "bad metric" 2 "--metric: 'speed'" "$PAPSIM" report run --metric speed
expect_ok "report --help" "$PAPSIM" report --help

finish
