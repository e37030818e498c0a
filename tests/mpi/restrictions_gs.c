/* tests/mpi/restrictions.c's calls of gather, scatter, gatherv and scatterv
 * (kept apart so that file stays short): buffers, the call through the
 * registry and the exact result. */
#include <stdlib.h>
#include <string.h>

#include "restrictions_gs.h"

int restrictions_gs_collective(const char *collective)
{
    return !strcmp(collective, "gather") || !strcmp(collective, "scatter") ||
           !strcmp(collective, "gatherv") || !strcmp(collective, "scatterv");
}

/* Block r's element i: as restrictions.c's int_input. */
static int input(int r, int i) { return 100 * r + i + 1; }

int restrictions_call_gs(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                         int count, int root, const papsim_params *params, int *result_ok)
{
    const int in_place = count == RESTRICTIONS_GS_IN_PLACE;
    const int vector = !strcmp(e->collective, "gatherv") || !strcmp(e->collective, "scatterv");
    const int gather = !strncmp(e->collective, "gather", 6);
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
        own[i] = input(rank, i);
    for (int r = 0; r < p && !gather; r++)
        for (int i = 0; i < counts[r]; i++)
            all[displs[r] + i] = input(r, i);
    if (gather && in_place && is_root)
        memcpy(all + displs[rank], own, (size_t)mine * sizeof *own);
    void *place = in_place && is_root ? MPI_IN_PLACE : own;
    if (!strcmp(e->collective, "gather"))
        rc = papsim_gather_lookup(e->name)(place, count, MPI_INT, all, count, MPI_INT, root,
                                           comm, params);
    else if (!strcmp(e->collective, "scatter"))
        rc = papsim_scatter_lookup(e->name)(all, count, MPI_INT, place, count, MPI_INT, root,
                                            comm, params);
    else if (gather)
        rc = papsim_gatherv_lookup(e->name)(place, mine, MPI_INT, all, counts, displs, MPI_INT,
                                            root, comm, params);
    else
        rc = papsim_scatterv_lookup(e->name)(all, counts, displs, MPI_INT, place, mine, MPI_INT,
                                             root, comm, params);
    *result_ok = 1;
    if (rc != MPI_SUCCESS)
        goto out;
    if (gather && is_root) /* every rank's block at its place */
        for (int r = 0; r < p; r++)
            for (int i = 0; i < counts[r]; i++)
                *result_ok &= all[displs[r] + i] == input(r, i);
    if (!gather && !(in_place && is_root))
        for (int i = 0; i < mine; i++)
            *result_ok &= own[i] == input(rank, i);
out:
    free(all);
    free(own);
    free(counts);
    free(displs);
    return rc;
}
