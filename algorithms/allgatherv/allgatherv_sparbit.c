/* Allgatherv: Sparbit (stripe parallel binomial trees).
 *
 * Paper:   W. Loch, "Sparbit: a new logarithmic-cost and data locality-aware
 *          MPI Allgather algorithm", master's thesis, UDESC, Joinville, 2021,
 *          Algorithm 1 and its Allgatherv variant (Sec. 4 and 5.7).
 * Pattern: the schedule of algorithms/allgather/allgather_sparbit.c: ceil(log2 p) steps at
 *          distances 2^(ceil(log2 p)-1), ..., 2, 1; at distance d rank r sends
 *          blocks r, r-2d, r-4d, ... to r+d and receives blocks r-d, r-3d, ...
 *          from r-d, one message per block of recvcounts[b] elements at
 *          displs[b], straight into its final place. A block with a zero count
 *          posts no message on either side (both sides skip the same block, so
 *          matching stays in order), which makes the Broadcast distribution
 *          (only rank 0 has data) exactly a binomial-tree broadcast from 0:
 *
 *            p=5, only b0   step 0 (d=4)   step 1 (d=2)   step 2 (d=1)
 *            messages       r0 -> r4       r0 -> r2       r0 -> r1, r2 -> r3
 *
 * Cost:    ceil(log2 p) alpha + (sum_i m_i - m_r) beta at best (m_i = bytes of
 *          rank i's block); a step lasts as long as its largest messages, plus
 *          an issue cost tau per extra non-empty message in a step.
 * Memory:  no scratch buffer; an array of p requests.
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype, zero counts).
 */
#include "../allgather/sparbit_exchange.h"
#include "../coll_util.h"

int papsim_allgatherv_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int *recvcounts, const int *displs,
                              MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;

    rc = papsim_allgatherv_begin(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                 recvtype, comm, params, PAPSIM_FLAGS_allgatherv_sparbit, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    return papsim_sparbit_exchange(recvbuf, 0, recvcounts, displs, recvtype, PAPSIM_TAG_ALLGATHERV,
                                   comm);
}
