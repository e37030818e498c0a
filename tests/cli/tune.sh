# papsim tune: Open MPI's tuned dynamic rules file from a study.
#  1. The exact text of both formats (Open MPI 4.1's, Open MPI 5's
#     rule-file-version-2) and of the summary for the hand-made table in
#     tests/fixtures/tune/ (its header gives every value and threshold), under
#     each choice rule: no_delay, pattern:last_delayed, robust-worst,
#     robust-mean; non-Open-MPI winners (slt) replaced by ring with a
#     "given up" comment.
#  2. Bad input: no results, a header without rows, a collective with no
#     mappable algorithm, a pattern the study lacks, several skews without
#     --skew, bad options: exit 2, "papsim tune: ...", no file written.
#  3. Real Open MPI 4.1: a small simulated study (np 4, allreduce and reduce),
#     its rules file loaded by mpirun with coll_tuned_use_dynamic_rules; for
#     each rule, at the first message size it covers and at the measured
#     size, the algorithm Open MPI runs (ompi_algorithm_probe.so, preloaded,
#     records the ompi_coll_base_* function the tuned component calls) is the
#     one the file names; one size below each threshold runs the rule before.
#     Without the file Open MPI's fixed decision runs another algorithm at
#     some of these sizes, so the check can fail.
#  4. gather, scatter, alltoallv at np 4 and 8: the exact rules file, its
#     np 4 rules under Open MPI; gatherv refused.
#  5. scan and exscan at np 5 and 8 (double): the exact rules file
#     (recursive_doubling 2) and, under last_delayed, linear 1; under Open
#     MPI each file's algorithm runs and its result is bit for bit papsim's
#     algorithm of that name (tests/mpi/ompi_scan_agree.c), the other one's
#     differs; without a file Open MPI runs linear; Open MPI's scan message
#     size is type size x communicator size, whatever the count.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/tune

# rules_match LABEL DIR FIXTURE: DIR/ompi-rules.conf is exactly the fixture
# but for the simulated times in the comment of each measured size.
rules_match() {
    expect_eq "$1" "$(sed 's/^\(# [0-9]* B (.*= [a-z_]* [0-9]*\): .*/\1/' "$2/ompi-rules.conf")" \
        "$(cat "$fixtures/$3")"
}
BAD_INPUT_PREFIX="papsim tune: "

# --- 1. exact text ---
mkdir d && cp "$fixtures/results.csv" d/
expect_ok "tune no_delay" "$PAPSIM" tune d
expect_eq "wrote" "$(cat out.txt)" "wrote d/ompi-rules.conf
wrote d/ompi-rules.conf.summary.txt"
expect_eq "no_delay rules" "$(cat d/ompi-rules.conf)" "$(cat "$fixtures/expected_no_delay.conf")"
expect_eq "summary" "$(cat d/ompi-rules.conf.summary.txt)" \
    "$(cat "$fixtures/expected_no_delay.summary.txt")"
mkdir affine && sed 's/,double,sum,/,long,affine,/' d/results.csv > affine/results.csv
expect_ok "tune affine" "$PAPSIM" tune affine
expect_eq "no fixed decision for a non-commutative op" \
    "$(grep -c "fixed decision for a non-commutative op (affine) is not written down" affine/ompi-rules.conf.summary.txt)" 5
expect_ok "tune v2" "$PAPSIM" tune d --format 2 --choose pattern:last_delayed --skew 1.5x \
    --out d/v2.conf
expect_eq "v2 rules" "$(cat d/v2.conf)" "$(cat "$fixtures/expected_last_delayed_v2.conf")"
expect_eq "v2 starts with its version line" "$(head -n 1 d/v2.conf)" "rule-file-version-2"
expect_ok "tune robust-worst" "$PAPSIM" tune d --choose robust-worst --skew 1.5x --out d/w.conf
expect_eq "robust-worst rules" "$(cat d/w.conf)" "$(cat "$fixtures/expected_robust_worst.conf")"
expect_ok "tune robust-mean" "$PAPSIM" tune d --choose robust-mean --skew 1.5x --out d/m.conf
expect_eq "robust-mean rules" "$(cat d/m.conf)" "$(cat "$fixtures/expected_robust_mean.conf")"
# The registry's counterparts are what papsim list shows.
expect_eq "list open_mpi column" \
    "$("$PAPSIM" list --format csv | csv_cols collective,algorithm,open_mpi |
        grep -E '^(allreduce,(ring|slt)|reduce,chain|bcast,knomial),')" \
    "reduce,chain,chain:2
