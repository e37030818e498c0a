/* Allgatherv: ring.
 *
 * Paper:   the classic forwarding ring, used for Allgatherv by MPICH and Open
 *          MPI; Loch's Sparbit (master's thesis, UDESC 2021) uses it as a
 *          baseline.
 * Pattern: p-1 steps. At step k (0-based) rank r sends block (r-k) mod p to
 *          r+1 and receives block (r-k-1) mod p from r-1, each block with its
 *          own count and displacement. Every step is one sendrecv, also for
 *          zero-count blocks: the ring's steps are a chain of dependencies, and
 *          skipping an empty message would not shorten it.
 * Cost:    (p-1) alpha + (sum_i m_i - m_r) beta, m_i = bytes of rank i's block;
 *          the step time is set by the largest block in flight.
 * Memory:  no scratch buffer.
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype, zero counts).
 */
#include "../coll_util.h"

int papsim_allgatherv_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int *recvcounts, const int *displs,
                           MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgatherv_begin(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                 recvtype, comm, params, PAPSIM_FLAGS_allgatherv_ring, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;

    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    for (int k = 0; k < p - 1; k++) {
        const int send_block = (rank - k + p) % p;
        const int recv_block = (rank - k - 1 + p) % p;
        rc = MPI_Sendrecv(papsim_offset(recvbuf, displs[send_block], extent),
                          recvcounts[send_block], recvtype, right, PAPSIM_TAG_ALLGATHERV,
                          papsim_offset(recvbuf, displs[recv_block], extent),
                          recvcounts[recv_block], recvtype, left, PAPSIM_TAG_ALLGATHERV, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
