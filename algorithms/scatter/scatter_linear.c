/* Scatter: linear (Open MPI 4.1 "basic_linear", tuned scatter algorithm 1).
 *
 * Source:  the basic scatter of MPI libraries: Open MPI's coll_base
 *          scatter_intra_basic_linear (E. Gabriel et al., "Open MPI: goals,
 *          concept, and design of a next generation MPI implementation",
 *          EuroPVM/MPI 2004, LNCS 3241); SMPI "ompi_basic_linear".
 * Pattern: the root sends block 0, 1, .., p-1 to its rank in rank order with
 *          blocking sends and copies its own block in its turn; every other
 *          rank receives its block in one message.
 *
 *            p=4, root 2   2 -> 0, 2 -> 1, (own), 2 -> 3
 *
 * Cost:    (p-1)(alpha + m beta), all of it through the root's link; a late
 *          rank i holds up the root's sends to the ranks above i once its
 *          block no longer fits the eager protocol.
 * Memory:  none.
 * Restrictions: none; MPI_IN_PLACE (as recvbuf) at the root.
 */
#include "coll_gs.h"

int papsim_scatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    const papsim_gs_args a = {recvbuf == MPI_IN_PLACE, recvcount, recvtype, sendcount, NULL,
                              NULL, sendtype};
    int rc = papsim_gs_begin(&a, 0, root, comm, params, PAPSIM_FLAGS_scatter_linear, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if (c.rank != root)
        return MPI_Recv(recvbuf, recvcount, recvtype, root, PAPSIM_TAG_SCATTER, comm,
                        MPI_STATUS_IGNORE);
    for (int i = 0; i < c.p && rc == MPI_SUCCESS; i++) {
        const void *block = papsim_offset_const(sendbuf, (MPI_Aint)i * sendcount, c.extent);
        if (i != root)
            rc = MPI_Send(block, sendcount, sendtype, i, PAPSIM_TAG_SCATTER, comm);
        else if (!a.in_place)
            rc = papsim_typed_copy(block, sendcount, sendtype, recvbuf, recvcount, recvtype);
    }
    return rc;
}
