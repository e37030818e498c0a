# papsim new COLLECTIVE NAME: for every collective of the registry it writes
# the user's algorithm with the parameter list of the collective's
# signature (include/papsim/signatures.def), which compiles against
# papsim's headers with the MPI's mpi.h (PAPSIM_PLUGIN_ALGORITHM checks the
# function's type), and the CMakeLists.txt beside it; never over a file; an
# unknown collective or a taken name is refused before anything is written.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
MPICC=${MPICC:-mpicc}
command -v "$MPICC" > /dev/null || { echo "note: no $MPICC"; exit 77; }

expect_ok "list --collectives" "$PAPSIM" list --collectives --format csv
colls=$(csv_col collective out.txt)
for c in $colls; do
    mkdir "$c"
    expect_ok "new $c mine" "$PAPSIM" new "$c" mine --dir "$c"
    expect_eq "new $c: what it wrote" "$(cat out.txt)" "wrote $c/${c}_mine.c
wrote $c/CMakeLists.txt"
    expect_ok "new $c: the file compiles" \
        "$MPICC" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$PAPSIM_SOURCE_DIR/include" \
        "$c/${c}_mine.c"
done
expect_eq "a file of every collective" "$(ls -d */ | wc -l | tr -d ' ')" 16

# The whole file of one collective, to the byte.
expect_eq "barrier: the function and its declaration" "$(sed -n '/^#include/,$p' barrier/barrier_mine.c)" \
'#include <papsim/papsim.h>

int user_barrier_mine(MPI_Comm comm, const papsim_params *params)
{
    int rc = papsim_check_params(params); /* knobs out of range: MPI_ERR_ARG */
    if (rc != MPI_SUCCESS)
        return rc;
    return MPI_Barrier(comm);
}

/* collective, name, function, restrictions (PAPSIM_R_*), knobs read
 * (PAPSIM_K_*), message-count model ("": papsim'"'"'s default), Open MPI'"'"'s
 * counterpart "NAME:ID", MPICH'"'"'s, description with the cost. */
PAPSIM_PLUGIN_ALGORITHM(barrier, mine, user_barrier_mine, 0, 0, "", "", "",
                        "barrier mine: the pattern in one line; its alpha/beta/gamma cost");'
expect_eq "gatherv: the parameter list, broken at 96 columns" \
    "$(sed -n '/^int user_/,/^{/p' gatherv/gatherv_mine.c)" \
'int user_gatherv_mine(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const int *recvcounts, const int *displs, MPI_Datatype recvtype, int root,
                      MPI_Comm comm, const papsim_params *params)
{'
expect_eq "gatherv: the MPI call" "$(grep 'return MPI_' gatherv/gatherv_mine.c)" \
    "    return MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);"

# The check bites: a parameter list that is not the signature's (the root
# a long) does not compile, warnings or not.
sed 's/MPI_Datatype recvtype, int root,$/MPI_Datatype recvtype, long root,/' \
    gatherv/gatherv_mine.c > wrong.c
expect_eq "planted: the root made a long" "$(grep -c 'long root' wrong.c)" 1
if "$MPICC" -std=c11 -fsyntax-only -I"$PAPSIM_SOURCE_DIR/include" wrong.c 2> wrong.txt; then
    fail "planted: a parameter list with a long root compiled"
else
    expect_eq "planted: the compiler names the conflict" \
        "$(grep -c "conflicting types for .user_gatherv_mine" wrong.txt)" 1
fi

# Refusals, before anything is written.
expect_fail "an unknown collective" \
    "^papsim new: collective 'nosuch' is unknown \(valid: $(echo $colls | sed 's/ /, /g')\)$" \
    "$PAPSIM" new nosuch x --dir .
expect_fail "a papsim algorithm's name" \
    "^papsim new: name 'ring': papsim has a allreduce algorithm of that name; choose another$" \
    "$PAPSIM" new allreduce ring --dir .
expect_fail "never over a file" "allreduce/allreduce_mine.c: File exists \(papsim new never overwrites a file\)" \
    "$PAPSIM" new allreduce mine --dir allreduce
finish
