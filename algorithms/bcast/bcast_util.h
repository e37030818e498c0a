/* Helpers shared by the bcast algorithms: segment sizes, the tree shapes of
 * Open MPI 4.1's coll/base (chain, n-ary, binomial, k-nomial), the
 * segmented tree engine that pushes a buffer down any of them, and the block
 * partition of the scatter-allgather algorithms. */
#ifndef PAPSIM_BCAST_UTIL_H
#define PAPSIM_BCAST_UTIL_H

#include "../coll_util.h"

/* The most children a bcast tree node may have: a k-nomial node of radix k
 * has up to (k-1) ceil(log_k p) children, at most 252 for the largest radix
 * (PAPSIM_BCAST_MAX_RADIX) and p up to 2^24. */
#define PAPSIM_BCAST_MAX_CHILDREN 256
#define PAPSIM_BCAST_MAX_RADIX PAPSIM_KNOMIAL_RADIX_MAX
/* Open MPI 4.1's default k-nomial radix (coll_tuned_bcast_algorithm_knomial_radix). */
#define PAPSIM_BCAST_DEFAULT_RADIX 4

/* One rank's place in a broadcast tree; children are served in the order
 * listed. parent is MPI_PROC_NULL at the root. */
typedef struct {
    int parent;
    int nchildren;
    int children[PAPSIM_BCAST_MAX_CHILDREN];
} papsim_bcast_tree;

/* Elements per segment: params->segment_bytes, or default_bytes when it is
 * 0, divided by the type size and rounded down (at least one element); 0
 * bytes after the default, or a segment at least as long as the message,
 * means one segment (the whole buffer). */
int papsim_bcast_segcount(const papsim_params *params, MPI_Aint default_bytes, int count,
                          MPI_Datatype type);

/* The segment size Open MPI's old fixed decision (kept by SMPI 3.32's
 * ompi_pipeline) picks for a chain: 128, 64 or 16 KiB from p and m bytes. */
MPI_Aint papsim_bcast_pipeline_default_bytes(int p, MPI_Aint message_bytes);

/* Tree builders (relative rank v = (rank - root) mod p). Each fills `tree`
 * for the calling rank exactly as the Open MPI 4.1 builder of the same name
 * would, children in Open MPI's order. */
void papsim_bcast_chain_tree(int rank, int p, int root, int fanout, papsim_bcast_tree *tree);
void papsim_bcast_nary_tree(int rank, int p, int root, int fanout, papsim_bcast_tree *tree);
void papsim_bcast_binomial_tree(int rank, int p, int root, papsim_bcast_tree *tree);
void papsim_bcast_knomial_tree(int rank, int p, int root, int radix, papsim_bcast_tree *tree);

/* Pushes count elements from the root down `tree` in segments of segcount
 * elements, with Open MPI's generic bcast discipline: per segment a node
 * starts the sends to all its children at once and waits for them before
 * the next segment; inner nodes and leaves keep one receive posted ahead. */
int papsim_bcast_tree_segmented(void *buffer, int count, MPI_Datatype type, int root,
                                MPI_Comm comm, const papsim_bcast_tree *tree, int segcount);

/* The blocks of the scatter-allgather algorithms: block b (relative rank
 * b's share) is elements [b sc, min((b+1) sc, count)), sc = ceil(count/p).
 * Returns the elements held by the nblocks blocks from `first` on (blocks
 * past the message are empty) and their first element in *offset. */
int papsim_bcast_blocks(int count, int p, int first, int nblocks, MPI_Aint *offset);

/* The binomial scatter that opens both scatter-allgather algorithms: rank
 * v ends up with block v (relative ranks), receiving from v - lowbit(v) the
 * blocks of its subtree and handing the upper halves on, largest first.
 * Empty ranges travel as no message at all. */
int papsim_bcast_binomial_scatter(void *buffer, int count, MPI_Datatype type, int root,
                                  MPI_Comm comm);

#endif
