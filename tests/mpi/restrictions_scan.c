/* tests/mpi/restrictions.c's calls of scan and exscan: buffers, the call
 * through the registry and the exact result, in rank order for the
 * non-commutative affine op too. */
#include <stdlib.h>
#include <string.h>

#include "restrictions_scan.h"

typedef struct {
    unsigned a, b;
} map; /* x -> a x + b mod 2^32, as restrictions.c's affine */

int restrictions_scan_collective(const char *collective)
{
    return !strcmp(collective, "scan") || !strcmp(collective, "exscan");
}

static int int_in(int rank, int i) { return 100 * rank + i + 1; }
static map map_in(int rank, int i) { return (map){2u * (unsigned)rank + 3u, (unsigned)(rank + i)}; }

int restrictions_call_scan(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int count,
                           MPI_Datatype type, MPI_Op op, int noncomm, int in_place,
                           const papsim_params *params, int *result_ok)
{
    const int exclusive = !strcmp(e->collective, "exscan");
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
            ((int *)input)[i] = int_in(rank, i);
    }
    rc = exclusive ? papsim_exscan_lookup(e->name)(in_place ? MPI_IN_PLACE : send, recv, count,
                                                   type, op, comm, params)
                   : papsim_scan_lookup(e->name)(in_place ? MPI_IN_PLACE : send, recv, count,
                                                 type, op, comm, params);
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
                want += int_in(r, i);
            *result_ok &= ((int *)recv)[i] == want;
        }
    }
out:
    free(send);
    free(recv);
    return rc;
}
