# MPICH beside Open MPI (cmake/mpich.cmake): the -mpich twins are built for
# MPICH and run under mpiexec.mpich (as root, with no flag).
#  - papbench-mpich links libmpich, not Open MPI's libmpi, and names MPICH
#    4.0.2 as its library; papbench-mpi names Open MPI;
#  - papbench-mpich runs a checked case at np 4: every row ok or
#    missed_start (a busy host), none check_failed;
#  - libpapcoll-mpich.so and libpaptrace-mpich.so link libmpich;
#  - papsim-mpich.pc and papcoll-mpich.pc name the MPICH libraries;
#  - papsim calibrate with mpiexec.mpich and papbench-mpich measures and its
#    provenance record names MPICH 4.0.2; so does --mpi mpich alone, with
#    Open MPI's launcher and driver in $MPIEXEC and $PAPBENCH_MPI; --mpi
#    takes ompi or mpich, and a missing papbench-mpich is named.
if [ -z "${PAPSIM_BUILD_MPICH:-}" ]; then
    echo "MPICH not built (cmake/mpich.cmake): skipped"
    exit 77
fi
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
B=$PAPSIM_BUILD_DIR

links() { ldd "$1" | grep -o 'lib\(mpich\|mpi\)\.so\.[0-9]*' | sort -u | tr '\n' ' '; }
expect_eq "papbench-mpich links" "$(links "$PAPBENCH_MPICH")" "libmpich.so.12 "
expect_eq "libpapcoll-mpich.so links" "$(links "$B/libpapcoll-mpich.so")" "libmpich.so.12 "
expect_eq "libpaptrace-mpich.so links" "$(links "$B/libpaptrace-mpich.so")" "libmpich.so.12 "
expect_eq "papbench-mpi links" "$(links "$PAPBENCH_MPI")" "libmpi.so.40 "
expect_eq "papbench-mpich's library" \
    "$(timeout 60 "$MPIEXEC_MPICH" -n 1 "$PAPBENCH_MPICH" --library-version | head -n 1)" \
    "$(printf 'MPICH Version:\t4.0.2')"

timeout 120 "$MPIEXEC_MPICH" -n 4 "$PAPBENCH_MPICH" --collective allreduce --algorithm ring \
    --bytes 1KiB --reps 3 --check > rows.csv 2> err.txt || fail "papbench-mpich: $(tail -n 3 err.txt)"
expect_eq "papbench-mpich np 4: statuses" \
    "$(csv_cols status rows.csv | sed 's/missed_start/ok/' | sort | uniq -c | tr -s ' ')" " 3 ok"

pc() { sed -n "s/^$2: //p" "$B/generated/$1.pc"; }
expect_eq "papsim-mpich.pc" "$(pc papsim-mpich Libs) | $(pc papsim-mpich Requires)" \
    "-L\${libdir} -lpapsim-algorithms-mpich -lm | mpich"
expect_eq "papcoll-mpich.pc" "$(pc papcoll-mpich Libs)" "-L\${libdir} -lpapcoll-mpich"

expect_ok "calibrate under MPICH" "$PAPSIM" calibrate --np 2 --mpiexec "$MPIEXEC_MPICH" \
    --papbench-mpi "$PAPBENCH_MPICH" --max-bytes 4KiB --out cal
expect_eq "calibrate's provenance names MPICH" \
    "$(grep '^mpi_library = ' provenance.txt)" "$(printf 'mpi_library = MPICH Version:\t4.0.2')"
# --mpi mpich alone: mpiexec.mpich and the papbench-mpich beside papsim,
# whatever Open MPI's launcher and driver the environment names.
mkdir short
expect_ok "calibrate --mpi mpich" env -u MPIEXEC_MPICH -u PAPBENCH_MPICH MPIEXEC="$MPIEXEC" \
    PAPBENCH_MPI="$PAPBENCH_MPI" "$PAPSIM" calibrate --np 2 --mpi mpich --max-bytes 4KiB --out short/cal
expect_eq "calibrate --mpi mpich: MPICH ran" \
    "$(grep '^mpi_library = ' short/provenance.txt)" "$(printf 'mpi_library = MPICH Version:\t4.0.2')"
expect_eq "calibrate --mpi mpich: the sizes to 4 KiB measured" "$(grep -c '^intra,0,1,' short/cal.csv)" 7
BAD_INPUT_PREFIX="papsim calibrate: "
expect_bad_input "calibrate --mpi: another MPI" "--mpi 'intel': expected ompi or mpich" \
    "$PAPSIM" calibrate --mpi intel
expect_bad_input "calibrate --mpi mpich: no papbench-mpich" \
    "papbench-mpich './nothere' not found \(build papsim with MPICH installed" \
    env PAPBENCH_MPICH=./nothere "$PAPSIM" calibrate --mpi mpich --out none
finish
