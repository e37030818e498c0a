#include "fold.h"

int papsim_allreduce_fold(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm, int rank, int r, const papsim_params *params,
                          int *newrank)
{
    *newrank = rank >= 2 * r ? rank - r : (rank % 2 ? rank / 2 : -1);
    if (rank >= 2 * r)
        return MPI_SUCCESS;
    if (rank % 2 == 0)
        return MPI_Send(buf, count, type, rank + 1, PAPSIM_TAG_ALLREDUCE_RS, comm);
    int rc = MPI_Recv(tmp, count, type, rank - 1, PAPSIM_TAG_ALLREDUCE_RS, comm,
                      MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) /* the even neighbour holds the lower rank: left operand */
        rc = papsim_combine(tmp, buf, count, type, op, params);
    return rc;
}

int papsim_allreduce_unfold(void *buf, int count, MPI_Datatype type, MPI_Comm comm, int rank,
                            int r)
{
    if (rank >= 2 * r)
        return MPI_SUCCESS;
    if (rank % 2)
        return MPI_Send(buf, count, type, rank - 1, PAPSIM_TAG_ALLREDUCE_AG, comm);
    return MPI_Recv(buf, count, type, rank + 1, PAPSIM_TAG_ALLREDUCE_AG, comm,
                    MPI_STATUS_IGNORE);
}
