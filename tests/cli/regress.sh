# papsim regress: exact comparison by default, tolerances, missing and new
# rows, status changes, metric selection and bad input.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

header=case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,skew_s,seed,bytes,datatype,op,root,gamma,rep,total_delay_s,last_delay_s,mean_elapsed_s,max_elapsed_s,status

# 2 algorithms x 2 patterns x 2 sizes x 2 repetitions; linear is unsupported
# at 1024 B under last_delayed (empty time fields).
make_golden() {
    echo "$header"
    n=0
    for algorithm in binomial linear; do
        for pattern in ascending last_delayed; do
            for bytes in 8 1024; do
                n=$((n + 1))
                for rep in 0 1; do
                    if [ "$algorithm/$pattern/$bytes" = linear/last_delayed/1024 ]; then
                        times=",,,,unsupported"
                    else
                        times="1.$n${rep}5e-05,1.$n${rep}e-05,6.$n${rep}e-06,1.$n${rep}e-05,ok"
                    fi
                    printf '%016x,reduce,%s,default,16,sequential,4,%s,100us,0.0001,1,%s,int,sum,0,0,%s,%s\n' \
                        "$n" "$algorithm" "$pattern" "$bytes" "$rep" "$times"
                done
            done
        done
    done
}

# expect_status DESC WANT_EXIT PATTERN CMD...: exit status and a line of
# stdout+stderr matching PATTERN (an extended regex).
expect_status() {
    local desc=$1 want=$2 pattern=$3; shift 3
    "$@" >out.txt 2>err.txt
    local got=$?
    if [ "$got" != "$want" ]; then
        fail "$desc: exit $got, want $want: $(head -c 600 out.txt err.txt)"
    elif ! cat out.txt err.txt | grep -Eq -- "$pattern"; then
        fail "$desc: output lacks /$pattern/: $(head -c 600 out.txt err.txt)"
    else
        pass
    fi
}

make_golden >golden.csv
expect_eq "golden has 16 rows" "$(grep -vc '^case_id' golden.csv)" 16

cp golden.csv same.csv
expect_status "identical files" 0 '^regress: 16 cases compared, 0 changed, 0 missing, 0 new$' \
    "$PAPSIM" regress same.csv golden.csv

# One value changed by 1e-12 relative: binomial, ascending, 8 B, rep 1.
# Its golden last_delay_s is 1.11e-05.
sed 's/^\(0000000000000001,.*,1,1\.115e-05,\)1\.11e-05,/\11.11000000000111e-05,/' golden.csv >changed.csv
expect_eq "one line differs" "$(diff golden.csv changed.csv | grep -c '^>')" 1
expect_status "1e-12 change fails" 1 \
    '^changed: reduce/binomial np=16 bytes=8 pattern=ascending skew=100us rep=1: last_delay_s golden 1.11e-05 new 1.11000000000111e-05 \(\+1e-10%\)$' \
    "$PAPSIM" regress changed.csv golden.csv
expect_eq "summary counts the change" \
    "$(grep '^regress: .* cases' out.txt)" "regress: 16 cases compared, 1 changed, 0 missing, 0 new"
expect_eq "only one diff line" "$(grep -c '^changed:' out.txt)" 1
expect_status "--rtol 1e-9 accepts it" 0 ' 0 changed' \
    "$PAPSIM" regress changed.csv golden.csv --rtol 1e-9
expect_status "--atol 1e-15 accepts it" 0 ' 0 changed' \
    "$PAPSIM" regress changed.csv golden.csv --atol 1e-15
expect_status "--metrics without last_delay accepts it" 0 ' 0 changed' \
    "$PAPSIM" regress changed.csv golden.csv --metrics total_delay_s,max_elapsed
expect_status "--metrics last_delay catches it" 1 ' 1 changed' \
    "$PAPSIM" regress changed.csv golden.csv --metrics last_delay

# A row missing from new fails; it is named.
grep -v '^0000000000000003,.*,int,sum,0,0,0,' golden.csv >missing.csv
expect_status "missing row fails" 1 \
    '^missing: reduce/binomial np=16 bytes=8 pattern=last_delayed skew=100us rep=0 \(case 0000000000000003, golden.csv:[0-9]+\): not in missing.csv$' \
    "$PAPSIM" regress missing.csv golden.csv
expect_eq "missing summary" "$(grep '^regress: .* cases' out.txt)" \
    "regress: 15 cases compared, 0 changed, 1 missing, 0 new"

