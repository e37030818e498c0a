/* Gatherv: linear (Open MPI's basic gatherv).
 *
 * Source:  the basic gatherv of MPI libraries: Open MPI's coll_basic
 *          gatherv_intra (E. Gabriel et al., "Open MPI: goals, concept, and
 *          design of a next generation MPI implementation", EuroPVM/MPI
 *          2004, LNCS 3241); MPICH's MPIR_Gatherv_allcomm_linear.
 * Pattern: every non-root rank with a non-empty block sends it to the root
 *          in one blocking send; the root receives block 0, 1, .., p-1
 *          (recvcounts[i] elements at displs[i]) in rank order with
 *          blocking receives, skipping empty blocks, and copies its own in
 *          its turn.
 *
 *            p=4, root 2   2 <- 0 (m_0), 2 <- 1 (m_1), (own), 2 <- 3 (m_3)
 *
 * Cost:    (p-1) alpha + (M - m_root) beta through the root's link, M the
 *          sum of the blocks (one alpha less per empty block).
 * Memory:  none.
 * Restrictions: none; MPI_IN_PLACE at the root.
 */
#include "coll_gs.h"

int papsim_gatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int *recvcounts, const int *displs,
                          MPI_Datatype recvtype, int root, MPI_Comm comm,
                          const papsim_params *params)
{
    papsim_call c;
    const papsim_gs_args a = {sendbuf == MPI_IN_PLACE, sendcount, sendtype, 0, recvcounts,
                              displs, recvtype};
    int rc = papsim_gs_begin(&a, 1, root, comm, params, PAPSIM_FLAGS_gatherv_linear, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if (c.rank != root)
        return papsim_send_piece(sendbuf, sendcount, sendtype, root, PAPSIM_TAG_GATHERV, comm);
    for (int i = 0; i < c.p && rc == MPI_SUCCESS; i++) {
        void *block = papsim_offset(recvbuf, displs[i], c.extent);
        if (i != root)
            rc = papsim_recv_piece(block, recvcounts[i], recvtype, i, PAPSIM_TAG_GATHERV, comm);
        else if (!a.in_place)
            rc = papsim_typed_copy(sendbuf, sendcount, sendtype, block, recvcounts[i], recvtype);
    }
    return rc;
}
