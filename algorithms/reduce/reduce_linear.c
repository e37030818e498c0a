/* Reduce: linear (flat tree).
 *
 * Paper:   the basic O(p) reduction of MPI libraries (Open MPI's
 *          "basic_linear"; SMPI "ompi_basic_linear" and "flat_tree").
 * Pattern: every non-root rank sends its whole vector to the root in one
 *          message. The root receives them one at a time, from rank p-1 down
 *          to rank 0 (blocking receives, its own vector in its turn), and
 *          folds each into the accumulator from the left:
 *          acc = v(i) op acc. The result is v(0) op (v(1) op (.. op v(p-1))),
 *          MPI's rank order, so non-commutative ops are exact.
 *
 *            p=4, root 1   1 <- 3: acc = v3
 *                          1 <- 2: acc = v2 op acc
 *                          (own):  acc = v1 op acc
 *                          1 <- 0: acc = v0 op acc
 *
 * Cost:    (p-1)(alpha + m beta + m gamma) at the root, whose link receives
 *          all p-1 vectors in turn. Same pattern and receive order as SMPI's
 *          "ompi_basic_linear" and "flat_tree".
 * Memory:  one scratch vector at the root (two with MPI_IN_PLACE).
 * Restrictions: none.
 */
#include "../coll_util.h"

int papsim_reduce_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    void *tmp_free = NULL, *tmp = NULL, *acc_free = NULL, *acc = NULL;

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_linear, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;

    if (rank != root) {
        rc = MPI_Send(sendbuf, count, datatype, root, PAPSIM_TAG_REDUCE, comm);
        goto out;
    }

    /* In place, the own vector is recvbuf, so accumulate elsewhere. */
    const void *own = papsim_reduce_input(sendbuf, recvbuf, 1);
    if (sendbuf == MPI_IN_PLACE) {
        rc = papsim_scratch_alloc(count, datatype, &acc_free, &acc);
        PAPSIM_CHECK(rc);
    } else {
        acc = recvbuf;
    }
    if (p > 1) {
        rc = papsim_scratch_alloc(count, datatype, &tmp_free, &tmp);
        PAPSIM_CHECK(rc);
    }

    if (root == p - 1)
        rc = papsim_local_copy(own, acc, count, datatype);
    else
        rc = MPI_Recv(acc, count, datatype, p - 1, PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
    PAPSIM_CHECK(rc);
    for (int i = p - 2; i >= 0; i--) {
        const void *in = own;
        if (i != root) {
            rc = MPI_Recv(tmp, count, datatype, i, PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
            in = tmp;
        }
        rc = papsim_combine(in, acc, count, datatype, op, params); /* acc = v(i) op acc */
        PAPSIM_CHECK(rc);
    }
    if (acc != recvbuf)
        rc = papsim_local_copy(acc, recvbuf, count, datatype);
out:
    papsim_data_free(tmp_free);
    papsim_data_free(acc_free);
    return rc;
}