allreduce,ring,ring:4
allreduce,slt,
bcast,knomial,knomial:7"

# Every counterpart the registry records is the NAME:ID that this machine's
# Open MPI lists for coll_tuned_<collective>_algorithm.
if command -v ompi_info >/dev/null; then
    ompi_info --param coll tuned --level 9 > ompi_info.txt
    n=0
    while IFS=, read -r coll alg ompi; do
        [ -n "$ompi" ] || continue
        n=$((n + 1))
        line=$(awk -v p="\"coll_tuned_${coll}_algorithm\"" 'index($0, p) {f = 1}
                   f && /Valid values:/ {print; exit}' ompi_info.txt)
        case "$line" in
        *" ${ompi#*:}:\"${ompi%:*}\""*) pass ;;
        *) fail "$coll $alg: open_mpi '$ompi' is not in ompi_info's list: $line" ;;
        esac
    done < <("$PAPSIM" list --format csv | csv_cols collective,algorithm,open_mpi)
    expect_eq "registry rows with an Open MPI counterpart" "$n" 48
fi

# --- 2. bad input: exit 2, the message, no file ---
no_file() { # DESC DIR
    expect_eq "$1: no file written" "$(ls "$2" | grep -c 'ompi-rules')" "0"
}
mkdir empty
expect_bad_input "no results.csv" "empty/results.csv: cannot" "$PAPSIM" tune empty
no_file "no results.csv" empty
mkdir header && head -n 1 <(grep -v '^#' "$fixtures/results.csv") > header/results.csv
expect_bad_input "header only" "header/results.csv: no results" "$PAPSIM" tune header
no_file "header only" header
mkdir unmapped && { grep -v '^#' "$fixtures/results.csv" | head -n 1
    printf '%s\n' "0000000000000001,allgatherv,sparbit,p.xml,4,sequential,0,no_delay,0,0,1,8,uniform,double,sum,0,0,,0,1e-05,1e-05,1e-05,1e-05,ok"; } > unmapped/results.csv
expect_bad_input "no mappable algorithm" \
    "allgatherv np=4 8 B: no algorithm with an Open MPI 4.1 counterpart has a result \(best: sparbit\)" \
    "$PAPSIM" tune unmapped
no_file "no mappable algorithm" unmapped
sed 's/,uniform,/,spike,/' unmapped/results.csv > unmapped/spike.csv && mkdir spike &&
    mv unmapped/spike.csv spike/results.csv
expect_bad_input "allgatherv, not uniform" "allgatherv np=4, distribution spike: Open MPI's rules compare the mean block" \
    "$PAPSIM" tune spike --format 2
no_file "allgatherv, not uniform" spike
# Open MPI 5 has sparbit (allgatherv id 6): the same table maps in format 2.
expect_ok "sparbit in Open MPI 5" "$PAPSIM" tune unmapped --format 2 --out unmapped/v2.conf
expect_eq "sparbit rule" "$(grep -v '^#' unmapped/v2.conf | tr '\n' '|')" \
    "rule-file-version-2|1 # collectives|1 # allgatherv|1 # communicator sizes|4 # communicator size|1 # rules|0 6 0 0 0|"
expect_bad_input "unknown pattern" "--choose pattern:peak: the study allreduce np=4 has no pattern 'peak'" \
    "$PAPSIM" tune d --choose pattern:peak --skew 1.5x --out d/bad.conf
expect_eq "unknown pattern: no file" "$(ls d | grep -c bad)" "0"
mkdir skews && { cat "$fixtures/results.csv"; grep ',last_delayed,1.5x,' "$fixtures/results.csv" |
    sed 's/,last_delayed,1.5x,0.0001,/,last_delayed,0.5x,0.00003,/; s/^00/99/'; } > skews/results.csv
expect_bad_input "several skews" "two studies differ in skew \('0.5x', '1.5x'\); choose one with --skew" \
    "$PAPSIM" tune skews --choose robust-mean
