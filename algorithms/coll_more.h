/* Helpers of the barrier and reduce_scatter families: their tags and
 * their argument checks (the same order and error classes as coll_util.h's
 * checks, listed in papsim_algorithms.h). Their restriction flags are
 * coll_util.h's. */
#ifndef PAPSIM_COLL_MORE_H
#define PAPSIM_COLL_MORE_H

#include "coll_util.h"

/* Non-negative tags, one per collective, apart from coll_util.h's. */
enum {
    PAPSIM_TAG_BARRIER = 500,
    PAPSIM_TAG_REDUCE_SCATTER = 510,
};

/* Barrier: the communicator and its size against flags (MPI_ERR_COMM,
 * MPI_ERR_SIZE), then the knobs (MPI_ERR_ARG). */
int papsim_check_barrier_args(MPI_Comm comm, const papsim_params *params, unsigned flags);

/* Reduce_scatter: the communicator (MPI_ERR_COMM, MPI_ERR_SIZE),
 * recvcounts non-NULL (MPI_ERR_ARG), every recvcounts[i] >= 0 and their sum
 * an int (MPI_ERR_COUNT), the datatype (MPI_ERR_TYPE), the op (MPI_ERR_OP)
 * and the knobs (MPI_ERR_ARG). */
int papsim_check_reduce_scatter_args(const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                     MPI_Comm comm, const papsim_params *params, unsigned flags);

/* Reduce_scatter_block: as above with p blocks of recvcount (p recvcount
 * must fit an int: MPI_ERR_COUNT). */
/* The reduce_scatter preamble (papsim_call, coll_util.h): the checks above
 * (their code, the same on every rank, nothing sent), rank, size, extent
 * and commutativity into *c, and *displs, a new array of the blocks'
 * element offsets in the full vector (prefix sums of recvcounts; the caller
 * frees it, also on error), with *total their sum; done when total == 0. */
int papsim_reduce_scatter_begin(const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                MPI_Comm comm, const papsim_params *params, unsigned flags,
                                papsim_call *c, int **displs, int *total);

int papsim_check_reduce_scatter_block_args(int recvcount, MPI_Datatype type, MPI_Op op,
                                           MPI_Comm comm, const papsim_params *params,
                                           unsigned flags);

/* The empty message of the barriers. */
static inline int papsim_barrier_send(int to, MPI_Comm comm)
{
    return MPI_Send(NULL, 0, MPI_BYTE, to, PAPSIM_TAG_BARRIER, comm);
}
static inline int papsim_barrier_recv(int from, MPI_Comm comm)
{
    return MPI_Recv(NULL, 0, MPI_BYTE, from, PAPSIM_TAG_BARRIER, comm, MPI_STATUS_IGNORE);
}
static inline int papsim_barrier_sendrecv(int to, int from, MPI_Comm comm)
{
    return MPI_Sendrecv(NULL, 0, MPI_BYTE, to, PAPSIM_TAG_BARRIER, NULL, 0, MPI_BYTE, from,
                        PAPSIM_TAG_BARRIER, comm, MPI_STATUS_IGNORE);
}

/* Reduce_scatter_block through a reduce_scatter algorithm: p counts of
 * recvcount (checked as above first, so every rank agrees). */
int papsim_reduce_scatter_as_block(papsim_reduce_scatter_fn *fn, const void *sendbuf,
                                   void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                                   MPI_Comm comm, const papsim_params *params, unsigned flags);

#endif
