/* Helpers shared by the bcast algorithms: Open MPI's pipeline segment
 * size, the segmented tree engine that pushes a buffer down any tree of
 * coll_tree.h, and the binomial scatter that opens the scatter-allgather
 * algorithms (blocks from coll_blocks.h's papsim_ceil_blocks). */
#ifndef PAPSIM_BCAST_UTIL_H
#define PAPSIM_BCAST_UTIL_H

#include "../coll_sig.h"
#include "../coll_tree.h"
#include "../coll_util.h"

/* Open MPI 4.1's default k-nomial radix (coll_tuned_bcast_algorithm_knomial_radix). */
#define PAPSIM_BCAST_DEFAULT_RADIX 4

/* The segment size Open MPI's old fixed decision (kept by SMPI 3.32's
 * ompi_pipeline) picks for a chain: 128, 64 or 16 KiB from p and m bytes. */
MPI_Aint papsim_bcast_pipeline_default_bytes(int p, MPI_Aint message_bytes);

/* Pushes count elements from the root down `tree` in segments of segcount
 * elements, with Open MPI's generic bcast discipline: per segment a node
 * starts the sends to all its children at once and waits for them before
 * the next segment; inner nodes and leaves keep one receive posted ahead. */
int papsim_bcast_tree_segmented(void *buffer, int count, MPI_Datatype type, int root,
                                MPI_Comm comm, const papsim_tree *tree, int segcount);

/* The chain algorithms (pipeline: fanout 1; chain: fanout 4): the
 * papsim_tree_chain of `fanout` chains, pushed in segments of
 * params->segment_bytes, by default Open MPI's pipeline segment size for
 * p and the message. */
int papsim_bcast_chains(void *buffer, int count, MPI_Datatype type, int root, MPI_Comm comm,
                        const papsim_params *params, const papsim_call *c, int fanout);

/* Every bcast algorithm that cuts the buffer (segments, scatter blocks)
 * cuts it in granules of its byte count, the one number every rank knows
 * alike whatever its datatype: 8 bytes when 8 divides the count, else 4,
 * 2 or 1 (papsim_bcast_granule). A rank whose datatype is not its
 * granule's type runs `self` on its buffer seen as granules, through
 * this, and is done: in place when its datatype is a predefined one
 * without holes (its bytes are the granules), else through a packed copy
 * (MPI_Pack's bytes, so the signature decides, not the layout). */
int papsim_bcast_in_units(papsim_bcast_fn *self, void *buffer, int count, MPI_Datatype type,
                          int root, MPI_Comm comm, const papsim_params *params);

/* The granule type of a broadcast of `bytes` bytes: MPI_UINT64_T,
 * MPI_UINT32_T, MPI_UINT16_T or MPI_BYTE, the largest whose size divides
 * bytes. Moved as bytes, never read as numbers. */
MPI_Datatype papsim_bcast_granule(MPI_Aint bytes);

/* 1 when a rank must go through papsim_bcast_in_units: its datatype is
 * not the granule of its bytes. */
static inline int papsim_bcast_staged(int count, MPI_Datatype type)
{
    return papsim_bcast_granule(papsim_sig_bytes(count, type)) != type;
}

/* The preamble and opening of both scatter-allgather algorithms (`self`):
 * the bcast preamble (papsim_bcast_begin), a datatype that is not its
 * granule through papsim_bcast_in_units, then with count < p (no block for
 * every rank) the whole broadcast as `linear`, else the binomial scatter
 * below. c->done when nothing is left to do. */
int papsim_bcast_scatter_begin(papsim_bcast_fn *self, void *buffer, int count, MPI_Datatype type,
                               int root, MPI_Comm comm, const papsim_params *params,
                               unsigned flags, papsim_call *c);

/* The binomial scatter that opens both scatter-allgather algorithms: rank
 * v ends up with block v (relative ranks), receiving from v - lowbit(v) the
 * blocks of its subtree (papsim_ceil_blocks of p) and handing the upper
 * halves on, largest first.
 * Empty ranges travel as no message at all. */
int papsim_bcast_binomial_scatter(void *buffer, int count, MPI_Datatype type, int root,
                                  MPI_Comm comm);

#endif
