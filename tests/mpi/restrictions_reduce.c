/* tests/mpi/restrictions.c's calls of the reduce family (reduce,
 * allreduce, reduce_scatter, reduce_scatter_block): buffers, the call
 * through the registry and the exact result, with MPI_INT and sum or (for
 * reduce and allreduce) in rank order with the non-commutative affine op. */
#include <stdlib.h>

#include "restrictions.h"

/* An affine map x -> a x + b mod 2^32 (restrictions.c's op composes them
 * in rank order). */
typedef struct {
    unsigned a, b;
} affine;

static affine affine_input(int rank, int i)
{
    const affine v = {2u * (unsigned)(rank + i) + 3u, 7u * (unsigned)rank + (unsigned)i + 1u};
    return v;
}

/* reduce (rooted) and allreduce: buffers, the call and the result. */
static int reduction(const restrictions_call *a, MPI_Comm comm, int rooted, int *result_ok)
{
    const int n = a->count > 0 ? a->count : 0;
    const size_t elem = a->noncomm ? sizeof(affine) : sizeof(int);
    void *send = calloc((size_t)n + 1, elem), *recv = calloc((size_t)n + 1, elem);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    if (!send || !recv)
        goto out;
    for (int i = 0; i < n; i++) {
        if (a->noncomm)
            ((affine *)send)[i] = affine_input(a->rank, i);
        else
            ((int *)send)[i] = restrictions_int_input(a->rank, i);
    }
    if (rooted)
        rc = papsim_reduce_lookup(a->e->name)(send, recv, a->count, a->type, a->op, a->root,
                                              comm, a->params);
    else
        rc = papsim_allreduce_lookup(a->e->name)(send, recv, a->count, a->type, a->op, comm,
                                                 a->params);
    *result_ok = 1;
    if (rc != MPI_SUCCESS || (rooted && a->rank != a->root))
        goto out;
    for (int i = 0; i < n; i++) {
        if (a->noncomm) { /* v_0 o v_1 o .. o v_(p-1), rank order */
            affine want = affine_input(0, i);
            for (int r = 1; r < a->p; r++) {
                const affine v = affine_input(r, i);
                const affine w = {want.a * v.a, want.a * v.b + want.b};
                want = w;
            }
            const affine got = ((affine *)recv)[i];
            *result_ok &= got.a == want.a && got.b == want.b;
        } else {
            int want = 0;
            for (int r = 0; r < a->p; r++)
                want += restrictions_int_input(r, i);
            *result_ok &= ((int *)recv)[i] == want;
        }
    }
out:
    free(send);
    free(recv);
    return rc;
}

static int call_reduce(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return reduction(a, comm, 1, result_ok);
}

static int call_allreduce(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return reduction(a, comm, 0, result_ok);
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
    const size_t elem = a->noncomm ? sizeof(affine) : sizeof(int);
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

static int call_reduce_scatter(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return scatter_reduced(a, comm, 0, result_ok);
}

static int call_reduce_scatter_block(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return scatter_reduced(a, comm, 1, result_ok);
}

const restrictions_ops restrictions_ops_reduce = {call_reduce, NULL, 0};
const restrictions_ops restrictions_ops_allreduce = {call_allreduce, NULL, 0};
const restrictions_ops restrictions_ops_reduce_scatter = {call_reduce_scatter, "recvcounts NULL",
                                                          0};
const restrictions_ops restrictions_ops_reduce_scatter_block = {call_reduce_scatter_block, NULL,
                                                                0};
