#include "coll_more.h"

#include <limits.h>
#include <stdlib.h>

int papsim_check_barrier_args(MPI_Comm comm, const papsim_params *params, unsigned flags)
{
    /* A bcast of nothing from rank 0 checks exactly the communicator, its
     * size and the knobs. */
    return papsim_check_bcast_args(0, MPI_BYTE, 0, comm, params, flags);
}

int papsim_check_reduce_scatter_args(const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                     MPI_Comm comm, const papsim_params *params, unsigned flags)
{
    int p;
    int rc = papsim_check_bcast_args(0, MPI_BYTE, 0, comm, NULL, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    if (!recvcounts)
        return MPI_ERR_ARG;
    long long total = 0;
    for (int i = 0; i < p; i++) {
        if (recvcounts[i] < 0)
            return MPI_ERR_COUNT;
        total += recvcounts[i];
    }
    if (total > INT_MAX)
        return MPI_ERR_COUNT;
    return papsim_check_allreduce_args(0, type, op, comm, params, flags);
}

int papsim_check_reduce_scatter_block_args(int recvcount, MPI_Datatype type, MPI_Op op,
                                           MPI_Comm comm, const papsim_params *params,
                                           unsigned flags)
{
    int p;
    int rc = papsim_check_bcast_args(0, MPI_BYTE, 0, comm, NULL, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    if (recvcount < 0 || (long long)recvcount * p > INT_MAX)
        return MPI_ERR_COUNT;
    return papsim_check_allreduce_args(0, type, op, comm, params, flags);
}

int papsim_reduce_scatter_as_block(papsim_reduce_scatter_fn *fn, const void *sendbuf,
                                   void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                                   MPI_Comm comm, const papsim_params *params, unsigned flags)
{
    int p;
    int rc = papsim_check_reduce_scatter_block_args(recvcount, type, op, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    MPI_Comm_size(comm, &p);
    int *counts = malloc((size_t)p * sizeof *counts);
    if (!counts)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++)
        counts[i] = recvcount;
    rc = fn(sendbuf, recvbuf, counts, type, op, comm, params);
    free(counts);
    return rc;
}

int papsim_reduce_scatter_begin(const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                MPI_Comm comm, const papsim_params *params, unsigned flags,
                                papsim_call *c, int **displs, int *total)
{
    *displs = NULL;
    *total = 0;
    const int rc = papsim_check_reduce_scatter_args(recvcounts, type, op, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    papsim_call_init(comm, type, c);
    MPI_Op_commutative(op, &c->commutative);
    *displs = malloc((size_t)c->p * sizeof **displs);
    if (!*displs)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < c->p; i++) {
        (*displs)[i] = *total;
        *total += recvcounts[i];
    }
    c->done = *total == 0;
    return MPI_SUCCESS;
}
