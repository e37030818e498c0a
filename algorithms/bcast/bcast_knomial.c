/* Bcast: k-nomial tree (segmented).
 *
 * Paper:   Open MPI 4.1's "knomial" bcast (coll/base kmtree, radix
 *          coll_tuned_bcast_algorithm_knomial_radix, default 4); the same
 *          tree as MVAPICH2's intra-node k-nomial bcast (SMPI
 *          "mvapich2_knomial_intra_node", radix 4).
 * Pattern: radix k = params->knomial_radix (0: 4). Relative ranks v in base
 *          k: v receives from v with its lowest non-zero digit cleared, and
 *          serves v + d k^j for every k^j below that digit (highest j first)
 *          and d = 1..k-1. The buffer is cut into N segments of
 *          params->segment_bytes (default 0: one segment, Open MPI 4.1's
 *          forced default); per segment a node starts the sends to all its
 *          children at once, one receive posted ahead. MVAPICH2's variant
 *          waits after each power k^j instead.
 *
 *            p=10, k=4 (v)   0 -> 4, 8, 1, 2, 3   4 -> 5, 6, 7   8 -> 9
 *
 * Cost:    about ceil(log_k p) alpha + (k-1) ceil(log_k p) m beta at the
 *          root, whose children share its link (unsegmented).
 * Memory:  up to (k-1) ceil(log_k p) requests, no scratch buffer.
 * Restrictions: radix 0 (the default, 4) or 2 to PAPSIM_KNOMIAL_RADIX_MAX (64);
 *          MPI_ERR_ARG here for others. At most 256 children at the root,
 *          (k-1) ceil(log_k p): MPI_ERR_SIZE beyond (never below 15 million
 *          ranks).
 */
#include "bcast_util.h"

int papsim_bcast_knomial(void *buffer, int count, MPI_Datatype datatype, int root,
                         MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;
    const int radix = params && params->knomial_radix > 0 ? params->knomial_radix : PAPSIM_BCAST_DEFAULT_RADIX;

    const int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                      PAPSIM_FLAGS_bcast_knomial, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    /* The root serves up to k-1 children per level of the tree; more than
     * PAPSIM_TREE_MAX_CHILDREN do not fit (the same answer on every rank). */
    if (!papsim_tree_knomial_fits(c.p, radix))
        return MPI_ERR_SIZE;
    if (c.done)
        return MPI_SUCCESS;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_knomial, buffer, count, datatype, root, comm,
                                     params);
    papsim_tree_knomial(c.rank, c.p, root, radix, &tree);
    return papsim_bcast_tree_segmented(buffer, count, datatype, root, comm, &tree,
                                       papsim_segcount(params, 0, count, datatype));
}
