# Matching signatures, not identical datatypes: every registered algorithm
# (tests/mpi/signatures.c, called through the registry) with different
# datatypes and counts per rank of the same type signature, zero-size
# datatypes and zero counts, gives every rank its whole receive buffer
# exactly, holes untouched. Under SMPI (smpirun, which reports a deadlock
# itself) and Open MPI (mpiexec, oversubscribed; the program's own 60 s watchdog
# turns a hang into a FAIL line, and `timeout` ends what it misses), at np 4
# (a power of two) and 5 (odd).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

# At least this many cases per run (7 cases x the data movers and
# reductions that run at np 4 or 5): a run that stops early or tests
# nothing does not pass.
min_cases=350

for np in 4 5; do
    run_test_program "Open MPI" "$PAPSIM_SIGNATURES" "$np" "mpi-$np.txt" "$min_cases"
done
run_smpi_programs papsim-signatures-smpi "${PAPSIM_SIGNATURES_SMPI:-}" "$min_cases" 4 5
finish
