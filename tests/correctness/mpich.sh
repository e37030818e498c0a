# The correctness grid of correctness.mpi under MPICH: papbench-mpich (the
# same algorithm sources built for MPICH, cmake/mpich.cmake) under
# mpiexec.mpich at np 1 to 3 (1 to 17 with PAPSIM_MPICH_GRID_NP, see
# mpi.sh); every registered algorithm runs, 0 wrong.
if [ -z "${PAPSIM_BUILD_MPICH:-}" ]; then
    echo "MPICH not built (cmake/mpich.cmake): skipped"
    exit 77
fi
PAPSIM_GRID_MPI=mpich
source "$PAPSIM_SOURCE_DIR/tests/correctness/mpi.sh"
