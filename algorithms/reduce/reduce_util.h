/* Helpers shared by the reduce algorithms: the segmented tree engine of
 * chain, pipeline, binary and in_order_binary (trees from coll_tree.h,
 * segments from coll_blocks.h), and the order-aware combine of the
 * reduce-scatter based algorithms. */
#ifndef PAPSIM_REDUCE_UTIL_H
#define PAPSIM_REDUCE_UTIL_H

#include "../coll_tree.h"
#include "../coll_util.h"

/* The most chains the chain reduce runs into its root (its fanout cap). */
#define PAPSIM_REDUCE_CHAIN_MAX_FANOUT 32

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
                                 const papsim_params *params, const papsim_tree *tree,
                                 int tree_root, int segcount);

/* inout = left op inout for the element range [first, first + len) of two
 * buffers, `held` the accumulator and `got` the received data: with
 * got_is_left the received data is the left operand and the result lands
 * in held directly; otherwise held is the left operand, the result lands
 * in got and is copied back into held (a free local copy). For a
 * commutative op the received data is always the left operand. */
int papsim_reduce_combine_ordered(void *got, void *held, int len, MPI_Datatype type, MPI_Op op,
                                  int commutative, int got_is_left,
                                  const papsim_params *params);

/* The vector a reduction works in: recvbuf at the root (which holds the
 * result at the end), fresh scratch elsewhere (*to_free), filled with the
 * rank's own input (papsim_reduce_input). papsim_work_buffer for a reduce. */
static inline int papsim_reduce_work_buffer(const void *sendbuf, void *recvbuf, int count,
                                            MPI_Datatype type, int is_root, void **to_free,
                                            void **work)
{
    return papsim_work_buffer(papsim_reduce_input(sendbuf, recvbuf, is_root),
                              is_root ? recvbuf : NULL, count, type, to_free, work);
}

#endif
