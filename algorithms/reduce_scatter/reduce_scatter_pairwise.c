/* Reduce_scatter: pairwise exchange (MPICH "pairwise",
 * MPIR_Reduce_scatter_intra_pairwise).
 *
 * Paper:   R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 *          collective communication operations in MPICH", IJHPCA 19(1),
 *          2005, Sec. 4.5 (pairwise exchange for long messages).
 * Pattern: at step k = 1..p-1 rank r sends its contribution to block r+k
 *          to rank r+k and receives rank r-k's contribution to block r,
 *          which it folds into its own (mod p). With MPI_IN_PLACE it folds
 *          at block r's place in recvbuf and moves the result to the front
 *          at the end.
 *
 *            p=4   step 1: r -> r+1   step 2: r -> r+2   step 3: r -> r+3
 *
 * Cost:    (p-1) alpha + (M - m_r) beta + (p-1) m_r gamma; (p-1)(alpha +
 *          m beta + m gamma) for equal blocks. The same pattern as SMPI's
 *          "mpich_pair" (which refuses an all-zero vector with
 *          MPI_ERR_COUNT; this one returns at once).
 * Memory:  m_r elements.
 * Restrictions: commutative op (the contributions of r-1, .., 0, p-1, ..,
 *          r+1 arrive out of rank order); any p; MPI_IN_PLACE.
 */
#include <stdlib.h>

#include "coll_more.h"

int papsim_reduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int *recvcounts,
                                   MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                   const papsim_params *params)
{
    int rc, rank, p, total;
    MPI_Aint extent;
    papsim_call c;
    int *displs = NULL;
    void *tmp_free = NULL, *tmp = NULL;

    rc = papsim_reduce_scatter_begin(recvcounts, type, op, comm, params,
                                     PAPSIM_FLAGS_reduce_scatter_pairwise, &c, &displs, &total);
    if (rc != MPI_SUCCESS || c.done)
        goto out; /* an argument's code, the same on every rank; or no data */
    rank = c.rank, p = c.p, extent = c.extent;
    const int in_place = sendbuf == MPI_IN_PLACE;
    const void *input = in_place ? recvbuf : sendbuf;
    /* The accumulator: recvbuf, or block r's place in it when in place (the
     * other blocks there are still to be sent). */
    void *acc = in_place ? papsim_offset(recvbuf, displs[rank], extent) : recvbuf;
    if (!in_place) {
        rc = papsim_local_copy(papsim_offset_const(sendbuf, displs[rank], extent), recvbuf,
                               recvcounts[rank], type);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_scratch_alloc(recvcounts[rank], type, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    for (int k = 1; k < p; k++) {
        const int to = (rank + k) % p, from = (rank - k + p) % p;
        rc = MPI_Sendrecv(papsim_offset_const(input, displs[to], extent), recvcounts[to], type, to,
                          PAPSIM_TAG_REDUCE_SCATTER, tmp, recvcounts[rank], type, from,
                          PAPSIM_TAG_REDUCE_SCATTER, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        rc = papsim_combine(tmp, acc, recvcounts[rank], type, op, params);
        PAPSIM_CHECK(rc);
    }
    if (in_place)
        rc = papsim_local_copy(acc, recvbuf, recvcounts[rank], type);
out:
    papsim_data_free(tmp_free);
    free(displs);
    return rc;
}
