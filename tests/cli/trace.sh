# libpaptrace end to end (traces/README.md).
# (a) callseq (every intercepted collective in a known order, known bytes)
#     under Open MPI (LD_PRELOAD) and under smpirun (linked in): the trace
#     holds exactly the predicted (comm, seq, collective, size, bytes, rank)
#     lines, also with PAPTRACE_EVERY, PAPTRACE_RANKS, PAPTRACE_COLLECTIVES
#     and PAPTRACE_MAX_RECORDS; a rank that sleeps before the last allreduce
#     arrives that much later; bad PAPTRACE_* values stop the run (exit 2).
# (b) stencil -> trace -> papsim pattern --from-trace -> papsim bench
#     --pattern file:..., and papsim trace-summary; the trace/pattern errors.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
B=$PAPSIM_BUILD_DIR
PLATFORM=$PAPSIM_SOURCE_DIR/platforms/default.xml
NP=4
REPS=3

# run_mpi TRACE APP ARGS...: the app under Open MPI with the tracer preloaded
# and the current PAPTRACE_* variables.
run_mpi() {
    local out=$1; shift
    PAPTRACE_OUT=$out timeout 60 "$MPIEXEC" --oversubscribe -np $NP \
        -x LD_PRELOAD="$B/libpaptrace.so" -x PAPTRACE_OUT \
        ${PAPTRACE_EVERY:+-x PAPTRACE_EVERY} ${PAPTRACE_RANKS:+-x PAPTRACE_RANKS} \
        ${PAPTRACE_COLLECTIVES:+-x PAPTRACE_COLLECTIVES} \
        ${PAPTRACE_MAX_RECORDS:+-x PAPTRACE_MAX_RECORDS} "$@"
}

# run_smpi TRACE APP ARGS...: the app under smpirun (tracer linked in).
run_smpi() {
    local out=$1 app=$2; shift 2
    PAPTRACE_OUT=$out timeout 60 "$SMPIRUN" -no-privatize -platform "$PLATFORM" \
        -np $NP "$app" --cfg=smpi/simulate-computation:no \
        --log=root.thres:warning "$@"
}

# expected EVERY COLLECTIVES RANKS: callseq's trace lines (fields 1-6),
# sorted, as callseq.c's header and traces/README.md define them: the
# sequence counts every collective on a communicator; sampling keeps the
# 1st, (k+1)-th, ... of the calls of the traced collectives.
expected() {
    awk -v p=$NP -v reps=$REPS -v every="$1" -v colls="$2" -v ranks="$3" '
    function bytes(c, r) {
        if (c == "barrier") return 0
        if (c == "bcast" || c == "allreduce") return 16
        if (c == "reduce") return 24
        if (c == "allgather") return 5
        if (c == "alltoall") return 4
        if (c == "alltoallv") return 4 * p * (r + 1)
        if (c == "scatter") return 12
        if (c == "gather" || c == "reduce_scatter_block" || c == "scan" || c == "exscan") return 8
        return 4 * (r + 1) # allgatherv gatherv scatterv reduce_scatter
    }
    function emit(comm, seq, c, size, b, r) {
        if (colls != "all" && !(c in want)) return
        if (sel[comm, r]++ % every != 0 || !(r in traced)) return
        print comm, seq, c, size, b, r
    }
    BEGIN {
        split("barrier bcast reduce allreduce allgather allgatherv alltoall alltoallv gather gatherv scatter scatterv reduce_scatter reduce_scatter_block scan exscan", name, " ")
        n = split(colls, cl, ","); for (i = 1; i <= n; i++) want[cl[i]]
        n = split(ranks, rl, ","); for (i = 1; i <= n; i++) traced[rl[i]]
        for (r = 0; r < p; r++) {
            for (k = 0; k < reps; k++) {
                for (i = 1; i <= 16; i++) emit("0.0", 16 * k + i - 1, name[i], p, bytes(name[i], r), r)
                emit(r % 2 ? "1.0" : "0.1", k, "allreduce", r % 2 ? int(p / 2) : int((p + 1) / 2), 4, r)
            }
            emit("0.0", 16 * reps, "barrier", p, 0, r)
            emit("0.0", 16 * reps + 1, "allreduce", p, 8, r)
        }
    }' | sort
}

records() { grep -E '^[0-9]+\.[0-9]+ ' "$1" | cut -d' ' -f1-6 | sort; }
header() { awk -v k="$2" '$1 == k { print $2; exit }' "$1"; }

# gap_of TRACE SEQ RANK: arrival of RANK at world call SEQ minus its exit
# from call SEQ - 1, %.9f.
gap_of() {
    awk -v s="$2" -v r="$3" '$1 == "0.0" && $6 == r && $2 == s - 1 { x = $8 }
        $1 == "0.0" && $6 == r && $2 == s { a = $7 }
        END { printf "%.9f", a - x }' "$1"
}

