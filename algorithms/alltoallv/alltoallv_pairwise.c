/* Alltoallv: pairwise exchange (Open MPI 4.1 "pairwise", tuned alltoallv
 * algorithm 2).
 *
 * Paper:   the shift exchange of R. Thakur, R. Rabenseifner, W. Gropp,
 *          "Optimization of Collective Communication Operations in MPICH",
 *          IJHPCA 19(1), 2005, Sec. 4.3 (the non-power-of-two variant of
 *          pairwise exchange), with per-pair sizes; Open MPI's coll_base
 *          alltoallv_intra_pairwise.
 * Pattern: the own block m_rr is copied locally (Open MPI's step 0, a
 *          send-receive with itself), then p-1 steps of one blocking
 *          send-receive: at step k = 1..p-1 rank r sends its block for r+k
 *          to rank r+k and receives the block of rank r-k from r-k (mod p).
 *          Empty blocks are still exchanged as empty messages, as Open MPI
 *          does, so every step synchronises the pair.
 *
 *            p=4   step 1      step 2      step 3
 *            r0    ->1 <-3     ->2 <-2     ->3 <-1
 *            r1    ->2 <-0     ->3 <-3     ->0 <-2
 *
 * Cost:    sum over k = 1..p-1 of (alpha + max(m_r,r+k, m_r-k,r) beta) on
 *          rank r's links, m_ij = bytes rank i sends to rank j; steps chain
 *          across ranks, so one large pair delays every later step of the
 *          ranks that wait on it. Uniform m: (p-1)(alpha + m beta). SMPI's
 *          "ring" alltoallv has this pattern at non-powers of two (at
 *          powers of two it pairs r with r xor k, like its "pair").
 * Memory:  none (the receive volume with MPI_IN_PLACE, alltoallv_util.h).
 * Restrictions: none (any p, MPI_IN_PLACE with a symmetric exchange as MPI
 *          requires, any datatype).
 */
#include "alltoallv_util.h"

int papsim_alltoallv_pairwise(const void *sendbuf, const int *sendcounts, const int *sdispls,
                              MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                              const int *rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                              const papsim_params *params)
{
    int rc;
    papsim_call c;
    papsim_a2av_layout L;

    rc = papsim_alltoallv_begin(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                rdispls, recvtype, comm, params, PAPSIM_FLAGS_alltoallv_pairwise,
                                &c, &L);
    PAPSIM_CHECK(rc);
    const int rank = c.rank, p = c.p;
    for (int k = 1; k < p && !c.done; k++) {
        const int to = (rank + k) % p, from = (rank - k + p) % p;
        rc = MPI_Sendrecv(papsim_a2av_send_block(&L, to), L.scounts[to], L.stype, to,
                          PAPSIM_TAG_ALLTOALLV, papsim_a2av_recv_block(&L, from), L.rcounts[from],
                          L.rtype, from, PAPSIM_TAG_ALLTOALLV, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_a2av_layout_free(&L);
    return rc;
}
