/* tests/mpi/restrictions.c's calls of the rooted family (bcast, gather,
 * scatter, gatherv, scatterv): buffers, the call through the registry and
 * the exact result with MPI_INT. */
#include <stdlib.h>
#include <string.h>

#include "restrictions.h"

/* bcast: the root's count elements at every rank. */
static int call_bcast(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok)
{
    (void)kind;
    const int n = a->count > 0 ? a->count : 0;
    int *buf = calloc((size_t)n + 1, sizeof *buf), *want = calloc((size_t)n + 1, sizeof *want);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    if (!buf || !want)
        goto out;
    for (int i = 0; i < n; i++) {
        want[i] = restrictions_int_input(a->root, i);
        buf[i] = a->rank == a->root ? want[i] : -1;
    }
    rc = papsim_bcast_lookup(a->e->name)(buf, a->count, MPI_INT, a->root, comm, a->params);
    *result_ok = rc != MPI_SUCCESS || restrictions_ints_equal(buf, n, want);
out:
    free(buf);
    free(want);
    return rc;
}

/* Gather, scatter and their v forms, kind gather | vector: count is every
 * rank's block (the v forms: rank r's is r mod 3, rank 1's the count
 * given; a negative count is every rank's block, refused everywhere with
 * MPI_ERR_COUNT); RESTRICTIONS_IN_PLACE_AT_ROOT: 7 elements, MPI_IN_PLACE
 * at the root. *result_ok: the root's (gather) or every rank's (scatter)
 * result is exact. */
enum { GATHER = 1, VECTOR = 2 };

static int blocks(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok)
{
    int count = a->count;
    const int rank = a->rank, p = a->p, root = a->root;
    const papsim_params *params = a->params;
    const int in_place = count == RESTRICTIONS_IN_PLACE_AT_ROOT;
    const int vector = (kind & VECTOR) != 0, gather = (kind & GATHER) != 0;
    const int is_root = rank == root;
    if (in_place)
        count = 7;
    int *counts = calloc((size_t)p, sizeof *counts), total = 0, rc = MPI_ERR_NO_MEM;
    int *displs = calloc((size_t)p, sizeof *displs);
    int *all = NULL, *own = NULL;
    *result_ok = 0;
    if (!counts || !displs)
        goto out;
    for (int r = 0; r < p; r++) {
        counts[r] = !vector || count < 0 || r == 1 ? count : r % 3;
        displs[r] = total;
        total += counts[r] > 0 ? counts[r] : 0;
    }
    const int mine = counts[rank];
    all = calloc((size_t)total + 1, sizeof *all); /* the root's side */
    own = calloc((size_t)(mine > 0 ? mine : 0) + 1, sizeof *own);
    if (!all || !own)
        goto out;
    for (int i = 0; i < mine && gather; i++) /* a scatter receives into zeros */
        own[i] = restrictions_int_input(rank, i);
    for (int r = 0; r < p && !gather; r++)
        for (int i = 0; i < counts[r]; i++)
            all[displs[r] + i] = restrictions_int_input(r, i);
    if (gather && in_place && is_root)
        memcpy(all + displs[rank], own, (size_t)mine * sizeof *own);
    void *place = in_place && is_root ? MPI_IN_PLACE : own;
    const char *name = a->e->name;
    if (kind == GATHER)
        rc = papsim_gather_lookup(name)(place, count, MPI_INT, all, count, MPI_INT, root, comm,
                                        params);
    else if (kind == 0)
        rc = papsim_scatter_lookup(name)(all, count, MPI_INT, place, count, MPI_INT, root, comm,
                                         params);
    else if (gather)
        rc = papsim_gatherv_lookup(name)(place, mine, MPI_INT, all, counts, displs, MPI_INT, root,
                                         comm, params);
    else
        rc = papsim_scatterv_lookup(name)(all, counts, displs, MPI_INT, place, mine, MPI_INT,
                                          root, comm, params);
    *result_ok = 1;
    if (rc != MPI_SUCCESS)
        goto out;
    if (gather && is_root) /* every rank's block at its place */
        for (int r = 0; r < p; r++)
            for (int i = 0; i < counts[r]; i++)
                *result_ok &= all[displs[r] + i] == restrictions_int_input(r, i);
    if (!gather && !(in_place && is_root))
        for (int i = 0; i < mine; i++)
            *result_ok &= own[i] == restrictions_int_input(rank, i);
out:
    free(all);
    free(own);
    free(counts);
    free(displs);
    return rc;
}

const restrictions_ops restrictions_ops_bcast = {call_bcast, 0, NULL, 0};
const restrictions_ops restrictions_ops_gather = {blocks, GATHER, NULL, RESTRICTIONS_ROOT_IN_PLACE};
const restrictions_ops restrictions_ops_scatter = {blocks, 0, NULL, RESTRICTIONS_ROOT_IN_PLACE};
const restrictions_ops restrictions_ops_gatherv = {blocks, GATHER | VECTOR, NULL,
                                                   RESTRICTIONS_ROOT_IN_PLACE};
const restrictions_ops restrictions_ops_scatterv = {blocks, VECTOR, NULL,
                                                    RESTRICTIONS_ROOT_IN_PLACE};