# check_trace DESC TRACE EVERY COLLECTIVES RANKS
check_trace() {
    local want; want=$(expected "$3" "$4" "$5")
    expect_eq "$1: records" "$(records "$2")" "$want"
    expect_eq "$1: header count" "$(header "$2" records)" "$(printf '%s\n' "$want" | grep -c .)"
    expect_eq "$1: end line" "$(tail -n 1 "$2")" "end $(header "$2" records)"
}

# delay_of TRACE SEQ RANK: arrival of RANK minus the first arrival at that
# world call, %.9f.
delay_of() {
    awk -v s="$2" -v r="$3" '$1 == "0.0" && $2 == s {
        if (min == "" || $7 < min) min = $7; if ($6 == r) a = $7 }
        END { printf "%.9f", a - min }' "$1"
}

LAST=$((16 * REPS + 1))
ALL=0,1,2,3
for mode in mpi smpi; do
    run=run_$mode; app=$B/callseq-$mode
    [ $mode = mpi ] && late=200 || late=50
    if $run all-$mode.txt "$app" --reps $REPS --late-rank 3 --late-ms $late >out.txt 2>err.txt; then pass; else fail "$mode callseq: $(tail -n 3 err.txt)"; fi
    check_trace "$mode all" all-$mode.txt 1 all $ALL
    expect_eq "$mode header" "$(sed -n 1,5p all-$mode.txt | tr '\n' ' ')" \
        "paptrace 1 world_size 4 traced_ranks all collectives all every 1 "
    d=$(delay_of all-$mode.txt $LAST 3)
    if [ $mode = smpi ]; then
        # Simulated: rank 3 is late by exactly the sleep against rank 1,
        # which left the barrier at the same instant.
        expect_eq "smpi late rank" "$(awk -v s=$LAST '$2 == s && $1 == "0.0" { t[$6] = $7 }
            END { printf "%.9f", t[3] - t[1] }' all-smpi.txt)" "0.050000000"
    else
        # Real: rank 3 sleeps 200 ms between leaving the barrier and entering
        # the allreduce, and nanosleep never returns early, so its own gap
        # is at least 0.2 s whatever the load (its arrival after the other
        # ranks, $d s here, is not: a loaded host may hold them back too).
        # Both times are on rank 0's clock through one interpolated offset:
        # its drift estimate scales the gap by well under 5% (0.19 s).
        g=$(gap_of all-$mode.txt $LAST 3)
        echo "mpi late rank: gap $g s after its barrier, $d s after the first arrival"
        if awk -v g="$g" 'BEGIN { exit !(g >= 0.19 && g < 30) }'; then
            pass
        else
            fail "mpi late rank: rank 3 entered the allreduce $g s after leaving the barrier, want >= 0.2 s"
        fi
    fi

    PAPTRACE_EVERY=2 $run every-$mode.txt "$app" --reps $REPS >/dev/null 2>err.txt || fail "$mode every: $(tail -n 3 err.txt)"
    check_trace "$mode every=2" every-$mode.txt 2 all $ALL
    PAPTRACE_RANKS=0,2-3 $run ranks-$mode.txt "$app" --reps $REPS >/dev/null 2>err.txt || fail "$mode ranks: $(tail -n 3 err.txt)"
    check_trace "$mode ranks=0,2-3" ranks-$mode.txt 1 all 0,2,3
    PAPTRACE_COLLECTIVES=allreduce,alltoall PAPTRACE_EVERY=2 $run colls-$mode.txt "$app" --reps $REPS >/dev/null 2>err.txt ||
        fail "$mode collectives: $(tail -n 3 err.txt)"
    check_trace "$mode collectives+every" colls-$mode.txt 2 allreduce,alltoall $ALL
done

# Both runtimes see the same calls with the same bytes.
expect_eq "mpi = smpi records" "$(records all-mpi.txt)" "$(records all-smpi.txt)"

# A bounded buffer: 10 records per rank kept, the rest counted as dropped.
PAPTRACE_MAX_RECORDS=10 run_mpi max.txt "$B/callseq-mpi" --reps $REPS >/dev/null 2>err.txt || fail "max records: $(tail -n 3 err.txt)"
expect_eq "max records: kept" "$(header max.txt records)" "40"
expect_eq "max records: dropped" "$(header max.txt dropped)" "$((NP * (17 * REPS + 2) - 40))"
if grep -q "selected calls were not recorded (PAPTRACE_MAX_RECORDS=10" err.txt; then pass; else fail "max records: no warning"; fi

