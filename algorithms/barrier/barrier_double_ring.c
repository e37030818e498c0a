/* Barrier: double ring (Open MPI 4.1 "double_ring", tuned barrier
 * algorithm 2).
 *
 * Paper:   Open MPI's coll_base "doublering" barrier (the token ring of
 *          Hensgen, Finkel and Manber, "Two algorithms for barrier
 *          synchronization", IJPP 17(1), 1988, Sec. 2, run twice).
 * Pattern: an empty token travels 0 -> 1 -> ... -> p-1 -> 0: rank r > 0
 *          waits for it from r-1 and passes it to r+1, so when it is back
 *          at rank 0 every rank has arrived. A second round releases the
 *          ranks in the same order.
 *
 *            p=4   round 1: 0->1, 1->2, 2->3, 3->0
 *                  round 2: 0->1, 1->2, 2->3, 3->0
 *
 * Cost:    2p alpha in sequence after rank 0's arrival; a rank late by d
 *          delays every later hop by d. The same pattern as SMPI's
 *          "ompi_doublering".
 * Memory:  none.
 * Restrictions: none (any p; at p = 1 the token goes to rank 0 itself).
 */
#include "coll_more.h"

int papsim_barrier_double_ring(MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;

    const int arg_rc = papsim_check_barrier_args(comm, params, PAPSIM_FLAGS_barrier_double_ring);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p == 1)
        goto out;
    const int left = (rank - 1 + p) % p, right = (rank + 1) % p;
    for (int round = 0; round < 2; round++) {
        if (rank > 0) {
            rc = papsim_barrier_recv(left, comm);
            PAPSIM_CHECK(rc);
        }
        rc = papsim_barrier_send(right, comm);
        PAPSIM_CHECK(rc);
        if (rank == 0) {
            rc = papsim_barrier_recv(left, comm);
            PAPSIM_CHECK(rc);
        }
    }
out:
    return rc;
}
