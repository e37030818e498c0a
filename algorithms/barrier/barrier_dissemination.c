/* Barrier: dissemination (Open MPI 4.1 "bruck", tuned barrier algorithm 4;
 * MPICH's default "dissemination" barrier).
 *
 * Paper:   D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier
 *          synchronization", International Journal of Parallel Programming
 *          17(1), 1988, Sec. 3 (the dissemination barrier); the same
 *          distances as the index algorithm of J. Bruck, C.-T. Ho,
 *          S. Kipnis, E. Upfal, D. Weathersby, IEEE TPDS 8(11), 1997.
 * Pattern: at round k = 0..ceil(log2 p)-1 rank r sends an empty message to
 *          r + 2^k and receives one from r - 2^k (mod p). After round k a
 *          rank has heard, directly or not, from the 2^(k+1) - 1 ranks
 *          before it, so after the last round from all.
 *
 *            p=5   k=0: r->r+1   k=1: r->r+2   k=2: r->r+4
 *
 * Cost:    ceil(log2 p) alpha. The same pattern as SMPI's "ompi_bruck".
 * Memory:  none.
 * Restrictions: none (any p).
 */
#include "coll_more.h"

int papsim_barrier_dissemination(MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;

    const int arg_rc =
        papsim_check_barrier_args(comm, params, PAPSIM_FLAGS_barrier_dissemination);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    for (int distance = 1; distance < p; distance <<= 1) {
        rc = papsim_barrier_sendrecv((rank + distance) % p, (rank - distance + p) % p, comm);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
