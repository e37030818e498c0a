# Untrusted results.csv: report (and --relative), regress, merge and compare
# read a results table through one checking reader, so a bad value, a second
# row of one (case_id, rep), a cut row or a missing status column is refused
# by every one of them with FILE:LINE: COLUMN, exit status 2, and a UTF-8
# byte order mark is skipped by every one of them (and by papsim run when it
# resumes such a file). Also: regress refuses an empty golden and fails on
# missing cases unless --allow-missing; merge refuses cases its shards' case
# lists hold and their results lack (and then writes nothing); report
# --relative of a two-algorithm table does not crash.
# The fixtures come from a tiny real sweep (2 cases, about a second) and are
# edited with awk and sed.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

# expect_err DESC RC WANT CMD...: CMD exits RC and its stderr is exactly WANT.
expect_err() {
    local desc=$1 want_rc=$2 want=$3 rc=0; shift 3
    "$@" >out.txt 2>err.txt || rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        fail "$desc: exit $rc, want $want_rc: $(head -c 600 err.txt)"
    elif [ "$(cat err.txt)" != "$want" ]; then
        fail "$desc: stderr is '$(head -c 600 err.txt)', want '$want'"
    else
        pass
    fi
}
# expect_line DESC FILE LINE: FILE holds LINE as a whole line.
expect_line() {
    if grep -qxF -- "$3" "$2"; then pass; else fail "$1: $2 lacks '$3': $(head -c 600 "$2")"; fi
}

cat >t.ini <<'EOF'
collective = reduce
algorithms = binomial, linear
np = 8
patterns = no_delay
bytes = 8
EOF
expect_ok "sweep" "$PAPSIM" run t.ini --out r --jobs 1 --quiet
expect_ok "shard 1/2" "$PAPSIM" run t.ini --out s1 --shard 1/2 --jobs 1 --quiet
expect_ok "shard 2/2" "$PAPSIM" run t.ini --out s2 --shard 2/2 --jobs 1 --quiet
expect_eq "fixture rows" "$(wc -l <r/results.csv)" 3
good=r/results.csv
id2=$(csv_col case_id $good | head -n 1)
id_s2=$(csv_col case_id s2/results.csv | head -n 1)

# --- report --relative with two algorithms, the base second by name ------
expect_ok "report --relative linear" "$PAPSIM" report r --relative linear
expect_eq "relative columns: base first" \
    "$(grep -c '^size | skew | linear  *| binomial *$' r/report/relative_linear.txt)" 1
expect_eq "relative ratios" \
    "$(grep '^8B ' r/report/relative_linear.txt | grep -o '([0-9.]*)' | tr '\n' ' ')" \
    "(1.00) (0.43) "

# --- regress: an empty golden, missing cases, --allow-missing -------------
head -n 1 $good >empty.csv
expect_err "regress: golden without rows" 2 \
    "papsim regress: empty.csv: the golden table has 0 rows (only a header), so any result would pass; make it again from a run you trust" \
    "$PAPSIM" regress $good empty.csv
sed 3d $good >part.csv
expect_err "regress: a golden case missing" 1 "" "$PAPSIM" regress part.csv $good
expect_line "regress: the missing count" out.txt \
    "regress: 1 of the golden's 2 rows missing from part.csv: a failure (--allow-missing accepts it)"
expect_err "regress --allow-missing" 0 "" "$PAPSIM" regress part.csv $good --allow-missing
expect_line "regress --allow-missing: the count" out.txt \
    "regress: 1 of the golden's 2 rows missing from part.csv (accepted: --allow-missing)"
expect_ok "regress --help" "$PAPSIM" regress --help
expect_eq "regress --help names --allow-missing" "$(grep -c -- '--allow-missing' out.txt)" 2

# --- one bad value, refused by every reader -------------------------------
# every_reader DESC FILE WANT: report, report --relative, regress (as NEW and
# as golden), compare (both sides) refuse FILE with WANT after their prefix,
# and tune refuses it as DIR/results.csv.
every_reader() {
    local desc=$1 f=$2 want=$3
    expect_err "report: $desc" 2 "papsim report: $want" "$PAPSIM" report "$f" --out o
    expect_err "report --relative: $desc" 2 "papsim report: $want" \
        "$PAPSIM" report "$f" --relative linear --out o
    expect_err "regress new: $desc" 2 "papsim regress: $want" "$PAPSIM" regress "$f" $good
    expect_err "regress golden: $desc" 2 "papsim regress: $want" "$PAPSIM" regress $good "$f"
    expect_err "compare sim: $desc" 2 "papsim compare: $want" "$PAPSIM" compare "$f" $good
    expect_err "compare real: $desc" 2 "papsim compare: $want" "$PAPSIM" compare $good "$f"
    local d=tune_${f%.csv}
    mkdir -p "$d" && cp "$f" "$d/results.csv"
    expect_err "tune: $desc" 2 "papsim tune: $d/results.csv${want#"$f"}" \
        "$PAPSIM" tune "$d" --out "$d.conf"
}
csv_set np 2 abc $good >np.csv
every_reader "np=abc" np.csv "np.csv:2: np: 'abc' is not a process count from 1 to 1048576"
# Each column against its form and range: a case id as papsim makes them (16
# lowercase hex digits), a collective papsim knows, a time below 1e6 s, a skew
# no larger than papsim simulates, a root among the ranks, no control
# character.
csv_set case_id 2 zzzz $good >id.csv
every_reader "case_id zzzz" id.csv \
    "id.csv:2: case_id: 'zzzz' is not a case id (16 hex digits, 0-9 and a-f, as papsim writes it)"
