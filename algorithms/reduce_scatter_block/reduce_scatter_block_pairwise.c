/* Reduce_scatter_block: pairwise exchange (MPICH "pairwise" applied to equal blocks).
 *
 * Paper, pattern and cost: those of reduce_scatter pairwise
 *          (algorithms/reduce_scatter/reduce_scatter_pairwise.c) with p blocks of
 *          recvcount elements each (m bytes), as SMPI runs
 *          MPI_Reduce_scatter_block through its reduce_scatter algorithms.
 * Memory:  p ints of counts, plus reduce_scatter pairwise's.
 * Restrictions: reduce_scatter pairwise's (commutative op); p recvcount must fit
 *          an int; MPI_IN_PLACE.
 */
#include "coll_more.h"

int papsim_reduce_scatter_block_pairwise(const void *sendbuf, void *recvbuf, int recvcount,
                                   MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                   const papsim_params *params)
{
    return papsim_reduce_scatter_as_block(papsim_reduce_scatter_pairwise, sendbuf, recvbuf, recvcount,
                                          type, op, comm, params,
                                          PAPSIM_FLAGS_reduce_scatter_block_pairwise);
}
