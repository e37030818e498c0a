# libpapcoll (docs/papcoll.md): an application's collectives run by papsim's
# algorithms, under smpirun (linked in) and under Open MPI and MPICH
# (LD_PRELOAD).
#   - the results of cg (papcoll/apps/cg.c) and stencil are those of the
#     runs without the library: integer checks exact, floating sums within
#     rounding, for every algorithm of every collective cg calls;
#   - the report counts calls, bytes, fall-throughs with their reason and
#     predictions exactly, under each real MPI for every rule cg runs (a
#     wrapper that hands its call to the library unseen leaves its row out);
#   - a configuration libpapcoll cannot follow stops the run at MPI_Init
#     with a message naming the variable, before the application runs;
#   - gather, scatter, gatherv, scatterv, alltoallv, scan and exscan
#     (papcoll/apps/colls.c checks every value it receives) by each of their
#     papsim algorithms, the report's exact counts per algorithm and size
#     rule, and their inter-communicator fall-throughs under Open MPI and
#     MPICH.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
B=$PAPSIM_BUILD_DIR
PLATFORM=$PAPSIM_SOURCE_DIR/platforms/default.xml
CG_ARGS="--iters 12 --rows 600 --rhs 64 --work 1e6"

# smpi NP APP ARGS...: the application under smpirun, stdout only.
smpi() {
    local np=$1 app=$2; shift 2
    timeout 300 "$SMPIRUN" -no-privatize -platform "$PLATFORM" -np "$np" "$app" \
        --cfg=smpi/simulate-computation:no --log=root.thres:warning "$@"
}

# mpi NP APP ARGS...: APP under the real MPI $real (ompi: Open MPI, mpich:
# MPICH's hydra, which hands every process the whole environment) with its
# libpapcoll preloaded and the PAPCOLL_* variables of the environment.
real=ompi
mpi() {
    local np=$1 app=$2; shift 2
    if [ "$real" = mpich ]; then
        timeout 300 "$MPIEXEC_MPICH" -n "$np" -genv LD_PRELOAD "$B/libpapcoll-mpich.so" \
            "$app" "$@"
        return
    fi
    local vars=()
    for v in $(env | grep -o '^PAPCOLL_[A-Z_]*'); do vars+=(-x "$v"); done
    timeout 300 "$MPIEXEC" --oversubscribe -np "$np" -x LD_PRELOAD="$B/libpapcoll.so" \
        "${vars[@]}" "$app" "$@"
}
# plain NP APP ARGS...: APP under $real without the library.
plain() {
    local np=$1 app=$2; shift 2
    if [ "$real" = mpich ]; then
        timeout 300 "$MPIEXEC_MPICH" -n "$np" "$app" "$@"
    else
        timeout 300 "$MPIEXEC" --oversubscribe -np "$np" "$app" "$@"
    fi
}

# same_results REF OUT: cg's outputs agree: the same iterations and integer
# checks (ok in both), residual norms within 1e-6 relative (a floating sum in
# another order), the solution sum within 1e-12 relative.
same_results() {
    if ! grep -q 'integer checks: ok' "$1" || ! grep -q 'integer checks: ok' "$2"; then
        echo "no 'integer checks: ok' in $1 or $2"
        return
    fi
    # The key of a value line is its text before the value: "cg: residual norm 3:".
    awk 'function key() { k = $0; sub(/ [^ ]+ \([^)]*\)$/, "", k); return k }
         NR == FNR { if ($2 == "residual" || $2 == "solution") ref[key()] = $(NF - 1); else if ($2 != "loop") line[$0] = 1; next }
         $2 == "residual" || $2 == "solution" {
             k = key(); d = $(NF - 1) - ref[k]; if (d < 0) d = -d
             tol = ($2 == "residual" ? 1e-6 : 1e-12) * (ref[k] < 0 ? -ref[k] : ref[k])
             if (!(k in ref) || d > tol) { print "differs: " $0; bad = 1 }
             next }
         $2 == "loop" { next }
         !($0 in line) { print "differs: " $0; bad = 1 }
         END { if (!bad) print "same" }' "$1" "$2"
}

# ---- under smpirun ----------------------------------------------------------
smpi 6 "$B/cg-smpi" $CG_ARGS > ref.txt
expect_eq "cg without the library: integer checks" "$(grep -c 'integer checks: ok' ref.txt)" 1

