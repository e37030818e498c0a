/* tests/mpi/restrictions.c's calls of the scan family (scan, exscan):
 * buffers, the call through the registry and the exact result, in rank
 * order for the non-commutative affine op too, with separate buffers or
 * MPI_IN_PLACE. *result_ok: the result is exact on every rank that has one
 * (exscan's rank 0 has none), or the call failed. */
#include <stdlib.h>

#include "restrictions.h"

typedef struct {
    unsigned a, b;
} map; /* x -> a x + b mod 2^32, as restrictions_reduce.c's affine */

static map map_in(int rank, int i) { return (map){2u * (unsigned)rank + 3u, (unsigned)(rank + i)}; }

static int prefix(const restrictions_call *a, MPI_Comm comm, int exclusive, int *result_ok)
{
    const int rank = a->rank, count = a->count, noncomm = a->noncomm, in_place = a->in_place;
    const MPI_Datatype type = a->type;
    const MPI_Op op = a->op;
    const papsim_params *params = a->params;
    const int n = count > 0 ? count : 0;
    const size_t elem = noncomm ? sizeof(map) : sizeof(int);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    char *send = calloc((size_t)n + 1, elem), *recv = calloc((size_t)n + 1, elem);
    if (!send || !recv)
        goto out;
    char *input = in_place ? recv : send;
    for (int i = 0; i < n; i++) {
        if (noncomm)
            ((map *)input)[i] = map_in(rank, i);
        else
            ((int *)input)[i] = restrictions_int_input(rank, i);
    }
    const void *sendbuf = in_place ? MPI_IN_PLACE : send;
    rc = exclusive ? papsim_exscan_lookup(a->e->name)(sendbuf, recv, count, type, op, comm, params)
                   : papsim_scan_lookup(a->e->name)(sendbuf, recv, count, type, op, comm, params);
    *result_ok = 1;
    const int last = exclusive ? rank - 1 : rank; /* the last rank folded in */
    if (rc != MPI_SUCCESS || last < 0)
        goto out;
    for (int i = 0; i < n; i++) {
        if (noncomm) { /* x_0 o x_1 o .. o x_last */
            map want = map_in(0, i);
            for (int r = 1; r <= last; r++) {
                const map x = map_in(r, i);
                want = (map){want.a * x.a, want.a * x.b + want.b};
            }
            const map got = ((map *)recv)[i];
            *result_ok &= got.a == want.a && got.b == want.b;
        } else {
            int want = 0;
            for (int r = 0; r <= last; r++)
                want += restrictions_int_input(r, i);
            *result_ok &= ((int *)recv)[i] == want;
        }
    }
out:
    free(send);
    free(recv);
    return rc;
}

static int call_scan(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return prefix(a, comm, 0, result_ok);
}

static int call_exscan(const restrictions_call *a, MPI_Comm comm, int *result_ok)
{
    return prefix(a, comm, 1, result_ok);
}

const restrictions_ops restrictions_ops_scan = {call_scan, NULL, RESTRICTIONS_IN_PLACE};
const restrictions_ops restrictions_ops_exscan = {call_exscan, NULL, RESTRICTIONS_IN_PLACE};
