/* Alltoall: linear (Open MPI 4.1 "basic linear", tuned algorithm 1).
 *
 * Paper:   the direct exchange every MPI library starts from (Thakur,
 *          Rabenseifner, Gropp, IJHPCA 2005, Sec. 4.3 for MPICH's medium
 *          messages); Open MPI's coll_base "basic_linear", "Lin" in Salimi
 *          Beni, Cosenza and Hunold, "MPI Collective Algorithm Selection in the
 *          Presence of Process Arrival Patterns".
 * Pattern: one round. Rank r copies its own block, posts all p-1 receives
 *          (from r+1, r+2, ..., r-1) and then all p-1 sends in the reverse
 *          order (to r-1, r-2, ..., r+1), and waits for all 2(p-1). Block j
 *          of rank r goes to rank j in one message.
 *
 *            p=4, rank 1   receives posted from 2, 3, 0; sends to 0, 3, 2
 *
 * Cost:    alpha + (p-1) m beta when the rank's own link is the bottleneck
 *          (all messages in flight at once, full duplex); the network sees
 *          p(p-1) simultaneous messages, so contention decides the rest.
 *          m = bytes of one block. Same pattern and posting order as SMPI's
 *          "basic_linear".
 * Memory:  2(p-1) requests (plus p blocks with MPI_IN_PLACE, see
 *          alltoall_util.h).
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype).
 */
#include <stdlib.h>

#include "alltoall_util.h"

int papsim_alltoall_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params)
{
    int rc, n = 0;
    papsim_call c;
    MPI_Request *requests = NULL;
    papsim_a2a_layout L;

    rc = papsim_alltoall_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               params, PAPSIM_FLAGS_alltoall_linear, &c, &L);
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
    for (int k = 1; k < p; k++) {
        const int from = (rank + k) % p;
        rc = MPI_Irecv(papsim_a2a_recv_block(&L, from), L.rcount, L.rtype, from,
                       PAPSIM_TAG_ALLTOALL, comm, &requests[n++]);
        PAPSIM_CHECK(rc);
    }
    for (int k = 1; k < p; k++) {
        const int to = (rank - k + p) % p;
        rc = MPI_Isend(papsim_a2a_send_block(&L, to), L.scount, L.stype, to, PAPSIM_TAG_ALLTOALL,
                       comm, &requests[n++]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(n, requests);
out:
    free(requests);
    papsim_a2a_layout_free(&L);
    return rc;
}
