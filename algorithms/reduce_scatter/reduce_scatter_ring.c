/* Reduce_scatter: ring (Open MPI 4.1 "ring", tuned reduce_scatter
 * algorithm 3).
 *
 * Paper:   the ring reduce-scatter of Patarasuk and Yuan, "Bandwidth
 *          optimal all-reduce algorithms for clusters of workstations",
 *          JPDC 69(2), 2009, Sec. 3 (its first phase); Open MPI's coll_base
 *          "ring" reduce_scatter with blocks of their own size.
 * Pattern: every rank copies its whole vector into an accumulator. At
 *          step 1 rank r sends its block r-1 to r+1; at step k = 2..p-1 it
 *          folds the block r-k that came from r-1 into its own block r-k
 *          and sends the sum to r+1; after the last receive it folds block
 *          r, now the sum of all ranks', and copies it out. The receive of
 *          the next block is posted before the wait for the current one.
 *
 *            p=4   step 1: r sends b(r-1)   step 2: b(r-2)+..   step 3: b(r-3)+..
 *                  r0 -> b3, b2, b1;   r1 -> b0, b3, b2;  ..  r ends with b(r)
 *
 * Cost:    (p-1) alpha + (M - m_r)(beta + gamma) where M = sum of the
 *          blocks; (p-1)(alpha + m beta + m gamma) for equal blocks m. The
 *          same pattern as SMPI's "ompi_ring".
 * Memory:  M + 2 max(m_i) elements.
 * Restrictions: commutative op (the ring folds block i starting at rank
 *          i+1, out of rank order); any p; MPI_IN_PLACE.
 */
#include <stdlib.h>

#include "coll_more.h"

int papsim_reduce_scatter_ring(const void *sendbuf, void *recvbuf, const int *recvcounts,
                               MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                               const papsim_params *params)
{
    int rc, rank, p, total;
    MPI_Aint extent;
    papsim_call c;
    int *displs = NULL;
    void *acc_free = NULL, *acc = NULL, *in_free[2] = {NULL, NULL}, *in[2] = {NULL, NULL};
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};

    rc = papsim_reduce_scatter_begin(recvcounts, type, op, comm, params,
                                     PAPSIM_FLAGS_reduce_scatter_ring, &c, &displs, &total);
    if (rc != MPI_SUCCESS)
        goto out; /* an argument's code, the same on every rank */
    rank = c.rank, p = c.p, extent = c.extent;
    int max_block = 0;
    for (int i = 0; i < p; i++)
        max_block = recvcounts[i] > max_block ? recvcounts[i] : max_block;
    const void *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (p == 1) {
        rc = papsim_local_copy(input, recvbuf, recvcounts[0], type);
        goto out;
    }
    rc = papsim_scratch_alloc(total, type, &acc_free, &acc);
    PAPSIM_CHECK(rc);
    for (int j = 0; j < 2; j++) {
        rc = papsim_scratch_alloc(max_block, type, &in_free[j], &in[j]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_local_copy(input, acc, total, type);
    PAPSIM_CHECK(rc);
    const int to = (rank + 1) % p, from = (rank - 1 + p) % p;
    int b = (rank - 2 + p) % p, inbi = 0; /* the block the next receive brings */
    rc = MPI_Irecv(in[inbi], recvcounts[b], type, from, PAPSIM_TAG_REDUCE_SCATTER, comm,
                   &req[inbi]);
    PAPSIM_CHECK(rc);
    rc = MPI_Send(papsim_offset(acc, displs[from], extent), recvcounts[from], type, to,
                  PAPSIM_TAG_REDUCE_SCATTER, comm);
    PAPSIM_CHECK(rc);
    for (int k = 2; k < p; k++) {
        const int prev = b;
        b = (rank - k - 1 + 2 * p) % p;
        inbi ^= 1;
        rc = MPI_Irecv(in[inbi], recvcounts[b], type, from, PAPSIM_TAG_REDUCE_SCATTER, comm,
                       &req[inbi]);
        PAPSIM_CHECK(rc);
        rc = MPI_Wait(&req[inbi ^ 1], MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        void *mine = papsim_offset(acc, displs[prev], extent);
        rc = papsim_combine(in[inbi ^ 1], mine, recvcounts[prev], type, op, params);
        PAPSIM_CHECK(rc);
        rc = MPI_Send(mine, recvcounts[prev], type, to, PAPSIM_TAG_REDUCE_SCATTER, comm);
        PAPSIM_CHECK(rc);
    }
    rc = MPI_Wait(&req[inbi], MPI_STATUS_IGNORE); /* block r, from every other rank */
    PAPSIM_CHECK(rc);
    void *own = papsim_offset(acc, displs[rank], extent);
    rc = papsim_combine(in[inbi], own, recvcounts[rank], type, op, params);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(own, recvbuf, recvcounts[rank], type);
out:
    papsim_data_free(acc_free);
    papsim_data_free(in_free[0]);
    papsim_data_free(in_free[1]);
    free(displs);
    return rc;
}
