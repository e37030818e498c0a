/* Allgather: recursive doubling.
 *
 * Paper:   R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 *          Communication Operations in MPICH", IJHPCA 2005; Loch's Sparbit
 *          (master's thesis, UDESC 2021, Sec. 2.4) uses it as a baseline.
 * Pattern: log2 p pairwise steps. At step s rank r exchanges everything it
 *          holds with r XOR 2^s. Before step s it holds the 2^s contiguous
 *          blocks starting at (r >> s) << s, so each step is one message each
 *          way and the held range doubles; the distance doubles with it.
 *
 *            p=4   step 0 (r^1)   step 1 (r^2)
 *            r0    b0 -> r1       b0,b1 -> r2
 *            r1    b1 -> r0       b0,b1 -> r3
 *            r2    b2 -> r3       b2,b3 -> r0
 *            r3    b3 -> r2       b2,b3 -> r1
 *
 * Cost:    log2(p) alpha + (p-1) m beta, m = bytes of one rank's block.
 * Memory:  no scratch buffer.
 * Restrictions: power-of-two p (MPI_ERR_SIZE otherwise; no silent fallback);
 *          MPI_IN_PLACE and any datatype are fine; (p/2) recvcount must fit
 *          an int.
 */
#include <limits.h>

#include "../coll_util.h"

int papsim_allgather_recursive_doubling(const void *sendbuf, int sendcount,
                                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                        MPI_Datatype recvtype, MPI_Comm comm,
                                        const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgather_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                params, PAPSIM_FLAGS_allgather_recursive_doubling, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int rank = c.rank, p = c.p;
    if ((MPI_Aint)recvcount * (p / 2) > INT_MAX) {
        rc = MPI_ERR_COUNT; /* the last step sends p/2 blocks as one message */
        goto out;
    }
    const MPI_Aint block = (MPI_Aint)recvcount * c.extent;
    if (c.done)
        goto out;

    for (int dist = 1; dist < p; dist <<= 1) {
        const int partner = rank ^ dist;
        const int mine = rank & ~(dist - 1), theirs = partner & ~(dist - 1);
        rc = MPI_Sendrecv(papsim_offset(recvbuf, mine, block), dist * recvcount, recvtype,
                          partner, PAPSIM_TAG_ALLGATHER, papsim_offset(recvbuf, theirs, block),
                          dist * recvcount, recvtype, partner, PAPSIM_TAG_ALLGATHER, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