# A row only in new is listed but passes, unless --strict.
{ cat golden.csv; echo "00000000000000ff,reduce,ring,default,16,sequential,4,ascending,100us,0.0001,1,8,int,sum,0,0,0,1e-05,1e-05,1e-05,1e-05,ok"; } >extra.csv
expect_status "extra row passes" 0 \
    '^new case \(not in golden\): reduce/ring np=16 bytes=8 pattern=ascending skew=100us rep=0' \
    "$PAPSIM" regress extra.csv golden.csv
expect_eq "extra summary" "$(grep '^regress: .* cases' out.txt)" \
    "regress: 16 cases compared, 0 changed, 0 missing, 1 new"
expect_status "extra row fails with --strict" 1 'new case' \
    "$PAPSIM" regress extra.csv golden.csv --strict

# A status change is a failure, even though both times are empty or not.
sed 's/^\(0000000000000008,.*\),,,,unsupported$/\11e-05,1e-05,1e-05,1e-05,ok/' golden.csv >status.csv
expect_status "status change fails" 1 \
    '^status changed: reduce/linear np=16 bytes=1024 pattern=last_delayed skew=100us rep=[01]: golden unsupported, new ok$' \
    "$PAPSIM" regress status.csv golden.csv

# Bad input: exit status 2 and a message naming the file and the problem.
printf 'this is not\na results table, at all\n' >garbage.csv
expect_status "garbage file" 2 'garbage.csv:2: 2 fields, the header has 1' \
    "$PAPSIM" regress garbage.csv golden.csv
printf 'hello\nworld\n' >nocolumns.csv
expect_status "no columns" 2 "nocolumns.csv:1: column 1 is 'hello', not a results.csv column" \
    "$PAPSIM" regress golden.csv nocolumns.csv
csv_drop last_delay_s golden.csv >nolast.csv
expect_status "missing metric column" 2 "nolast.csv: missing column 'last_delay_s'" \
    "$PAPSIM" regress nolast.csv golden.csv
expect_status "metric column not needed when not compared" 0 ' 0 changed' \
    "$PAPSIM" regress nolast.csv golden.csv --metrics total_delay,mean_elapsed,max_elapsed
expect_status "unreadable file" 2 'nothere.csv: cannot read: No such file' \
    "$PAPSIM" regress nothere.csv golden.csv
sed 's/^\(0000000000000001,.*,1,1\.115e-05,\)1\.11e-05,/\1fast,/' golden.csv >notnumber.csv
expect_status "value is not a number" 2 "notnumber.csv:[0-9]+: last_delay_s: 'fast' is not a time in seconds" \
    "$PAPSIM" regress notnumber.csv golden.csv
{ cat golden.csv; sed -n 2p golden.csv; } >dup.csv
expect_status "duplicate row" 2 'dup.csv:18: second row for case_id 0000000000000001 rep 0 \(first at line 2\)' \
    "$PAPSIM" regress dup.csv golden.csv
expect_status "bad --rtol" 2 "--rtol: '-1' is not a non-negative number" \
    "$PAPSIM" regress golden.csv golden.csv --rtol -1
expect_status "bad --metrics" 2 "--metrics: 'speed' is not one of" \
    "$PAPSIM" regress golden.csv golden.csv --metrics last_delay,speed
expect_status "one file only" 2 'expected NEW.csv and GOLDEN.csv' "$PAPSIM" regress golden.csv
expect_ok "regress --help" "$PAPSIM" regress --help

# The params column (algorithm knobs): a changed value is a change; a table
# without the column (written before it existed) compares as compatible.
# (columns found by their header names)
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "gamma") g = i; if ($i == "algorithm") a = i }
                            $g = $g ",params"; print; next }
                  { $g = $g "," ($a == "linear" ? "segment_bytes=4096" : ""); print }' \
    golden.csv >params.csv
expect_status "params: identical" 0 ' 16 cases compared, 0 changed' \
    "$PAPSIM" regress params.csv params.csv
sed 's/^\(0000000000000005,.*\),segment_bytes=4096,0,/\1,segment_bytes=8192,0,/' params.csv \
    >params_changed.csv
expect_status "params: a changed knob fails" 1 \
    "^params changed: reduce/linear np=16 bytes=8 pattern=ascending skew=100us rep=0: golden 'segment_bytes=4096', new 'segment_bytes=8192'\$" \
    "$PAPSIM" regress params_changed.csv params.csv
expect_eq "params: one change" "$(grep '^regress: .* cases' out.txt)" \
    "regress: 16 cases compared, 1 changed, 0 missing, 0 new"
expect_status "params: golden without the column is compatible" 0 ' 16 cases compared, 0 changed' \
    "$PAPSIM" regress params_changed.csv golden.csv
expect_status "params: new without the column is compatible" 0 ' 16 cases compared, 0 changed' \
    "$PAPSIM" regress golden.csv params.csv

finish
