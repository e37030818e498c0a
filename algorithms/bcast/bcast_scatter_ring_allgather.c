/* Bcast: binomial scatter, then ring allgather.
 *
 * Paper:   the scatter + ring allgather broadcast of MPICH for long messages
 *          (Thakur, Rabenseifner, Gropp, IJHPCA 2005); Open MPI 4.1's
 *          "scatter_allgather_ring" bcast (coll/base), SMPI
 *          "scatter_LR_allgather".
 * Pattern: relative ranks v = (rank - root) mod p and the blocks of
 *          scatter_allgather.c (block b = elements [b sc, (b+1) sc),
 *          sc = ceil(count/p), clipped). Binomial scatter as there, then p-1
 *          ring steps: at step k (1-based) rank r sends block v-k+1 to r+1
 *          and receives block v-k from r-1 (mod p), one sendrecv each.
 *
 *            p=4, root 0   scatter: 0 -> 2 (b2 b3), 0 -> 1 (b1), 2 -> 3 (b3)
 *                          step 1: r sends b(r),   gets b(r-1)
 *                          step 2: r sends b(r-1), gets b(r-2)
 *                          step 3: r sends b(r-2), gets b(r-3)
 *
 * Cost:    (ceil(log2 p) + p - 1) alpha + 2 ((p-1)/p) m beta.
 * Memory:  no scratch buffer.
 * Restrictions: none. A message of fewer elements than ranks goes to
 *          `linear` (Open MPI's fallback).
 */
#include "bcast_util.h"

int papsim_bcast_scatter_ring_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                        MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    int64_t send_off, recv_off;

    int rc = papsim_bcast_scatter_begin(papsim_bcast_scatter_ring_allgather, buffer, count, datatype, root, comm,
                                        params, PAPSIM_FLAGS_bcast_scatter_ring_allgather, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;
    const int v = (rank - root + p) % p;
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    for (int k = 1; k < p; k++) {
        const int send_block = (v - k + 1 + p) % p, recv_block = (v - k + p) % p;
        const int send_len = papsim_ceil_blocks(count, p, send_block, 1, &send_off);
        const int recv_len = papsim_ceil_blocks(count, p, recv_block, 1, &recv_off);
        rc = MPI_Sendrecv(papsim_offset(buffer, (MPI_Aint)send_off, extent), send_len, datatype, right,
                          PAPSIM_TAG_BCAST, papsim_offset(buffer, (MPI_Aint)recv_off, extent), recv_len,
                          datatype, left, PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
