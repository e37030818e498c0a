/* Reduce_scatter_block: ring (Open MPI 4.1 "ring" applied to equal blocks).
 *
 * Paper, pattern and cost: those of reduce_scatter ring
 *          (algorithms/reduce_scatter/reduce_scatter_ring.c) with p blocks of
 *          recvcount elements each (m bytes), as SMPI runs
 *          MPI_Reduce_scatter_block through its reduce_scatter algorithms.
 * Memory:  p ints of counts, plus reduce_scatter ring's.
 * Restrictions: reduce_scatter ring's (commutative op); p recvcount must fit
 *          an int; MPI_IN_PLACE.
 */
#include "coll_more.h"

int papsim_reduce_scatter_block_ring(const void *sendbuf, void *recvbuf, int recvcount,
                                   MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                   const papsim_params *params)
{
    return papsim_reduce_scatter_as_block(papsim_reduce_scatter_ring, sendbuf, recvbuf, recvcount,
                                          type, op, comm, params,
                                          PAPSIM_FLAGS_reduce_scatter_block_ring);
}
