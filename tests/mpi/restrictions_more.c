/* tests/mpi/restrictions.c's calls of barrier and the reduce_scatter family
 * (kept apart so that file stays short): buffers, the call through the
 * registry and the exact result. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "restrictions_more.h"

int restrictions_more_collective(const char *collective)
{
    return !strcmp(collective, "barrier") || !strncmp(collective, "reduce_scatter", 14);
}

/* Rank r's element i: as restrictions.c's int_input. */
static int input(int rank, int i) { return 100 * rank + i + 1; }

int restrictions_call_more(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                           int count, MPI_Datatype type, MPI_Op op, int noncomm,
                           const papsim_params *params, int *result_ok)
{
    *result_ok = 0;
    if (!strcmp(e->collective, "barrier")) {
        int rc = papsim_barrier_lookup(e->name)(comm, params);
        *result_ok = 1; /* the times are cli.barrier_agreement's */
        return rc;
    }
    const int block = !strcmp(e->collective, "reduce_scatter_block");
    /* reduce_scatter: blocks of r mod 3 elements (empty ones too), rank 1's
     * the count given (a negative one: MPI_ERR_COUNT); RESTRICTIONS_NULL_COUNTS:
     * recvcounts NULL (MPI_ERR_ARG). */
    int *counts = calloc((size_t)p, sizeof *counts), total = 0, rc = MPI_ERR_NO_MEM;
    int *displs = calloc((size_t)p, sizeof *displs);
    if (!counts || !displs)
        goto out_counts;
    for (int r = 0; r < p; r++) {
        counts[r] = block || r == 1 ? (count == RESTRICTIONS_NULL_COUNTS ? 0 : count) : r % 3;
        displs[r] = total;
        total += counts[r] > 0 ? counts[r] : 0;
    }
    const size_t elem = noncomm ? 2 * sizeof(unsigned) : sizeof(int);
    char *send = calloc((size_t)total + 1, elem), *recv = calloc((size_t)total + 1, elem);
    if (!send || !recv)
        goto out;
    for (int i = 0; i < total && !noncomm; i++)
        ((int *)send)[i] = input(rank, i);
    if (block)
        rc = papsim_reduce_scatter_block_lookup(e->name)(send, recv, count, type, op, comm,
                                                         params);
    else
        rc = papsim_reduce_scatter_lookup(e->name)(
            send, recv, count == RESTRICTIONS_NULL_COUNTS ? NULL : counts, type, op, comm, params);
    *result_ok = 1;
    if (rc != MPI_SUCCESS || noncomm) /* affine results: cli.correctness_* */
        goto out;
    for (int i = 0; i < counts[rank]; i++) {
        int want = 0;
        for (int r = 0; r < p; r++)
            want += input(r, displs[rank] + i);
        *result_ok &= ((int *)recv)[i] == want;
    }
out:
    free(send);
    free(recv);
out_counts:
    free(counts);
    free(displs);
    return rc;
}
