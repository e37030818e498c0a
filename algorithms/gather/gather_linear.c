/* Gather: linear (Open MPI 4.1 "basic_linear", tuned gather algorithm 1).
 *
 * Source:  the basic gather of MPI libraries: Open MPI's coll_base
 *          gather_intra_basic_linear (E. Gabriel et al., "Open MPI: goals,
 *          concept, and design of a next generation MPI implementation",
 *          EuroPVM/MPI 2004, LNCS 3241); SMPI "ompi_basic_linear".
 * Pattern: every non-root rank sends its block to the root in one blocking
 *          send; the root receives block 0, 1, .., p-1 in rank order with
 *          blocking receives and copies its own block in its turn.
 *
 *            p=4, root 2   2 <- 0, 2 <- 1, (own), 2 <- 3
 *
 * Cost:    (p-1)(alpha + m beta), all of it through the root's link; a late
 *          rank i delays the root's receives of ranks above i.
 * Memory:  none.
 * Restrictions: none; MPI_IN_PLACE at the root.
 */
#include "coll_gs.h"

int papsim_gather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    const papsim_gs_args a = {sendbuf == MPI_IN_PLACE, sendcount, sendtype, recvcount, NULL,
                              NULL, recvtype};
    int rc = papsim_gs_begin(&a, 0, root, comm, params, PAPSIM_FLAGS_gather_linear, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if (c.rank != root)
        return MPI_Send(sendbuf, sendcount, sendtype, root, PAPSIM_TAG_GATHER, comm);
    for (int i = 0; i < c.p && rc == MPI_SUCCESS; i++) {
        void *block = papsim_offset(recvbuf, (MPI_Aint)i * recvcount, c.extent);
        if (i != root)
            rc = MPI_Recv(block, recvcount, recvtype, i, PAPSIM_TAG_GATHER, comm,
                          MPI_STATUS_IGNORE);
        else if (!a.in_place)
            rc = papsim_typed_copy(sendbuf, sendcount, sendtype, block, recvcount, recvtype);
    }
    return rc;
}
