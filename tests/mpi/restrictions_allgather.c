/* tests/mpi/restrictions.c's calls of the allgather family (allgather,
 * allgatherv): buffers, the call through the registry and the exact
 * result with MPI_INT. */
#include <stdlib.h>

#include "restrictions.h"

/* Every rank's block at every rank: rank r's block of counts[r] elements
 * at displs[r]; v: the v form (allgatherv). */
static int gather_all(const restrictions_call *a, MPI_Comm comm, int v, int *result_ok)
{
    const int p = a->p, n = a->count > 0 ? a->count : 0;
    int *send = calloc((size_t)p * (n + 1) + 1, sizeof *send);
    int *recv = calloc((size_t)p * (n + 1) + 1, sizeof *recv);
    int *want = calloc((size_t)p * (n + 1) + 1, sizeof *want);
    int *counts = calloc((size_t)p, sizeof *counts), *displs = calloc((size_t)p, sizeof *displs);
    int rc = MPI_ERR_NO_MEM, total = 0;
    *result_ok = 0;
    if (!send || !recv || !want || !counts || !displs)
        goto out;
    /* allgatherv: blocks of r mod 3 elements (empty ones too); a negative
     * count goes to rank 1's block. */
    for (int r = 0; r < p; r++) {
        counts[r] = !v ? n : r == 1 ? a->count : r % 3;
        displs[r] = total;
        total += counts[r] > 0 ? counts[r] : 0;
    }
    for (int i = 0; i < counts[a->rank]; i++)
        send[i] = restrictions_int_input(a->rank, i);
    for (int r = 0; r < p; r++)
        for (int i = 0; i < counts[r]; i++)
            want[displs[r] + i] = restrictions_int_input(r, i);
    if (v)
        rc = papsim_allgatherv_lookup(a->e->name)(send, counts[a->rank], MPI_INT, recv, counts,
                                                  displs, MPI_INT, comm, a->params);
    else
        rc = papsim_allgather_lookup(a->e->name)(send, a->count, MPI_INT, recv, a->count,
                                                 MPI_INT, comm, a->params);
    *result_ok = rc != MPI_SUCCESS || restrictions_ints_equal(recv, total, want);
out:
    free(send);
    free(recv);
    free(want);
    free(counts);
    free(displs);
    return rc;
}

const restrictions_ops restrictions_ops_allgather = {gather_all, 0, NULL, 0};
const restrictions_ops restrictions_ops_allgatherv = {gather_all, 1, NULL, 0};
