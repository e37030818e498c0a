# The algorithms as a library: every registered algorithm, called directly
# (tests/mpi/restrictions.c, no papbench in front of it), refuses a case it
# does not support with the error class papsim_algorithms.h documents, on
# every rank and without a hang, and still gives the right result otherwise.
# Under Open MPI (mpiexec, oversubscribed) at np 4 (a power of two), 5
# (odd) and 6 (even, not a power of two), MPICH (mpiexec.mpich, when
# built) at np 5, and under SMPI with the same sources
# built as smpicc builds them, without papsim's defines, at np 4 and 5.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

# At least this many cases per run: 39 algorithms x 18 cases and more; a
# run that stops early or tests nothing does not pass.
min_cases=700

for np in 4 5 6; do
    run_test_program "Open MPI" "$PAPSIM_RESTRICTIONS" "$np" "mpi-$np.txt" "$min_cases"
    expect_eq "Open MPI np=$np: not taken for SMPI" "$(grep -c "^PAPSIM_ALGORITHMS_SMPI=0$" "mpi-$np.txt")" "1"
done

# The same under MPICH (papsim-restrictions-mpich under mpiexec.mpich),
# when it is built (cmake/mpich.cmake), at np 5 (odd: every np restriction
# refuses, the others run): MPICH's ranks poll without yielding, so each
# rank past the cores slows the whole suite down;
# PAPSIM_MPICH_RESTRICTIONS_NP="4 5 6" runs Open MPI's three.
if [ -n "${PAPSIM_RESTRICTIONS_MPICH:-}" ]; then
    for np in ${PAPSIM_MPICH_RESTRICTIONS_NP:-5}; do
        run_test_program MPICH "$PAPSIM_RESTRICTIONS_MPICH" "$np" "mpich-$np.txt" "$min_cases"
        expect_eq "MPICH np=$np: not taken for SMPI" "$(grep -c "^PAPSIM_ALGORITHMS_SMPI=0$" "mpich-$np.txt")" "1"
    done
fi

# SMPI detected from its own mpi.h, so the gamma case (combine cost
# charged as simulated time) ran too.
run_smpi_programs papsim-restrictions-smpi "${PAPSIM_RESTRICTIONS_SMPI:-}" "$min_cases" 4 5

# The algorithm layer stands alone: nothing under algorithms/ calls into the
# drivers or includes SimGrid's internal helpers.
src="$PAPSIM_SOURCE_DIR/algorithms"
expect_eq "algorithms/ calling papsim_fail or including papsim_error.h" \
    "$(grep -rlE 'papsim_fail\(|papsim_error\.h' "$src" | tr '\n' ' ')" ""
expect_eq "algorithms/ including smpi_helpers_internal.h" \
    "$(grep -rl 'include <smpi_helpers_internal.h>\|include <smpi/smpi_helpers_internal.h>' "$src" | tr '\n' ' ')" ""
finish