smpi 6 "$B/cg-papcoll-smpi" $CG_ARGS > none.txt
expect_eq "cg with the library and no rules: identical output but the loop time" \
    "$(grep -v loop none.txt)" "$(grep -v loop ref.txt)"

# Every algorithm of every collective cg calls, one collective at a time.
for coll in allreduce reduce bcast allgather alltoall barrier reduce_scatter reduce_scatter_block; do
    var=PAPCOLL_$(echo $coll | tr a-z A-Z)
    for algo in $("$PAPSIM" list --format csv | awk -F, -v c=$coll 'NR > 1 && $1 == c {print $2}'); do
        (export "$var=$algo"; smpi 6 "$B/cg-papcoll-smpi" $CG_ARGS > out.txt 2> err.txt) || true
        expect_eq "smpi: $var=$algo: results" "$(same_results ref.txt out.txt)" same
    done
done

# The report: exact counts. cg at np 6 makes 1 + 2 * 12 allreduce calls of
# 64 doubles per rank; allgather recursive_doubling needs a power-of-two np
# and falls through on all 6 ranks; prr predicts from its second call on;
# cg reduces three values to rank 0 (a double, a long, an int): 20 bytes;
# it calls MPI_Barrier twice, and reduce_scatter(_block) once with at most
# 2 ints per rank.
PAPCOLL_REPORT=report.csv PAPCOLL_ALLREDUCE='<=256B:ring,prr' \
    PAPCOLL_ALLGATHER=recursive_doubling PAPCOLL_BCAST='np>=8:binomial,np<8:linear' \
    smpi 6 "$B/cg-papcoll-smpi" $CG_ARGS > out.txt
expect_eq "smpi report: results" "$(same_results ref.txt out.txt)" same
cut -d, -f1-7,10-11 report.csv | tail -n +2 > counts.csv
expect_eq "smpi report: counts" "$(cat counts.csv)" \
"collective,rule,algorithm,rank_calls,bytes,fallthroughs,fallthrough_reasons,predicted_calls,order_changes
allgather,recursive_doubling,recursive_doubling,6,24,6,np:6,0,0
reduce,(no rule),mpi,18,120,0,-,0,0
allreduce,prr,prr,150,76800,0,-,144,$(awk -F, '$1 == "allreduce" {print $11}' report.csv)
alltoall,(no rule),mpi,6,24,0,-,0,0
bcast,np<8:linear,linear,6,48,0,-,0,0
barrier,(no rule),mpi,12,0,0,-,0,0
reduce_scatter,(no rule),mpi,6,48,0,-,0,0
reduce_scatter_block,(no rule),mpi,6,48,0,-,0,0"
changes=$(awk -F, '$1 == "allreduce" {print $11}' report.csv)
expect_eq "smpi report: the predicted order changed at least once and not at every call" \
    "$([ "$changes" -ge 1 ] && [ "$changes" -le 144 ] && echo yes)" yes
expect_eq "smpi report: prediction errors are finite and non-negative" \
    "$(awk -F, '$1 == "allreduce" && $12 >= 0 && $13 >= $12 {print "yes"}' report.csv)" yes

# The second application: stencil's allreduce and alltoall by papsim.
smpi 4 "$B/stencil-smpi" --iters 5 > stencil-ref.txt
PAPCOLL_ALLREDUCE=recursive_doubling PAPCOLL_ALLTOALL=pairwise \
    smpi 4 "$B/stencil-papcoll-smpi" --iters 5 > stencil.txt
expect_eq "smpi: stencil ran" "$(grep -c residual stencil.txt)" 1
expect_eq "smpi: stencil's residual" "$(grep -o 'residual [^,]*' stencil.txt)" \
    "$(grep -o 'residual [^,]*' stencil-ref.txt)"

# ---- gather, scatter, their v forms, alltoallv, scan and exscan -------------
# colls (papcoll/apps/colls.c) checks every value it receives. At np 4 with
# 2 repetitions each rank makes 4 gather, 4 scatter, 2 gatherv, 2 scatterv,
# 2 alltoallv, 4 scan and 4 exscan calls (half of the gather, scatter, scan
# and exscan calls small, half large: sizes below).
NEW_COLLS="gather scatter gatherv scatterv alltoallv scan exscan"
declare -A RANK_CALLS=([gather]=16 [scatter]=16 [gatherv]=8 [scatterv]=8 [alltoallv]=8
                       [scan]=16 [exscan]=16)
