/* Reduce: binomial tree.
 *
 * Paper:   Thakur, Rabenseifner, Gropp, "Optimization of Collective
 *          Communication Operations in MPICH", IJHPCA 2005; the baseline of
 *          Marendić et al. 2016 and Salimi Beni et al. 2024 (Open MPI/SMPI
 *          "binomial").
 * Pattern: with relative rank v = (rank - root) mod p, in round j (mask 2^j) a
 *          rank with bit j clear receives the partial result of v + 2^j (if it
 *          exists) and combines it; a rank with bit j set sends its partial
 *          result to v - 2^j and is done. The root finishes after ceil(log2 p)
 *          rounds. Same pattern as SMPI's built-in reduce "binomial".
 *
 *            p=8 (root 0)  round 0: 1->0 3->2 5->4 7->6
 *                          round 1: 2->0 6->4
 *                          round 2: 4->0
 *
 * Cost:    ceil(log2 p)(alpha + m beta + m gamma) on the root's path.
 * Memory:  one scratch vector (two on non-root ranks).
 * Order:   non-commutative ops follow MPI's order rule: the tree is rooted at
 *          rank 0 (so every combine is lower-ranks (op) higher-ranks) and rank 0
 *          forwards the result to the root when root != 0 (one extra message).
 * Restrictions: none.
 */
#include "../coll_tree.h"
#include "reduce_util.h"

int papsim_reduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;
    void *tmp_free = NULL, *tmp = NULL, *acc_free = NULL, *acc = NULL;

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_binomial, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank;

    rc = papsim_scratch_alloc(count, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    /* The accumulator is the root's recvbuf; other ranks need their own. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &acc_free,
                                   &acc);
    PAPSIM_CHECK(rc);

    /* Children nearest first, each the partial result of the ranks above
     * this one's, then the parent. */
    const int tree_root = c.commutative ? root : 0;
    papsim_tree_binomial_lowbit(rank, c.p, tree_root, &tree);
    for (int i = 0; i < tree.nchildren; i++) {
        rc = MPI_Recv(tmp, count, datatype, tree.children[i], PAPSIM_TAG_REDUCE, comm,
                      MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        /* The child holds higher ranks: acc (op) tmp for a non-commutative op. */
        rc = papsim_reduce_combine_ordered(tmp, acc, count, datatype, op, c.commutative, 0,
                                           params);
        PAPSIM_CHECK(rc);
    }
    if (tree.parent != PAPSIM_TREE_NONE) {
        rc = MPI_Send(acc, count, datatype, tree.parent, PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
    }

    if (tree_root != root) {
        if (rank == tree_root)
            rc = MPI_Send(acc, count, datatype, root, PAPSIM_TAG_REDUCE, comm);
        else if (rank == root)
            rc = MPI_Recv(acc, count, datatype, tree_root, PAPSIM_TAG_REDUCE, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(tmp_free);
    papsim_data_free(acc_free);
    return rc;
}
