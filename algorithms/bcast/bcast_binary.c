/* Bcast: binary tree (segmented).
 *
 * Paper:   Open MPI 4.1's "binary_tree" bcast (coll/base bintree: its
 *          n-ary tree with fanout 2).
 * Pattern: relative ranks v = (rank - root) mod p, numbered level by level:
 *          v on level L = floor(log2(v+1)) has the children v + 2^L and
 *          v + 2^(L+1). The buffer is cut into N segments of
 *          params->segment_bytes (default 0: one segment, Open MPI 4.1's
 *          forced default); per segment a node starts both sends at once and
 *          waits for them, keeping a receive posted one segment ahead.
 *          SMPI's binary bcast (NTSB) uses a heap-ordered tree (2v+1, 2v+2)
 *          rooted at rank 0 and another segment discipline, so it is not
 *          this pattern.
 *
 *            p=7 (v)        0
 *                        1     2
 *                       3 5   4 6      (children of 1: 3, 5; of 2: 4, 6)
 *
 * Cost:    about (h + N - 1)(alpha + 2 (m/N) beta), h = floor(log2 p) the
 *          height: a node's two sends share its link.
 * Memory:  two requests, no scratch buffer.
 * Restrictions: none.
 */
#include "bcast_util.h"

int papsim_bcast_binary(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                        const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                      PAPSIM_FLAGS_bcast_binary, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_binary, buffer, count, datatype, root, comm, params);
    papsim_tree_nary(c.rank, c.p, root, 2, &tree);
    return papsim_bcast_tree_segmented(buffer, count, datatype, root, comm, &tree,
                                       papsim_segcount(params, 0, count, datatype));
}
