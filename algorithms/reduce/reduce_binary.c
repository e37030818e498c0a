/* Reduce: binary tree (segmented).
 *
 * Paper:   Open MPI's "binary" reduce (coll/tuned, its n-ary tree with
 *          fanout 2), SMPI "ompi_binary"; the classic segmented binary tree
 *          of pipelined collectives.
 * Pattern: relative ranks v = (rank - root) mod p, numbered level by level:
 *          v at level L = floor(log2(v+1)) has the children v + 2^L and
 *          v + 2^(L+1). The vector is cut into N segments of
 *          params->segment_bytes (default 32 KiB, as ompi_binary); per
 *          segment every inner rank receives and combines its two children
 *          in that order, then sends the segment to its parent, one receive
 *          posted ahead. Same tree and segments as SMPI's ompi_binary.
 *
 *            p=7 (v)        0
 *                        1     2
 *                       3 5   4 6      (children of 1: 3, 5; of 2: 4, 6)
 *
 * Cost:    about 2(h + N - 1)(alpha + (m/N)(beta + gamma)), h = floor(log2 p) the
 *          tree height: a node receives its two children in turn per segment.
 * Memory:  one scratch vector and two segments on the inner ranks.
 * Restrictions: commutative ops (subtrees hold interleaved ranks):
 *          PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 */
#include "reduce_util.h"

int papsim_reduce_binary(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                       PAPSIM_FLAGS_reduce_binary, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    papsim_tree_nary(c.rank, c.p, root, 2, &tree);
    const int segcount = papsim_segcount(params, 32 * 1024, count, datatype);
    return papsim_reduce_tree_segmented(sendbuf, recvbuf, count, datatype, op, root, comm, params,
                                        &tree, root, segcount);
}
