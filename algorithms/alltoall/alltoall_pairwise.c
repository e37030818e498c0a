/* Alltoall: pairwise exchange (Open MPI 4.1 "pairwise", tuned algorithm 2).
 *
 * Paper:   the shift exchange of Thakur, Rabenseifner, Gropp (IJHPCA 2005,
 *          Sec. 4.3, the non-power-of-two variant of pairwise exchange);
 *          Open MPI's coll_base "pairwise", "Pair" in Salimi Beni, Cosenza
 *          and Hunold, "MPI Collective Algorithm Selection in the Presence
 *          of Process Arrival Patterns".
 * Pattern: p-1 steps of one blocking send-receive. At step k = 1..p-1 rank r
 *          sends its block for r+k to rank r+k and receives the block of
 *          rank r-k from r-k (mod p). The own block is copied last, as Open
 *          MPI does (its step p is r to r).
 *
 *            p=4   step 1      step 2      step 3
 *            r0    ->1 <-3     ->2 <-2     ->3 <-1
 *            r1    ->2 <-0     ->3 <-3     ->0 <-2
 *
 * Cost:    (p-1)(alpha + m beta), m = bytes of one block. Same pattern as
 *          SMPI's "ring" alltoall (which copies the own block first); SMPI's
 *          "pair" is a different, XOR pattern for powers of two only.
 * Memory:  none (p blocks with MPI_IN_PLACE, see alltoall_util.h).
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype).
 */
#include "alltoall_util.h"

int papsim_alltoall_pairwise(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                             const papsim_params *params)
{
    int rc;
    papsim_call c;
    papsim_a2a_layout L;

    rc = papsim_alltoall_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               params, PAPSIM_FLAGS_alltoall_pairwise, &c, &L);
    PAPSIM_CHECK(rc);
    const int rank = c.rank, p = c.p;
    for (int k = 1; k < p && !c.done; k++) {
        const int to = (rank + k) % p, from = (rank - k + p) % p;
        rc = MPI_Sendrecv(papsim_a2a_send_block(&L, to), L.scount, L.stype, to,
                          PAPSIM_TAG_ALLTOALL, papsim_a2a_recv_block(&L, from), L.rcount, L.rtype,
                          from, PAPSIM_TAG_ALLTOALL, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_a2a_layout_free(&L);
    return rc;
}
