/* tests/mpi/restrictions.c's calls of the reduce family (reduce,
 * allreduce, reduce_scatter, reduce_scatter_block): buffers, the call
 * through the registry and the exact result, with MPI_INT and sum or (for
 * reduce and allreduce) in rank order with the non-commutative affine op. */
#include <stdlib.h>

#include "restrictions.h"

static restrictions_affine affine_input(int rank, int i)
{
    const restrictions_affine v = {2u * (unsigned)(rank + i) + 3u,
                                   7u * (unsigned)rank + (unsigned)i + 1u};
    return v;
}

/* reduce (rooted) and allreduce: buffers, the call and the result. */
static int reduction(const restrictions_call *a, MPI_Comm comm, int rooted, int *result_ok)
{
    const int n = a->count > 0 ? a->count : 0;
    const size_t elem = a->noncomm ? sizeof(restrictions_affine) : sizeof(int);
    void *send = calloc((size_t)n + 1, elem), *recv = calloc((size_t)n + 1, elem);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    if (!send || !recv)
        goto out;
    for (int i = 0; i < n; i++) {
        if (a->noncomm)
            ((restrictions_affine *)send)[i] = affine_input(a->rank, i);
        else
            ((int *)send)[i] = restrictions_int_input(a->rank, i);
    }
    if (rooted)
        rc = papsim_reduce_lookup(a->e->name)(send, recv, a->count, a->type, a->op, a->root,
                                              comm, a->params);
    else
        rc = papsim_allreduce_lookup(a->e->name)(send, recv, a->count, a->type, a->op, comm,
                                                 a->params);
    *result_ok = rc != MPI_SUCCESS || (rooted && a->rank != a->root) ||
                 restrictions_fold_ok(recv, n, a->noncomm, a->p - 1, affine_input);
out:
    free(send);
    free(recv);
    return rc;
}

/* reduce_scatter and (block) reduce_scatter_block: blocks of r mod 3
 * elements (empty ones too), rank 1's the count given (a negative one:
 * MPI_ERR_COUNT); RESTRICTIONS_NULL_COUNTS: recvcounts NULL (MPI_ERR_ARG).
 * The affine results are cli.correctness_*'s. */
static int scatter_reduced(const restrictions_call *a, MPI_Comm comm, int block, int *result_ok)
{
    const int p = a->p, count = a->count, rank = a->rank;
    *result_ok = 0;
    int *counts = calloc((size_t)p, sizeof *counts), total = 0, rc = MPI_ERR_NO_MEM;
    int *displs = calloc((size_t)p, sizeof *displs);
    if (!counts || !displs)
        goto out_counts;
    for (int r = 0; r < p; r++) {
        counts[r] = block || r == 1 ? (count == RESTRICTIONS_NULL_COUNTS ? 0 : count) : r % 3;
        displs[r] = total;
        total += counts[r] > 0 ? counts[r] : 0;
    }
    const size_t elem = a->noncomm ? sizeof(restrictions_affine) : sizeof(int);
    char *send = calloc((size_t)total + 1, elem), *recv = calloc((size_t)total + 1, elem);
    if (!send || !recv)
        goto out;
    for (int i = 0; i < total && !a->noncomm; i++)
        ((int *)send)[i] = restrictions_int_input(rank, i);
    if (block)
        rc = papsim_reduce_scatter_block_lookup(a->e->name)(send, recv, count, a->type, a->op,
                                                            comm, a->params);
    else
        rc = papsim_reduce_scatter_lookup(a->e->name)(
            send, recv, count == RESTRICTIONS_NULL_COUNTS ? NULL : counts, a->type, a->op, comm,
            a->params);
    *result_ok = 1;
    if (rc != MPI_SUCCESS || a->noncomm)
        goto out;
    for (int i = 0; i < counts[rank]; i++) {
        int want = 0;
        for (int r = 0; r < p; r++)
            want += restrictions_int_input(r, displs[rank] + i);
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

const restrictions_ops restrictions_ops_reduce = {reduction, 1, NULL, 0};
const restrictions_ops restrictions_ops_allreduce = {reduction, 0, NULL, 0};
const restrictions_ops restrictions_ops_reduce_scatter = {scatter_reduced, 0, "recvcounts NULL", 0};
const restrictions_ops restrictions_ops_reduce_scatter_block = {scatter_reduced, 1, NULL, 0};
