/* Allgather: Sparbit (stripe parallel binomial trees).
 *
 * Paper:   W. Loch, "Sparbit: a new logarithmic-cost and data locality-aware
 *          MPI Allgather algorithm", master thesis, UDESC 2021 (seed 001),
 *          Algorithm 1; see ../shared/notes/sparbit-loch2021.md.
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
#include <stdlib.h>

#include "../coll_util.h"
#include "sparbit_schedule.h"

int papsim_allgather_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             MPI_Comm comm, const papsim_params *params)
{
    (void)params;
    int rc = MPI_SUCCESS, rank, p;
    MPI_Aint lb, extent;
    MPI_Request *req = NULL;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(recvtype, &lb, &extent);
    const MPI_Aint block = (MPI_Aint)recvcount * extent;

    if (sendbuf != MPI_IN_PLACE) {
        rc = papsim_typed_copy(sendbuf, sendcount, sendtype, papsim_offset(recvbuf, rank, block),
                               recvcount, recvtype);
        PAPSIM_CHECK(rc);
    }
    if (recvcount == 0 || p == 1)
        goto out;

    req = malloc((size_t)p * sizeof *req);
    if (!req) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    const int steps = papsim_sparbit_steps(p);
    const unsigned ignore_mask = papsim_sparbit_ignore_mask(p);
    int data = 1; /* blocks held at the start of the step: the own one */
    for (int i = 0, d = 1 << (steps - 1); i < steps; i++, d >>= 1) {
        const int ignore = papsim_sparbit_ignores(ignore_mask, d);
        const int to = (rank + d) % p, from = papsim_sparbit_back(rank, d, p);
        int nreq = 0;
        for (int j = 0; j < data - ignore; j++) {
            const int send_block = papsim_sparbit_back(rank, 2 * j * d, p);
            const int recv_block = papsim_sparbit_back(rank, (2 * j + 1) * d, p);
            rc = MPI_Isend(papsim_offset(recvbuf, send_block, block), recvcount, recvtype, to,
                           PAPSIM_TAG_ALLGATHER, comm, &req[nreq++]);
            PAPSIM_CHECK(rc);
            rc = MPI_Irecv(papsim_offset(recvbuf, recv_block, block), recvcount, recvtype, from,
                           PAPSIM_TAG_ALLGATHER, comm, &req[nreq++]);
            PAPSIM_CHECK(rc);
        }
        rc = papsim_waitall(nreq, req);
        PAPSIM_CHECK(rc);
        data = 2 * data - ignore;
    }
out:
    free(req);
    return rc;
}
