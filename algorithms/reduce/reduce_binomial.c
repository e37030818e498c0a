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
#include <stdlib.h>

#include "../coll_util.h"

int papsim_reduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p, commutative;
    void *tmp_free = NULL, *tmp = NULL, *acc_free = NULL, *acc = NULL;

    const int arg_rc = papsim_check_reduce_args(count, datatype, op, root, comm, params,
                                                PAPSIM_FLAGS_reduce_binomial);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Op_commutative(op, &commutative);

    rc = papsim_scratch_alloc(count, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    /* The accumulator is the root's recvbuf; other ranks need their own. */
    if (rank == root) {
        acc = recvbuf;
    } else {
        rc = papsim_scratch_alloc(count, datatype, &acc_free, &acc);
        PAPSIM_CHECK(rc);
    }
    if (!(rank == root && sendbuf == MPI_IN_PLACE)) {
        rc = papsim_local_copy(sendbuf, acc, count, datatype);
        PAPSIM_CHECK(rc);
    }

    const int tree_root = commutative ? root : 0;
    const int vrank = (rank - tree_root + p) % p;
    for (int mask = 1; mask < p; mask <<= 1) {
        if (vrank & mask) {
            const int parent = ((vrank & ~mask) + tree_root) % p;
            rc = MPI_Send(acc, count, datatype, parent, PAPSIM_TAG_REDUCE, comm);
            PAPSIM_CHECK(rc);
            break;
        }
        if ((vrank | mask) >= p)
            continue;
        const int child = ((vrank | mask) + tree_root) % p;
        rc = MPI_Recv(tmp, count, datatype, child, PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        if (commutative) {
            rc = papsim_combine(tmp, acc, count, datatype, op, params);
        } else {
            /* The child holds higher ranks: acc (op) tmp, then keep it in acc. */
            rc = papsim_combine(acc, tmp, count, datatype, op, params);
            if (rc == MPI_SUCCESS)
                rc = papsim_local_copy(tmp, acc, count, datatype);
        }
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
