# The same correctness grid as correctness_smpi.sh, with the same algorithm
# sources built for Open MPI (papbench-mpi) under mpirun, oversubscribed;
# tests/correctness/mpich.sh runs it for MPICH (papbench-mpich under
# mpiexec.mpich, np 1 to 3, or the np of PAPSIM_MPICH_GRID_NP) by setting
# PAPSIM_GRID_MPI=mpich.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
source "$PAPSIM_SOURCE_DIR/tests/correctness/cases.sh"

if [ "${PAPSIM_GRID_MPI:-ompi}" = mpich ]; then
    # MPICH's ranks poll without yielding, so past two ranks a core every
    # rank waits for a time slice (np 1 to 8 took 19 min on 2 cores at a
    # load average of 20): the suite runs np 1 to 3 (one rank, even, odd),
    # the same sources run the whole grid under SMPI and Open MPI, and
    # PAPSIM_MPICH_GRID_NP="1 2 3 4 5 7 8 16 17" runs it under MPICH.
    grid_mpi="MPICH" bench=$PAPBENCH_MPICH nps=${PAPSIM_MPICH_GRID_NP:-"1 2 3"}
    launch=("$MPIEXEC_MPICH" -n)
else
    # np 32 with PAPSIM_GRID_NP="1 2 3 4 5 7 8 16 17 32".
    grid_mpi="Open MPI" bench=$PAPBENCH_MPI nps=${PAPSIM_GRID_NP:-"1 2 3 4 5 7 8 16 17"}
    launch=("$MPIEXEC" --oversubscribe -np)
fi

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
for np in $nps; do
    correctness_cases "$np" > "cases-$np.txt"
    want=$(grep -c -- --check "cases-$np.txt")
    # Results only: clock offsets once, not before every repetition.
    if "${launch[@]}" "$np" "$bench" --margin 0.0005 --clock-sync once --no-header \
        --cases "cases-$np.txt" > "rows-$np.csv" 2> "err-$np.txt"; then
        pass
    else
        fail "np=$np: $(basename "$bench") failed: $(tail -n 3 "err-$np.txt")"
    fi
    expect_eq "np=$np: rows" "$(wc -l < "rows-$np.csv")" "$want"
    # Real runs may flag a missed start (noisy host); only wrong results fail.
    expect_eq "np=$np: wrong results" "$(grep -c ',check_failed$' "rows-$np.csv")" "0"
done
# Every registered algorithm ran (at some np): the grid comes from the
# registry, so one missing here accepts none of these np or lost its cases.
cat rows-*.csv | csv_cols -H "$(results_header)" collective,algorithm | sort -u > ran.txt
"$PAPSIM" list | tail -n +2 | awk '{print $1 "," $2}' | sort -u > registered.txt
expect_eq "algorithms never run under $grid_mpi" "$(comm -23 registered.txt ran.txt | tr '\n' ' ')" ""
finish
