/* tests/mpi/restrictions.c's calls of the scan family (scan, exscan):
 * buffers, the call through the registry and the exact result, in rank
 * order for the non-commutative affine op too, with separate buffers or
 * MPI_IN_PLACE. *result_ok: the result is exact on every rank that has one
 * (exscan's rank 0 has none), or the call failed. */
#include <stdlib.h>

#include "restrictions.h"

static restrictions_affine map_in(int rank, int i)
{
    return (restrictions_affine){2u * (unsigned)rank + 3u, (unsigned)(rank + i)};
}

static int prefix(const restrictions_call *a, MPI_Comm comm, int exclusive, int *result_ok)
{
    const int rank = a->rank, count = a->count, noncomm = a->noncomm, in_place = a->in_place;
    const MPI_Datatype type = a->type;
    const MPI_Op op = a->op;
    const papsim_params *params = a->params;
    const int n = count > 0 ? count : 0;
    const size_t elem = noncomm ? sizeof(restrictions_affine) : sizeof(int);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    char *send = calloc((size_t)n + 1, elem), *recv = calloc((size_t)n + 1, elem);
    if (!send || !recv)
        goto out;
    char *input = in_place ? recv : send;
    for (int i = 0; i < n; i++) {
        if (noncomm)
            ((restrictions_affine *)input)[i] = map_in(rank, i);
        else
            ((int *)input)[i] = restrictions_int_input(rank, i);
    }
    const void *sendbuf = in_place ? MPI_IN_PLACE : send;
    rc = exclusive ? papsim_exscan_lookup(a->e->name)(sendbuf, recv, count, type, op, comm, params)
                   : papsim_scan_lookup(a->e->name)(sendbuf, recv, count, type, op, comm, params);
    const int last = exclusive ? rank - 1 : rank; /* the last rank folded in */
    *result_ok = rc != MPI_SUCCESS || last < 0 ||
                 restrictions_fold_ok(recv, n, noncomm, last, map_in);
out:
    free(send);
    free(recv);
    return rc;
}

const restrictions_ops restrictions_ops_scan = {prefix, 0, NULL, RESTRICTIONS_IN_PLACE};
const restrictions_ops restrictions_ops_exscan = {prefix, 1, NULL, RESTRICTIONS_IN_PLACE};
