/* Scan: linear chain (Open MPI basic linear scan, ompi_coll_basic_scan_intra).
 *
 * Source:  Open MPI, ompi/mca/coll/basic/coll_basic_scan.c (the linear
 *          algorithm of its basic component), in Open MPI 4.1
 *          ompi_coll_base_scan_intra_linear of
 *          ompi/mca/coll/base/coll_base_scan.c, also the tuned component's
 *          scan algorithm 1 (linear); the prefix definition of the MPI
 *          standard 4.1, Sec. 6.11.1 (MPI_Scan).
 * Pattern: rank r > 0 receives the prefix x_0 op .. op x_(r-1) from r-1,
 *          folds its own vector in on the right (prefix op x_r) and, unless
 *          it is the last rank, sends the result to r+1. The partial
 *          result travels once along 0 -> 1 -> .. -> p-1.
 *
 *            p=4   0 -> 1 -> 2 -> 3   (3 steps, one after the other)
 *
 * Cost:    (p-1)(alpha + m beta + m gamma) on the critical path, m = the
 *          vector; p-1 messages.
 * Memory:  m (the received prefix).
 * Restrictions: none: any p, any op, commutative or not (the received
 *          prefix is always the left operand); MPI_IN_PLACE.
 */
#include "coll_scan.h"

int papsim_scan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    const void *input;
    void *free_tmp = NULL, *tmp = NULL;
    int rc = papsim_scan_begin(sendbuf, recvbuf, count, type, op, comm, params,
                               PAPSIM_FLAGS_scan_linear, 0, &c, &input);
    if (rc != MPI_SUCCESS || c.done)
        return rc; /* argument errors: the same code on every rank, nothing sent */
    if (c.rank > 0) {
        rc = papsim_scratch_alloc(count, type, &free_tmp, &tmp);
        PAPSIM_CHECK(rc);
        rc = MPI_Recv(tmp, count, type, c.rank - 1, PAPSIM_TAG_SCAN, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        rc = papsim_combine(tmp, recvbuf, count, type, op, params); /* prefix op x_r */
        PAPSIM_CHECK(rc);
    }
    if (c.rank < c.p - 1)
        rc = MPI_Send(recvbuf, count, type, c.rank + 1, PAPSIM_TAG_SCAN, comm);
out:
    papsim_data_free(free_tmp);
    return rc;
}
