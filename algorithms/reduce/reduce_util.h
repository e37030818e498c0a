/* Helpers shared by the reduce algorithms: segment sizes, the segmented
 * tree engine of chain, pipeline, binary and in_order_binary, and the block
 * partition of the reduce-scatter based algorithms. */
#ifndef PAPSIM_REDUCE_UTIL_H
#define PAPSIM_REDUCE_UTIL_H

#include "../coll_util.h"

/* The most children a reduction tree node may have (chain fanout cap). */
#define PAPSIM_REDUCE_MAX_CHILDREN 32

/* One rank's place in a reduction tree. The children are received and
 * combined in the order listed. */
typedef struct {
    int parent; /* MPI_PROC_NULL at the tree root */
    int nchildren;
    int children[PAPSIM_REDUCE_MAX_CHILDREN];
} papsim_reduce_tree;

/* Elements per segment: params->segment_bytes, or default_bytes when it is
 * 0, divided by the type size and rounded down (at least one element). A
 * byte count of 0 after the default means one segment (the whole vector). */
int papsim_reduce_segcount(const papsim_params *params, MPI_Aint default_bytes, int count,
                           MPI_Datatype type);

/* Segmented, pipelined reduction over `tree` (rooted at tree_root), then,
 * when tree_root != root, one message of the whole result from tree_root to
 * root. Per segment a node receives each child's partial result in turn
 * (one receive posted ahead, two segment buffers), combines it into its
 * accumulator with the child as the LEFT operand, and sends the finished
 * segment to its parent with a blocking send; leaves send their segments
 * with blocking sends. This is the segment discipline of Open MPI's generic
 * tree reduce (and SMPI's ompi_* reduce variants), so equal trees and
 * segment sizes give equal communication.
 * Operand order: the result is v(S(c_k-1)) op .. op v(S(c_0)) op v(own),
 * S(c) the ranks of child c's subtree, so a non-commutative op is reduced in
 * rank order when each child's subtree holds the ranks just below the
 * previous one's (just below the node's own rank for c_0). */
int papsim_reduce_tree_segmented(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                                 const papsim_params *params, const papsim_reduce_tree *tree,
                                 int tree_root, int segcount);

/* Element offset and length of block b when count elements are cut into
 * nblocks blocks, the first count mod nblocks one element longer. */
void papsim_reduce_block(int count, int nblocks, int b, MPI_Aint *first, int *len);

/* inout = left op inout for the element range [first, first + len) of two
 * buffers, `held` the accumulator and `got` the received data: with
 * got_is_left the received data is the left operand and the result lands
 * in held directly; otherwise held is the left operand, the result lands
 * in got and is copied back into held (a free local copy). For a
 * commutative op the received data is always the left operand. */
int papsim_reduce_combine_ordered(void *got, void *held, int len, MPI_Datatype type, MPI_Op op,
                                  int commutative, int got_is_left,
                                  const papsim_params *params);

/* The vector a rank reduces into: recvbuf at the root (which holds the
 * result at the end), a fresh scratch buffer elsewhere (*to_free, freed by
 * the caller), filled with the rank's own input (recvbuf itself for the
 * root with MPI_IN_PLACE). */
int papsim_reduce_work_buffer(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                              int is_root, void **to_free, void **work);

#endif