no_file "several skews" skews
expect_ok "several skews, no_delay rule" "$PAPSIM" tune skews --out skews/nd.conf
expect_eq "the no_delay rule shares the no_delay rows" "$(sed 1,2d skews/nd.conf)" \
    "$(sed 1,2d "$fixtures/expected_no_delay.conf")"
expect_bad_input "unknown --skew" "--skew: no study has skew '9x'" \
    "$PAPSIM" tune d --choose robust-mean --skew 9x --out d/bad.conf
expect_bad_input "bad --choose" "--choose: 'fastest' is not no_delay, pattern:NAME" \
    "$PAPSIM" tune d --choose fastest
expect_bad_input "bad --format" "--format: '3' is not 1" "$PAPSIM" tune d --format 3
expect_bad_input "bad --metric" "--metric: 'speed'" "$PAPSIM" tune d --metric speed
expect_bad_input "no directory" "expected one results directory" "$PAPSIM" tune
expect_eq "bad input wrote nothing" "$(ls d | grep -c bad)" "0"
mkfifo d/fifo
expect_bad_input "--out not a regular file" "--out: 'd/fifo' exists and is not a regular file" \
    "$PAPSIM" tune d --out d/fifo
expect_eq "the fifo stays" "$([ -p d/fifo ] && echo fifo)" fifo
expect_ok "help" "$PAPSIM" tune --help

