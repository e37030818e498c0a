#include "alltoall_util.h"

#include "../coll_sig.h"

#include <stddef.h>
#include <stdlib.h>

int papsim_a2a_layout_init(papsim_a2a_layout *L, const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int p)
{
    MPI_Aint lb, rext, sext;
    MPI_Type_get_extent(recvtype, &lb, &rext);
    L->recv = recvbuf;
    L->rcount = recvcount;
    L->rtype = recvtype;
    L->rblock = (MPI_Aint)recvcount * rext;
    L->staged_free = NULL;
    if (sendbuf != MPI_IN_PLACE) {
        MPI_Type_get_extent(sendtype, &lb, &sext);
        L->send = sendbuf;
        L->scount = sendcount;
        L->stype = sendtype;
        L->sblock = (MPI_Aint)sendcount * sext;
        return MPI_SUCCESS;
    }
    /* In place: the input is recvbuf, which the receives overwrite, so send
     * from a copy of it with recvbuf's own layout. */
    void *staged = NULL;
    const MPI_Aint elems = (MPI_Aint)p * recvcount;
    int rc = papsim_scratch_alloc(elems, recvtype, &L->staged_free, &staged);
    if (rc != MPI_SUCCESS)
        return rc;
    L->send = staged;
    L->scount = recvcount;
    L->stype = recvtype;
    L->sblock = L->rblock;
    return papsim_local_copy(recvbuf, staged, elems, recvtype);
}

void papsim_a2a_layout_free(papsim_a2a_layout *L)
{
    papsim_data_free(L->staged_free);
    L->staged_free = NULL;
}

int papsim_a2a_copy_own(const papsim_a2a_layout *L, int rank)
{
    return papsim_typed_copy(papsim_a2a_send_block(L, rank), L->scount, L->stype,
                             papsim_a2a_recv_block(L, rank), L->rcount, L->rtype);
}

int papsim_alltoall_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const papsim_params *params, unsigned flags, papsim_call *c,
                          papsim_a2a_layout *L)
{
    L->staged_free = NULL;
    int rc = papsim_gather_begin(sendbuf, sendcount, sendtype, recvcount, recvtype, comm, params,
                                 flags, c);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    rc = papsim_a2a_layout_init(L, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                c->p);
    c->done = c->p == 1 || papsim_sig_bytes(recvcount, recvtype) == 0;
    return rc == MPI_SUCCESS ? papsim_a2a_copy_own(L, c->rank) : rc;
}
