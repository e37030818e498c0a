/* Allgather: Bruck (concatenation by doubling distances).
 *
 * Paper:   J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient
 *          algorithms for all-to-all communications in multiport
 *          message-passing systems", IEEE TPDS 8(11), 1997; Loch's Sparbit
 *          (master's thesis, UDESC 2021, Sec. 2.4) uses it as a baseline.
 * Pattern: work in a scratch buffer where position k holds block (r+k) mod p,
 *          so the own block sits at position 0. ceil(log2 p) steps: at step s
 *          rank r sends positions [0, n) as one message to r-2^s and receives
 *          positions [2^s, 2^s+n) from r+2^s, n = min(2^s, p-2^s) (everything
 *          held, except on the last step of a non-power-of-two p). A final
 *          rotation copies position k to block (r+k) mod p of recvbuf.
 *
 *            p=5   step 0 (d=1)   step 1 (d=2)     step 2 (d=4)
 *            r0    b0 -> r4       b0,b1 -> r3      b0 -> r1
 *            r1    b1 -> r0       b1,b2 -> r4      b1 -> r2
 *            r2    b2 -> r1       b2,b3 -> r0      b2 -> r3
 *            r3    b3 -> r2       b3,b4 -> r1      b3 -> r4
 *            r4    b4 -> r3       b4,b0 -> r2      b4 -> r0
 *
 * Cost:    ceil(log2 p) alpha + (p-1) m beta, m = bytes of one rank's block,
 *          plus two local copies of p blocks (the shift in, the rotation out).
 * Memory:  a scratch buffer of p blocks.
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype); p recvcount must
 *          fit an int.
 */
#include <limits.h>

#include "../coll_util.h"

int papsim_allgather_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params)
{
    int rc;
    papsim_call c;
    void *scratch_mem = NULL, *tmp = NULL;

    rc = papsim_allgather_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                params, PAPSIM_FLAGS_allgather_bruck, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int rank = c.rank, p = c.p;
    if ((MPI_Aint)recvcount * p > INT_MAX) {
        rc = MPI_ERR_COUNT; /* messages and the rotation count up to p blocks */
        goto out;
    }
    const MPI_Aint block = (MPI_Aint)recvcount * c.extent;

    if (c.done)
        goto out;

    rc = papsim_scratch_alloc((MPI_Aint)p * recvcount, recvtype, &scratch_mem, &tmp);
    PAPSIM_CHECK(rc);
    /* The shift in: the own block (in recvbuf now) goes to position 0. */
    rc = papsim_local_copy(papsim_offset(recvbuf, rank, block), tmp, recvcount, recvtype);
    PAPSIM_CHECK(rc);

    for (int dist = 1; dist < p; dist <<= 1) {
        const int n = dist < p - dist ? dist : p - dist;
        const int to = (rank - dist + p) % p, from = (rank + dist) % p;
        rc = MPI_Sendrecv(tmp, n * recvcount, recvtype, to, PAPSIM_TAG_ALLGATHER,
                          papsim_offset(tmp, dist, block), n * recvcount, recvtype, from,
                          PAPSIM_TAG_ALLGATHER, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }

    /* The rotation out: positions [0, p-r) are blocks r..p-1, the rest 0..r-1. */
    rc = papsim_local_copy(tmp, papsim_offset(recvbuf, rank, block),
                           (MPI_Aint)(p - rank) * recvcount, recvtype);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(papsim_offset(tmp, p - rank, block), recvbuf,
                           (MPI_Aint)rank * recvcount, recvtype);
    PAPSIM_CHECK(rc);
out:
    papsim_data_free(scratch_mem);
    return rc;
}
