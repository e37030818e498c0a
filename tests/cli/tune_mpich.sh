# papsim tune --mpi mpich: MPICH 4.0.2's selection file from a study.
#  1. The exact file and summary for the hand-made study of
#     tests/fixtures/tune_mpich/ (allreduce np 4: rabenseifner at 8 B,
#     ring at 4096 B given up for recursive_doubling; its header gives the
#     threshold, 182 B) over a small default tree of the same fixture.
#  2. Bad input: exit 2, the message naming what is wrong, no file: no
#     --mpich-default, --format with --mpi mpich, a default tree of another
#     schema (a newer MPICH's comm_avg_ppn key, the CH4 layer's composition
#     key, a branch without an algorithm), a collective with no MPICH
#     counterpart (scatter), a study with no MPICH-mappable algorithm (ring
#     and slt only), --out naming the default tree.
#  3. Real MPICH 4.0.2 (when built): the file over the installed library's
#     own default tree (read from libmpich.so.12, where MPICH keeps it as a
#     string) is taken by MPICH at np 4 and np 9 (a file MPICH cannot use
#     stops it at its first collective); at the rule threshold, 182 B, MPICH
#     runs the file's recursive doubling (2 messages of the whole vector),
#     at 181 B the rule before, reduce_scatter_allgather (halves, quarters),
#     as mpich_algorithm_probe.so sees MPICH's messages leave it; without
#     the file MPICH runs reduce_scatter_allgather at 182 B and 4096 B.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/tune_mpich
BAD_INPUT_PREFIX="papsim tune: "

# --- 1. exact text ---
mkdir d && cp "$fixtures/results.csv" d/
expect_ok "tune --mpi mpich" "$PAPSIM" tune d --mpi mpich --mpich-default "$fixtures/default.json"
expect_eq "selection file" "$(cat d/mpich-selection.json)" "$(cat "$fixtures/expected.json")"
expect_eq "summary" "$(cat d/mpich-selection.json.summary.txt)" \
    "$(cat "$fixtures/expected.summary.txt")"

# --- 2. bad input ---
no_file() { # DESC DIR
    expect_eq "$1: no file written" "$(ls "$2" | grep -c 'mpich-selection')" "0"
}
mkdir b && cp "$fixtures/results.csv" b/
expect_bad_input "no default tree" "--mpi mpich needs --mpich-default JSON" \
    "$PAPSIM" tune b --mpi mpich
expect_bad_input "--format" "--format: Open MPI's rules file formats" \
    "$PAPSIM" tune b --mpi mpich --format 2 --mpich-default "$fixtures/default.json"
expect_bad_input "--mpi" "--mpi: 'intel' is not ompi or mpich" "$PAPSIM" tune b --mpi intel
sed 's/"avg_msg_size<=16"/"comm_avg_ppn<=16"/' "$fixtures/default.json" > newer.json
expect_bad_input "a newer MPICH's key" \
    "newer.json:4: key 'comm_avg_ppn<=16' is not one MPICH 4.0.2's selection reads" \
    "$PAPSIM" tune b --mpi mpich --mpich-default newer.json
sed 's/"algorithm=MPIR_Barrier_intra_dissemination"/"composition=MPIDI_Barrier_intra_composition_alpha"/' \
    "$fixtures/default.json" > ch4.json
expect_bad_input "the CH4 layer's file" \
    "ch4.json:9: key 'composition=MPIDI_Barrier_intra_composition_alpha' is not one MPICH 4.0.2's" \
    "$PAPSIM" tune b --mpi mpich --mpich-default ch4.json
sed 's/"algorithm=MPIR_Barrier_intra_dissemination": {}/"comm_size=any": {}/' \
    "$fixtures/default.json" > open.json
expect_bad_input "a branch without an algorithm" \
    "open.json:9: key 'comm_size=any': a branch ends without an \"algorithm=\" key" \
    "$PAPSIM" tune b --mpi mpich --mpich-default open.json
printf '{"collective=allreduce": {' > cut.json
expect_bad_input "a cut file" "cut.json:1: expected '\"' before the end of the file" \
    "$PAPSIM" tune b --mpi mpich --mpich-default cut.json