csv_set last_delay_s 3 1e308 $good >huge.csv
every_reader "a time of 1e308 s" huge.csv \
    "huge.csv:3: last_delay_s: '1e308' is more than 1e+06 s, longer than any collective call (results_csv.h)"
csv_set collective 2 reduse $good >coll.csv
every_reader "an unknown collective" coll.csv \
    "coll.csv:2: collective: 'reduse' is not a collective papsim knows (allgather, allgatherv, reduce, allreduce, alltoall, bcast, barrier, reduce_scatter, reduce_scatter_block, alltoallv, scan, exscan, gather, scatter, gatherv, scatterv)"
csv_set skew_s 3 5000 $good >skew.csv
every_reader "a skew above 4096 s" skew.csv \
    "skew.csv:3: skew_s: '5000' is more than 4096 s, the largest skew papsim simulates"
csv_set root 2 8 $good >root.csv
every_reader "root 8 at np 8" root.csv "root.csv:2: root: 8 is not a rank of np 8 (0 to 7)"
csv_set algorithm 3 "$(printf 'lin\033[2Jear')" $good >ctl.csv
every_reader "a control character" ctl.csv "ctl.csv:3: algorithm: the control character 0x1b"
csv_set last_delay_s 3 '-&' $good >negative.csv
neg=$(csv_col last_delay_s negative.csv | sed -n 2p)
every_reader "negative time" negative.csv "negative.csv:3: last_delay_s: '$neg' is a negative time"
csv_set total_delay_s 2 inf $good >inf.csv
every_reader "infinite time" inf.csv "inf.csv:2: total_delay_s: 'inf' is not a finite time"
csv_set mean_elapsed_s 2 '' $good >notime.csv
every_reader "ok row without a time" notime.csv \
    "notime.csv:2: mean_elapsed_s: '' is not a time; a row with status ok has every time"
csv_set rep 3 1x $good >rep.csv
every_reader "rep not a count" rep.csv "rep.csv:3: rep: '1x' is not a non-negative integer"
csv_set status 3 okay $good >status.csv
every_reader "unknown status" status.csv \
    "status.csv:3: status: 'okay' is not a status papsim writes (ok, unsupported, check_failed, missed_start, timeout, baseline_timeout)"
# Two rows of one (case, repetition) with different statuses.
{ cat $good; sed -n 2p $good | sed 's/,ok$/,check_failed/'; } >dup.csv
every_reader "duplicate (case, rep)" dup.csv \
    "dup.csv:4: second row for case_id $id2 rep 0 (first at line 2); a results table has one row per case and repetition"
# A half row: a field short, or no newline at the end.
awk -F, -v OFS=, 'NR == 3 { NF = 24 } 1' $good >short.csv
every_reader "a field short" short.csv "short.csv:3: 24 fields, the header has 25"
head -c -1 $good >cut.csv
every_reader "no final newline" cut.csv \
    "cut.csv:3: the last row has no newline at its end, so it may have been cut short; copy the file again (or let papsim run --out DIR resume: it drops such a row)"
# No status column; a column papsim never writes.
csv_drop status $good >nostatus.csv
every_reader "no status column" nostatus.csv \
    "nostatus.csv:1: missing column 'status'; every results table needs case_id, rep and status"
sed '1s/,np,/,nprocs,/' $good >misspelt.csv
every_reader "misspelt column" misspelt.csv \
    "misspelt.csv:1: column 5 is 'nprocs', not a results.csv column (misspelt, or not a results table?)"

# --- a UTF-8 byte order mark: skipped by every reader ---------------------
mkdir -p bom && { printf '\357\273\277'; cat $good; } >bom/results.csv
expect_ok "BOM: report" "$PAPSIM" report bom --relative linear
expect_ok "BOM: regress new" "$PAPSIM" regress bom/results.csv $good
expect_line "BOM: regress compared" out.txt "regress: 2 cases compared, 0 changed, 0 missing, 0 new"
expect_ok "BOM: regress golden" "$PAPSIM" regress $good bom/results.csv
expect_ok "BOM: compare" "$PAPSIM" compare bom $good
# papsim run resumes it (nothing to run) and leaves it sorted, without the mark.
cp r/case_order.csv bom/
expect_ok "BOM: run resumes" "$PAPSIM" run t.ini --out bom --jobs 1 --quiet
expect_line "BOM: run found both cases" err.txt \
    "papsim run: 2 cases: 0 simulated, 2 already in results, 0 unsupported, 0 timed out, 0 failed -> bom/results.csv"
