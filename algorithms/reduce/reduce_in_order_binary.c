/* Reduce: in-order binary tree.
 *
 * Paper:   Open MPI's "in_order_binary" reduce (coll/tuned), SMPI
 *          "ompi_in_order_binary": the logarithmic reduce Open MPI uses for
 *          non-commutative ops; in Salimi Beni, Cosenza and Hunold, "MPI
 *          Collective Algorithm Selection in the Presence of Process Arrival
 *          Patterns", the best no-delay alternative to the binomial tree
 *          under a late last rank.
 * Pattern: the tree is built on the rank range [0, p-1] with its root at
 *          p-1: a range [lo, hi] has its root at hi; the n = hi - lo ranks
 *          below split into a low range [lo, lo + r - 1], r = ceil(n/2),
 *          and a high range [lo + r, hi - 1] (one range when n = 1). The root
 *          of the high range (hi - 1) is hi's first child, that of the low
 *          range its second, so every rank computes
 *          (low range) op (high range) op (own) in rank order. The result
 *          goes from rank p-1 to the root in one message when root != p-1.
 *          Segmented as `binary` by params->segment_bytes (default: none,
 *          one segment). Same tree as SMPI's ompi_in_order_binary.
 *
 *            p=7            6
 *                        5     2        (6's children: 5, then 2)
 *                       4 3   1 0
 *
 * Cost:    h+1 to 2h rounds of (alpha + m beta + m gamma), h (about log2 p) the
 *          tree height: a node receives its two children one after the
 *          other while the subtrees below work in parallel (p=8: 4 rounds);
 *          plus alpha + m beta when root != p-1. Segments pipeline this as
 *          in `binary`.
 * Memory:  one scratch vector and two segments on the inner ranks.
 * Restrictions: none (valid for non-commutative ops).
 */
#include "reduce_util.h"

int papsim_reduce_in_order_binary(const void *sendbuf, void *recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                  const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                       PAPSIM_FLAGS_reduce_in_order_binary, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    papsim_tree_in_order_binary(c.rank, c.p, &tree);
    const int segcount = papsim_segcount(params, 0, count, datatype);
    return papsim_reduce_tree_segmented(sendbuf, recvbuf, count, datatype, op, root, comm, params,
                                        &tree, c.p - 1, segcount);
}
