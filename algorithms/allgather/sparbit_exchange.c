/* The Sparbit steps; the pattern is described in sparbit.c. */
#include "sparbit_exchange.h"

#include <stdlib.h>

#include "../coll_util.h"
#include "sparbit_schedule.h"

/* Where block b starts and how many elements it has. */
static void *block_at(void *recvbuf, int count, const int *counts, const int *displs,
                      MPI_Aint extent, int b, int *n)
{
    *n = counts ? counts[b] : count;
    return papsim_offset(recvbuf, counts ? (MPI_Aint)displs[b] : (MPI_Aint)b * count, extent);
}

int papsim_sparbit_exchange(void *recvbuf, int count, const int *counts, const int *displs,
                            MPI_Datatype type, int tag, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, rank, p, size;
    MPI_Aint lb, extent;
    MPI_Request *req = NULL;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_size(type, &size);
    if (p == 1)
        goto out;
    req = malloc((size_t)p * sizeof *req); /* a step has at most 2 floor(p/2) */
    if (!req) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    const int steps = papsim_sparbit_steps(p);
    const unsigned ignore_mask = papsim_sparbit_ignore_mask(p);
    int data = 1; /* blocks held at the start of the step (empty ones too) */
    for (int i = 0, d = 1 << (steps - 1); i < steps; i++, d >>= 1) {
        const int ignore = papsim_sparbit_ignores(ignore_mask, d);
        const int to = (rank + d) % p, from = papsim_sparbit_back(rank, d, p);
        int nreq = 0;
        for (int j = 0; j < data - ignore; j++) {
            int n;
            /* Both sides walk j in the same order and skip the same empty
             * blocks, so one tag keeps the matching right. Empty is no
             * bytes: a rank may count a block in a zero-size type. */
            void *send = block_at(recvbuf, count, counts, displs, extent,
                                  papsim_sparbit_back(rank, 2 * j * d, p), &n);
            if (n > 0 && size > 0) {
                rc = MPI_Isend(send, n, type, to, tag, comm, &req[nreq++]);
                PAPSIM_CHECK(rc);
            }
            void *recv = block_at(recvbuf, count, counts, displs, extent,
                                  papsim_sparbit_back(rank, (2 * j + 1) * d, p), &n);
            if (n > 0 && size > 0) {
                rc = MPI_Irecv(recv, n, type, from, tag, comm, &req[nreq++]);
                PAPSIM_CHECK(rc);
            }
        }
        rc = papsim_waitall(nreq, req);
        PAPSIM_CHECK(rc);
        data = 2 * data - ignore;
    }
out:
    free(req);
    return rc;
}