# --- 3. real Open MPI ---
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
cat > study.ini <<'INI'
platforms = default
np = 4
mappings = sequential
patterns = no_delay, last_delayed
skews = 1.5x
bytes = 8, 64KiB, 1MiB
datatype = char
op = sum
reps = 1
seed = 1
[allreduce]
collective = allreduce
algorithms = ring, recursive_doubling, rabenseifner, slt
[reduce]
collective = reduce
algorithms = binomial, linear, in_order_binary, builtin:ompi_chain, butterfly
INI
expect_ok "study" "$PAPSIM" run study.ini --out st --quiet
expect_ok "tune the study" "$PAPSIM" tune st
# Open MPI 4.1's base functions by collective and tuned algorithm id.
ompi_function() { # COLLECTIVE ID
    case "$1:$2" in
    allreduce:3) echo recursivedoubling ;; allreduce:4) echo ring ;;
    allreduce:5) echo ring_segmented ;; allreduce:6) echo redscat_allgather ;;
    reduce:1) echo basic_linear ;; reduce:2) echo chain ;; reduce:3) echo pipeline ;;
    reduce:4) echo binary ;; reduce:5) echo binomial ;; reduce:6) echo in_order_binary ;;
    reduce:7) echo redscat_gather ;;
    gather:1 | scatter:1 | alltoallv:1) echo basic_linear ;;
    gather:2 | scatter:2) echo binomial ;; gather:3) echo linear_sync ;;
    scatter:3) echo linear_nb ;; alltoallv:2) echo pairwise ;; *) echo "unknown:$1:$2" ;;
    esac
}
# The rules of the file, "collective threshold id", from its numbers alone.
rules=$(awk '/# allreduce$/ {c = "allreduce"} /# reduce$/ {c = "reduce"}
             /^[0-9]+ [0-9]+ [0-9]+ [0-9]+$/ {print c, $1, $2}' st/ompi-rules.conf)
expect_eq "rules of the study" "$(echo "$rules" | awk '{print $1}' | sort | uniq -c | awk '{print $2 $1}' | tr '\n' ' ')" \
    "allreduce3 reduce3 "
# runs COLLECTIVE BYTES [MPIRUN OPTIONS]: the functions rank 0 ran, one per line.
ran() {
    local coll=$1 bytes=$2; shift 2
    rm -f probe.*
    timeout 120 "$MPIEXEC" --oversubscribe -np "${NP:-4}" -x LD_PRELOAD="$PAPSIM_OMPI_PROBE" \
        -x PAPSIM_PROBE_OUT="$PWD/probe" "$@" "$PAPBENCH_MPI" --collective "$coll" \
        --algorithm builtin:default --bytes "$bytes" --datatype char --np "${NP:-4}" \
        </dev/null >/dev/null 2>mpi_err.txt
    sort -u probe.0 2>/dev/null | sed 's/^rank 0: ompi_coll_base_[a-z]*_intra_//'
}
with_file=(--mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$PWD/st/ompi-rules.conf")
differs=0 checked=0
prev_coll="" prev_id=""
while read -r coll threshold id; do
    want=$(ompi_function "$coll" "$id")
    sizes=$threshold
    [ "$threshold" -eq 0 ] && sizes=8
    for b in $sizes; do
        expect_eq "$coll $b B under the file" "$(ran "$coll" "$b" "${with_file[@]}")" "$want"
        [ "$(ran "$coll" "$b")" = "$want" ] || differs=$((differs + 1))
    done
    if [ "$threshold" -gt 0 ] && [ "$prev_coll" = "$coll" ]; then
        expect_eq "$coll $((threshold - 1)) B under the file (the rule before)" \
            "$(ran "$coll" $((threshold - 1)) "${with_file[@]}")" "$(ompi_function "$coll" "$prev_id")"
    fi
    prev_coll=$coll prev_id=$id checked=$((checked + 1))
done <<< "$rules"
echo "sizes at which Open MPI's fixed decision runs another algorithm than the file: $differs"
expect_eq "every rule checked" "$checked" "$(echo "$rules" | wc -l)"
# The fixed decision papsim wrote down (the summary) is the one Open MPI 4.1
# runs without a rules file, at every measured size of the study.
fixed=$(sed -n 's/^\([a-z]*\) np=4 \([0-9]*\) B: .*fixed decision Open MPI [a-z_-]* \([0-9]*\) .*/\1 \2 \3/p' \
    st/ompi-rules.conf.summary.txt)
expect_eq "summary sizes" "$(echo "$fixed" | wc -l)" 6
while read -r coll bytes id; do
    expect_eq "$coll $bytes B without a file: Open MPI 4.1's fixed decision as papsim wrote it down" \
        "$(ran "$coll" "$bytes")" "$(ompi_function "$coll" "$id")"
done <<< "$fixed"
expect_eq "the fixed decision differs somewhere (the check can fail)" "$([ "$differs" -gt 0 ] && echo yes)" yes

# --- 4. gather, scatter, alltoallv (np 4 and 8); refusals ---
cat > gsa.ini <<'INI'
platforms = default
np = 4, 8
mappings = sequential
patterns = no_delay, last_delayed
skews = 1.5x
bytes = 8, 64KiB
datatype = char
op = sum
reps = 1
seed = 1
[gather]
collective = gather
algorithms = linear, binomial, linear_sync
[scatter]
collective = scatter
algorithms = linear, binomial
[alltoallv]
collective = alltoallv
algorithms = linear, pairwise
INI
expect_ok "gather/scatter/alltoallv study" "$PAPSIM" run gsa.ini --out gsa --quiet
expect_ok "tune gather/scatter/alltoallv" "$PAPSIM" tune gsa
rules_match "gather/scatter/alltoallv rules" gsa expected_gather_scatter_alltoallv.conf
# alltoallv without linear: pairwise, which Open MPI's fixed decision does
# not run at np 4 to 63, is the one rule of each communicator size.
mkdir a2av && { head -n 1 gsa/results.csv; grep ',alltoallv,pairwise,' gsa/results.csv; } \
    > a2av/results.csv
expect_ok "tune alltoallv pairwise" "$PAPSIM" tune a2av
expect_eq "alltoallv pairwise rules" "$(grep -v '^#' a2av/ompi-rules.conf | tr '\n' '|')" \
    "1 # collectives|4 # alltoallv|2 # communicator sizes|4 # communicator size|1 # rules|0 2 0 0|8 # communicator size|1 # rules|0 2 0 0|"
# Refused: gatherv (tuned reads no gatherv rules), even beside a collective
# tune can write: exit 2, the reason, no file.
header=$(head -n 1 gsa/results.csv)
row=",linear,p.xml,4,sequential,0,no_delay,0,0,1,8,uniform,char,sum,0,0,,0,1e-05,1e-05,1e-05,1e-05,yes,ok"
mkdir gatherv
{ echo "$header"; grep ',gather,linear,' gsa/results.csv; echo "0000000000000001,gatherv$row"; } > gatherv/results.csv
expect_bad_input "gatherv refused" "gatherv" "$PAPSIM" tune gatherv
expect_eq "gatherv: the message" "$(cat err.txt)" "papsim tune: gatherv/results.csv: gatherv: Open MPI's tuned component has no gatherv algorithm to choose and reads no gatherv rules (another component runs it), so a rules file cannot select one; tune a results directory without gatherv"
no_file "gatherv refused" gatherv

# Real Open MPI at np 4: each rule of gather and scatter at the first size
# it covers (gather and scatter compare bytes x np) and, when the rule
# before names another algorithm, one byte below; alltoallv's one rule at
# 64 KiB; without a file, the fixed decision papsim wrote down.
NP=4
rules=$(awk '/# (gather|scatter|alltoallv)$/ {c = $3} /# communicator size$/ {np = $1}
             /^[0-9]+ [0-9]+ [0-9]+ [0-9]+$/ && np == 4 && c != "alltoallv" {print c, $1, $2}' \
        gsa/ompi-rules.conf)
expect_eq "np 4 rules of gather and scatter" "$(echo "$rules" | wc -l)" 4
with_file=(--mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$PWD/gsa/ompi-rules.conf")
prev_coll="" prev_id=""
while read -r coll threshold id; do
    b=$(( threshold == 0 ? 8 : (threshold + NP - 1) / NP ))
    expect_eq "$coll np 4 $b B under the file" "$(ran "$coll" "$b" "${with_file[@]}")" \
        "$(ompi_function "$coll" "$id")"
    if [ "$threshold" -gt 0 ] && [ "$prev_coll" = "$coll" ] && [ "$prev_id" != "$id" ]; then
        expect_eq "$coll np 4 $((b - 1)) B under the file (the rule before)" \
            "$(ran "$coll" $((b - 1)) "${with_file[@]}")" "$(ompi_function "$coll" "$prev_id")"
    fi
    prev_coll=$coll prev_id=$id
done <<< "$rules"
expect_eq "alltoallv np 4 64 KiB under the pairwise file" "$(ran alltoallv 65536 --mca \
    coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$PWD/a2av/ompi-rules.conf")" \
    pairwise
# "coll bytes tuned-id fixed-id" of the summary at np 4; where the two
# differ (unit.tune has the rest), Open MPI without a file runs the fixed one.
fixed=$(sed -n 's/^\([a-z]*\) np=4 \([0-9]*\) B: tuned .* (Open MPI \([0-9]*\)), fixed decision Open MPI [a-z0-9_-]* \([0-9]*\) .*/\1 \2 \3 \4/p' \
    gsa/ompi-rules.conf.summary.txt)
expect_eq "np 4 summary sizes" "$(echo "$fixed" | wc -l)" 6
fixed=$(awk '$3 != $4' <<< "$fixed")
expect_eq "np 4: where the fixed decision differs from the file" "$fixed" "gather 65536 3 1
scatter 8 1 2
scatter 65536 1 3"
fixed+=$'\nalltoallv 65536 2 1' # against the pairwise file
while read -r coll bytes tuned id; do
    expect_eq "$coll np 4 $bytes B without a file: the fixed decision papsim wrote down" \
        "$(ran "$coll" "$bytes")" "$(ompi_function "$coll" "$id")"
done <<< "$fixed"

# --- 5. scan and exscan (np 5 and 8, double): tuned ids 1 and 2 ---
# Open MPI 4.1.4 looks a scan or exscan up by type size x communicator size
# (40 and 64 here), whatever the count: one rule per communicator size.
cat > scx.ini <<'INI'
platforms = default
np = 5, 8
mappings = sequential
patterns = no_delay, last_delayed
skews = 1.5x
bytes = 8, 64KiB, 1MiB
datatype = double
op = sum
reps = 1
seed = 1
[scan]
collective = scan
algorithms = linear, recursive_doubling
[exscan]
collective = exscan
algorithms = linear, recursive_doubling
INI
expect_ok "scan/exscan study" "$PAPSIM" run scx.ini --out scx --quiet
expect_ok "tune scan/exscan" "$PAPSIM" tune scx
rules_match "scan/exscan rules" scx expected_scan_exscan.conf
# Under last_delayed the chain wins (np 8) or ties and comes first by name
# (np 5): a file of id 1.
expect_ok "tune scan/exscan under last_delayed" "$PAPSIM" tune scx --choose pattern:last_delayed \
    --skew 1.5x --out scx/linear.conf
expect_eq "scan/exscan rules under last_delayed" "$(grep -v '^#' scx/linear.conf | tr '\n' '|')" \
    "2 # collectives|8 # exscan|2 # communicator sizes|5 # communicator size|1 # rules|0 1 0 0|8 # communicator size|1 # rules|0 1 0 0|14 # scan|2 # communicator sizes|5 # communicator size|1 # rules|0 1 0 0|8 # communicator size|1 # rules|0 1 0 0|"
expect_eq "without a rules file: the basic component's linear (the summary)" \
    "$(grep -c 'fixed decision Open MPI linear 1 (papsim linear; tuned has none for [a-z]*scan: the basic component.s linear runs)' scx/ompi-rules.conf.summary.txt)" 12
# agree COLLECTIVE ALGORITHM NP [MPIRUN OPTIONS]: papsim-scan-agree (MPI_Scan
# or MPI_Exscan bit for bit papsim's ALGORITHM, COUNT (1000) doubles and
# affine maps) under the probe; its output in agree.txt, and the Open MPI
# function rank 0 ran ("linear", "recursivedoubling") on stdout.
agree() {
    local coll=$1 alg=$2 np=$3; shift 3
    rm -f probe.*
    timeout 120 "$MPIEXEC" --oversubscribe -np "$np" -x LD_PRELOAD="$PAPSIM_OMPI_PROBE" \
        -x PAPSIM_PROBE_OUT="$PWD/probe" "$@" "$PAPSIM_SCAN_AGREE" "$coll" "$alg" "${COUNT:-1000}" \
        </dev/null >agree.txt 2>mpi_err.txt || echo "exit $?: $(head -c 600 mpi_err.txt)" >> agree.txt
    grep -h "_${coll}_intra_" probe.0 2>/dev/null | sort -u | sed 's/^rank 0: ompi_coll_base_[a-z]*_intra_//'
}
# Each file's algorithm runs (the probe) and gives papsim's result of that
# name, bit for bit; papsim's other algorithm gives another double sum at
# some rank, so the comparison tells the two apart. Without a file Open
# MPI runs linear, as the summary says.
for np in 5 8; do
    for coll in scan exscan; do
        for run in "recursive_doubling recursivedoubling linear scx/ompi-rules.conf" \
                   "linear linear recursive_doubling scx/linear.conf" "linear linear recursive_doubling -"; do
            read -r alg fn other file <<< "$run"
            opts=()
            [ "$file" = - ] || opts=(--mca coll_tuned_use_dynamic_rules 1
                                     --mca coll_tuned_dynamic_rules_filename "$PWD/$file")
            expect_eq "$coll np $np, rules $file: Open MPI runs" "$(agree "$coll" "$alg" "$np" "${opts[@]}")" "$fn"
            expect_eq "$coll np $np, rules $file: the result is papsim's $alg" "$(head -n 1 agree.txt)" \
                "$coll: MPI_$([ "$coll" = scan ] && echo Scan || echo Exscan) equals papsim $alg (double sum, affine) at every rank"
            expect_eq "$coll np $np, rules $file: papsim's $other differs somewhere" \
                "$(sed -n "s/^$other differs at \([1-9][0-9]*\) ranks (double sum)$/yes/p" agree.txt)" yes
        done
    done
done
# Open MPI's message size for scan is type size x communicator size: at np 4
# a rule from 33 never applies to doubles (8 x 4 = 32), even to 1000 of them
# (8000 B), and one from 32 applies to a single one (8 B).
printf '1\n14\n1\n4\n2\n0 2 0 0\n33 1 0 0\n' > from33.conf
printf '1\n14\n1\n4\n2\n0 1 0 0\n32 2 0 0\n' > from32.conf
for run in "from33 1000" "from32 1"; do
    read -r f count <<< "$run"
    expect_eq "scan np 4, $count doubles, rules $f: the rule of 8 x 4" "$(COUNT=$count agree scan \
        recursive_doubling 4 --mca coll_tuned_use_dynamic_rules 1 \
        --mca coll_tuned_dynamic_rules_filename "$PWD/$f.conf")" recursivedoubling
done
finish
