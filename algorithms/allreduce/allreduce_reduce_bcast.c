/* Allreduce: reduce to rank 0, then broadcast (not overlapped).
 *
 * Paper:   Open MPI's "nonoverlapping" allreduce (Proficz, J. Supercomputing 2018,
 *          Table 1: the choice for non-commutative ops), SMPI "redbcast".
 * Pattern: papsim's binomial reduce to rank 0 (algorithms/reduce/reduce_binomial.c: in round j
 *          a rank with bit j set sends its partial result to rank - 2^j), then
 *          a binomial broadcast from rank 0: a rank receives once, from
 *          itself minus its lowest set bit, and then sends to itself plus
 *          2^j for every 2^j below that bit, largest first (rank 0: every
 *          2^j < p). The broadcast starts only when the reduce has ended on
 *          rank 0; no segment of the result is broadcast early.
 *
 *            p=8  reduce: 1->0 3->2 5->4 7->6 | 2->0 6->4 | 4->0
 *                 bcast:  0->4 | 0->2 4->6 | 0->1 2->3 4->5 6->7
 *
 * Cost:    ceil(log2 p)(2 alpha + 2 m beta + m gamma).
 * Memory:  the binomial reduce's (one scratch vector, two off rank 0).
 * Order:   the binomial reduce rooted at 0 combines in rank order, so
 *          non-commutative ops are exact.
 * Restrictions: none.
 */
#include "../coll_tree.h"
#include "../coll_util.h"

/* Binomial broadcast of buf from rank 0 over MPICH's tree (the tree of
 * SMPI's binomial_tree, the bcast SMPI's redbcast runs): receive from the
 * parent, then send to the children farthest first, so the subtrees that
 * have the most rounds left start first; blocking sends. Not
 * algorithms/bcast/bcast_binomial.c: that is Open MPI's mirror tree whose
 * nodes send to all children at once, so at 1 MiB on crossbar.xml (np 16)
 * it takes 10.5 ms where this tree takes 4.2 ms, and redbcast would no
 * longer be a twin. */
static int bcast_binomial_from_zero(void *buf, int count, MPI_Datatype type, MPI_Comm comm,
                                    int rank, int p)
{
    int rc = MPI_SUCCESS;
    papsim_tree tree;
    papsim_tree_binomial_lowbit(rank, p, 0, &tree);
    if (tree.parent != PAPSIM_TREE_NONE)
        rc = MPI_Recv(buf, count, type, tree.parent, PAPSIM_TAG_ALLREDUCE_AG, comm,
                      MPI_STATUS_IGNORE);
    for (int i = tree.nchildren - 1; i >= 0 && rc == MPI_SUCCESS; i--)
        rc = MPI_Send(buf, count, type, tree.children[i], PAPSIM_TAG_ALLREDUCE_AG, comm);
    return rc;
}

int papsim_allreduce_reduce_bcast(const void *sendbuf, void *recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                  const papsim_params *params)
{
    papsim_call c;
    int rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                    PAPSIM_FLAGS_allreduce_reduce_bcast, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    /* Every rank's input is in recvbuf now: the reduce's root reduces in
     * place, the others send from recvbuf. */
    rc = papsim_reduce_binomial(c.rank == 0 ? MPI_IN_PLACE : recvbuf, recvbuf, count, datatype,
                                op, 0, comm, params);
    PAPSIM_CHECK(rc);
    rc = bcast_binomial_from_zero(recvbuf, count, datatype, comm, c.rank, c.p);
out:
    return rc;
}