if cmp -s bom/results.csv $good; then pass; else fail "BOM: run left $(head -c 40 bom/results.csv | od -c | head -1)"; fi

# --- merge -----------------------------------------------------------------
expect_ok "merge" "$PAPSIM" merge m s1 s2
if cmp -s m/results.csv $good; then pass; else fail "merge differs from the local run"; fi
# merge_refuses DESC WANT SHARD...: exit 2, WANT as the last stderr line,
# and no OUT directory written.
merge_refuses() {
    local desc=$1 want=$2; shift 2
    rm -rf mout
    "$PAPSIM" merge mout "$@" >out.txt 2>err.txt
    expect_eq "merge: $desc: exit status" "$?" 2
    expect_eq "merge: $desc: message" "$(tail -n 1 err.txt)" "papsim merge: $want"
    if [ -e mout ]; then fail "merge: $desc: wrote $(ls -R mout)"; else pass; fi
}
for bad in np nostatus dup cut; do
    rm -rf "b_$bad" && cp -r s1 "b_$bad"
    # The same edit as above, made to shard 1's table.
    case $bad in
    np) csv_set np 2 abc s1/results.csv >b_np/results.csv
        want="b_np/results.csv:2: np: 'abc' is not a process count from 1 to 1048576" ;;
    nostatus) csv_drop status s1/results.csv >b_nostatus/results.csv
        want="b_nostatus/results.csv:1: missing column 'status'; every results table needs case_id, rep and status" ;;
    dup) sed -n 2p s1/results.csv | sed 's/,ok$/,timeout/' >>b_dup/results.csv
        want="b_dup/results.csv:3: second row for case_id $(csv_col case_id s1/results.csv | head -n 1) rep 0 (first at line 2); a results table has one row per case and repetition" ;;
    cut) head -c -1 s1/results.csv >b_cut/results.csv
        want="b_cut/results.csv:2: the last row has no newline at its end, so it may have been cut short; copy the file again (or let papsim run --out DIR resume: it drops such a row)" ;;
    esac
    merge_refuses "$bad" "$want" "b_$bad" s2
done
# A hand-made table with fewer columns loads in report, but merge writes a
# table papsim run resumes, so it wants a whole header.
rm -rf b_cols && cp -r s1 b_cols && csv_drop platform s1/results.csv >b_cols/results.csv
merge_refuses "fewer columns" \
    "b_cols/results.csv:1: the header is not one papsim run writes ($(head -n 1 $good)); merge only the results of papsim run" \
    b_cols s2
# Shards of two formats (format 2 has no deterministic column).
rm -rf b_v2 && cp -r s2 b_v2 && csv_drop deterministic s2/results.csv >b_v2/results.csv
merge_refuses "two formats" \
    "b_v2/results.csv:1: results format 2, s1/results.csv has format 3 (written by another papsim version?); merge shards of one run" \
    s1 b_v2
# A failed case: shard 2's case list holds it, its results.csv does not.
rm -rf f2 && cp -r s2 f2 && head -n 1 s2/results.csv >f2/results.csv
merge_refuses "a failed case" \
    "1 case of the shards' case lists has no row in their results.csv (named above), so nothing was merged; run those shards again (papsim run SPEC --shard I/N --out SHARD_DIR runs only what is missing), or pass --allow-missing to merge without them" \
    s1 f2
expect_line "merge: the missing case named" err.txt \
    "papsim merge: f2: case $id_s2 (case 2 of the spec) has no row in f2/results.csv"
rm -rf mout
expect_ok "merge --allow-missing" "$PAPSIM" merge --allow-missing mout s1 f2
expect_line "merge --allow-missing: the count" err.txt \
    "papsim merge: merged without 1 missing case (--allow-missing)"
# The option may also follow the directories; a misspelt one is no directory.
rm -rf mout
expect_ok "merge, --allow-missing last" "$PAPSIM" merge mout s1 f2 --allow-missing
expect_eq "merge, --allow-missing last: rows" "$(cat mout/results.csv)" "$(cat s1/results.csv)"
rm -rf mout
expect_err "merge: a misspelt option" 2 \
    "papsim merge: unknown option '--allow-mising' (see papsim merge --help)" \
    "$PAPSIM" merge mout s1 f2 --allow-mising
if [ -e mout ]; then fail "merge: a misspelt option: wrote mout"; else pass; fi
# A byte order mark in a shard: merged like the others, not copied.
rm -rf bs1 mbom && cp -r s1 bs1 && { printf '\357\273\277'; cat s1/results.csv; } >bs1/results.csv
expect_ok "merge: BOM" "$PAPSIM" merge mbom bs1 s2
if cmp -s mbom/results.csv $good; then pass; else fail "merge with a BOM differs"; fi
expect_ok "merge --help" "$PAPSIM" merge --help
expect_eq "merge --help names --allow-missing" "$(grep -c -- '--allow-missing' out.txt)" 2

finish