COLLS_OK=$(for c in $NEW_COLLS; do echo "colls: $c ok"; done)
algorithms_of() { "$PAPSIM" list --format csv | awk -F, -v c="$1" 'NR > 1 && $1 == c {print $2}'; }
# The seven in the report's order, papsim's order of the collectives
# (collectives.def, as libpapcoll's variables).
REPORT_COLLS=$("$PAPSIM" list --collectives --format csv |
    awk -F, -v cs=" $NEW_COLLS " 'NR > 1 && index(cs, " " $1 " ") {print $1}' | paste -sd ' ')
expect_eq "the seven in the registry's order" "$REPORT_COLLS" \
    "alltoallv scan exscan gather scatter gatherv scatterv"
# with_algorithms K CMD...: CMD with each of the seven collectives' variable
# set to its K-th papsim algorithm (modulo their number); the report rows
# this must give (collective,rule,algorithm,rank_calls,fallthroughs,reasons)
# in expected.csv.
with_algorithms() {
    local k=$1; shift
    (
        : > expected.csv
        for c in $REPORT_COLLS; do
            local algos=($(algorithms_of "$c"))
            local a=${algos[$((k % ${#algos[@]}))]}
            export "PAPCOLL_$(echo "$c" | tr a-z A-Z)=$a"
            echo "$c,$a,$a,${RANK_CALLS[$c]},0,-" >> expected.csv
        done
        "$@"
    )
}
# The report's rows of the seven, without the bytes and the timings.
new_rows() {
    awk -F, -v cs=" $NEW_COLLS " 'index(cs, " " $1 " ") {print $1 "," $2 "," $3 "," $4 "," $6 "," $7}' "$1"
}
# Every papsim algorithm of the seven: 3 runs cover them (gather has 3).
: > used.csv
for k in 0 1 2; do
    PAPCOLL_REPORT=colls-report.csv with_algorithms $k \
        smpi 4 "$B/colls-papcoll-smpi" > colls.txt 2> colls-err.txt || true
    expect_eq "smpi: the seven by their algorithms, set $k: results" "$(cat colls.txt)" "$COLLS_OK"
    expect_eq "smpi: the seven by their algorithms, set $k: report" \
        "$(new_rows colls-report.csv)" "$(cat expected.csv)"
    cut -d, -f1,3 expected.csv >> used.csv
done
expect_eq "smpi: every algorithm of the seven ran" "$(sort -u used.csv | wc -l)" \
    "$(for c in $NEW_COLLS; do algorithms_of "$c"; done | wc -l)"

# Size rules and the report's exact bytes. gather and scatter: 1 int (4 B)
# and 16 ints (64 B) per rank; scan and exscan: a sum of 1 long (8 B) and
# the affine op on 2 longs (16 B). gatherv, scatterv and alltoallv take np
# conditions only; their bytes are what each rank passes: gatherv's root
# (rank 0) the largest block, 3 ints, ranks 1-3 their own r ints (36 B per
# call); scatterv's root (rank 3) 4 ints, ranks 0-2 r + 1 ints (40 B);
# alltoallv the largest block a rank receives, 2 ints (32 B).
PAPCOLL_REPORT=colls-report.csv PAPCOLL_GATHER='<=4B:linear,binomial' \
    PAPCOLL_SCATTER='>4B:binomial,linear' PAPCOLL_GATHERV='np>4:mpi,linear' \
    PAPCOLL_SCATTERV='np=4:linear' PAPCOLL_ALLTOALLV='np>=8:linear,pairwise' \
    PAPCOLL_SCAN='<=8B:linear,recursive_doubling' PAPCOLL_EXSCAN='>8B:linear,recursive_doubling' \
    smpi 4 "$B/colls-papcoll-smpi" > colls.txt
expect_eq "smpi: the seven by size and np rules: results" "$(cat colls.txt)" "$COLLS_OK"
expect_eq "smpi: the seven by size and np rules: calls and bytes per rule" \
    "$(awk -F, -v cs=" $NEW_COLLS " 'index(cs, " " $1 " ")' colls-report.csv | cut -d, -f1-7)" \
"alltoallv,pairwise,pairwise,8,64,0,-
scan,<=8B:linear,linear,8,64,0,-
scan,recursive_doubling,recursive_doubling,8,128,0,-
exscan,>8B:linear,linear,8,128,0,-
exscan,recursive_doubling,recursive_doubling,8,64,0,-
gather,<=4B:linear,linear,8,32,0,-
gather,binomial,binomial,8,512,0,-
scatter,>4B:binomial,binomial,8,512,0,-
scatter,linear,linear,8,32,0,-
gatherv,linear,linear,8,72,0,-
scatterv,np=4:linear,linear,8,80,0,-"

# ---- bad configurations: refused at MPI_Init, naming the variable -----------
bad() { # NAME VAR=VALUE EXPECTED-MESSAGE
    local rc=0
    (export "$2"; smpi 4 "$B/cg-papcoll-smpi" $CG_ARGS > bad.txt 2> bad-err.txt) || rc=$?
    expect_eq "$1: exit status" "$([ $rc -ne 0 ] && echo non-zero)" non-zero
    expect_eq "$1: the application did not run" "$(grep -c 'cg:' bad.txt)" 0
    expect_eq "$1: message" "$(grep -o 'papcoll: .*' bad-err.txt | head -n 1)" "$3"
}
bad "unknown algorithm" PAPCOLL_REDUCE=fastest \
    "papcoll: PAPCOLL_REDUCE: rule 'fastest': unknown reduce algorithm 'fastest' (known: mpi, $("$PAPSIM" list --format csv | awk -F, 'NR > 1 && $1 == "reduce" {printf "%s%s", sep, $2; sep = ", "}'))"
bad "a knob the algorithm does not take" 'PAPCOLL_ALLREDUCE=ring(segment_bytes=8KiB)' \
    "papcoll: PAPCOLL_ALLREDUCE: rule 'ring(segment_bytes=8KiB)': allreduce ring takes no knob 'segment_bytes' (it takes: none)"
bad "a malformed size range" 'PAPCOLL_BCAST=<64KB&>>1:binomial' \
    "papcoll: PAPCOLL_BCAST: rule '<64KB&>>1:binomial': condition '>>1': bytes '>1' is not a number with an optional unit (B, KiB, MiB, GiB, k, M, G, kB, MB, GB)"
bad "an empty rule" 'PAPCOLL_ALLGATHER=ring,,bruck' \
    "papcoll: PAPCOLL_ALLGATHER: an empty rule (two commas, or a comma at an end)"
bad "a window of no calls" 'PAPCOLL_WINDOW=0' \
    "papcoll: PAPCOLL_WINDOW: calls '0' must be between 1 and 1000"
# A name of another collective's algorithm says whose it is.
known() { algorithms_of "$1" | paste -sd, | sed 's/,/, /g'; }
owners() { "$PAPSIM" list --format csv | awk -F, -v a="$1" 'NR > 1 && $2 == a {print $1}' | paste -sd, | sed 's/,/, /g'; }
bad "an algorithm of other collectives" PAPCOLL_SCAN=ring \
    "papcoll: PAPCOLL_SCAN: rule 'ring': unknown scan algorithm 'ring' (known: mpi, $(known scan)); it is an algorithm of $(owners ring)"
expect_eq "ring is an algorithm of several collectives" "$(owners ring | grep -c allgather)" 1
bad "gather's linear_sync for alltoallv" PAPCOLL_ALLTOALLV=linear_sync \
    "papcoll: PAPCOLL_ALLTOALLV: rule 'linear_sync': unknown alltoallv algorithm 'linear_sync' (known: mpi, linear, pairwise); it is an algorithm of alltoall, gather"
bad "a size condition for gatherv" 'PAPCOLL_GATHERV=<=1KiB:linear' \
    "papcoll: PAPCOLL_GATHERV: rule '<=1KiB:linear': condition '<=1KiB': the ranks of a gatherv call pass their own counts, so they need not agree on a size; its rules test np only (np>=16:ALGORITHM)"

# ---- under Open MPI and MPICH (LD_PRELOAD) ---------------------------------
# The same checks under each real MPI: Open MPI (cg-mpi, colls-mpi,
# libpapcoll.so) and, when built (cmake/mpich.cmake), MPICH (cg-mpich,
# colls-mpich, libpapcoll-mpich.so under mpiexec.mpich).
reals=ompi
[ -n "${PAPSIM_BUILD_MPICH:-}" ] && reals="ompi mpich"
for real in $reals; do
    app=mpi
    [ "$real" = mpich ] && app=mpich
    plain 3 "$B/cg-$app" $CG_ARGS > mpi-ref.txt
    # Each rule: the results, and its collective's report row (its calls,
    # bytes and fall-throughs, the same under both MPIs): a wrapper that
    # handed the call to the MPI library unseen would leave the results
    # right but the row out.
    while read -r rule want; do
        rm -f rule-report.csv
        (export "$rule" PAPCOLL_REPORT=rule-report.csv
         mpi 3 "$B/cg-$app" $CG_ARGS < /dev/null > mpi-out.txt 2> mpi-err.txt) || true
        expect_eq "$real: $rule: results" "$(same_results mpi-ref.txt mpi-out.txt)" same
        expect_eq "$real: $rule: report" \
            "$(awk -F, -v c="${want%%,*}" '$1 == c' rule-report.csv 2>&1 | cut -d, -f1-7)" "$want"
    done <<'RULES'
PAPCOLL_ALLREDUCE=ring allreduce,ring,ring,75,38400,0,-
PAPCOLL_ALLREDUCE=slt allreduce,slt,slt,75,38400,0,-
PAPCOLL_REDUCE=clairvoyant reduce,clairvoyant,clairvoyant,9,60,0,-
PAPCOLL_BCAST=pipeline bcast,pipeline,pipeline,3,24,0,-
PAPCOLL_ALLGATHER=bruck allgather,bruck,bruck,3,12,0,-
PAPCOLL_ALLTOALL=modified_bruck alltoall,modified_bruck,modified_bruck,3,12,0,-
PAPCOLL_BARRIER=tree barrier,tree,tree,6,0,0,-
PAPCOLL_REDUCE_SCATTER=pairwise reduce_scatter,pairwise,pairwise,3,24,0,-
PAPCOLL_REDUCE_SCATTER_BLOCK=recursive_halving reduce_scatter_block,recursive_halving,recursive_halving,3,24,0,-
RULES
    PAPCOLL_REPORT=$real-report.csv PAPCOLL_ALLGATHER=neighbor_exchange PAPCOLL_ALLREDUCE=prr \
        mpi 3 "$B/cg-$app" $CG_ARGS > mpi-out.txt
    expect_eq "$real report: results" "$(same_results mpi-ref.txt mpi-out.txt)" same
    expect_eq "$real report: neighbor_exchange needs an even np: 3 fall-throughs" \
        "$(awk -F, '$1 == "allgather" {print $4, $6, $7}' $real-report.csv)" "3 3 np:3"
    expect_eq "$real report: prr predicted from the second call on" \
        "$(awk -F, '$1 == "allreduce" {print $3, $4, $10}' $real-report.csv)" "prr 75 72"
    # The seven under the real MPI: its own collectives (no library) pass colls'
    # checks; each papsim algorithm gives the same; on an inter-communicator
    # every call falls through (papsim's algorithms are intra-communicator
    # only), counted with its reason, and the MPI's own results are checked.
    plain 4 "$B/colls-$app" > colls-mpi-ref.txt
    expect_eq "$real: the seven without the library" "$(cat colls-mpi-ref.txt)" "$COLLS_OK"
    for k in 0 1 2; do
        PAPCOLL_REPORT=colls-$real-report.csv with_algorithms $k \
            mpi 4 "$B/colls-$app" > colls.txt 2> colls-err.txt || true
        expect_eq "$real: the seven by their algorithms, set $k: results" "$(cat colls.txt)" "$COLLS_OK"
        expect_eq "$real: the seven by their algorithms, set $k: report" \
            "$(new_rows colls-$real-report.csv)" "$(cat expected.csv)"
    done
    PAPCOLL_REPORT=inter-$real-report.csv PAPCOLL_GATHER=binomial PAPCOLL_SCATTER=linear \
        PAPCOLL_GATHERV=linear PAPCOLL_SCATTERV=linear PAPCOLL_ALLTOALLV=pairwise \
        mpi 4 "$B/colls-$app" --intercomm > inter.txt
    expect_eq "$real: inter-communicator: results" "$(cat inter.txt)" "$(echo "$COLLS_OK" | head -n 5)"
    expect_eq "$real: inter-communicator: every call fell through" "$(new_rows inter-$real-report.csv)" \
    "alltoallv,pairwise,pairwise,4,4,intercommunicator:4
gather,binomial,binomial,4,4,intercommunicator:4
scatter,linear,linear,4,4,intercommunicator:4
gatherv,linear,linear,4,4,intercommunicator:4
scatterv,linear,linear,4,4,intercommunicator:4"
done
finish
