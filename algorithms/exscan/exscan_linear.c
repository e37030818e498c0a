/* Exscan: linear chain (Open MPI basic linear exscan,
 * ompi_coll_basic_exscan_intra).
 *
 * Source:  Open MPI, ompi/mca/coll/basic/coll_basic_exscan.c (the linear
 *          algorithm of its basic component), in Open MPI 4.1
 *          ompi_coll_base_exscan_intra_linear of
 *          ompi/mca/coll/base/coll_base_exscan.c, also the tuned
 *          component's exscan algorithm 1 (linear); the definition of the MPI
 *          standard 4.1, Sec. 6.11.2 (MPI_Exscan: rank r gets
 *          x_0 op .. op x_(r-1), rank 0's recvbuf is undefined).
 * Pattern: rank 0 sends x_0 to rank 1. Rank r > 0 receives the exclusive
 *          prefix x_0 op .. op x_(r-1) from r-1 into recvbuf (its result)
 *          and, unless it is the last rank, sends prefix op x_r to r+1.
 *          Rank 0's recvbuf is left untouched.
 *
 *            p=4   0 -> 1 -> 2 -> 3   (3 steps, one after the other)
 *
 * Cost:    (p-1)(alpha + m beta) + (p-2) m gamma on the critical path,
 *          m = the vector; p-1 messages.
 * Memory:  m (this rank's vector, folded behind the prefix).
 * Restrictions: none: any p, any op, commutative or not (the received
 *          prefix is always the left operand); MPI_IN_PLACE.
 */
#include "coll_scan.h"

int papsim_exscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    const void *input;
    void *free_own = NULL, *own = NULL;
    int rc = papsim_scan_begin(sendbuf, recvbuf, count, type, op, comm, params,
                               PAPSIM_FLAGS_exscan_linear, 1, &c, &input);
    if (rc != MPI_SUCCESS || c.done)
        return rc; /* argument errors: the same code on every rank, nothing sent */
    const int last = c.rank == c.p - 1;
    if (c.rank == 0) { /* its recvbuf is undefined: left alone */
        rc = MPI_Send(input, count, type, 1, PAPSIM_TAG_EXSCAN, comm);
        goto out;
    }
    if (!last) { /* keep x_r: with MPI_IN_PLACE the prefix overwrites it */
        rc = papsim_scratch_alloc(count, type, &free_own, &own);
        PAPSIM_CHECK(rc);
        rc = papsim_local_copy(input, own, count, type);
        PAPSIM_CHECK(rc);
    }
    rc = MPI_Recv(recvbuf, count, type, c.rank - 1, PAPSIM_TAG_EXSCAN, comm, MPI_STATUS_IGNORE);
    PAPSIM_CHECK(rc);
    if (!last) {
        rc = papsim_combine(recvbuf, own, count, type, op, params); /* prefix op x_r */
        PAPSIM_CHECK(rc);
        rc = MPI_Send(own, count, type, c.rank + 1, PAPSIM_TAG_EXSCAN, comm);
    }
out:
    papsim_data_free(free_own);
    return rc;
}
