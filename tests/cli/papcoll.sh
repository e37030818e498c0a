# libpapcoll (docs/papcoll.md): an application's collectives run by papsim's
# algorithms, under smpirun (linked in) and under Open MPI (LD_PRELOAD).
#   - the results of cg (papcoll/apps/cg.c) and stencil are those of the
#     runs without the library: integer checks exact, floating sums within
#     rounding, for every algorithm of every collective cg calls;
#   - the report counts calls, bytes, fall-throughs with their reason and
#     predictions exactly;
#   - a configuration libpapcoll cannot follow stops the run at MPI_Init
#     with a message naming the variable, before the application runs.
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

# mpi NP ARGS...: cg under Open MPI with libpapcoll preloaded and the
# PAPCOLL_* variables of the environment.
mpi() {
    local np=$1; shift
    local vars=()
    for v in $(env | grep -o '^PAPCOLL_[A-Z]*'); do vars+=(-x "$v"); done
    timeout 300 "$MPIEXEC" --oversubscribe -np "$np" -x LD_PRELOAD="$B/libpapcoll.so" \
        "${vars[@]}" "$B/cg-mpi" "$@"
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

# ---- under Open MPI (LD_PRELOAD) -------------------------------------------
timeout 300 "$MPIEXEC" --oversubscribe -np 3 "$B/cg-mpi" $CG_ARGS > mpi-ref.txt
for rule in PAPCOLL_ALLREDUCE=ring PAPCOLL_ALLREDUCE=slt PAPCOLL_REDUCE=clairvoyant \
            PAPCOLL_BCAST=pipeline PAPCOLL_ALLGATHER=bruck PAPCOLL_ALLTOALL=modified_bruck \
            PAPCOLL_BARRIER=tree PAPCOLL_REDUCE_SCATTER=pairwise \
            PAPCOLL_REDUCE_SCATTER_BLOCK=recursive_halving; do
    (export "$rule"; mpi 3 $CG_ARGS > mpi-out.txt 2> mpi-err.txt) || true
    expect_eq "mpi: $rule: results" "$(same_results mpi-ref.txt mpi-out.txt)" same
done
PAPCOLL_REPORT=mpi-report.csv PAPCOLL_ALLGATHER=neighbor_exchange PAPCOLL_ALLREDUCE=prr \
    mpi 3 $CG_ARGS > mpi-out.txt
expect_eq "mpi report: results" "$(same_results mpi-ref.txt mpi-out.txt)" same
expect_eq "mpi report: neighbor_exchange needs an even np: 3 fall-throughs" \
    "$(awk -F, '$1 == "allgather" {print $4, $6, $7}' mpi-report.csv)" "3 3 np:3"
expect_eq "mpi report: prr predicted from the second call on" \
    "$(awk -F, '$1 == "allreduce" {print $3, $4, $10}' mpi-report.csv)" "prr 75 72"
finish
