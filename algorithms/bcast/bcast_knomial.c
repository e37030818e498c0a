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
    int rank, p;
    papsim_bcast_tree tree;
    const int radix = params && params->knomial_radix > 0 ? params->knomial_radix : PAPSIM_BCAST_DEFAULT_RADIX;

    const int arg_rc = papsim_check_bcast_args(count, datatype, root, comm, params,
                                               PAPSIM_FLAGS_bcast_knomial);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    /* The root serves up to k-1 children per level of the tree; more than
     * PAPSIM_BCAST_MAX_CHILDREN do not fit (the same answer on every rank). */
    int levels = 0;
    for (long step = 1; step < p; step *= radix)
        levels++;
    if ((long)(radix - 1) * levels > PAPSIM_BCAST_MAX_CHILDREN)
        return MPI_ERR_SIZE;
    papsim_bcast_knomial_tree(rank, p, root, radix, &tree);
    const int segcount = papsim_bcast_segcount(params, 0, count, datatype);
    return papsim_bcast_tree_segmented(buffer, count, datatype, root, comm, &tree, segcount);
}
