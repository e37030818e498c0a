/* Reduce: Rabenseifner (reduce-scatter by recursive halving, then gather).
 *
 * Paper:   R. Rabenseifner, "Optimization of Collective Reduction
 *          Operations", ICCS 2004 (and Thakur, Rabenseifner, Gropp, IJHPCA
 *          2005); SMPI "rab" is Rabenseifner's own code.
 * Pattern: q = 2^n <= p, r = p - q. Non-power-of-two step (ranks < 2r):
 *          even rank 2i and odd rank 2i+1 swap halves (2i keeps the lower
 *          half, 2i+1 the upper), combine, and 2i+1 sends its reduced upper
 *          half to 2i and drops out. The q remaining ranks get new ranks
 *          v = rank/2 (rank < 2r) or rank - r. Reduce-scatter, k = 0..n-1:
 *          v swaps with v xor 2^k, the partner with bit k clear keeps the
 *          lower half (floor(c/2) elements) of the current range of c
 *          elements and the other the upper half; each sends the half it
 *          gives up and combines the half it keeps. Gather, k = n-1..0 (the
 *          reverse): the one of v, v xor 2^k whose bit k differs from the
 *          root's new rank sends its whole range to the other and stops, so
 *          the root collects the vector in n steps with doubling messages.
 *          A root that dropped out (odd, < 2r) takes over new rank 0, which
 *          hands it its reduced range first. Empty pieces send no message.
 *          SMPI's "rab" has this pattern, but no rank stops in its gather:
 *          every pair exchanges one message at every distance, most of them
 *          stale, which costs more where links are shared (fat tree); SMPI's
 *          "scatter_gather" (MPICH) is this pattern at power-of-two p and
 *          folds the first 2r ranks with whole-vector sends.
 *
 *            p=8, root 0     RS k=0: 0<->1 2<->3 4<->5 6<->7   (m/2 each)
 *                            RS k=1: 0<->2 1<->3 4<->6 5<->7   (m/4)
 *                            RS k=2: 0<->4 1<->5 2<->6 3<->7   (m/8)
 *                            G  k=2: 4->0 5->1 6->2 7->3       (m/8)
 *                            G  k=1: 2->0 3->1                 (m/4)
 *                            G  k=0: 1->0                      (m/2)
 *
 * Cost:    2 log2(q) alpha + 2 ((q-1)/q) m beta + ((q-1)/q) m gamma, plus
 *          2 alpha + m beta + (m/2) gamma for the first step when p != q.
 * Memory:  one scratch vector (not at the root) and half a vector.
 * Order:   the partner with the lower new rank holds the lower ranks and is
 *          the left operand, so non-commutative ops are reduced in rank
 *          order (ops are elementwise, so cutting the vector is allowed).
 * Restrictions: none.
 */
#include "reduce_util.h"

/* Real rank of new rank w (new rank 0 is the root when it took over). */
static int old_rank(int w, int r, int root, int root_takes_zero)
{
    if (w == 0 && root_takes_zero)
        return root;
    return w < r ? 2 * w : w + r;
}

