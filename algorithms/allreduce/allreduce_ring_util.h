/* The ring allgather phase shared by the ring allreduce algorithms
 * (allreduce_ring.c, allreduce_segmented_ring.c): after a ring
 * reduce-scatter rank r holds block r+1 (coll_blocks.h's split of count
 * elements over p) fully reduced; in step k = 0..p-2 it sends block
 * r+1-k to r+1 and receives block r-k from r-1, so after p-1 steps every
 * rank holds every block. Empty blocks travel as no message.
 * Cost: (p-1)(alpha + (m/p) beta). */
#ifndef PAPSIM_ALLREDUCE_RING_UTIL_H
#define PAPSIM_ALLREDUCE_RING_UTIL_H

#include "../coll_util.h"

int papsim_ring_allgather_blocks(void *buf, int count, MPI_Datatype type, MPI_Aint extent,
                                 MPI_Comm comm, int rank, int p);

#endif
