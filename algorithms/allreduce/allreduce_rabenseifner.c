/* Allreduce: Rabenseifner (recursive-halving reduce-scatter, then
 * recursive-doubling allgather).
 *
 * Paper:   R. Rabenseifner, "Optimization of Collective Reduction
 *          Operations", ICCS 2004; Thakur, Rabenseifner, Gropp, IJHPCA 2005.
 *          MPICH's long-message allreduce (Proficz, J. Supercomputing 2018,
 *          Table 1 [19]); SMPI "rab_rdb".
 * Pattern: q = 2^n = 2^floor(log2 p), r = p - q. Fold as recursive_doubling:
 *          below 2r, even rank 2i sends its vector to 2i+1, which combines
 *          v(2i) op v(2i+1) and takes new rank i; rank >= 2r takes new rank
 *          rank - r. The vector is cut into q blocks, the first count mod q
 *          of them one element longer (MPICH's split). Reduce-scatter,
 *          k = 0..n-1 (distance 2^k): new ranks v and v xor 2^k cut their
 *          common block range in two halves; the one with bit k clear keeps
 *          the lower half, the other the upper; each sends the half it gives
 *          up and combines the half it keeps. Afterwards v holds one fully
 *          reduced block (block number v with its n bits reversed).
 *          Allgather, k = n-1..0: v and v xor 2^k swap the halves they kept
 *          at step k, so the range held doubles back to the whole vector.
 *          Unfold: 2i+1 sends the result to 2i. Empty pieces (count < q)
 *          send no message.
 *
 *            p=8      RS k=0: 0<->1 2<->3 4<->5 6<->7   (m/2 each way)
 *                     RS k=1: 0<->2 1<->3 4<->6 5<->7   (m/4)
 *                     RS k=2: 0<->4 1<->5 2<->6 3<->7   (m/8)
 *                     AG k=2: 0<->4 1<->5 2<->6 3<->7   (m/8)
 *                     AG k=1: 0<->2 1<->3 4<->6 5<->7   (m/4)
 *                     AG k=0: 0<->1 2<->3 4<->5 6<->7   (m/2)
 *
 * Cost:    2 log2(q) alpha + 2((q-1)/q) m beta + ((q-1)/q) m gamma, plus
 *          2 alpha + 2 m beta + m gamma for the fold and unfold when p != q.
 * Memory:  one scratch vector (the fold receives a whole vector).
 * Order:   after step k a new rank holds, for its range, the reduction of
 *          2^(k+1) consecutive new ranks, which stand for consecutive ranks;
 *          the partner with the lower new rank is the left operand, so a
 *          non-commutative op is reduced in rank order (ops are elementwise,
 *          so cutting the vector is allowed).
 * Restrictions: none.
 */
#include "../reduce/reduce_util.h"
#include "fold.h"

/* The most halving steps: q <= 2^30 for an int rank count. */
#define RAB_MAX_STEPS 31

/* The block ranges [lo, hi) two partners split at step k: the lower half
 * [lo, mid) and the upper half [mid, hi). Kept per step so the allgather
 * can retrace the halvings in reverse. */
typedef struct {
    int lo, mid, hi;
} rab_split;

/* Recursive halving over new ranks at distances 1, 2, .., q/2. Fills
 * split[0..n-1] with the ranges split at each step. */
static int reduce_scatter_halving(void *buf, void *tmp, int count, MPI_Datatype type,
                                  MPI_Aint extent, MPI_Op op, MPI_Comm comm, int newrank, int n,
                                  int r, rab_split *split, const papsim_params *params)
{
    const int q = 1 << n;
    int rc = MPI_SUCCESS, commutative, lo = 0, hi = q;
    MPI_Op_commutative(op, &commutative);
    for (int k = 0; k < n && rc == MPI_SUCCESS; k++) {
        const int partner_new = newrank ^ (1 << k), upper = (newrank >> k) & 1;
        split[k] = (rab_split){lo, lo + (hi - lo) / 2, hi};
        const int keep_lo = upper ? split[k].mid : lo, keep_hi = upper ? hi : split[k].mid;
        const int give_lo = upper ? lo : split[k].mid, give_hi = upper ? split[k].mid : hi;
        const MPI_Aint keep_first = (MPI_Aint)papsim_block_first(count, q, keep_lo);
        const int keep_len = papsim_blocks_len(count, q, keep_lo, keep_hi);
        const MPI_Aint give_first = (MPI_Aint)papsim_block_first(count, q, give_lo);
        const int give_len = papsim_blocks_len(count, q, give_lo, give_hi);
        const int partner = papsim_fold_real_rank(partner_new, r);
        rc = papsim_sendrecv_pieces(papsim_offset(buf, give_first, extent), give_len, partner,
                                    tmp, keep_len, partner, type, PAPSIM_TAG_ALLREDUCE_RS, comm);
        if (rc == MPI_SUCCESS) /* the upper partner's data comes from lower ranks */
            rc = papsim_reduce_combine_ordered(tmp, papsim_offset(buf, keep_first, extent),
                                               keep_len, type, op, commutative, upper, params);
        lo = keep_lo;
        hi = keep_hi;
    }
    return rc;
}

/* Recursive doubling over new ranks at distances q/2, .., 1: swap the
 * halves kept at step k, in reverse order of the halving. */
static int allgather_doubling(void *buf, int count, MPI_Datatype type, MPI_Aint extent,
                              MPI_Comm comm, int newrank, int n, int r, const rab_split *split)
{
    const int q = 1 << n;
    int rc = MPI_SUCCESS;
    for (int k = n - 1; k >= 0 && rc == MPI_SUCCESS; k--) {
        const int upper = (newrank >> k) & 1;
        const int mine_lo = upper ? split[k].mid : split[k].lo;
        const int mine_hi = upper ? split[k].hi : split[k].mid;
        const int other_lo = upper ? split[k].lo : split[k].mid;
        const int other_hi = upper ? split[k].mid : split[k].hi;
        const int partner = papsim_fold_real_rank(newrank ^ (1 << k), r);
        rc = papsim_sendrecv_pieces(
            papsim_offset(buf, (MPI_Aint)papsim_block_first(count, q, mine_lo), extent),
            papsim_blocks_len(count, q, mine_lo, mine_hi), partner,
            papsim_offset(buf, (MPI_Aint)papsim_block_first(count, q, other_lo), extent),
            papsim_blocks_len(count, q, other_lo, other_hi), partner, type,
            PAPSIM_TAG_ALLREDUCE_AG, comm);
    }
    return rc;
}

int papsim_allreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                  const papsim_params *params)
{
    int rc;
    papsim_call c;
    void *tmp_free = NULL, *tmp = NULL;
    rab_split split[RAB_MAX_STEPS];

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_rabenseifner, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;
    rc = papsim_scratch_alloc(count, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    const int n = papsim_log2_floor(p), r = p - (1 << n);

    int newrank;
    rc = papsim_allreduce_fold(recvbuf, tmp, count, datatype, op, comm, rank, r, params,
                               &newrank);
    PAPSIM_CHECK(rc);

    if (newrank >= 0) {
        rc = reduce_scatter_halving(recvbuf, tmp, count, datatype, extent, op, comm, newrank, n,
                                    r, split, params);
        PAPSIM_CHECK(rc);
        rc = allgather_doubling(recvbuf, count, datatype, extent, comm, newrank, n, r, split);
        PAPSIM_CHECK(rc);
    }

    rc = papsim_allreduce_unfold(recvbuf, count, datatype, comm, rank, r);
out:
    papsim_data_free(tmp_free);
    return rc;
}