int papsim_reduce_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                               const papsim_params *params)
{
    papsim_call c;
    void *work_free = NULL, *work = NULL, *tmp_free = NULL, *tmp = NULL;
    /* Per halving step k: the lower and upper halves of the range split. */
    MPI_Aint lo_first[32], hi_first[32];
    int lo_len[32], hi_len[32];

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_rabenseifner, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p, commutative = c.commutative;
    const MPI_Aint extent = c.extent;

    const int n = papsim_log2_floor(p), r = p - papsim_pow2_floor(p);
    const int root_takes_zero = root < 2 * r && root % 2 == 1;

    /* The root reduces in recvbuf, the others in scratch. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    rc = papsim_scratch_alloc(count - count / 2, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    /* Non-power-of-two step: pairs (2i, 2i+1) below 2r fold into 2i. */
    int v = rank >= 2 * r ? rank - r : (rank % 2 == 0 ? rank / 2 : -1);
    if (rank < 2 * r) {
        const int half = count / 2, upper = count - half;
        void *lower_part = work, *upper_part = papsim_offset(work, half, extent);
        if (rank % 2 == 0) {
            rc = MPI_Sendrecv(upper_part, upper, datatype, rank + 1, PAPSIM_TAG_REDUCE, tmp,
                              half, datatype, half ? rank + 1 : MPI_PROC_NULL, PAPSIM_TAG_REDUCE,
                              comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
            rc = papsim_reduce_combine_ordered(tmp, lower_part, half, datatype, op, commutative,
                                               0, params); /* v(2i) op v(2i+1) */
            PAPSIM_CHECK(rc);
            rc = MPI_Recv(upper_part, upper, datatype, rank + 1, PAPSIM_TAG_REDUCE, comm,
                          MPI_STATUS_IGNORE);
        } else {
            rc = MPI_Sendrecv(lower_part, half, datatype, half ? rank - 1 : MPI_PROC_NULL,
                              PAPSIM_TAG_REDUCE, tmp, upper, datatype, rank - 1,
                              PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
            rc = papsim_reduce_combine_ordered(tmp, upper_part, upper, datatype, op, commutative,
                                               1, params); /* v(2i) op v(2i+1) */
            PAPSIM_CHECK(rc);
            rc = MPI_Send(upper_part, upper, datatype, rank - 1, PAPSIM_TAG_REDUCE, comm);
        }
        PAPSIM_CHECK(rc);
    }

    /* The range splits are the same for every rank that followed the same
     * bits: compute this rank's (or new rank 0's, for a root taking over). */
    const int path = v >= 0 ? v : 0;
    MPI_Aint first = 0;
    int len = count;
    for (int k = 0; k < n; k++) {
        lo_first[k] = first;
        lo_len[k] = len / 2;
        hi_first[k] = first + len / 2;
        hi_len[k] = len - len / 2;
        const int upper = (path >> k) & 1;
        first = upper ? hi_first[k] : lo_first[k];
        len = upper ? hi_len[k] : lo_len[k];
    }

    /* Reduce-scatter by recursive halving, distances 1, 2, .., q/2. */
    for (int k = 0; k < n && v >= 0; k++) {
        const int partner = old_rank(v ^ (1 << k), r, root, 0);
        const int upper = (v >> k) & 1;
        const MPI_Aint keep_first = upper ? hi_first[k] : lo_first[k];
        const MPI_Aint give_first = upper ? lo_first[k] : hi_first[k];
        const int keep_len = upper ? hi_len[k] : lo_len[k];
        const int give_len = upper ? lo_len[k] : hi_len[k];
        rc = papsim_sendrecv_pieces(papsim_offset(work, give_first, extent), give_len, partner,
                                    tmp, keep_len, partner, datatype, PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
        /* The partner's data is the left operand when it has the lower new rank. */
        rc = papsim_reduce_combine_ordered(tmp, papsim_offset(work, keep_first, extent), keep_len,
                                           datatype, op, commutative, upper, params);
        PAPSIM_CHECK(rc);
    }

    /* A root that dropped out takes new rank 0's place and its range. */
    const int newroot = root_takes_zero ? 0 : (root < 2 * r ? root / 2 : root - r);
    if (root_takes_zero) {
        if (rank == 0)
            rc = papsim_send_piece(papsim_offset(work, first, extent), len, datatype, root,
                                   PAPSIM_TAG_REDUCE, comm);
        else if (rank == root)
            rc = papsim_recv_piece(papsim_offset(work, first, extent), len, datatype, 0,
                                   PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
        v = rank == root ? 0 : (rank == 0 ? -1 : v);
    }

    /* Gather to the root, distances q/2, .., 1: whoever differs from the
     * root in bit k sends its range to its partner and stops. */
    for (int k = n - 1; k >= 0 && v >= 0; k--) {
        const int partner = old_rank(v ^ (1 << k), r, root, root_takes_zero);
        const int upper = (v >> k) & 1;
        const MPI_Aint mine_first = upper ? hi_first[k] : lo_first[k];
        const MPI_Aint other_first = upper ? lo_first[k] : hi_first[k];
        const int mine_len = upper ? hi_len[k] : lo_len[k];
        const int other_len = upper ? lo_len[k] : hi_len[k];
        if (upper != ((newroot >> k) & 1)) {
            rc = papsim_send_piece(papsim_offset(work, mine_first, extent), mine_len, datatype,
                                   partner, PAPSIM_TAG_REDUCE, comm);
            break;
        }
        rc = papsim_recv_piece(papsim_offset(work, other_first, extent), other_len, datatype,
                               partner, PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(work_free);
    papsim_data_free(tmp_free);
    return rc;
}