# Bad sampling options stop the run with exit 2 and name the variable.
bad_env() {
    local desc=$1 pattern=$2 rc=0; shift 2
    env "$@" bash -c "$(declare -f run_mpi); B='$B' NP=$NP MPIEXEC='$MPIEXEC' run_mpi bad.txt '$B/callseq-mpi'" >/dev/null 2>err.txt || rc=$?
    if [ $rc -ne 2 ]; then fail "$desc: exit $rc, want 2"
    elif ! grep -Eq -- "^paptrace: .*$pattern" err.txt; then fail "$desc: stderr lacks /$pattern/: $(head -c 300 err.txt)"
    else pass; fi
}
bad_env "unknown collective" "PAPTRACE_COLLECTIVES='allreduce,alltoal': unknown collective 'alltoal' \(valid: allgather, " \
    PAPTRACE_COLLECTIVES=allreduce,alltoal
bad_env "rank out of range" "PAPTRACE_RANKS='0,4': rank 4 is out of range \(the run has 4 ranks\)" PAPTRACE_RANKS=0,4
bad_env "bad every" "PAPTRACE_EVERY='0' is not a positive integer" PAPTRACE_EVERY=0

# (b) stencil: the imbalance shows in the allreduce arrivals, and the
# pattern drives a papsim bench case.
if run_smpi st-smpi.txt "$B/stencil-smpi" --iters 20 --cells 100000 --sweeps 10 >/dev/null 2>err.txt; then pass; else fail "smpi stencil: $(tail -n 3 err.txt)"; fi
expect_ok "pattern from smpi trace" "$PAPSIM" pattern --from-trace st-smpi.txt --collective allreduce --out st-smpi.pat
# Rank r computes r ms more per iteration (3 ns x 100000 cells x 10 sweeps x r/3).
expect_eq "smpi stencil pattern" "$(awk '!/^#/ { printf "%d:%.2f ", $1, $2 * 1000 }' st-smpi.pat)" "0:0.00 1:1.00 2:2.00 3:3.00 "
expect_ok "bench with the traced pattern" "$PAPSIM" bench --np $NP --collective allreduce --algorithm ring \
    --bytes 1KiB --pattern file:st-smpi.pat --skew 1ms --check
expect_eq "bench row" "$(csv_cols pattern,status out.txt | tail -n 1 | tr ',' ' ')" "file:st-smpi.pat ok"

if run_mpi st-mpi.txt "$B/stencil-mpi" --iters 20 --cells 200000 --sweeps 10 >/dev/null 2>err.txt; then pass; else fail "mpi stencil: $(tail -n 3 err.txt)"; fi
expect_ok "pattern from mpi trace" "$PAPSIM" pattern --from-trace st-mpi.txt --collective allreduce -o st-mpi.pat
expect_eq "mpi pattern ranks" "$(grep -vc '^#' st-mpi.pat)" "4"
# Rank 3 sweeps twice the cells of rank 0 (noisy host: only the order).
if awk '!/^#/ { d[$1] = $2 } END { exit !(d[3] > d[0]) }' st-mpi.pat; then pass; else fail "mpi stencil: rank 3 not later than rank 0: $(cat st-mpi.pat)"; fi
expect_ok "bench with the mpi pattern" "$PAPSIM" bench --np $NP --collective allreduce --algorithm ring \
    --bytes 1KiB --pattern file:st-mpi.pat --skew 1ms

# trace-summary: exact per-collective counts from the smpi stencil.
expect_ok "trace-summary" "$PAPSIM" trace-summary st-smpi.txt
expect_eq "summary rows" "$(awk 'NR > 2 { print $1, $2 }' out.txt | tr '\n' ' ')" "allreduce 20 alltoall 20 all 40 "
expect_eq "allreduce last rank" "$(awk '$1 == "allreduce" { print $7 }' out.txt)" "3:20"

# Bad traces: file and line named, exit 2.
BAD_INPUT_PREFIX='papsim pattern: '
head -n 30 st-smpi.txt >cut.txt
expect_bad_input "truncated trace" "cut.txt:30: truncated: the trace ends after 20 of 160 records" \
    "$PAPSIM" pattern --from-trace cut.txt
sed '1s/paptrace 1/paptrace 9/' st-smpi.txt >v9.txt
expect_bad_input "other version" "v9.txt:1: paptrace format version 9 is not supported" \
    "$PAPSIM" pattern --from-trace v9.txt
expect_bad_input "no such collective" "trace 'st-smpi.txt' has no calls of bcast \(it has: allreduce, alltoall\)" \
    "$PAPSIM" pattern --from-trace st-smpi.txt --collective bcast
expect_bad_input "shape options" "--from-trace takes its ranks" \
    "$PAPSIM" pattern --from-trace st-smpi.txt --np 4
BAD_INPUT_PREFIX='papsim trace-summary: '
expect_bad_input "summary of a cut trace" "cut.txt:30: truncated" "$PAPSIM" trace-summary cut.txt
finish
