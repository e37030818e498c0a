/* Allgather: ring.
 *
 * Paper:   the classic forwarding ring (Thakur, Rabenseifner, Gropp, "Optimization
 *          of Collective Communication Operations in MPICH", IJHPCA 2005);
 *          W. Loch's Sparbit (master's thesis, UDESC 2021) uses it as a
 *          baseline.
 * Pattern: p-1 steps. At step k (0-based) rank r sends block (r-k) mod p to
 *          r+1 and receives block (r-k-1) mod p from r-1, so every block
 *          travels once around the ring, one hop per step.
 *          Note that SMPI's built-in "ring" allgather is a shift exchange
 *          (own block to r+k at step k), not this ring.
 *
 *            p=4   step 0      step 1      step 2
 *            r0    sends b0    sends b3    sends b2
 *            r1    sends b1    sends b0    sends b3
 *            r2    sends b2    sends b1    sends b0
 *            r3    sends b3    sends b2    sends b1
 *
 * Cost:    (p-1)(alpha + m beta), m = bytes of one rank's block.
 * Memory:  no scratch buffer.
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype).
 */
#include "../coll_util.h"

int papsim_allgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgather_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                params, PAPSIM_FLAGS_allgather_ring, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint block = (MPI_Aint)recvcount * c.extent;
    if (c.done)
        goto out;

    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    for (int k = 0; k < p - 1; k++) {
        const int send_block = (rank - k + p) % p;
        const int recv_block = (rank - k - 1 + p) % p;
        rc = MPI_Sendrecv(papsim_offset(recvbuf, send_block, block), recvcount, recvtype, right,
                          PAPSIM_TAG_ALLGATHER, papsim_offset(recvbuf, recv_block, block),
                          recvcount, recvtype, left, PAPSIM_TAG_ALLGATHER, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
