/* Reduce_scatter: recursive halving in rank order for non-commutative ops
 * and any recvcounts (MPICH "noncommutative", MPIR_Reduce_scatter_intra_
 * noncommutative, generalised to uneven blocks and any p).
 *
 * Paper:   J. L. Traff, "An improved algorithm for (non-commutative)
 *          reduce-scatter with an application", EuroPVM/MPI 2005, LNCS
 *          3666, pp. 129-137 (the butterfly on bit-reversed blocks); the
 *          extra-rank fold of R. Thakur, R. Rabenseifner, W. Gropp,
 *          "Optimization of collective communication operations in MPICH",
 *          IJHPCA 19(1), 2005, Sec. 4.5.
 * Pattern: q = 2^floor(log2 p), rem = p - q. The first 2 rem ranks pair up:
 *          even r sends its whole vector to r+1, which folds it in as the
 *          left operand. The q remaining ranks (new rank g: r/2 for the odd
 *          ones, r - rem above) each stand for a group of one or two
 *          neighbouring ranks; a group's blocks are contiguous. Each copies
 *          the q group ranges into a buffer in bit-reversed order of g,
 *          then at step k = 0..log2(q)-1 swaps half of its current range of
 *          groups with new rank g xor 2^k (the lower one keeps the lower
 *          half) and folds the half it receives into the one it keeps, the
 *          lower rank's data always the left operand. The range kept at
 *          the end is its own group's, folded over all ranks in order; an
 *          odd rank of a pair sends the even one its block. The halves are
 *          split by groups, not elements, so uneven blocks need no
 *          padding; empty pieces are no message.
 *
 *            p=6   0->1 2->3   then q=4 over 1 3 4 5   then 1->0 3->2
 *
 * Cost:    log2(q) alpha + ((q-1)/q) M (beta + gamma) at equal blocks
 *          (uneven: the halves' sizes), + (p != q)(2 alpha + M (beta +
 *          gamma) + m beta), M = sum m_i. For p a power of two and equal
 *          blocks, reduce_scatter_block noncommutative's schedule.
 * Memory:  2 M.
 * Restrictions: none: any p, any recvcounts, any op, commutative or not;
 *          MPI_IN_PLACE.
 */
#include <stdlib.h>

#include "coll_more.h"

/* x with its low `bits` bits reversed. */
static int mirror(int x, int bits)
{
    int y = 0;
    for (int i = 0; i < bits; i++)
        y |= ((x >> i) & 1) << (bits - 1 - i);
    return y;
}

/* The rank of new rank g. */
static int old_rank(int g, int rem)
{
    return g < rem ? 2 * g + 1 : g + rem;
}

