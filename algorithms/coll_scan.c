#include "coll_scan.h"

int papsim_scan_begin(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                      MPI_Comm comm, const papsim_params *params, unsigned flags, int exclusive,
                      papsim_call *c, const void **input)
{
    *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    const int rc = papsim_check_allreduce_args(count, type, op, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    papsim_call_init(comm, type, c);
    MPI_Op_commutative(op, &c->commutative);
    c->done = count == 0 || c->p == 1;
    if (!exclusive && sendbuf != MPI_IN_PLACE && count > 0)
        return papsim_local_copy(sendbuf, recvbuf, count, type);
    return MPI_SUCCESS;
}
