/* Bcast: binomial tree (segmented).
 *
 * Paper:   Open MPI 4.1's "binomial" bcast (coll/base bmtree).
 * Pattern: relative ranks v = (rank - root) mod p. v receives from v with
 *          its highest set bit cleared and serves the children v + 2^k for
 *          every 2^k > v (v + 2^k < p), starting the sends to all of them at
 *          once. The buffer is cut into N segments of params->segment_bytes
 *          (default 0: one segment, Open MPI 4.1's forced default), one
 *          receive posted ahead. SMPI's "binomial_tree" (MPICH's) is the
 *          mirror tree (v receives from v minus its lowest set bit) with
 *          blocking sends to the largest subtree first: same depth, other
 *          timing (README, SMPI notes for bcast).
 *
 *            p=8 (v)   0 -> 1, 2, 4   1 -> 3, 5   2 -> 6   3 -> 7
 *
 * Cost:    unsegmented, ceil(log2 p) alpha + sum_{j=1..L} j m beta along the
 *          path 0 -> 1 -> 3 -> 7 .., whose nodes serve L, L-1, .. children
 *          at once (L = ceil(log2 p)); latency-bound messages take L alpha.
 * Memory:  up to ceil(log2 p) requests, no scratch buffer.
 * Restrictions: none.
 */
#include "bcast_util.h"

int papsim_bcast_binomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                        const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                      PAPSIM_FLAGS_bcast_binomial, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_binomial, buffer, count, datatype, root, comm, params);
    papsim_tree_binomial(c.rank, c.p, root, &tree);
    return papsim_bcast_tree_segmented(buffer, count, datatype, root, comm, &tree,
                                       papsim_segcount(params, 0, count, datatype));
}
