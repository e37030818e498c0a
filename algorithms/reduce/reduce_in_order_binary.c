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
    int rank, p;
    papsim_reduce_tree tree = {MPI_PROC_NULL, 0, {0}};

    const int arg_rc = papsim_check_reduce_args(count, datatype, op, root, comm, params,
                                                PAPSIM_FLAGS_reduce_in_order_binary);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);

    /* Descend from [0, p-1] to the range rooted at this rank. */
    int lo = 0, hi = p - 1;
    while (rank != hi) {
        const int n = hi - lo, r = (n + 1) / 2;
        tree.parent = hi;
        if (n == 1) {
            hi = lo;
        } else if (rank >= lo + r) {
            lo = lo + r;
            hi = hi - 1;
        } else {
            hi = lo + r - 1;
        }
    }
    const int n = hi - lo;
    if (n >= 1)
        tree.children[tree.nchildren++] = hi - 1;
    if (n >= 2)
        tree.children[tree.nchildren++] = lo + (n + 1) / 2 - 1;
    const int segcount = papsim_reduce_segcount(params, 0, count, datatype);
    return papsim_reduce_tree_segmented(sendbuf, recvbuf, count, datatype, op, root, comm, params,
                                        &tree, p - 1, segcount);
}
