#include "alltoallv_util.h"

#include <limits.h>
#include <stdlib.h>

int papsim_check_alltoallv_args(const void *sendbuf, const int *sendcounts, const int *sdispls,
                                MPI_Datatype sendtype, const int *recvcounts, const int *rdispls,
                                MPI_Datatype recvtype, MPI_Comm comm,
                                const papsim_params *params, unsigned flags)
{
    int p;
    const int in_place = sendbuf == MPI_IN_PLACE;
    /* A bcast of nothing from rank 0 checks the communicator and its size. */
    int rc = papsim_check_bcast_args(0, MPI_BYTE, 0, comm, NULL, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    if (!recvcounts || !rdispls || (!in_place && (!sendcounts || !sdispls)))
        return MPI_ERR_ARG;
    for (int j = 0; j < p; j++)
        if (recvcounts[j] < 0 || (!in_place && sendcounts[j] < 0))
            return MPI_ERR_COUNT;
    if (recvtype == MPI_DATATYPE_NULL || (!in_place && sendtype == MPI_DATATYPE_NULL))
        return MPI_ERR_TYPE;
    return papsim_check_params(params);
}

void papsim_a2av_layout_free(papsim_a2av_layout *L)
{
    papsim_data_free(L->staged_free);
    free(L->staged_displs);
    L->staged_free = NULL;
    L->staged_displs = NULL;
}

/* In place: the input is in recvbuf, which the receives overwrite, so send
 * from a packed copy of its p blocks, with recvbuf's counts and type. */
static int stage_in_place(papsim_a2av_layout *L, int p)
{
    MPI_Aint total = 0;
    void *staged = NULL;
    L->staged_displs = malloc((size_t)p * sizeof *L->staged_displs);
    if (!L->staged_displs)
        return MPI_ERR_NO_MEM;
    for (int j = 0; j < p; j++)
        total += L->rcounts[j];
    if (total > INT_MAX)
        return MPI_ERR_COUNT; /* the packed offsets are ints, as MPI's displacements */
    int rc = papsim_scratch_alloc(total, L->rtype, &L->staged_free, &staged);
    if (rc != MPI_SUCCESS)
        return rc;
    total = 0;
    for (int j = 0; j < p; j++) {
        L->staged_displs[j] = (int)total;
        rc = papsim_local_copy(papsim_offset(L->recv, L->rdispls[j], L->rext),
                               papsim_offset(staged, total, L->rext), L->rcounts[j], L->rtype);
        if (rc != MPI_SUCCESS)
            return rc;
        total += L->rcounts[j];
    }
    L->send = staged;
    L->scounts = L->rcounts;
    L->sdispls = L->staged_displs;
    L->stype = L->rtype;
    L->sext = L->rext;
    return MPI_SUCCESS;
}

int papsim_alltoallv_begin(const void *sendbuf, const int *sendcounts, const int *sdispls,
                           MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                           const int *rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params, unsigned flags, papsim_call *c,
                           papsim_a2av_layout *L)
{
    MPI_Aint lb;
    L->staged_free = NULL;
    L->staged_displs = NULL;
    int rc = papsim_check_alltoallv_args(sendbuf, sendcounts, sdispls, sendtype, recvcounts,
                                         rdispls, recvtype, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* nothing sent */
    MPI_Comm_rank(comm, &c->rank);
    MPI_Comm_size(comm, &c->p);
    MPI_Type_get_extent(recvtype, &lb, &c->extent);
    c->commutative = 1;
    c->done = c->p == 1;
    L->recv = recvbuf;
    L->rcounts = recvcounts;
    L->rdispls = rdispls;
    L->rtype = recvtype;
    L->rext = c->extent;
    if (sendbuf == MPI_IN_PLACE) {
        /* The own block is already in place: staging is all there is. */
        return c->done ? MPI_SUCCESS : stage_in_place(L, c->p);
    }
    L->send = sendbuf;
    L->scounts = sendcounts;
    L->sdispls = sdispls;
    L->stype = sendtype;
    MPI_Type_get_extent(sendtype, &lb, &L->sext);
    return papsim_typed_copy(papsim_a2av_send_block(L, c->rank), sendcounts[c->rank], sendtype,
                             papsim_a2av_recv_block(L, c->rank), recvcounts[c->rank], recvtype);
}
