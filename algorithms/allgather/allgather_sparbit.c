/* Allgather: Sparbit (stripe parallel binomial trees).
 *
 * Paper:   W. Loch, "Sparbit: a new logarithmic-cost and data locality-aware
 *          MPI Allgather algorithm", master's thesis, UDESC, Joinville, 2021,
 *          Algorithm 1.
 * Pattern: p binomial-tree broadcasts at once, one rooted at every rank, with
 *          distances that halve: L = ceil(log2 p) steps, step i at distance
 *          d = 2^(L-1-i). At step i rank r sends to r+d and receives from r-d
 *          one message per block: the j-th carries block r-2jd and the j-th
 *          received block is r-(2j+1)d, each written straight to its final
 *          place in recvbuf. A rank holding `data` blocks forwards all of them
 *          except, on the steps marked in the ignore mask (sparbit_schedule.h),
 *          the one it got as a leaf of some tree, so no block arrives twice.
 *          Step i sends ceil(p/d)-ceil(p/2d) blocks, p-1 in all.
 *
 *            p=5   step 0 (d=4)   step 1 (d=2)   step 2 (d=1)
 *            r0    b0 -> r4       b0 -> r2       b0,b3 -> r1
 *            r1    b1 -> r0       b1 -> r3       b1,b4 -> r2
 *            r2    b2 -> r1       b2 -> r4       b2,b0 -> r3
 *            r3    b3 -> r2       b3 -> r0       b3,b1 -> r4
 *            r4    b4 -> r3       b4 -> r1       b4,b2 -> r0
 *          (ignore mask 011: at d=2 and d=1 rank r keeps block r+1 to itself.)
 *
 * Cost:    ceil(log2 p) alpha + (p-1) m beta, m = bytes of one rank's block,
 *          plus an issue cost tau for each of the (p-1) - ceil(log2 p) extra
 *          messages that share a step (p-1 messages per rank in all).
 * Memory:  no scratch buffer, no shift, no final rotation; an array of p
 *          requests (a step has at most 2 floor(p/2) in flight).
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype).
 */
#include "../coll_util.h"
#include "sparbit_exchange.h"

int papsim_allgather_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgather_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                params, PAPSIM_FLAGS_allgather_sparbit, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    return papsim_sparbit_exchange(recvbuf, recvcount, NULL, NULL, recvtype, PAPSIM_TAG_ALLGATHER,
                                   comm);
}
