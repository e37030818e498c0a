/* Scatterv: linear (Open MPI's basic scatterv).
 *
 * Source:  the basic scatterv of MPI libraries: Open MPI's coll_basic
 *          scatterv_intra (E. Gabriel et al., "Open MPI: goals, concept,
 *          and design of a next generation MPI implementation", EuroPVM/MPI
 *          2004, LNCS 3241); MPICH's MPIR_Scatterv_allcomm_linear.
 * Pattern: the root sends block i (sendcounts[i] elements at displs[i]) to
 *          rank i for i = 0, 1, .., p-1 with blocking sends, skipping empty
 *          blocks, and copies its own in its turn; every other rank with a
 *          non-empty block receives it in one message.
 *
 *            p=4, root 2   2 -> 0 (m_0), 2 -> 1 (m_1), (own), 2 -> 3 (m_3)
 *
 * Cost:    (p-1) alpha + (M - m_root) beta through the root's link, M the
 *          sum of the blocks (one alpha less per empty block).
 * Memory:  none.
 * Restrictions: none; MPI_IN_PLACE (as recvbuf) at the root.
 */
#include "coll_gs.h"

int papsim_scatterv_linear(const void *sendbuf, const int *sendcounts, const int *displs,
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm,
                           const papsim_params *params)
{
    papsim_call c;
    const papsim_gs_args a = {recvbuf == MPI_IN_PLACE, recvcount, recvtype, 0, sendcounts,
                              displs, sendtype};
    int rc = papsim_gs_begin(&a, 1, root, comm, params, PAPSIM_FLAGS_scatterv_linear, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if (c.rank != root)
        return papsim_recv_piece(recvbuf, recvcount, recvtype, root, PAPSIM_TAG_SCATTERV, comm);
    for (int i = 0; i < c.p && rc == MPI_SUCCESS; i++) {
        const void *block = papsim_offset_const(sendbuf, displs[i], c.extent);
        if (i != root)
            rc = papsim_send_piece(block, sendcounts[i], sendtype, i, PAPSIM_TAG_SCATTERV, comm);
        else if (!a.in_place)
            rc = papsim_typed_copy(block, sendcounts[i], sendtype, recvbuf, recvcount, recvtype);
    }
    return rc;
}
