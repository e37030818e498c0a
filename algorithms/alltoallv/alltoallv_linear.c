/* Alltoallv: linear (Open MPI 4.1 "basic_linear", tuned alltoallv algorithm 1).
 *
 * Paper:   the direct exchange of R. Thakur, R. Rabenseifner, W. Gropp,
 *          "Optimization of Collective Communication Operations in MPICH",
 *          IJHPCA 19(1), 2005, Sec. 4.3 (all sends and receives posted at
 *          once), with per-pair sizes; Open MPI's coll_base
 *          alltoallv_intra_basic_linear.
 * Pattern: one round. Rank r copies its own block m_rr locally, posts the
 *          receives from ranks 0, 1, .., p-1 (skipping itself and every
 *          empty block m_jr = 0 bytes), then the sends to 0, 1, .., p-1
 *          (skipping itself and every empty m_rj; empty by bytes, not
 *          count: 1 x a zero-size type on one side is 0 x MPI_INT on the
 *          other), and waits for all of them. Block j
 *          of rank r goes to rank j in one message.
 *
 *            p=4, rank 1   receives posted from 0, 2, 3; sends to 0, 2, 3
 *
 * Cost:    alpha + max(sum_j m_rj, sum_j m_jr) beta when the rank's own link
 *          is the bottleneck (every message in flight at once, full duplex);
 *          m_ij = bytes rank i sends to rank j. The network sees up to
 *          p(p-1) simultaneous messages, so contention decides the rest.
 *          SMPI's port "ompi_basic_linear" posts the same messages but also
 *          sends the empty ones (docs/smpi-notes.md).
 * Memory:  2(p-1) requests (plus the receive volume with MPI_IN_PLACE, see
 *          alltoallv_util.h).
 * Restrictions: none (any p, MPI_IN_PLACE with a symmetric exchange as MPI
 *          requires, any datatype).
 */
#include <stdlib.h>

#include "alltoallv_util.h"
#include "../coll_sig.h"

int papsim_alltoallv_linear(const void *sendbuf, const int *sendcounts, const int *sdispls,
                            MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                            const int *rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                            const papsim_params *params)
{
    int rc, n = 0;
    papsim_call c;
    MPI_Request *requests = NULL;
    papsim_a2av_layout L;

    rc = papsim_alltoallv_begin(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                rdispls, recvtype, comm, params, PAPSIM_FLAGS_alltoallv_linear,
                                &c, &L);
    PAPSIM_CHECK(rc);
    if (c.done)
        goto out;
    const int rank = c.rank, p = c.p;

    requests = malloc(2 * (size_t)(p - 1) * sizeof *requests);
    if (!requests) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    /* Receives first, so every message finds its receive already posted. */
    for (int j = 0; j < p; j++) {
        if (j == rank || papsim_sig_bytes(L.rcounts[j], L.rtype) == 0)
            continue;
        rc = MPI_Irecv(papsim_a2av_recv_block(&L, j), L.rcounts[j], L.rtype, j,
                       PAPSIM_TAG_ALLTOALLV, comm, &requests[n++]);
        PAPSIM_CHECK(rc);
    }
    for (int j = 0; j < p; j++) {
        if (j == rank || papsim_sig_bytes(L.scounts[j], L.stype) == 0)
            continue;
        rc = MPI_Isend(papsim_a2av_send_block(&L, j), L.scounts[j], L.stype, j,
                       PAPSIM_TAG_ALLTOALLV, comm, &requests[n++]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(n, requests);
out:
    free(requests);
    papsim_a2av_layout_free(&L);
    return rc;
}
