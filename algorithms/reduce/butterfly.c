/* Reduce: butterfly (recursive-halving reduce-scatter, then binomial gather).
 *
 * Paper:   the "Butterfly" baseline of seed 000 (Marendic et al. 2016,
 *          after Chan et al., "Collective communication: theory, practice,
 *          and experience", 2007): a bidirectional-exchange reduce-scatter
 *          followed by a gather of the blocks to the root.
 * Pattern: the vector is cut into p blocks (the first count mod p one
 *          element longer). Reduce-scatter, distances d = p/2, p/4, .., 1:
 *          rank v swaps with v xor d; of the current range of 2d blocks the
 *          partner with bit d clear keeps the lower d blocks, the other the
 *          upper d; each sends the half it gives up and combines the half
 *          it keeps. Afterwards rank v holds the reduced block v. Gather,
 *          d = 1, 2, .., p/2 (a binomial tree, the reverse): the one of v,
 *          v xor d whose bit d differs from the root's sends its d blocks
 *          to the other and stops. Empty pieces send no message.
 *
 *            p=8, root 0     RS d=4: 0<->4 1<->5 2<->6 3<->7   (m/2 each)
 *                            RS d=2: 0<->2 1<->3 4<->6 5<->7   (m/4)
 *                            RS d=1: 0<->1 2<->3 4<->5 6<->7   (m/8)
 *                            G  d=1: 1->0 3->2 5->4 7->6       (m/8)
 *                            G  d=2: 2->0 6->4                 (m/4)
 *                            G  d=4: 4->0                      (m/2)
 *
 *          The distances run opposite to `rabenseifner`'s: here the largest
 *          exchange (m/2) is between the farthest ranks.
 * Cost:    2 log2(p) alpha + 2 ((p-1)/p) m beta + ((p-1)/p) m gamma (seed 000,
 *          Table 3).
 * Memory:  one scratch vector (not at the root) and half a vector.
 * Restrictions: power-of-two p; commutative ops (the first exchange
 *          combines v and v xor p/2, ranks that are not adjacent).
 */
#include <stdlib.h>

#include "reduce_util.h"

/* First element of block b of p (b = p gives count). */
static MPI_Aint block_first(int count, int p, int b)
{
    MPI_Aint first;
    int len;
    papsim_reduce_block(count, p, b, &first, &len);
    return first;
}

int papsim_reduce_butterfly(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                            const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;
    void *work_free = NULL, *work = NULL, *tmp_free = NULL, *tmp = NULL;
    MPI_Aint lb, extent;

    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p & (p - 1))
        return MPI_ERR_COMM; /* refused earlier by PAPSIM_R_POW2 */
    MPI_Type_get_extent(datatype, &lb, &extent);

    /* The root reduces in recvbuf, the others in scratch. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    rc = papsim_scratch_alloc(block_first(count, p, p / 2), datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    /* Reduce-scatter: the range [low, low + 2d) of blocks halves each step. */
    int low = 0;
    for (int d = p / 2; d >= 1; d /= 2) {
        const int partner = rank ^ d, upper = (rank & d) != 0;
        const int keep = upper ? low + d : low, give = upper ? low : low + d;
        const MPI_Aint keep_first = block_first(count, p, keep);
        const MPI_Aint give_first = block_first(count, p, give);
        const int keep_len = (int)(block_first(count, p, keep + d) - keep_first);
        const int give_len = (int)(block_first(count, p, give + d) - give_first);
        rc = MPI_Sendrecv(papsim_offset(work, give_first, extent), give_len, datatype,
                          give_len ? partner : MPI_PROC_NULL, PAPSIM_TAG_REDUCE, tmp, keep_len,
                          datatype, keep_len ? partner : MPI_PROC_NULL, PAPSIM_TAG_REDUCE, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        if (keep_len) {
            rc = papsim_combine(tmp, papsim_offset(work, keep_first, extent), keep_len, datatype,
                                op, params);
            PAPSIM_CHECK(rc);
        }
        low = keep;
    }

    /* Gather: before step d an active rank holds blocks [v - v mod d, +d). */
    for (int d = 1; d < p; d *= 2) {
        const int partner = rank ^ d;
        if ((rank & d) != (root & d)) {
            const int b = rank & ~(d - 1);
            const MPI_Aint first = block_first(count, p, b);
            const int len = (int)(block_first(count, p, b + d) - first);
            if (len)
                rc = MPI_Send(papsim_offset(work, first, extent), len, datatype, partner,
                              PAPSIM_TAG_REDUCE, comm);
            break;
        }
        const int b = partner & ~(d - 1);
        const MPI_Aint first = block_first(count, p, b);
        const int len = (int)(block_first(count, p, b + d) - first);
        if (len) {
            rc = MPI_Recv(papsim_offset(work, first, extent), len, datatype, partner,
                          PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
        }
    }
out:
    free(work_free);
    free(tmp_free);
    return rc;
}