no_file "bad default trees" b
mkdir scatter && sed 's/,allreduce,rabenseifner,/,scatter,binomial,/; s/,allreduce,recursive_doubling,/,scatter,linear,/; /,allreduce,ring,/d' \
    "$fixtures/results.csv" > scatter/results.csv
expect_bad_input "scatter" "scatter: no papsim algorithm of it has an MPICH 4.0.2 counterpart" \
    "$PAPSIM" tune scatter --mpi mpich --mpich-default "$fixtures/default.json"
no_file "scatter" scatter
mkdir unmapped && sed 's/,allreduce,rabenseifner,/,allreduce,slt,/; /,recursive_doubling,/d' \
    "$fixtures/results.csv" > unmapped/results.csv
expect_bad_input "no mappable winner" \
    "allreduce np=4 8 B: no algorithm with an MPICH 4.0.2 counterpart has a result \(best: slt\)" \
    "$PAPSIM" tune unmapped --mpi mpich --mpich-default "$fixtures/default.json"
no_file "no mappable winner" unmapped
cp "$fixtures/default.json" b/mine.json
expect_bad_input "--out over the default tree" "--out: 'b/mine.json' is the input 'b/mine.json' \(the same file\); papsim never writes over an input" \
    "$PAPSIM" tune b --mpi mpich --mpich-default b/mine.json --out b/mine.json
expect_eq "the default tree unchanged" "$(cat b/mine.json)" "$(cat "$fixtures/default.json")"

# --- 3. real MPICH 4.0.2 ---
lib=/usr/lib/x86_64-linux-gnu/libmpich.so.12
if [ -z "${PAPSIM_BUILD_MPICH:-}" ] || [ ! -r "$lib" ]; then
    echo "MPICH not built or no $lib: part 3 skipped"
    finish
fi
# MPICH 4.0.2 keeps its default tree in the library as one line of JSON.
strings -n 3 "$lib" | grep -m 1 '^{"collective=bcast":{"comm_type=intra":{"comm_size<8"' > default.json
expect_eq "MPICH's default tree found" "$([ -s default.json ] && echo yes)" "yes"
expect_ok "tune over MPICH's own default" \
    "$PAPSIM" tune d --mpi mpich --mpich-default default.json --out real.json
mpich_run() { # NP FILE|"" BYTES...: the probe lines of rank ${rank:-0}
    local np=$1 file=$2
    shift 2
    rm -f probe.*
    env ${file:+MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=$PWD/$file} \
        PAPSIM_PROBE_OUT="$PWD/probe" LD_PRELOAD="$PAPSIM_MPICH_PROBE" \
        timeout 60 "$MPIEXEC_MPICH" -n "$np" "$PAPSIM_MPICH_ALLREDUCE" "$@" 2> run-err.txt ||
        fail "mpiexec.mpich -n $np ${file:-(no file)}: $(tail -n 3 run-err.txt)"
    cat "probe.${rank:-0}" 2> /dev/null
}
expect_eq "np 4 with the file: rule threshold 182 B and one byte below" \
    "$(mpich_run 4 real.json 8 181 182 4096 | tr '\n' '|')" \
    "allreduce 8: 4 2 2 4|allreduce 181: 90 45 46 91|allreduce 182: 182 182|allreduce 4096: 4096 4096|"
expect_eq "np 4 without it: MPICH's default" \
    "$(mpich_run 4 "" 8 181 182 4096 | tr '\n' '|')" \
    "allreduce 8: 8 8|allreduce 181: 90 45 46 91|allreduce 182: 90 46 46 92|allreduce 4096: 2048 1024 1024 2048|"
# np 9 is no studied size: the np 4 rules hold for it too (the last np
# holds for every larger one). In recursive doubling at np 9 rank 1 takes
# rank 0's vector, runs the 3 steps among 8 ranks and hands the result back:
# 4 whole vectors.
expect_eq "np 9 with the file: recursive doubling at 4096 B (rank 1)" \
    "$(rank=1 mpich_run 9 real.json 4096 | tr '\n' '|')" "allreduce 4096: 4096 4096 4096 4096|"
finish
