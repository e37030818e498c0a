/* Allgather: neighbor exchange.
 *
 * Paper:   J. Chen, L. Zhang, Y. Zhang, W. Yuan, "Performance evaluation of
 *          allgather algorithms on terascale Linux cluster with fast Ethernet",
 *          HPCAsia 2005; Loch's Sparbit (master's thesis, UDESC 2021, Sec. 2.4)
 *          uses it as a baseline.
 * Pattern: p/2 pairwise exchanges between ring neighbours. Ranks 2q and 2q+1
 *          form pair q. Step 0: the pairs (2q, 2q+1) swap their own blocks,
 *          after which both hold the two blocks of their pair. Step s >= 1:
 *          even ranks talk to r-1 on odd s and to r+1 on even s (odd ranks the
 *          other way round), and send, as one message of 2 consecutive blocks,
 *          the pair they hold newest (their own pair at step 1, then the pair
 *          received at step s-1). The pair received at step s lies
 *          ceil(s/2) pairs away, on the partner's side, so the held pairs
 *          grow by one on each side every two steps.
 *
 *            p=6   step 0      step 1         step 2
 *            r0    b0 -> r1    b0,b1 -> r5    b4,b5 -> r1
 *            r1    b1 -> r0    b0,b1 -> r2    b2,b3 -> r0
 *            r2    b2 -> r3    b2,b3 -> r1    b0,b1 -> r3
 *            r3    b3 -> r2    b2,b3 -> r4    b4,b5 -> r2
 *            r4    b4 -> r5    b4,b5 -> r3    b2,b3 -> r5
 *            r5    b5 -> r4    b4,b5 -> r0    b0,b1 -> r4
 *
 * Cost:    (p/2) alpha + (p-1) m beta, m = bytes of one rank's block.
 * Memory:  no scratch buffer.
 * Restrictions: even p (MPI_ERR_SIZE otherwise; no silent fallback to ring);
 *          MPI_IN_PLACE and any datatype are fine; 2 recvcount must fit an int.
 */
#include <limits.h>

#include "../coll_util.h"

int papsim_allgather_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                       MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgather_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                params, PAPSIM_FLAGS_allgather_neighbor_exchange, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int rank = c.rank, p = c.p;
    if (recvcount > INT_MAX / 2) {
        rc = MPI_ERR_COUNT; /* a pair of blocks is one message */
        goto out;
    }
    const MPI_Aint block = (MPI_Aint)recvcount * c.extent;
    if (c.done)
        goto out;

    const int even = rank % 2 == 0, pairs = p / 2, pair = rank / 2;
    const int partner0 = even ? rank + 1 : rank - 1;
    rc = MPI_Sendrecv(papsim_offset(recvbuf, rank, block), recvcount, recvtype, partner0,
                      PAPSIM_TAG_ALLGATHER, papsim_offset(recvbuf, partner0, block), recvcount,
                      recvtype, partner0, PAPSIM_TAG_ALLGATHER, comm, MPI_STATUS_IGNORE);
    PAPSIM_CHECK(rc);

    int send_pair = pair;
    for (int s = 1; s < pairs; s++) {
        const int up = (s % 2 == 0) == even; /* partner is rank+1 */
        const int partner = up ? (rank + 1) % p : (rank - 1 + p) % p;
        const int shift = (s + 1) / 2;
        const int recv_pair = up ? (pair + shift) % pairs : (pair - shift + pairs) % pairs;
        rc = MPI_Sendrecv(papsim_offset(recvbuf, 2 * send_pair, block), 2 * recvcount, recvtype,
                          partner, PAPSIM_TAG_ALLGATHER,
                          papsim_offset(recvbuf, 2 * recv_pair, block), 2 * recvcount, recvtype,
                          partner, PAPSIM_TAG_ALLGATHER, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        send_pair = recv_pair;
    }
out:
    return rc;
}
