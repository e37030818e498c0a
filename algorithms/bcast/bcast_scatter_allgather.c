/* Bcast: binomial scatter, then recursive-doubling allgather.
 *
 * Paper:   Van de Geijn's long-message broadcast as in MPICH (Thakur,
 *          Rabenseifner, Gropp, IJHPCA 2005); Open MPI 4.1's
 *          "scatter_allgather" bcast (coll/base), SMPI
 *          "scatter_rdb_allgather".
 * Pattern: relative ranks v = (rank - root) mod p; block b is elements
 *          [b sc, (b+1) sc) of the buffer, sc = ceil(count/p), clipped to
 *          count (trailing blocks may be short or empty). Scatter: v gets
 *          the blocks [v, v + lowbit(v)) from v - lowbit(v) and passes the
 *          upper halves on, largest first (papsim_bcast_binomial_scatter).
 *          Allgather: at step k (mask 2^k = 1, 2, 4, ..) v swaps all the
 *          blocks of its aligned group of 2^k with v xor 2^k, one sendrecv.
 *          When p is not a power of two a partner may be missing: then, as
 *          in MPICH, the members of the lower group that did get the upper
 *          group's blocks pass them on inside the lower group by recursive
 *          halving (distances 2^(k-1) .. 1), each member lacking them
 *          receiving them once.
 *
 *            p=4, root 0   scatter: 0 -> 2 (b2 b3), 0 -> 1 (b1), 2 -> 3 (b3)
 *                          mask 1:  0 <-> 1, 2 <-> 3     (one block each way)
 *                          mask 2:  0 <-> 2, 1 <-> 3     (two blocks each way)
 *
 * Cost:    2 log2(p) alpha + 2 ((p-1)/p) m beta for p a power of two; else
 *          up to floor(log2 p) more alpha + m beta steps for the halvings.
 * Memory:  no scratch buffer (every block is received in place).
 * Restrictions: none. A message of fewer elements than ranks goes to
 *          `linear` (Open MPI's fallback; SMPI's version scatters bytes
 *          instead, see the README's SMPI notes for bcast).
 */
#include "bcast_util.h"

/* Fix-up of step `mask` for v in the lower group [g, g+mask): only the
 * first `have` members got the upper group's blocks, the rest get them by
 * recursive halving inside the lower group. */
static int spread_upper_blocks(void *buffer, int count, MPI_Datatype type, MPI_Aint extent,
                               int root, int p, int v, int mask, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    int64_t offset;
    const int g = v & ~(2 * mask - 1), have = p - g - mask;
    const int len = papsim_ceil_blocks(count, p, g + mask, mask, &offset);
    void *blocks = papsim_offset(buffer, (MPI_Aint)offset, extent);
    for (int half = mask >> 1; half > 0; half >>= 1) {
        const int vpeer = v ^ half, sub = v & ~(2 * half - 1);
        const int peer = (vpeer + root) % p;
        if (vpeer > v && v < sub + have && vpeer >= sub + have)
            rc = MPI_Send(blocks, len, type, peer, PAPSIM_TAG_BCAST, comm);
        else if (vpeer < v && vpeer < sub + have && v >= sub + have)
            rc = MPI_Recv(blocks, len, type, peer, PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            break;
    }
    return rc;
}

int papsim_bcast_scatter_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                   MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    int64_t send_off, recv_off;

    int rc = papsim_bcast_scatter_begin(papsim_bcast_scatter_allgather, buffer, count, datatype, root, comm,
                                        params, PAPSIM_FLAGS_bcast_scatter_allgather, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;
    const int v = (rank - root + p) % p;
    for (int mask = 1; mask < p; mask <<= 1) {
        const int vpeer = v ^ mask;
        const int mine = v & ~(mask - 1), theirs = vpeer & ~(mask - 1);
        if (vpeer < p) {
            const int send_len = papsim_ceil_blocks(count, p, mine, mask, &send_off);
            const int recv_len = papsim_ceil_blocks(count, p, theirs, mask, &recv_off);
            rc = MPI_Sendrecv(papsim_offset(buffer, (MPI_Aint)send_off, extent), send_len, datatype,
                              (vpeer + root) % p, PAPSIM_TAG_BCAST,
                              papsim_offset(buffer, (MPI_Aint)recv_off, extent), recv_len, datatype,
                              (vpeer + root) % p, PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
        }
        if (theirs + mask > p) { /* v is in the lower group, the upper one is cut short */
            rc = spread_upper_blocks(buffer, count, datatype, extent, root, p, v, mask, comm);
            PAPSIM_CHECK(rc);
        }
    }
out:
    return rc;
}
