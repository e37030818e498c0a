/* Allreduce: recursive doubling (whole-vector exchanges at doubling distances).
 *
 * Paper:   Thakur, Rabenseifner, Gropp, "Optimization of Collective
 *          Communication Operations in MPICH", IJHPCA 2005; the short-message
 *          allreduce of MPICH and Open MPI (Proficz, J. Supercomputing 2018,
 *          Table 1) and SMPI "rdb".
 * Pattern: q = 2^floor(log2 p), r = p - q. Fold: below 2r, even rank 2i sends
 *          its vector to 2i+1, which combines v(2i) op v(2i+1), takes new rank
 *          i and stands for both; 2i waits for the end. A rank >= 2r takes new
 *          rank rank - r. Exchange, k = 0..log2(q)-1: new rank v swaps its
 *          whole partial result with new rank v xor 2^k and combines. Unfold:
 *          2i+1 sends the result to 2i.
 *
 *            p=6 (q=4, r=2)  fold:   0->1 2->3      new ranks 0..3 = 1 3 4 5
 *                            k=0:    1<->3 4<->5
 *                            k=1:    1<->4 3<->5
 *                            unfold: 1->0 3->2
 *
 * Cost:    log2(q)(alpha + m beta + m gamma), plus 2 alpha + 2 m beta +
 *          m gamma for the fold and unfold when p != q.
 * Memory:  one scratch vector.
 * Order:   new ranks keep the order of the ranks they stand for, and after
 *          step k each holds the reduction of 2^(k+1) consecutive new ranks;
 *          the partner with the lower new rank is the left operand, so a
 *          non-commutative op is reduced in rank order.
 * Restrictions: none.
 */
#include "../reduce/reduce_util.h"
#include "fold.h"

/* Swaps the whole partial result at distances 1, 2, .., q/2 of new ranks. */
static int exchange_doubling(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm, int newrank, int q, int r,
                             const papsim_params *params)
{
    int rc = MPI_SUCCESS, commutative;
    MPI_Op_commutative(op, &commutative);
    for (int mask = 1; mask < q && rc == MPI_SUCCESS; mask <<= 1) {
        const int partner_new = newrank ^ mask;
        const int partner = papsim_fold_real_rank(partner_new, r);
        rc = MPI_Sendrecv(buf, count, type, partner, PAPSIM_TAG_ALLREDUCE_RS, tmp, count, type,
                          partner, PAPSIM_TAG_ALLREDUCE_RS, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = papsim_reduce_combine_ordered(tmp, buf, count, type, op, commutative,
                                               partner_new < newrank, params);
    }
    return rc;
}

int papsim_allreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                        const papsim_params *params)
{
    int rc, newrank;
    papsim_call c;
    void *tmp_free = NULL, *tmp = NULL;

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_recursive_doubling, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    rc = papsim_scratch_alloc(count, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    const int q = papsim_pow2_floor(p), r = p - q;
    rc = papsim_allreduce_fold(recvbuf, tmp, count, datatype, op, comm, rank, r, params, &newrank);
    PAPSIM_CHECK(rc);
    if (newrank >= 0) {
        rc = exchange_doubling(recvbuf, tmp, count, datatype, op, comm, newrank, q, r, params);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_allreduce_unfold(recvbuf, count, datatype, comm, rank, r);
out:
    papsim_data_free(tmp_free);
    return rc;
}
