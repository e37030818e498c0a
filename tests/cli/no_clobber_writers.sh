# The writers outside papsim's commands follow papsim's output rules
# (util/papsim_output.h): never over an input, never over an existing file
# that is not their own without forcing, the content put in place whole.
#  1. papbench --per-rank FILE, run directly under smpirun, and
#     papbench-mpi under Open MPI: an existing FILE is refused (exit 2,
#     the file unchanged) unless --force; FILE the --cases file or the
#     pattern file is refused even with --force; with --force the rows
#     replace the file; no FILE.tmp is left. papsim bench --per-rank still
#     writes its rows (papbench writes them in its working directory).
#  2. libpaptrace under Open MPI and under smpirun: an existing PAPTRACE_OUT
#     that is not a trace is refused at MPI_Init (exit 2, unchanged) unless
#     PAPTRACE_FORCE=1; an existing trace is replaced; the traced program
#     itself is refused even with PAPTRACE_FORCE=1; a bad PAPTRACE_FORCE
#     is named.
#  3. papsim run: a pattern file that is one of DIR/work's scratch files
#     (work/batch-0/cases.txt) is refused before anything runs; a link
#     left at work/batch-0/cases.txt is replaced, its target unchanged.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
B=$PAPSIM_BUILD_DIR
PLATFORM=$PAPSIM_SOURCE_DIR/platforms/default.xml
bench=(--collective allreduce --algorithm ring --bytes 8 --reps 2)
smpi() { timeout 60 "$SMPIRUN" -no-privatize -platform "$PLATFORM" -np 2 "$@" --log=root.thres:critical; }
mpi() { timeout 60 "$MPIEXEC" --oversubscribe -np 2 "$@"; }

# --- 1. papbench --per-rank ---
printf '0\n1us\n' >pat.txt
printf -- '--pattern file:pat.txt --skew 1us\n' >cases.txt
for how in smpi mpi; do
    if [ $how = smpi ]; then run=(smpi "$PAPBENCH"); else run=(mpi "$PAPBENCH_MPI"); fi
    echo "my rows" >pr.csv
    BAD_INPUT_PREFIX=""
    expect_bad_input "$how: --per-rank existing" \
        "papbench: --per-rank: 'pr.csv' exists \(give --force to replace it\)$" \
        "${run[@]}" "${bench[@]}" --per-rank pr.csv
    expect_eq "$how: pr.csv unchanged" "$(cat pr.csv)" "my rows"
    sum_c=$(sha256sum cases.txt pat.txt)
    expect_bad_input "$how: --per-rank the --cases file" \
        "papbench: --per-rank: 'cases.txt' is the input 'cases.txt' \(the same file\); papsim never writes over an input$" \
        "${run[@]}" "${bench[@]}" --cases cases.txt --per-rank cases.txt --force
    ln -sf pat.txt link.csv
    expect_bad_input "$how: --per-rank a link to the pattern file" \
        "papbench: --per-rank: 'link.csv' is the input 'pat.txt' \(the same file\)" \
        "${run[@]}" "${bench[@]}" --cases cases.txt --per-rank link.csv --force
    expect_eq "$how: inputs unchanged" "$(sha256sum cases.txt pat.txt)" "$sum_c"
    expect_ok "$how: --per-rank --force" "${run[@]}" "${bench[@]}" --cases cases.txt \
        --per-rank pr.csv --force
    expect_eq "$how: rows replaced (2 reps x 2 ranks)" \
        "$(csv_cols -H "$per_rank_header" rep,rank,delay_s pr.csv | tr '\n' ' ')" \
        "0,0,0 0,1,9.9999999999999995e-07 1,0,0 1,1,9.9999999999999995e-07 "
    rm -f pr.csv link.csv
    expect_ok "$how: --per-rank new" "${run[@]}" "${bench[@]}" --per-rank pr.csv
    expect_eq "$how: new rows" "$(wc -l <pr.csv)" 4
done
rm -f pr.csv
expect_ok "papsim bench --per-rank" "$PAPSIM" bench --np 2 "${bench[@]}" --per-rank pr.csv
expect_eq "papsim bench: rows" "$(wc -l <pr.csv)" 4
expect_fail "papsim bench --per-rank existing" "'pr.csv' exists \(give --force to replace it\)" \
    "$PAPSIM" bench --np 2 "${bench[@]}" --per-rank pr.csv

