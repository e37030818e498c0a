/* Barrier: recursive doubling (Open MPI 4.1 "recursive_doubling", tuned
 * barrier algorithm 3).
 *
 * Paper:   the butterfly barrier of Brooks, "The butterfly barrier", IJPP
 *          15(4), 1986; Open MPI's coll_base "recursivedoubling" barrier.
 * Pattern: q = 2^floor(log2 p). A rank r >= q (an extra rank) first
 *          exchanges an empty message with r-q, which only receives it.
 *          Then the ranks r < q exchange empty messages with r xor 2^k for
 *          k = 0..log2(q)-1. Last, rank r < p-q releases its extra rank r+q,
 *          which is still waiting in its first exchange.
 *
 *            p=6 (q=4)   4<->0 5<->1 (enter) | 0<->1 2<->3 | 0<->2 1<->3 |
 *                        0->4 1->5 (release)
 *
 * Cost:    log2(q) alpha, + 2 alpha when p != q. The same pattern as SMPI's
 *          "ompi_recursivedoubling".
 * Memory:  none.
 * Restrictions: none (any p).
 */
#include "coll_more.h"

int papsim_barrier_recursive_doubling(MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;

    const int arg_rc =
        papsim_check_barrier_args(comm, params, PAPSIM_FLAGS_barrier_recursive_doubling);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int q = 1;
    while (q * 2 <= p)
        q *= 2;
    if (rank >= q) { /* an extra rank: enter through r-q, released by it */
        rc = papsim_barrier_sendrecv(rank - q, rank - q, comm);
        goto out;
    }
    if (rank < p - q) {
        rc = papsim_barrier_recv(rank + q, comm);
        PAPSIM_CHECK(rc);
    }
    for (int mask = 1; mask < q; mask <<= 1) {
        rc = papsim_barrier_sendrecv(rank ^ mask, rank ^ mask, comm);
        PAPSIM_CHECK(rc);
    }
    if (rank < p - q)
        rc = papsim_barrier_send(rank + q, comm);
out:
    return rc;
}