int papsim_reduce_scatter_noncommutative(const void *sendbuf, void *recvbuf,
                                         const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                         MPI_Comm comm, const papsim_params *params)
{
    int rc, total;
    papsim_call c;
    int *displs = NULL, *groups = NULL;
    void *free0 = NULL, *free1 = NULL, *buf[2] = {NULL, NULL};

    rc = papsim_reduce_scatter_begin(recvcounts, type, op, comm, params,
                                     PAPSIM_FLAGS_reduce_scatter_noncommutative, &c, &displs,
                                     &total);
    if (rc != MPI_SUCCESS || c.done)
        goto out; /* an argument's code, the same on every rank; or no data */
    const MPI_Aint ext = c.extent;
    const void *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    int q = 1, log2q = 0;
    while (2 * q <= c.p) {
        q *= 2;
        log2q++;
    }
    const int rem = c.p - q;
    if (c.rank < 2 * rem && c.rank % 2 == 0) { /* folds into r+1, served back */
        rc = papsim_send_piece(input, total, type, c.rank + 1, PAPSIM_TAG_REDUCE_SCATTER, comm);
        PAPSIM_CHECK(rc);
        rc = papsim_recv_piece(recvbuf, recvcounts[c.rank], type, c.rank + 1,
                               PAPSIM_TAG_REDUCE_SCATTER, comm);
        goto out;
    }
    /* Group g's first element and length, and where position j starts in
     * the bit-reversed buffer (pstart[q] = total). */
    groups = malloc((size_t)(3 * q + 1) * sizeof *groups);
    rc = groups ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    PAPSIM_CHECK(rc);
    int *gfirst = groups, *glen = groups + q, *pstart = groups + 2 * q;
    for (int g = 0; g < q; g++) {
        const int lo = g < rem ? 2 * g : g + rem, hi = old_rank(g, rem);
        gfirst[g] = displs[lo];
        glen[g] = displs[hi] + recvcounts[hi] - displs[lo];
    }
    pstart[0] = 0;
    for (int j = 0; j < q; j++)
        pstart[j + 1] = pstart[j] + glen[mirror(j, log2q)];
    rc = papsim_scratch_alloc(total, type, &free0, &buf[0]);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(total, type, &free1, &buf[1]);
    PAPSIM_CHECK(rc);
    const void *mine = input;
    if (c.rank < 2 * rem) { /* odd: the even neighbour's vector op ours, in buf[1] */
        rc = papsim_local_copy(input, buf[0], total, type);
        PAPSIM_CHECK(rc);
        rc = papsim_recv_piece(buf[1], total, type, c.rank - 1, PAPSIM_TAG_REDUCE_SCATTER,
                               comm); /* none when the vector has no bytes, as its send */
        PAPSIM_CHECK(rc);
        rc = papsim_combine(buf[1], buf[0], total, type, op, params);
        PAPSIM_CHECK(rc);
        rc = papsim_local_copy(buf[0], buf[1], total, type);
        PAPSIM_CHECK(rc);
        mine = buf[1];
    }
    for (int g = 0; g < q; g++) {
        rc = papsim_local_copy(papsim_offset_const(mine, gfirst[g], ext),
                               papsim_offset(buf[0], pstart[mirror(g, log2q)], ext), glen[g],
                               type);
        PAPSIM_CHECK(rc);
    }
    const int me = c.rank < 2 * rem ? c.rank / 2 : c.rank - rem;
    int cur = 0, lo = 0, len = q; /* buf[cur] holds positions lo..lo+len-1 */
    for (int k = 0; k < log2q; k++) {
        const int peer = me ^ (1 << k);
        len /= 2;
        const int keep = me < peer ? lo : lo + len, give = me < peer ? lo + len : lo;
        const int keep_n = pstart[keep + len] - pstart[keep];
        void *outgoing = buf[cur], *incoming = buf[cur ^ 1];
        rc = papsim_sendrecv_pieces(papsim_offset(outgoing, pstart[give], ext),
                                    pstart[give + len] - pstart[give], old_rank(peer, rem),
                                    papsim_offset(incoming, pstart[keep], ext), keep_n,
                                    old_rank(peer, rem), type, PAPSIM_TAG_REDUCE_SCATTER, comm);
        PAPSIM_CHECK(rc);
        lo = keep;
        if (keep_n == 0)
            continue;
        void *ours = papsim_offset(outgoing, pstart[keep], ext);
        void *theirs = papsim_offset(incoming, pstart[keep], ext);
        if (me > peer) { /* the peer's data is the left operand */
            rc = papsim_combine(theirs, ours, keep_n, type, op, params);
        } else { /* ours is: the result lands in the other buffer */
            rc = papsim_combine(ours, theirs, keep_n, type, op, params);
            cur ^= 1;
        }
        PAPSIM_CHECK(rc);
    }
    void *result = papsim_offset(buf[cur], pstart[lo], ext);
    if (c.rank < 2 * rem) { /* the even neighbour's block comes first */
        rc = papsim_send_piece(result, recvcounts[c.rank - 1], type, c.rank - 1,
                               PAPSIM_TAG_REDUCE_SCATTER, comm);
        PAPSIM_CHECK(rc);
        result = papsim_offset(result, recvcounts[c.rank - 1], ext);
    }
    rc = papsim_local_copy(result, recvbuf, recvcounts[c.rank], type);
out:
    papsim_data_free(free0);
    papsim_data_free(free1);
    free(groups);
    free(displs);
    return rc;
}
