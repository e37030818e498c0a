/* Reduce: butterfly (recursive-halving reduce-scatter, then binomial gather).
 *
 * Paper:   the "Butterfly" baseline of Marendic et al. (J. Supercomput.
 *          72, 2016, Sec. 5.5.3), after Chan et al., "Collective communication: theory,
 *          practice, and experience", 2007: a bidirectional-exchange
 *          reduce-scatter followed by a gather of the blocks to the root.
 *          The paper also calls it binary swap, says Radix-k with
 *          k = [2, .., 2] "becomes equivalent to Butterfly" (Sec. 5.5.4, whose
 *          groups are nearest neighbours in round 1) and lists it as exact
 *          for non-commutative ops (Table 3). Only the nearest-first order
 *          below has all three properties, so that is the order used here;
 *          `radix_k` with k = 2x..x2 sends the same messages to the same
 *          partners (cli.radix_two_tree asserts equal simulated times).
 * Pattern: the vector is cut into p blocks (the first count mod p one
 *          element longer). Reduce-scatter, distances d = 1, 2, .., p/2:
 *          rank v swaps with v xor d; of the current range of blocks the
 *          partner with bit d clear keeps the lower half, the other the
 *          upper half; each sends the half it gives up and combines the
 *          half it keeps. Afterwards rank v holds one fully reduced block
 *          (the bit reversal of v). Gather, d = p/2, .., 1 (the reverse):
 *          the one of v, v xor d whose bit d differs from the root's sends
 *          the range it kept at distance d to the other and stops. Empty
 *          pieces send no message.
 *
 *            p=8, root 0     RS d=1: 0<->1 2<->3 4<->5 6<->7   (m/2 each)
 *                            RS d=2: 0<->2 1<->3 4<->6 5<->7   (m/4)
 *                            RS d=4: 0<->4 1<->5 2<->6 3<->7   (m/8)
 *                            G  d=4: 4->0 5->1 6->2 7->3       (m/8)
 *                            G  d=2: 2->0 3->1                 (m/4)
 *                            G  d=1: 1->0                      (m/2)
 *
 *          At a power of two this is `rabenseifner`'s pattern; the two
 *          differ only in how an odd count is cut (p blocks here, halves
 *          of elements there).
 * Order:   before step d, rank v holds the partial result of the d ranks
 *          [v - v mod d, +d); the partner's range is adjacent, so the one
 *          with bit d clear is the left operand: rank order, exact for
 *          non-commutative ops.
 * Cost:    2 log2(p) alpha + 2 ((p-1)/p) m beta + ((p-1)/p) m gamma (Marendic et al. 2016,
 *          Table 3).
 * Memory:  one scratch vector (not at the root) and half a vector.
 * Restrictions: power-of-two p: PAPSIM_R_POW2, MPI_ERR_SIZE here.
 */
#include "reduce_util.h"

/* Steps of a power-of-two p: at most one per bit of an int. */
#define BUTTERFLY_MAX_STEPS 31

/* Element offset and length of the blocks [b, b + n) of p. */
static void blocks_span(int count, int p, int b, int n, MPI_Aint *first, int *len)
{
    *first = (MPI_Aint)papsim_block_first(count, p, b);
    *len = papsim_blocks_len(count, p, b, b + n);
}

int papsim_reduce_butterfly(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                            const papsim_params *params)
{
    int steps = 0;
    papsim_call c;
    void *work_free = NULL, *work = NULL, *tmp_free = NULL, *tmp = NULL;
    /* Per step s (distance 2^s): the first block this rank kept and the
     * first block it gave; both ranges are `p >> (s + 1)` blocks wide. The
     * gather walks them backwards. */
    int kept[BUTTERFLY_MAX_STEPS], given[BUTTERFLY_MAX_STEPS];

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_butterfly, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p, commutative = c.commutative;
    const MPI_Aint extent = c.extent;

    /* The root reduces in recvbuf, the others in scratch. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    /* The largest half is the first one (the longer blocks come first). */
    rc = papsim_scratch_alloc(papsim_block_first(count, p, p / 2), datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    /* Reduce-scatter: the range [low, low + width) halves each step. */
    int low = 0, width = p;
    for (int d = 1; d < p; d *= 2, steps++) {
        const int partner = rank ^ d, lower = (rank & d) == 0;
        width /= 2;
        kept[steps] = lower ? low : low + width;
        given[steps] = lower ? low + width : low;
        MPI_Aint keep_first, give_first;
        int keep_len, give_len;
        blocks_span(count, p, kept[steps], width, &keep_first, &keep_len);
        blocks_span(count, p, given[steps], width, &give_first, &give_len);
        rc = papsim_sendrecv_pieces(papsim_offset(work, give_first, extent), give_len, partner,
                                    tmp, keep_len, partner, datatype, PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
        /* The partner's ranks lie above this rank's when this rank is the
         * lower one, so the received data is then the right operand. */
        rc = papsim_reduce_combine_ordered(tmp, papsim_offset(work, keep_first, extent), keep_len,
                                           datatype, op, commutative, !lower, params);
        PAPSIM_CHECK(rc);
        low = kept[steps];
    }

    /* Gather: undo the steps, the last (distance p/2) first. */
    for (int s = steps - 1; s >= 0; s--) {
        const int d = 1 << s, partner = rank ^ d;
        const int width_s = p >> (s + 1);
        MPI_Aint first;
        int len;
        if ((rank & d) != (root & d)) {
            blocks_span(count, p, kept[s], width_s, &first, &len);
            rc = papsim_send_piece(papsim_offset(work, first, extent), len, datatype, partner,
                                   PAPSIM_TAG_REDUCE, comm);
            break;
        }
        blocks_span(count, p, given[s], width_s, &first, &len);
        rc = papsim_recv_piece(papsim_offset(work, first, extent), len, datatype, partner,
                               PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(work_free);
    papsim_data_free(tmp_free);
    return rc;
}