# --- 2. libpaptrace ---
trace_mpi() { PAPTRACE_OUT=$1 mpi -x LD_PRELOAD="$B/libpaptrace.so" -x PAPTRACE_OUT \
    ${PAPTRACE_FORCE:+-x PAPTRACE_FORCE} "$B/callseq-mpi" --reps 1; }
trace_smpi() { PAPTRACE_OUT=$1 smpi "$B/callseq-smpi" --reps 1 --cfg=smpi/simulate-computation:no; }
for how in mpi smpi; do
    echo "my notes" >notes.txt
    BAD_INPUT_PREFIX="paptrace: "
    expect_bad_input "$how trace: existing file" \
        "PAPTRACE_OUT: 'notes.txt' exists \(set PAPTRACE_FORCE=1 to replace it\)$" \
        trace_$how notes.txt
    expect_eq "$how trace: notes unchanged" "$(cat notes.txt)" "my notes"
    expect_bad_input "$how trace: bad PAPTRACE_FORCE" \
        "PAPTRACE_FORCE='yes': expected 1 \(replace an existing PAPTRACE_OUT\) or 0$" \
        env PAPTRACE_FORCE=yes bash -c "$(declare -f trace_$how smpi mpi); B='$B' \
            SMPIRUN='$SMPIRUN' MPIEXEC='$MPIEXEC' PLATFORM='$PLATFORM' trace_$how notes.txt"
    expect_ok "$how trace: PAPTRACE_FORCE=1" env PAPTRACE_FORCE=1 bash -c "$(declare -f \
        trace_$how smpi mpi); B='$B' SMPIRUN='$SMPIRUN' MPIEXEC='$MPIEXEC' \
        PLATFORM='$PLATFORM' trace_$how notes.txt"
    expect_eq "$how trace: replaced by a trace" "$(head -n 1 notes.txt)" "paptrace 1"
    expect_ok "$how trace: a trace is replaced" trace_$how notes.txt
    expect_eq "$how trace: complete" "$(tail -n 1 notes.txt | cut -d' ' -f1)" "end"
done
cp "$B/callseq-mpi" app-mpi && ln -s app-mpi self.trace
sum_a=$(sha256sum app-mpi)
expect_bad_input "trace: the program itself" \
    "PAPTRACE_OUT: 'self.trace' is the input '/proc/self/exe' \(the same file\)" \
    env PAPTRACE_FORCE=1 PAPTRACE_OUT=self.trace timeout 60 "$MPIEXEC" --oversubscribe -np 2 \
    -x LD_PRELOAD="$B/libpaptrace.so" -x PAPTRACE_OUT -x PAPTRACE_FORCE ./app-mpi --reps 1
expect_eq "trace: program unchanged" "$(sha256sum app-mpi)" "$sum_a"

# --- 3. papsim run: DIR/work's scratch files ---
printf '%s\n' "platforms = default" "collective = allreduce" "np = 2" "bytes = 8" \
    "skews = 1us" "[block]" "algorithms = ring" "patterns = file:p2.txt" >spec.ini
printf '0\n1us\n' >p2.txt
expect_ok "run: first" "$PAPSIM" run spec.ini --out out --quiet
expect_eq "run: a row" "$(csv_col status out/results.csv)" "ok"
mv p2.txt out/work/batch-0/cases.txt && ln out/work/batch-0/cases.txt p2.txt
rm out/results.csv
sum_p=$(sha256sum p2.txt)
BAD_INPUT_PREFIX="papsim run: "
expect_bad_input "run: the pattern file is DIR/work/batch-0/cases.txt" \
    "--out: 'out/work/batch-0/cases.txt' is the input 'p2.txt' \(the same file\); papsim never writes over an input$" \
    "$PAPSIM" run spec.ini --out out --quiet
expect_eq "run: pattern file unchanged" "$(sha256sum p2.txt)" "$sum_p"
expect_eq "run: nothing ran" "$(ls out | grep -c results.csv)" 0
rm out/work/batch-0/cases.txt && echo "keep" >elsewhere.txt
ln -s ../../../elsewhere.txt out/work/batch-0/cases.txt
expect_ok "run: a link among the scratch files" "$PAPSIM" run spec.ini --out out --quiet
expect_eq "run: its target unchanged" "$(cat elsewhere.txt)" "keep"
expect_eq "run: the link replaced by a file" "$(stat -c %F out/work/batch-0/cases.txt)" "regular file"

expect_eq "no .tmp left" "$(find . -name '*.tmp' | wc -l)" "0"
finish
